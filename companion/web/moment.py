"""One moment of a table (a version of it) and what the engine says of it: worked out
once however many pages show it, and what a page's templates see of it."""

import threading
from dataclasses import dataclass, field
from typing import NamedTuple

from markupsafe import Markup, escape

from ..engines import TABLE
from ..tables import Live
from . import final, log, notes, teach, undos
from .filters import say
from .games import ui_for
from .languages import locale_name

_NONE = object()


class Line(NamedTuple):
    """A log line: a move as one reader is told it, in one language."""

    seq: int
    seat: str
    at: float
    html: Markup  # the move told, escaped
    key: int


@dataclass
class Facts:
    """A moment of a table. ``memo``, the one cache of what its pages show, is keyed by plain
    values (a seat, a page kind, a language) and lives as long as the moment."""

    live: Live
    state: dict
    seq: int
    version: int
    row: object
    memo: dict = field(default_factory=dict)
    # Handed on to the table's next moment: (move key, reader, language) -> its Line, a move
    # told once; (language, page kind, seat, host?, block) -> (what it read, its HTML), a
    # block not drawn again while its declared reads are unchanged (``picture._kept``)
    made_lines: dict = field(default_factory=dict)
    kept: dict = field(default_factory=dict)
    keeps: bool = True  # False: every block drawn from all the values (a test's oracle)

    def get(self, key, compute):
        found = self.memo.get(key, _NONE)
        if found is _NONE:
            found = self.memo[key] = compute()
        return found

    @property
    def to_act(self) -> list:
        return self.get("to_act", lambda: sorted(self.live.engine.to_act(self.state)))

    @property
    def scores(self) -> dict:
        return self.get("scores", lambda: self.live.engine.scores(self.state))

    @property
    def over(self) -> bool:
        return self.get("over", lambda: self.live.engine.is_over(self.state))

    def view(self, viewer: str | None) -> dict:
        return self.get(("view", viewer), lambda: self.live.engine.view(self.state, viewer))

    def legal(self, viewer: str) -> dict:
        return self.get(("legal", viewer), lambda: self.live.engine.legal(self.state, viewer))

    def lines(self, viewer: str | None, count: int) -> tuple:
        """The last ``count`` moves as ``viewer`` is told them, in the language being drawn."""
        locale = locale_name()
        return self.get(("lines", viewer, count, locale), lambda: self._lines(viewer, count, locale))

    def _lines(self, viewer: str | None, count: int, locale: str) -> tuple:
        made, live, out = self.made_lines, self.live, []
        if len(made) > _MADE_LINES_KEPT:
            made.clear()
        table_words = self.get("words", lambda: words(self.row))
        for move in live.recent(count, upto=self.seq):
            text = live.text(move, viewer)  # worked out once for every reader
            key = (move.key, move.alike.get(viewer or "", ""), locale)  # readers told alike share it
            line = made.get(key)
            if line is None:
                line = made[key] = Line(move.seq, move.seat, move.at, escape(say(text, table_words)), move.key)
            out.append(line)
        return tuple(out)


_facts: dict[str, Facts] = {}
_MADE_LINES_KEPT = 300  # Lines made per table: about those of its open pages (30 + 15 per phone) in two languages
_facts_lock = threading.Lock()


def facts(live: Live) -> Facts:
    """The table as it is now, shared by every page drawn at this moment."""
    state, seq, version, row = live.snapshot()
    with _facts_lock:
        found = _facts.get(row.id)
        if found is None or found.version != version or found.live is not live:
            same = found is not None and found.live is live
            found = _facts[row.id] = Facts(live, state, seq, version, row, made_lines=found.made_lines if same else {},
                                           kept=found.kept if same else {})
        return found


def viewer_context(now: Facts, viewer: str | None, page: str, presence: dict, message: dict | None) -> dict:
    """What the templates of a page see (the screen contract, ``companion.web.games``)."""
    live, to_act = now.live, now.to_act
    my_turn = page == "phone" and viewer in to_act and not now.over
    undone = now.get("undos", lambda: undos.recent(live))
    notes_now = now.get("notes", lambda: notes.recent(live))
    shown, newest, earlier = log.parts(now.lines(viewer, log.LONGEST[page]), undone + notes_now, page)
    return {
        "row": now.row,
        "game": now.row.game,
        "ui": ui_for(now.row.game),
        "viewer": viewer, "page": page,
        "view": now.view(viewer),
        "me": next((p for p in now.view(viewer)["players"] if p["seat"] == viewer), None),  # the viewer's player
        "names": {p["seat"]: p["name"] for p in now.view(None)["players"]},
        "seq": now.seq, "to_act": to_act,
        "my_turn": my_turn,  # whether this phone's seat is due
        "waiting_for": [] if my_turn else [s for s in to_act if s != viewer],  # whom else the page waits for
        "legal": now.legal(viewer) if viewer else None,
        "table_legal": now.legal(TABLE) if TABLE in to_act else None,
        "server_draws": hasattr(live.engine, "table_draw"),
        "scores": now.scores,
        "over": now.over,
        "log": shown, "log_newest": newest, "log_earlier": earlier,  # its moves; its two parts' entries
        "presence": presence,
        "message": message,
        "finished": now.row.status != "playing",
        "words": now.get("words", lambda: words(now.row)),
        "undos": undone,
        "notes": notes_now,
        "undo_notice": now.get("undo_notice", lambda: undos.notice(live, undone, now.seq)),
        "reasons": now.get(("reasons", viewer), lambda: _reasons(now, viewer)),
        "final": now.get(("final", locale_name()), lambda: final.summary(live, now.scores, now.view(None))) if now.over else None,
        "teach": teach.card(now, viewer, page),
        "offered": now.get(("offered", viewer), lambda: undos.offered(now, viewer)),
    }


def _reasons(now: Facts, viewer: str | None) -> dict:
    """Why the choices a seat's actions do not offer are refused (``ui.explain``)."""
    explain = getattr(ui_for(now.row.game), "explain", None)
    return explain(now.state, viewer, now.legal(viewer)) if explain and viewer else {}


def words(row) -> dict:
    """The game's words renamed for this table (``ui.words(config)``; none by default)."""
    ui = ui_for(row.game)
    return ui.words(row.config) if hasattr(ui, "words") else {}

