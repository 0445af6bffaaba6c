"""Toy: a tiny game for testing the platform without any real game's rules.

It has what the platform must handle, each once: a simultaneous step with secrets
(every player picks a secret number), an input from the physical table (a die roll,
typed in or drawn by the server), turns with complete actions listed by ``legal()``
(add 1, 2 or 3 to a counter) and a refused choice with a reason (not the number the
previous player added). Whoever brings the counter to ``TARGET`` or beyond ends the
game; a player's score is what they added, plus a bonus for a secret number equal to
the last digit of the final counter.

It follows the engine contract of ``companion.engines`` with the same files as every
game; ``screen`` is its screen adapter and ``templates/`` its templates. It is offered
to nobody: tests register it (``TEST_GAMES`` / ``COMPANION_TEST_GAMES=tests.toygame``).
"""

from .describe import describe
from .flow import apply, is_over, legal, step, to_act
from .playout import table_draw
from .scoring import scores
from .setup import setup
from .view import view

NAME, TITLE, RULE_PREFIX, PLAYERS = "toy", "Toy", "TOY", (2, 4)

__all__ = ["NAME", "TITLE", "RULE_PREFIX", "PLAYERS", "setup", "apply", "step", "to_act", "legal", "view",
           "scores", "is_over", "describe", "table_draw"]
