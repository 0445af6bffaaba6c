"""Seats, clockwise order, the end of a turn, and reading fields of an action."""

from ..errors import IllegalAction


def seats(state) -> list[str]:
    return [p["seat"] for p in state["players"]]


def player_name(state, seat) -> str:
    return next((p["name"] for p in state["players"] if p["seat"] == seat), str(seat))


def clockwise(state, start: str) -> list[str]:
    """Every seat once, clockwise, beginning with ``start``."""
    order = seats(state)
    i = order.index(start)
    return order[i:] + order[:i]


def next_seat(state, seat: str, among=None) -> str:
    """The next seat clockwise after ``seat`` (restricted to ``among`` if given)."""
    return next(s for s in clockwise(state, seat)[1:] + [seat] if among is None or s in among)


def end_turn(state) -> None:
    """The turn is over: clear its leftovers and hand the turn to the next seat."""
    state.update(phase="turn", reveal=None, auction=None, building=None, distribution=None)
    state["active"] = next_seat(state, state["active"])


def field(action: dict, key: str, kind, rule: str, example: str):
    """``action[key]`` if it is of type ``kind``, else IllegalAction(rule) naming the field."""
    got = action.get(key)
    if not isinstance(got, kind) or isinstance(got, bool) and kind is not bool:
        raise IllegalAction(rule, f"The action needs {key!r}, e.g. {example}.", field=key, got=got)
    return got
