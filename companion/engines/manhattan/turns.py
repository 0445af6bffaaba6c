"""A round's turns (MH-T): the pick, a building turn, a pass, and the end of a round.

Each handler changes a clone of the state in place (see ``flow.STEPS``). A round has
two phases: ``pick`` (each colour, from the marker holder's, picks its pieces) and
``build`` (seats take turns clockwise from the marker holder, one piece per turn).
After the last piece the round is scored and the marker passes to the holder's left.
"""

from .. import common
from ..errors import IllegalAction
from ..text import _, ngettext
from .board import SIDES, as_square, lot_of, parse_card, parse_city, square, where
from .building import build, check_build, needed
from .cards import HAND, check_held, give_up, held, short, tracked
from .pieces import check_pick, colour_name, parse_height, take
from .scoring import record
from .state import names, picking, placing_colour, player, seats, turn_seat


def due(state: dict) -> set[str]:
    """The seats whose pick or building turn it is (private hands aside)."""
    if state["phase"] == "pick":
        return {state["colours"][picking(state)]["seat"]}
    if state["phase"] == "build":
        return {turn_seat(state)}
    return set()


def require_turn(state: dict, seat: str) -> None:
    """``seat`` picks or builds now, and holds its four cards (MH-T-2, MH-H-1)."""
    now = due(state)
    if seat not in now:
        raise common.out_of_turn("MH-T-2", seat, now, names(state))
    if seat in short(state):
        missing = HAND - len(state["hands"][seat])
        raise IllegalAction("MH-H-1", ngettext(
            "First enter the card you were dealt or drew: you hold {held} of {hand}.",
            "First enter the {n} cards you were dealt or drew: you hold {held} of {hand}.",
            missing, held=HAND - missing, hand=HAND), missing=missing)


# pick ------------------------------------------------------------------------------

def pick(state: dict, seat: str, action: dict) -> None:
    require_turn(state, seat)
    colour = picking(state)
    if action.get("colour", colour) != colour:
        raise IllegalAction("MH-T-2", _("Now {colour} picks, not {got}.",
                                        colour=colour_name(colour), got=repr(action.get("colour"))),
                            colour=action.get("colour"))
    pieces = state["colours"][colour]
    take(pieces, check_pick(colour, pieces, action.get("heights"), state["per_round"]))
    state["picks_made"] += 1
    if state["picks_made"] == len(state["colours"]):
        state["phase"] = "build"


# build or pass -----------------------------------------------------------------------

def place(state: dict, seat: str, action: dict) -> None:
    """Play a card, build one picked piece on the lot it names in any city, draw."""
    require_turn(state, seat)
    colour = placing_colour(state, seat, action)
    height = parse_height(colour, state["colours"][colour]["picked"], action.get("height"))
    card = parse_card(action.get("card"))
    check_held(state, seat, card)
    city = parse_city(action.get("city"))
    side = player(state, seat)["side"]
    lot = lot_of(side, card)
    if "lot" in action and as_square(action["lot"]) != lot:
        raise IllegalAction("MH-T-3", _("Seen from your side ({side}) this card points to {place}, "
                                        "not to the lot {got}.", side=_(SIDES[side]),
                                        place=where(city, lot), got=repr(action["lot"])),
                            lot=action["lot"], expected=square(lot))
    check_build(state["board"][city][lot], colour, height, city, lot)
    build(state["board"], city, lot, colour, height)
    _end_turn(state, seat, colour, height, card, {"type": "place", "city": city, "lot": lot})


def can_build(state: dict, seat: str) -> bool:
    """Whether any card ``seat`` may play lets one of its picked pieces go somewhere."""
    board, side = state["board"], player(state, seat)["side"]
    tallest = {c: max(state["colours"][c]["picked"]) for c in player(state, seat)["colours"]
               if state["colours"][c]["picked"]}
    return any(needed(board[city][lot_of(side, card)], colour) <= top
               for card in held(state, seat) for city in board for colour, top in tallest.items())


def no_pass():
    """Why a seat that can build may not pass (MH-T-5)."""
    return _("You can still build with a card you hold, so you may not pass.")


def pass_turn(state: dict, seat: str, action: dict) -> None:
    """No card the seat holds lets it build (MH-T-5): show a card, draw, and set the
    smallest picked piece (of the colour named) aside."""
    require_turn(state, seat)
    colour = placing_colour(state, seat, action)
    picked = state["colours"][colour]["picked"]
    if not picked:
        raise IllegalAction("MH-T-5", _("You have no {colour} piece left this round to set aside.",
                                        colour=colour_name(colour)), colour=colour)
    card = parse_card(action.get("card"))
    check_held(state, seat, card)
    if tracked(state) and can_build(state, seat):
        raise IllegalAction("MH-T-5", no_pass(), action=action)
    height = min(picked)
    state["colours"][colour]["aside"] += 1
    _end_turn(state, seat, colour, height, card, {"type": "pass"})


def _end_turn(state: dict, seat: str, colour: str, height: int, card: int, what: dict) -> None:
    state["colours"][colour]["picked"].remove(height)
    give_up(state, seat, card)
    state["last"] = {**what, "seat": seat, "colour": colour, "height": height, "card": card}
    state["turn"] += 1
    if not any(r["picked"] for r in state["colours"].values()):
        _end_round(state)


def _end_round(state: dict) -> None:
    """Score the round, then pass the marker or end the game."""
    state["scored"].append(record(state["board"]))
    if state["round"] == state["rounds"]:
        state["phase"] = common.OVER
        return
    state.update(round=state["round"] + 1, marker=common.next_seat(seats(state), state["marker"]),
                 phase="pick", picks_made=0, turn=0)
