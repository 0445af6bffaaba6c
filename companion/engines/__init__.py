"""Rules engines: pure, deterministic Python with no I/O, clock or randomness.

Every game is a package ``companion.engines.<name>`` with the same files and the same
contract (see DESIGN: engine contract)::

    NAME, TITLE, RULE_PREFIX, PLAYERS = "fifth_avenue", "Fifth Avenue", "FA", (2, 4)
    setup(config: dict) -> state                    # raises IllegalAction
    apply(state, seat: str, action: dict) -> state  # a NEW state; raises IllegalAction
    step(state) -> common.Step                      # the step the game is at, as declared
    to_act(state) -> set[str]                       # seats that must act now
    legal(state, seat) -> {"phase", "prompt": text | None, "actions": [{"type", ...choices}],
                           "blocked": [{"type", "rule", "reason": text}], "waiting_for": [seat]}
    view(state, seat | None) -> {"phase", "players": [{"seat", "name", "score", "colour",
                                 "initials", ...}], ...}   # JSON-able; others' secrets removed
    scores(state) -> {"totals": {seat: int}, "events": [...], "winners": [...]}
    is_over(state) -> bool                          # state["phase"] == "over"
    describe(before, after, seat, action, viewer) -> text | None   # one log line, secrets hidden

The files of a game package, the same in each::

    setup.py     config checks and the initial state
    flow.py      STEPS: per phase a ``common.Step``: its actions and handlers, whom it
                 waits for (``due``), what a due seat is asked (``prompt``) and offered
                 (``options``), the rules cited out of turn or out of place, and whether
                 it is ``sealed``; ``common.Flow`` makes step, to_act, apply and legal
                 of it, and ``common.is_over`` is is_over
    legal.py     each step's options: what a due seat may do now, and why not the rest
    view.py      what a seat (or the table screen) may see
    describe.py  log lines, as a table of line templates per action type
    scoring.py   scores with their lines
    playout.py   random_config, random_action (from legal() only), fill (one entry of
                 legal()["actions"] made an action), hide (see below), and table_draw
                 where the server can draw for the table
    state.py     small readers of the state (seats, names, fields of an action)
    …            modules named after the game's own rules (auction.py, city.py, …)

State is plain JSON-able data: ``json.loads(json.dumps(state)) == state``; its phase is
always ``state["phase"]`` (``"over"`` once finished). Seats are strings from the
config's players. ``to_act`` may also name the pseudo-seat ``TABLE`` ("table"): an
input that comes from the physical table, not from a player (a random draw, a dummy
bidder's cards). The host screen submits it, typing what was drawn, or asks the server
to draw with the engine's optional ``table_draw(state, rng) -> action``. An engine whose
random outcomes are entered by a seat may offer ``seat_draw(state, seat, kind, rng) ->
action``: that seat's action ``kind`` with its random part drawn by the server.

A sealed step (``Step(sealed=True)``: sealed bids, entering a private hand) is one
where every due seat submits once, in any order, and what it submitted, even whether it
passed, stays its own until the others have submitted: the platform names such a move
only as a sealed submission. Several seats may be due at once in a step that is not
sealed (placing the tiles handed out at the end), when each sees what the others do.

``legal()`` offers only what ``apply`` accepts: every entry of ``actions`` made an
action (``playout.fill``) is applied; a ``blocked`` entry says why a move is not
possible, and one that names a whole action (the fields of that type's actions, a list
under a field's plural standing for one action per item) is refused citing its rule.

Texts (prompts, refusals, log and score lines, reasons) are message ids with
parameters (``companion.engines.text``), rendered for each viewer in their language.

A score event is ``{"title": text, "rule", "points": {seat: n}, "lines": [{"seat",
"text": text, "points"}]}``; ``totals[seat]`` is the sum of its events' points.
``playout.hide(state, seat, rng)`` returns a state that differs from ``state`` only in
what ``seat`` alone may know (``seat=None``: what nobody may know yet, such as the order
of a deck); the contract tests check that no other seat's view or legal() changes.
"""

from importlib import import_module
from types import ModuleType

from .common import TABLE
from .errors import IllegalAction

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
