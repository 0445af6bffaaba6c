"""Config checks and the initial state.

A config is ``{"players": [{"seat", "name", "colour"?}, ...]}`` in playing order."""

from companion.engines import IllegalAction
from companion.engines.text import _

COLOURS = ("red", "blue", "yellow", "green")


def setup(config: dict) -> dict:
    players = config.get("players") if isinstance(config, dict) else None
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise IllegalAction("TOY-1", _("The toy game needs two to four players."),
                            players=len(players) if isinstance(players, list) else None)
    seats = [p.get("seat") for p in players if isinstance(p, dict)]
    if len(seats) != len(players) or len(set(seats)) != len(seats) or not all(
            isinstance(s, str) and s for s in seats):
        raise IllegalAction("TOY-1", _("Every player needs a seat of their own."), seats=seats)
    return {
        "phase": "secret",
        "players": [{"seat": p["seat"], "name": str(p.get("name") or p["seat"]),
                     "colour": p.get("colour") if p.get("colour") in COLOURS else None}
                    for p in players],
        "secrets": {s: None for s in seats},
        "counter": 0,
        "turn": None,  # the seat whose turn it is to add
        "last_add": None,  # what the previous player added
        "added": {s: 0 for s in seats},
        "winner": None,
    }
