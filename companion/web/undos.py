"""Undone moves as the pages tell them: "The host undid move 41 (bid)", in the log and,
until the next move, as a notice on every page.

The audit trail lives in the store; it is read once per undo (an undo gives the table
a new list of moves; a move only makes the list longer and leaves the trail as it was)
and kept here.
"""

import threading

from ..engines.text import Text, _
from ..tables import Live
from . import context
from .games import ui_for

LIMIT = 30
_cache: dict[str, tuple] = {}  # table id -> (its list of moves, the undos)
_lock = threading.Lock()


def recent(live: Live) -> list[dict]:
    """The latest undone moves, oldest first: {"seq", "at" (when undone), "text"}."""
    moves = live.moves
    with _lock:
        kept = _cache.get(live.row.id)
        if kept and kept[0] is moves:
            return kept[1]
    rows = context.tables().undone(live.row.id)[-LIMIT:]
    ui = ui_for(live.row.game)
    found = [{"seq": r["seq"], "at": r["undone_at"], "text": told(ui, r)} for r in rows]
    with _lock:
        _cache[live.row.id] = (moves, found)
    return found


def notice(live: Live, undone: list[dict], seq: int) -> list[Text]:
    """What every page says of the host's last undo, until the next move (``undone``:
    ``recent``; ``seq``: the move the page shows). A part that shows it reads only this,
    not the log it is compared with, which changes with every move."""
    if not undone:
        return []
    last = undone[-1]["at"]
    latest = next((m for m in reversed(live.moves) if m.seq <= seq), None)
    if latest is not None and latest.at > last:
        return []
    return [u["text"] for u in undone if u["at"] == last]


def told(ui, row: dict) -> Text:
    """Only the kind of move: an undone sealed bid or a typed-in card stays secret, and of
    a move made in a simultaneous step not even that (a bid or a pass)."""
    return _("The host undid move {n} ({kind}).", n=row["seq"], kind=kind(ui, row))


def kind(ui, row: dict) -> Text:
    if row["sealed"]:
        return _("sealed submission")
    name = getattr(ui, "ACTION_NAMES", {}).get(row["kind"])
    return _(name) if name else _("move")
