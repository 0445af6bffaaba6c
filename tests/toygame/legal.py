"""What a due seat may do now, each step's ``options``: complete ``add`` actions, a secret
to choose, a die to roll."""

from companion.engines.text import _

from .state import ADDS, FACES, SECRETS


def secret(state, seat):
    return [{"type": "secret", "choices": list(SECRETS)}], []


def roll(state, seat):
    return [{"type": "roll", "faces": len(FACES)}], []


def add(state, seat):
    last = state["last_add"]
    actions = [{"type": "add", "n": n} for n in ADDS if n != last]
    blocked = [{"type": "add", "n": last, "rule": "TOY-5",
                "reason": _("Not {n}: the player before you added {n}.", n=last)}] if last else []
    return actions, blocked

