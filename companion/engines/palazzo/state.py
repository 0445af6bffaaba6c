"""Small readers of the state and of actions: seats, names, clockwise order, fields.

The state is one plain dict made by ``setup.setup``; its keys are described there.
"""

from .. import common
from ..errors import IllegalAction
from ..text import _


def seats(state) -> list[str]:
    """The seats clockwise, the start player first."""
    return [p["seat"] for p in state["players"]]


def names(state) -> dict[str, str]:
    return {p["seat"]: p["name"] for p in state["players"]}


def name_of(state, seat) -> str:
    """The player's name as entered at setup (the seat itself if unknown)."""
    return next((p["name"] for p in state["players"] if p["seat"] == seat), str(seat))


def clockwise(state, start: str) -> list[str]:
    """Every seat once, clockwise, beginning with ``start``."""
    return common.clockwise_from(seats(state), start)


def next_among(state, seat: str, among) -> str:
    """The first seat clockwise after ``seat`` that is in ``among`` (``seat`` itself last)."""
    order = clockwise(state, seat)
    return next(s for s in order[1:] + order[:1] if s in among)


def field(action: dict, key: str, kind, rule: str, example: str):
    """``action[key]`` if it is of type ``kind``, else IllegalAction(rule) naming the field."""
    got = action.get(key)
    if not isinstance(got, kind) or isinstance(got, bool) and kind is not bool:
        raise IllegalAction(
            rule,
            _("Your {kind} needs {key}, such as {example}; you sent {got}.",
              kind=action["type"], key=key, example=example, got=repr(got)),
            field=key, got=got,
        )
    return got
