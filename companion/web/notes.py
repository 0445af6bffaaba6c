"""What every page's log tells of a card refused because of where the secret cards are.

With private hands, a refusal of a typed card can rest on what other hands hold (a
Palazzo hand entered at the start or the cards turned up, New York's host entering a
draw): a seat could probe the others' hands by typing cards. The engine says so with
``hidden_cards`` in the refusal's details, in words that name no hand; here the table
is told, in the log of every page, that this seat entered a card that cannot be there
(never which card), so probing is seen by everyone.

The notes are kept in memory beside the table, like the pages' undo notice, and a
restart forgets them: they tell of attempts, not of moves.
"""

import threading
from collections import deque

from flask import current_app

from ..engines import TABLE, IllegalAction
from ..engines.text import Text, _
from ..tables import Live
from . import context

KEPT = 30  # notes per table: no page's log shows more lines than this
_notes: dict[str, deque] = {}
_lock = threading.Lock()


def probing(error: Exception) -> bool:
    """Whether a refusal rests on the secret cards (the table is to be told)."""
    return isinstance(error, IllegalAction) and bool(error.details.get("hidden_cards"))


def tell(live: Live, seat: str) -> None:
    """Note in the table's log that ``seat`` entered a card that cannot be there, and
    push every page its log again."""
    note = {"at": context.tables().store.now(), "seat": seat, "text": told(live, seat), "class": "undo note"}
    with live.lock:  # a new version of the table: its pages are drawn again
        with _lock:
            _notes.setdefault(live.row.id, deque(maxlen=KEPT)).append(note)
        live.changed()
    current_app.extensions["companion"]["pushes"].changed(live.row.id)


def told(live: Live, seat: str) -> Text:
    if seat == TABLE:
        return _("The host entered a card that cannot be there; it was refused.")
    name = next((p["name"] for p in live.row.config["players"] if p["seat"] == seat), seat)
    return _("{name} entered a card that cannot be there; it was refused.", name=name)


def recent(live: Live) -> list[dict]:
    """The table's notes, oldest first: ``{"at", "seat", "text", "class"}`` (the log draws a note as it draws an undo: news of the table, not a move)."""
    with _lock:
        return list(_notes.get(live.row.id, ()))
