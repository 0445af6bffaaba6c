"""New York (Dirk Henn): the rules engine.

A pure engine with the shared contract (``companion.engines``): ``setup``,
``apply``, ``to_act``, ``legal``, ``view``, ``scores``, ``is_over``, ``describe``,
plus ``table_draw`` for the server to draw for the table. Random draws (money
turned up, tiles from the bag, scoring cards) are inputs from the pseudo-seat
``"table"``, entered as drawn. Rule IDs are those of the digest (NY-…). The
modules, the same files as every game first, then New York's own rules::

    setup       config checks and the initial state (NY-S, NY-2P-1/2)
    flow        STEPS per phase (turn, place, refill, final, over): actions, handlers,
                refusal rules, prompts, options; to_act, apply, is_over
    legal       what a seat may do now, and why not the rest
    view        what a seat (or the table screen) may see
    describe    log lines, a table of templates per action
    scoring     majorities and streets, scorings A, B and C (NY-SC, NY-2P-3)
    playout     random setups and actions, hide, table_draw
    state       small readers: seats, names, squares, tiles named by an action

    catalogue   the printed components and their DATA file catalogue.json (NY-C)
    city        geometry: building rules, holes, walking, longest street (NY-B, NY-SC-3)
    money       deck, display, taking money and payments (NY-T-2, NY-C-2, NY-2P-1)
    market      market spaces, the bag, what a purchase must pay (NY-C-5, NY-T-3)
    turn        the player's actions: take money, buy, develop, pass (NY-T-1 … NY-T-4)
    placing     bought tiles into the city, the reserve or to Dirk (NY-T-5, NY-2P-4)
    refill      the table's draws after a turn, scoring cards (NY-T-5, NY-SC-1)
    dirk        the two-player collector (NY-2P)
    end         leftover market tiles and the last scoring (NY-E)

>>> from companion.engines import new_york as ny
>>> state = ny.setup({
...     "players": [{"seat": "a", "name": "Anna"}, {"seat": "b", "name": "Ben"},
...                 {"seat": "c", "name": "Carla"}],
...     "start_money": {"a": [["blue", 9], ["red", 9], ["green", 2]],
...                     "b": [["blue", 8], ["red", 8], ["green", 5]],
...                     "c": [["yellow", 9], ["yellow", 8], ["red", 1], ["blue", 2]]},
...     "money_display": [["blue", 1], ["green", 2], ["yellow", 3], ["red", 4]],
...     "market": [["museum", 2, ""], ["park", 8, "N"], ["church", 7, "E"], ["station", 5, ""]]})
>>> state["active"], sorted(ny.to_act(state))
('a', ['a'])
>>> state = ny.apply(state, "a", {"type": "buy", "space": "blue", "pay": [["blue", 9]]})
>>> ny.legal(state, "a")["phase"]
'place'
"""

from .describe import describe
from .flow import apply, is_over, legal, step, to_act
from .playout import table_draw
from .scoring import scores
from .setup import setup
from .view import view

NAME = "new_york"
TITLE = "New York"
RULE_PREFIX = "NY"
PLAYERS = (2, 6)

__all__ = ["NAME", "TITLE", "RULE_PREFIX", "PLAYERS", "setup", "apply", "step", "to_act", "legal", "view",
           "scores", "is_over", "describe", "table_draw"]
