"""Fifth Avenue (Wilko Manz, alea 2004): the rules engine.

The contract of ``companion.engines`` (setup, apply, to_act, legal, view, scores,
is_over, describe) over plain JSON-able state. The modules are named after the rules
they hold (rule IDs ``FA-…`` from the digest, on the rules page)::

    board        quarters, lot colours, cards, the route graph (FA-C, FA-M-2)
    setup        config validation, initial state and buildings (FA-S, FA-V-1)
    turn         actions A-D and their steps (FA-T)
    commissions  moves and markers (FA-M)
    shops        the display's blocks, placing shops (FA-SH)
    auction      auction rounds, open and sealed bids, building after (FA-A, FA-H-1)
    closure      building stops (FA-X)
    scoring      quarter scoring, special and final scorings, tie-break (FA-Q, FA-E)
    dummy        the two-player dummy bidder (FA-2P)
    hands        cards in hand and piles (FA-H-2)
    actions      which step takes which action; apply
    legal, view, describe, playout   for phones, screens, logs and random games
"""

from .actions import apply
from .board import QUARTERS, ROUTES
from .describe import describe
from .legal import legal
from .playout import table_draw
from .scoring import scores
from .setup import setup
from .turn import to_act
from .view import view

NAME = "fifth_avenue"
TITLE = "Fifth Avenue"
RULE_PREFIX = "FA"
PLAYERS = (2, 4)


def is_over(state: dict) -> bool:
    return state["step"] == "over"


__all__ = ["NAME", "TITLE", "RULE_PREFIX", "PLAYERS", "QUARTERS", "ROUTES", "setup", "apply",
           "to_act", "legal", "view", "scores", "is_over", "describe", "table_draw"]
