"""Log lines, one template per action type; a secret number shows only to its owner."""

from companion.engines.text import _

from .state import name


def describe(before: dict, after: dict, seat: str, action: dict, viewer: str | None):
    line = _LINES.get(action.get("type"))
    return line(after, seat, action, viewer) if line else None


def _secret(after, seat, action, viewer):
    if viewer == seat:
        return _("You chose the secret number {n}.", n=action["n"])
    return _("{name} chose a secret number.", name=name(after, seat))


def _roll(after, seat, action, viewer):
    return _("The table rolled {n}.", n=action["n"])


def _add(after, seat, action, viewer):
    if after["winner"] == seat:
        return _("{name} added {n} and reached {counter}: the game is over.",
                 name=name(after, seat), n=action["n"], counter=after["counter"])
    return _("{name} added {n}: the counter is at {counter}.",
             name=name(after, seat), n=action["n"], counter=after["counter"])


_LINES = {"secret": _secret, "roll": _roll, "add": _add}
