"""State helpers shared by the rule modules: copying, seats, names, action fields.

The state is one plain dict (its keys are made in ``setup.setup``); ``apply`` works
on a ``thaw``-ed copy.
"""

from .. import TABLE
from ..errors import IllegalAction
from .board import DUMMY, PLACE_NAMES, QUARTERS

def copy_of(value):
    """A deep copy of plain JSON-like data (faster than ``copy.deepcopy``)."""
    if type(value) is dict:
        return {k: copy_of(v) for k, v in value.items()}
    if type(value) is list:
        return [copy_of(v) for v in value]
    return value


def thaw(state: dict) -> dict:
    """A copy of ``state`` that ``apply`` may change freely.

    Copies exactly the containers the rules change in place. Shared, never changed in
    place: ``config``; score events; card dicts (hands and piles gain and lose whole
    cards); ``last_auction`` (replaced as a whole). The rare auction data is copied deeply.
    """
    fresh = dict(state)
    fresh["quarters"] = {q: {"closed": v["closed"],
                             "lots": [{**lot, "shops": lot["shops"][:]} for lot in v["lots"]]}
                         for q, v in state["quarters"].items()}
    fresh["commissions"] = {c: {"at": v["at"], "markers": v["markers"][:]}
                            for c, v in state["commissions"].items()}
    fresh["hands"] = {s: hand[:] for s, hand in state["hands"].items()}
    for key in ("placing", "pending", "display", "cp_shops", "closed", "events", "winners"):
        fresh[key] = state[key][:]
    for key in ("reserve", "supply", "central_park", "removed", "piles", "score"):
        fresh[key] = dict(state[key])
    for key in ("round", "auction", "build"):
        fresh[key] = copy_of(state[key])
    return fresh


def seats(state: dict) -> list[str]:
    """The players' seats, clockwise from the start player (the dummy excluded)."""
    return state["config"]["seats"]


def bidders(state: dict) -> list[str]:
    """Everybody who may take part in an auction: the players, then the dummy (FA-2P-1)."""
    return seats(state) + ([DUMMY] if state["config"]["dummy"] else [])


def clockwise_from(state: dict, seat: str) -> list[str]:
    """The players in clockwise order starting with ``seat``."""
    order = seats(state)
    i = order.index(seat)
    return order[i:] + order[:i]


def next_seat(state: dict, seat: str) -> str:
    """The player to the left of ``seat`` (clockwise)."""
    return clockwise_from(state, seat)[1 % len(seats(state))]


def name(state: dict, seat: str) -> str:
    """A seat's display name (the dummy's and the table's too)."""
    if seat == TABLE:
        return "the table"
    if seat == DUMMY:
        return state["config"]["dummy"]["name"]
    return state["config"]["names"].get(seat, seat)


def plural(n: int, word: str) -> str:
    """``plural(2, "building")`` -> "2 buildings"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def place_name(place: str) -> str:
    return PLACE_NAMES.get(place, place)


def private_hands(state: dict) -> bool:
    return state["config"]["hands"] == "private"


def sealed(state: dict) -> bool:
    return state["config"]["auctions"] == "sealed"


# --- reading action fields: every malformed input becomes an IllegalAction -----------

def field(action: dict, key: str, kind, rule: str, what: str):
    """``action[key]`` if it is of type ``kind``; otherwise a refusal citing ``rule``."""
    value = action.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise IllegalAction(rule, f"The action needs {what} ({key!r}), got {value!r}.",
                            field=key, value=value)
    return value


def quarter_field(state: dict, action: dict, key: str = "quarter") -> str:
    """A quarter id from an action: known (FA-C-2) and not closed (FA-X-2)."""
    quarter = action.get(key)
    if quarter not in QUARTERS:
        raise IllegalAction("FA-C-2", f"There is no quarter {quarter!r}; the quarters are "
                            f"{', '.join(QUARTERS)}.", quarter=quarter)
    if state["quarters"][quarter]["closed"]:
        raise IllegalAction("FA-X-2", f"{QUARTERS[quarter]} is closed: nothing happens there "
                            "any more.", quarter=quarter)
    return quarter


def lot_index(state: dict, quarter: str, color) -> int:
    """The index of the lot of colour ``color`` in a quarter's ring (FA-C-3)."""
    for i, lot in enumerate(state["quarters"][quarter]["lots"]):
        if lot["color"] == color:
            return i
    colours = ", ".join(lot["color"] for lot in state["quarters"][quarter]["lots"])
    raise IllegalAction("FA-C-3", f"{QUARTERS[quarter]} has no {color!r} lot; its lots are "
                        f"{colours}.", quarter=quarter, lot=color)
