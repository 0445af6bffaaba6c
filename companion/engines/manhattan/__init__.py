"""Manhattan (Andreas Seyfarth, 1994): the pure rules engine.

Rule IDs (``MH-…``) come from the rules digest and the rules page
``companion/rules/manhattan.md``. Config::

    {"players": [{"seat": "a", "name": "Anna", "side": "S", "colours": ["black"]}, ...],
     "start": "a",                                    # holder of the start-player marker
     "stock": {"1": 6, "2": 6, "3": 6, "4": 6}}       # optional per-height counts (total 24)

Actions: ``{"type": "pick", "colour", "heights": [..]}`` at the start of a phase and
``{"type": "place", "colour"?, "card": [row, col], "city", "height", "lot"?}`` on a
turn (``colour`` is needed when a seat plays two colours; ``lot``, if sent, must
be where the card points from the seat's side).
"""

from .describe import describe
from .game import apply, is_over, setup, to_act
from .legal import legal
from .scoring import scores
from .view import view

NAME = "manhattan"
TITLE = "Manhattan"
RULE_PREFIX = "MH"
PLAYERS = (2, 4)

__all__ = ["NAME", "TITLE", "RULE_PREFIX", "PLAYERS", "setup", "apply", "to_act", "legal",
           "view", "scores", "is_over", "describe"]
