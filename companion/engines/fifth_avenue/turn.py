"""A player's turn (FA-T, FA-S-5): one of the actions A-D and its three steps.

``state["chosen"]`` is the chosen action ("A".."D"), ``state["pending"]`` the phases
still to come after step 1. An auction round (FA-M-5) interrupts the turn; the turn
resumes from ``pending`` when the round is over.
"""

from ..errors import IllegalAction
from ..text import _, ngettext
from . import auction, commissions, scoring, shops
from .board import BLACK, LOT_COLORS, colour_text, place_text
from .hands import draw_black, nonempty_piles, parse_card, take_colored as take_cards
from .state import clockwise_from, field, next_seat, private_hands, quarter_field

#: What follows step 1 of each action (FA-T-1); C's step 1 includes a commission move.
AFTER_STEP_1 = {
    "A": ["take_colored", "move_commission"],
    "B": ["take_colored", "move_commission"],
    "C": ["move_commission", "take_colored", "move_commission"],
    "D": ["move_commission"],
}
COLORED_CARDS = 2
D_BLACK_CARDS = 2
TAKE_BUILDINGS = 3


def _start(state: dict, letter: str) -> None:
    state["chosen"] = letter
    state["pending"] = list(AFTER_STEP_1[letter])
    next_step(state)


def next_step(state: dict) -> None:
    """Go to the turn's next step; after the last, the next player clockwise chooses."""
    while state["pending"]:
        phase = state["pending"].pop(0)
        if phase == "take_colored" and not nonempty_piles(state):
            continue  # every coloured pile is empty: nothing to take (FA-T-3)
        state["phase"] = phase
        return
    state["chosen"] = None
    state["active"] = next_seat(state, state["active"])
    state["phase"] = "choose"


# --- step 1 -----------------------------------------------------------------------------

def take_buildings(state: dict, seat: str, action: dict) -> None:
    """A, step 1: up to 3 buildings from the general supply into the reserve (FA-T-1)."""
    count = buildings_to_take(state, seat)
    state["supply"][seat] -= count
    state["reserve"][seat] += count
    _start(state, "A")


def buildings_to_take(state: dict, seat: str) -> int:
    return min(TAKE_BUILDINGS, state["supply"][seat])


def place_shop(state: dict, seat: str, action: dict) -> None:
    """B, step 1: place a shop (FA-SH); the last display shop ends the game at once."""
    shops.place_shop(state, action)
    if not state["end"]:
        _start(state, "B")


def take_black(state: dict, seat: str, action: dict) -> None:
    """C, step 1: draw a black card (its value only with private hands), then move."""
    value = action.get("value")
    if value is not None and private_hands(state):
        value = parse_card({"color": BLACK, "value": value}, need_value=True)["value"]
    draw_black(state, seat, 1, value if private_hands(state) else None)
    _start(state, "C")


def score_quarter(state: dict, seat: str, action: dict) -> None:
    """D: score a quarter holding a commission (FA-Q-1), then the black draws of step 2."""
    quarter = quarter_field(state, action)
    if quarter not in commissions.standing_in_quarters(state):
        raise IllegalAction("FA-Q-1", _("No commission stands in {quarter} (markers do not count), "
                                        "so you cannot score it.", quarter=place_text(quarter)),
                            quarter=quarter)
    scoring.score_quarter(state, quarter, by=seat)
    draw_black(state, seat, D_BLACK_CARDS)
    for other in clockwise_from(state, seat):
        if not any(l["owner"] == other for l in state["quarters"][quarter]["lots"]):
            draw_black(state, other, 1)
    _start(state, "D")


# --- steps 2 and 3 ----------------------------------------------------------------------

def colored_count(state: dict) -> int:
    """Cards to take in step 2: two, fewer when fewer piles have cards (FA-T-2, FA-T-3)."""
    return min(COLORED_CARDS, len(nonempty_piles(state)))


def take_colored(state: dict, seat: str, action: dict) -> None:
    """Step 2 of A-C: the top cards of two different coloured piles (FA-T-2)."""
    raw = field(action, "cards", list, "FA-T-2", _("the coloured cards you take"))
    want = colored_count(state)
    if len(raw) != want:
        raise IllegalAction("FA-T-2", ngettext(
            "Take {n} coloured card, not {given}.",
            "Take {n} coloured cards of different colours, not {given}.", want, given=len(raw)),
            count=len(raw), expected=want)
    cards = [parse_card(c, need_value=private_hands(state)) for c in raw]
    colours = [c["color"] for c in cards]
    if any(c not in LOT_COLORS for c in colours):
        raise IllegalAction("FA-T-2", _("This step takes coloured cards; black cards are never "
                                        "taken here."), colors=colours)
    if len(set(colours)) != len(colours):
        raise IllegalAction("FA-T-2", _("Take your two cards from two different piles, not {colour} "
                                        "twice.", colour=colour_text(colours[0])), colors=colours)
    for colour in colours:
        if not state["piles"][colour]:
            raise IllegalAction("FA-T-3", _("The {colour} pile is empty; coloured piles are never "
                                            "reshuffled.", colour=colour_text(colour)), color=colour)
    take_cards(state, seat, cards)
    next_step(state)


def move_commission(state: dict, seat: str, action: dict) -> None:
    """Move a commission (FA-M); a return to City Hall starts an auction round (FA-M-5)."""
    returned = commissions.move(state, action)
    if returned:
        auction.start_round(state, returned, seat)
    else:
        next_step(state)
