"""What a seat may do now: complete ``add`` actions, a secret to choose, a die to roll."""

from companion.engines import common
from companion.engines.text import _

from .flow import STEPS, to_act
from .state import ADDS, FACES, SECRETS


def legal(state: dict, seat: str) -> dict:
    phase, due = state["phase"], to_act(state)
    if seat not in due:
        return common.not_due(phase, due)
    actions, blocked = _CHOICES[phase](state)
    return {"phase": phase, "prompt": STEPS[phase].prompt(state, seat), "actions": actions,
            "blocked": blocked, "waiting_for": sorted(due)}


def _secret(state):
    return [{"type": "secret", "choices": list(SECRETS)}], []


def _roll(state):
    return [{"type": "roll", "faces": len(FACES)}], []


def _add(state):
    last = state["last_add"]
    actions = [{"type": "add", "n": n} for n in ADDS if n != last]
    blocked = [{"type": "add", "rule": "TOY-5",
                "reason": _("Not {n}: the player before you added {n}.", n=last)}] if last else []
    return actions, blocked


_CHOICES = {"secret": _secret, "roll": _roll, "add": _add}
