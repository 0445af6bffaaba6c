"""Dirk, the neutral collector of the two-player game (NY-2P-2 … NY-2P-4).

Dirk takes no turns and builds no city; he only holds tiles, which count for
the majorities (see ``scoring.py``). His draws come from the bag as table inputs,
right after the scoring card that calls for them (see ``refill.py``).
"""

from ..errors import IllegalAction
from ..text import _

START_TILES = 6   # drawn for him at setup
AFTER_A = 6       # drawn right after scoring A
AFTER_B_SHARE = 3  # after scoring B: a third of the bag, rounded down


def due_after(card: str, bag: int) -> int:
    """How many tiles Dirk draws right after scoring ``card``, with ``bag`` tiles left."""
    if card == "A":
        return min(AFTER_A, bag)
    return bag // AFTER_B_SHARE


def check_gift(state, seat) -> None:
    """Only in the two-player game may a bought tile go to Dirk (NY-2P-4)."""
    if state["dirk"] is None:
        raise IllegalAction("NY-2P-4", _("You can give tiles to Dirk only in a two-player game."),
                            seat=seat)
