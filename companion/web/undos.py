"""Undone moves as the pages tell them: "The host undid move 41 (a bid)", in the log and,
until the next move, as a notice on every page.

The audit trail lives in the store; it is read once per change of a table (an undo
gives the table a new log list, a move makes it longer) and kept here.
"""

import threading

from ..engines.text import Text, _
from ..tables import Live
from . import context
from .games import ui_for

LIMIT = 30
_cache: dict[str, tuple] = {}  # table id -> (its log list, its length, the undos)
_lock = threading.Lock()


def recent(live: Live) -> list[dict]:
    """The latest undone moves, oldest first: {"seq", "at" (when undone), "text"}."""
    with _lock:
        kept = _cache.get(live.row.id)
        if kept and kept[0] is live.log and kept[1] == len(live.log):
            return kept[2]
    rows = context.tables().undone(live.row.id)[-LIMIT:]
    ui = ui_for(live.row.game)
    found = [{"seq": r["seq"], "at": r["undone_at"], "text": told(ui, r)} for r in rows]
    with _lock:
        _cache[live.row.id] = (live.log, len(live.log), found)
    return found


def last_at(live: Live) -> float:
    """When the table last had a move undone (0: never)."""
    undos = recent(live)
    return undos[-1]["at"] if undos else 0


def told(ui, row: dict) -> Text:
    """Only the kind of move: an undone sealed bid or a typed-in card stays secret."""
    return _("The host undid move {n} ({kind}).", n=row["seq"], kind=kind(ui, row["action"]))


def kind(ui, action: dict) -> Text | str:
    words = getattr(ui, "KINDS", {})
    return _(words[action["type"]]) if action.get("type") in words else str(action.get("type", "?")).replace("_", " ")
