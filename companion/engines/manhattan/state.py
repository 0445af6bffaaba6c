"""Small readers of the state: seats, names, turn order, and fields of an action.

The state (made in ``setup.setup``)::

    {"players": [{"seat", "name", "side", "colours"}], "rounds", "per_round",
     "round": 1.., "phase": "pick" | "build" | "over", "marker": seat,
     "picks_made": colours that have picked this round, "turn": turns taken this round,
     "colours": {colour: {"seat", "supply", "picked", "aside"}},
     "board": {city: [None or a tower, ...]}, "cards": {"deck", "played"},
     "hands": None | {seat: [card, ...]}, "last": None | the last card played (public),
     "scored": [what each scored round's scoring needs of the board: scoring.record]}
"""

from .. import common
from ..errors import IllegalAction
from ..text import _
from .pieces import colour_name


def seats(state: dict) -> list[str]:
    return [p["seat"] for p in state["players"]]


def names(state: dict) -> dict[str, str]:
    return {p["seat"]: p["name"] for p in state["players"]}


def player(state: dict, seat: str) -> dict:
    return next(p for p in state["players"] if p["seat"] == seat)


def order(state: dict) -> list[str]:
    """Seats in turn order for this round, beginning with the marker holder (MH-T-2)."""
    return common.clockwise_from(seats(state), state["marker"])


def pick_order(state: dict) -> list[str]:
    """Colours in the order they pick this round (MH-T-2)."""
    colours = {p["seat"]: p["colours"] for p in state["players"]}
    return [c for seat in order(state) for c in colours[seat]]


def picking(state: dict) -> str:
    """The colour that picks now."""
    return pick_order(state)[state["picks_made"]]


def turn_seat(state: dict) -> str:
    """The seat whose building turn it is."""
    seats_now = order(state)
    return seats_now[state["turn"] % len(seats_now)]


def label(state: dict, colour: str):
    """'Anna (black)': a colour named with its player, for score lines."""
    return _("{name} ({colour})", name=names(state)[state["colours"][colour]["seat"]],
             colour=colour_name(colour))


def placing_colour(state: dict, seat: str, action: dict) -> str:
    """The colour an action builds with: named, or the seat's only colour (MH-T-1)."""
    mine = player(state, seat)["colours"]
    colour = action.get("colour", mine[0] if len(mine) == 1 else None)
    if colour not in mine:
        raise IllegalAction("MH-T-1", _("You build with {colours}; name one of them, not {got}.",
                                        colours=[colour_name(c) for c in mine], got=repr(colour)),
                            colour=colour, colours=mine)
    return colour
