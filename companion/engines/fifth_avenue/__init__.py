"""Fifth Avenue (Wilko Manz, alea 2004): the rules engine.

The contract of ``companion.engines`` (setup, apply, to_act, legal, view, scores,
is_over, describe) over plain JSON-able state. Rule IDs ``FA-…`` come from the digest
and are shown on the rules page. The files every game has::

    setup        config checks, the initial state, and the initial buildings (FA-S, FA-V-1)
    flow         STEPS, the table of phases: actions and handlers, who is due, the rule
                 cited out of turn, the prompt; to_act, apply, is_over
    legal        what a due seat may do now, and why not the rest
    view         what a seat or the table screen sees, and whom the table waits for
    describe     log lines, one template per action type
    scoring      score events as facts, their titles and lines, the end, the tie-break
                 (FA-Q, FA-SH-4, FA-E)
    playout      random configs and actions (from legal() only), table_draw, hide
    state        seats, names, modes, and the fields of an action

and the modules named after the game's own rules::

    board        quarters, lot colours, cards, the route graph, the game's words (FA-C, FA-M-2)
    turn         actions A-D and their steps (FA-T)
    commissions  moves and markers (FA-M)
    shops        the display's blocks, placing shops (FA-SH)
    auction      auction rounds, open and sealed bids, building after them (FA-A, FA-H-1)
    closure      building stops (FA-X)
    dummy        the two-player dummy bidder (FA-2P)
    hands        cards in hand and piles (FA-H-2)
"""

from .board import QUARTERS, ROUTES
from .describe import describe
from .flow import apply, is_over, legal, step, to_act
from .playout import table_draw
from .scoring import scores
from .setup import setup
from .view import view

NAME = "fifth_avenue"
TITLE = "Fifth Avenue"
RULE_PREFIX = "FA"
PLAYERS = (2, 4)

__all__ = ["NAME", "TITLE", "RULE_PREFIX", "PLAYERS", "QUARTERS", "ROUTES", "setup", "apply",
           "step", "to_act", "legal", "view", "scores", "is_over", "describe", "table_draw"]
