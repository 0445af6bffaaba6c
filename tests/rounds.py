"""A bare engine for platform tests: sealed rounds, each seat submitting a number once
per round, all seats due together; when the last has submitted, the next round starts
with every seat due again (like one sealed auction after another)."""

from companion.engines import IllegalAction, common
from companion.engines.text import _

NAME, TITLE = "rounds", "Rounds"


def setup(config: dict) -> dict:
    seats = [p["seat"] for p in config["players"]]
    return {"phase": "submit", "seats": seats, "round": 1, "submitted": {}, "history": []}


SUBMIT = common.Step({}, out_of_turn="R-1", prompt=lambda state, seat: _("Submit."), sealed=True)


def step(state: dict) -> common.Step:
    return SUBMIT


def to_act(state: dict) -> set[str]:
    return {s for s in state["seats"] if s not in state["submitted"]}


def apply(state: dict, seat: str, action: dict) -> dict:
    if seat not in to_act(state):
        raise IllegalAction("R-1", _("Not your turn."))
    submitted = dict(state["submitted"], **{seat: action.get("n")})
    if len(submitted) == len(state["seats"]):
        return dict(state, round=state["round"] + 1, submitted={}, history=state["history"] + [submitted])
    return dict(state, submitted=submitted)


def describe(before, after, seat, action, viewer):
    return _("{seat} submitted.", seat=seat)


def is_over(state: dict) -> bool:
    return False
