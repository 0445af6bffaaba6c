"""Rules engines: pure, deterministic Python with no I/O, clock or randomness.

Every game is a package ``companion.engines.<name>`` exposing the same contract
(see DESIGN: engine contract)::

    NAME, TITLE, RULE_PREFIX, PLAYERS = "fifth_avenue", "Fifth Avenue", "FA", (2, 4)
    setup(config: dict) -> state                  # raises IllegalAction / ValueError
    apply(state, seat: str, action: dict) -> state  # a NEW state; raises IllegalAction
    to_act(state) -> set[str]                     # seats that must act now
    legal(state, seat) -> {"step", "prompt", "actions": [{"type", ...choices}],
                           "blocked": [{"type", "rule", "reason"}]}
    view(state, seat | None) -> dict              # JSON-able; secrets of others removed;
                                                  # has "players": [{"seat", "name", ...}]
    scores(state) -> {"totals": {seat: int}, "events": [...], "winners": [...]}
    is_over(state) -> bool
    describe(state_before, seat, action, viewer) -> str  # one log line, secrets hidden

State is plain JSON-able data: ``json.loads(json.dumps(state)) == state``.
Seats are strings from the config's players. ``to_act`` may also name the
pseudo-seat ``TABLE`` ("table"): an input that comes from the physical table, not
from a player (a random draw, a dummy bidder's cards). The host screen submits it,
typing what was drawn, or asks the server to draw with the engine's optional
``table_draw(state, rng) -> action``.

A score event is ``{"title", "rule", "points": {seat: n}, "lines": [{"seat",
"text", "points"}]}``; ``totals[seat]`` is the sum of its events' points.
Each game also ships ``playout.py`` with ``random_config(rng, players, **options)``
and ``random_action(state, seat, rng)`` (built only from ``legal()``), used by the
random-playout tests and benchmarks; the server may use it to draw for the table.
"""

from importlib import import_module
from types import ModuleType

from .errors import IllegalAction

TABLE = "table"

GAMES = {
    "fifth_avenue": "Fifth Avenue",
    "palazzo": "Palazzo",
    "new_york": "New York",
    "manhattan": "Manhattan",
}

__all__ = ["GAMES", "TABLE", "IllegalAction", "get", "available"]


def get(name: str) -> ModuleType:
    """The engine module for a game name; ``KeyError`` for an unknown game."""
    if name not in GAMES:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(GAMES)}")
    return import_module(f"{__name__}.{name}")


def available() -> list[str]:
    """Game names whose engine is installed."""
    names = []
    for name in GAMES:
        try:
            get(name)
        except ImportError:
            continue
        names.append(name)
    return names
