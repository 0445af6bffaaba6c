"""Reconstruction (PZ-T-3, PZ-R-1, PZ-R-2): pay one money card, then rebuild one tile.

``reconstruct {card, move, palace, ...}`` with ``move`` one of ``"extract"`` (take
``tile`` out of ``palace`` as a new palace), ``"insert"`` (put the one-tile ``palace``
into the palace ``into``) or ``"remove"`` (the one-tile ``palace`` leaves the game).
"""

from ..errors import IllegalAction
from ..text import _, ngettext
from . import hands, money, tiles
from .building import floor_taken, floors, palace_index
from .state import field
from .turn import end_turn

EXTRACT, INSERT, REMOVE = "extract", "insert", "remove"


def moves(palaces: list) -> list:
    """Every reconstruction (PZ-R-1) open to a player with these palaces."""
    found = []
    for i, palace in enumerate(palaces):
        if len(palace) > 1:
            found += [{"move": EXTRACT, "palace": i, "tile": t} for t in palace]
            continue
        floor = tiles.floor(palace[0])
        found += [
            {"move": INSERT, "palace": i, "into": j}
            for j, other in enumerate(palaces)
            if j != i and floor not in floors(other)
        ]
        found.append({"move": REMOVE, "palace": i})
    return found


def why_not(state, seat):
    """``(rule, reason)`` why ``seat`` cannot reconstruct now, or None."""
    if hands.hand_size(state, seat) == 0:
        return "PZ-T-3", _("A reconstruction costs a money card, and your hand is empty.")
    if not state["palaces"][seat]:
        return "PZ-R-1", _("You have no palace to rebuild.")
    return None


def reconstruct(state, seat, action) -> None:
    """PZ-T-3 / PZ-R: pay any one money card, then rebuild one tile."""
    if hands.hand_size(state, seat) == 0:
        raise IllegalAction(*why_not(state, seat))
    move = action.get("move")
    if move not in (EXTRACT, INSERT, REMOVE):
        raise IllegalAction(
            "PZ-R-1",
            _("A reconstruction is extract, insert or remove, not {move}.", move=repr(move)),
            move=move,
        )
    palaces = state["palaces"][seat]
    i = palace_index(palaces, action.get("palace"), "PZ-R-1", "palace")
    if move == EXTRACT:
        tile = field(action, "tile", str, "PZ-R-1", "'b3w2'")
        tiles.parse(tile)
        _extract(palaces, i, tile)
    elif move == INSERT:
        _insert(palaces, i, palace_index(palaces, action.get("into"), "PZ-R-1", "into"))
    else:
        _single(palaces[i], i, "PZ-R-1")
        state["tiles"]["out"] = sorted(state["tiles"]["out"] + palaces.pop(i))
    card = field(action, "card", str, "PZ-T-3", "'a5'")
    money.check_cards([card], "PZ-T-3")
    hands.take(state, seat, [card], "PZ-T-3")
    hands.discard(state, [card])
    end_turn(state)


def _single(palace: list, i: int, rule: str) -> None:
    if len(palace) != 1:
        raise IllegalAction(
            rule,
            ngettext("Your palace {number} has {n} tile: only a one-tile palace can be moved "
                     "or removed whole; take a tile out first, then insert it with a second "
                     "reconstruction.",
                     "Your palace {number} has {n} tiles: only a one-tile palace can be moved "
                     "or removed whole; take a tile out first, then insert it with a second "
                     "reconstruction.", len(palace), number=i + 1),
            palace=i,
        )


def _extract(palaces, i, tile) -> None:
    palace = palaces[i]
    if len(palace) == 1:
        raise IllegalAction(
            "PZ-R-1",
            _("Your palace {number} is already a single tile: taking it out changes nothing.",
              number=i + 1),
            palace=i,
        )
    if tile not in palace:
        raise IllegalAction(
            "PZ-R-1",
            _("Your palace {number} has no {tile} (its floors: {floors}).",
              number=i + 1, tile=tiles.label(tile), floors=floors(palace)),
            palace=i,
            tile=tile,
        )
    palace.remove(tile)
    palaces.append([tile])


def _insert(palaces, i, j) -> None:
    palace, target = palaces[i], palaces[j]
    _single(palace, i, "PZ-R-2")
    if i == j:
        raise IllegalAction(
            "PZ-R-1",
            _("Your palace {number} cannot be inserted into itself.", number=i + 1),
            palace=i,
        )
    floor_taken(target, j, palace[0], palace=i, into=j)
    palaces[j] = sorted(target + palace, key=tiles.floor)
    del palaces[i]
