"""The log as a page shows it: the last moves, newest first, with the host's undos and the
table's notes among them, in two parts. The newest part holds the moves of the latest
block of ``BLOCK`` (moves 41-43 after move 43); the earlier part holds the ``EARLIER`` moves
before that block, so it stays as it was until a block fills up. A push sends the parts
that changed (``picture``): after most moves, the few lines of the newest block alone."""

from markupsafe import Markup, escape
from jinja2 import pass_context

from .filters import say

BLOCK = 10
EARLIER = {"phone": 10, "table": 20}  # a phone shows 11-20 moves (its log is folded), the table 21-30
LONGEST = {page: BLOCK + earlier for page, earlier in EARLIER.items()}  # within tables.LOG_LINES


def parts(lines: tuple, others: list, page: str) -> tuple[tuple, list, list]:
    """The moves ``page`` shows of ``lines`` (the last ``LONGEST[page]``, newest first) and
    its two parts, the entries (``entries``) of the newest block and those before it."""
    shown, cut = shown_of(lines, page), _cut(lines)  # the newest block: the moves after ``cut``
    told = entries(shown, others)
    split = next((i for i, e in enumerate(told) if not isinstance(e, dict) and e.seq <= cut), len(told))
    return shown, told[:split], told[split:]


def shown_of(moves: tuple, page: str) -> tuple:
    """Of ``moves`` (lines or moves, the last ``LONGEST[page]``, newest first), those ``page`` shows."""
    oldest = _cut(moves) - EARLIER[page]
    return tuple(move for move in moves if move.seq > oldest)


def _cut(moves: tuple) -> int:
    """The last move before the newest block."""
    return (moves[0].seq - 1) // BLOCK * BLOCK if moves else 0


def entries(lines: tuple, others: list) -> list:
    """The log's lines and the host's undos and the table's notes (dicts with the time
    they were made), newest first; only those since the oldest line shown."""
    since = lines[-1].at if lines else None
    extra = [e for e in others if since is None or e["at"] >= since]
    return sorted([*lines, *extra], key=lambda e: e["at"] if isinstance(e, dict) else e.at, reverse=True)


@pass_context
def items(context, told: list) -> Markup:
    """The items of a log (``<li>``, newest first), a host's undo or a table's note as such."""
    out = []
    for entry in told:
        if isinstance(entry, dict):
            text = escape(say(entry["text"], context.get("words")))
            out.append(f'<li class="{entry.get("class", "undo")}">{text}</li>')
        else:
            out.append(f'<li id="line-{entry.key}" value="{entry.seq}">{entry.html}</li>')
    return Markup("".join(out))
