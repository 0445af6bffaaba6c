"""Manhattan (Andreas Seyfarth, 1994): the pure rules engine.

Rule IDs (``MH-…``) come from the rules digest and the rules page
``companion/rules/manhattan.md``. The config is described in ``setup``.

Actions::

    {"type": "pick", "colour"?, "heights": [..]}            # phase "pick": a colour's pieces
    {"type": "place", "colour"?, "card": [row, col], "city", "height", "lot"?}
    {"type": "pass", "colour"?, "card": [row, col]}           # no card lets the seat build
    {"type": "draw", "card": [row, col]}                     # private hands: a card dealt or drawn

``colour`` is needed when a seat plays two colours; ``lot``, if sent, must be where the
card points from the seat's side.

Modules::

    setup      config checks and the initial state
    flow       STEPS (phases "pick", "build", "over"), to_act, apply, is_over
    legal      what a seat may do now, and why not the rest
    view       what a seat or the table screen sees (a seat's cards only by that seat)
    describe   log lines, a table of templates per action type
    scoring    round scoring: tallest tower, city majorities, towers owned (MH-SC)
    playout    random_config, random_action, hide
    state      readers: seats, names, turn order, the colour an action builds with
    turns      the handlers of a round: pick, place, pass, and the end of a round (MH-T)
    board      cities, sides, card squares turned into lots, towers (MH-C-1, MH-T-3, MH-B-1)
    building   which piece may go on a tower (MH-B)
    pieces     colours, pieces per height in the box, each round's pick (MH-C-3, MH-T-1)
    cards      the deck, the played stack and private hands (MH-C-2, MH-T-4, MH-H)
"""

from .describe import describe
from .flow import apply, is_over, legal, step, to_act
from .scoring import scores
from .setup import setup
from .view import view

NAME = "manhattan"
TITLE = "Manhattan"
RULE_PREFIX = "MH"
PLAYERS = (2, 4)

__all__ = ["NAME", "TITLE", "RULE_PREFIX", "PLAYERS", "setup", "apply", "step", "to_act", "legal",
           "view", "scores", "is_over", "describe"]
