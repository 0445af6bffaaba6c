"""Small readers of the state: seats, names, modes, and the fields of an action.

The state is one plain dict (its keys are made in ``setup.setup``); ``apply`` works on
a ``common.Draft`` of it (see ``flow.COPYING``). Every malformed action field becomes an ``IllegalAction``
that names the offending input.
"""

from .. import TABLE, common
from ..errors import IllegalAction
from ..text import Text, _
from .board import DUMMY, QUARTERS, colour_text, place_text


def seats(state: dict) -> list[str]:
    """The players' seats, clockwise from the start player (the dummy excluded)."""
    return state["config"]["seats"]


def bidders(state: dict) -> list[str]:
    """Everybody who may take part in an auction: the players, then the dummy (FA-2P-1)."""
    return seats(state) + ([DUMMY] if state["config"]["dummy"] else [])


def clockwise_from(state: dict, seat: str) -> list[str]:
    return common.clockwise_from(seats(state), seat)


def next_seat(state: dict, seat: str) -> str:
    return common.next_seat(seats(state), seat)


THE_TABLE = _("the table")


def name(state: dict, seat: str) -> str | Text:
    """A seat's display name (the dummy's and the table's too)."""
    if seat == TABLE:
        return THE_TABLE
    if seat == DUMMY:
        return state["config"]["dummy"]["name"]
    return state["config"]["names"].get(seat, seat)


def names(state: dict) -> dict:
    """Every seat's display name, the table's and the dummy's included."""
    found = {**state["config"]["names"], TABLE: THE_TABLE}
    if state["config"]["dummy"]:
        found[DUMMY] = state["config"]["dummy"]["name"]
    return found


def private_hands(state: dict) -> bool:
    return state["config"]["hands"] == "private"


def sealed(state: dict) -> bool:
    return state["config"]["auctions"] == "sealed"


# --- the fields of an action ----------------------------------------------------------

def field(action: dict, key: str, kind, rule: str, what: Text):
    """``action[key]`` if it is of type ``kind``; otherwise a refusal citing ``rule``."""
    value = action.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise IllegalAction(rule, _("The action needs {what} ({key}), not {value}.", what=what,
                                    key=repr(key), value=repr(value)), field=key, value=value)
    return value


def quarter_field(state: dict, action: dict, key: str = "quarter") -> str:
    """A quarter id from an action: known (FA-C-2) and not closed (FA-X-2)."""
    quarter = action.get(key)
    if quarter not in QUARTERS:
        raise IllegalAction("FA-C-2", _("There is no quarter {quarter}; the quarters are {quarters}.",
                                        quarter=repr(quarter),
                                        quarters=[place_text(q) for q in QUARTERS]),
                            quarter=quarter)
    if state["quarters"][quarter]["closed"]:
        raise IllegalAction("FA-X-2", _("{quarter} is closed: nothing happens there any more.",
                                        quarter=place_text(quarter)), quarter=quarter)
    return quarter


def lot_index(state: dict, quarter: str, colour) -> int:
    """The index of the lot of colour ``colour`` in a quarter's ring (FA-C-3)."""
    for i, lot in enumerate(state["quarters"][quarter]["lots"]):
        if lot["color"] == colour:
            return i
    raise IllegalAction("FA-C-3", _("{quarter} has no {lot} lot; its lots are {colours}.",
                                    quarter=place_text(quarter), lot=repr(colour),
                                    colours=[colour_text(lot["color"])
                                             for lot in state["quarters"][quarter]["lots"]]),
                        quarter=quarter, lot=colour)
