"""What a viewer sees of a table, rendered to HTML: the phone's and the table's main region.

The same functions serve plain HTTP pages, htmx responses and WebSocket pushes,
so every path shows a viewer exactly the same picture.
"""

import threading

from flask import render_template
from flask_babel import get_locale
from markupsafe import Markup

from ..engines import TABLE
from ..tables import Live
from . import context, undos
from .games import ui_for

LOG_LINES = {"phone": 15, "table": 30}  # the phone's log is folded away; keep it short
_SHARED_MAX = 500
_shared: dict[tuple, Markup] = {}
_shared_lock = threading.Lock()


def _memo(key: tuple, build) -> Markup:
    """HTML that several pages (or a push and an htmx reply) would render alike."""
    with _shared_lock:
        html = _shared.get(key)
    if html is None:
        html = Markup(build())
        with _shared_lock:
            if len(_shared) > _SHARED_MAX:
                _shared.clear()
            _shared[key] = html
    return html


def _moment(live: Live) -> tuple:
    """Identifies a table's state: after an undo the same move number is a new moment."""
    return (live.row.id, live.row.status, live.seq, live.log[-1]["at"] if live.log else 0, str(get_locale()),
            undos.last_at(live))


def viewer_context(live: Live, viewer: str | None, page: str, presence: dict, message: dict | None) -> dict:
    engine, state = live.engine, live.state
    view = engine.view(state, viewer)
    key = viewer or ""
    log = [
        {"seq": e["seq"], "text": e["text"].get(key) or e["text"][""], "seat": e["seat"], "at": e["at"]}
        for e in live.log[-LOG_LINES[page]:]
    ][::-1]
    return {
        "live": live,
        "row": live.row,
        "game": live.row.game,
        "ui": ui_for(live.row.game),
        "viewer": viewer,
        "page": page,
        "view": view,
        "names": {p["seat"]: p["name"] for p in view["players"]},
        "seq": live.seq,
        "to_act": sorted(engine.to_act(state)),
        "legal": engine.legal(state, viewer) if viewer else None,
        "table_legal": engine.legal(state, TABLE) if TABLE in engine.to_act(state) else None,
        "server_draws": hasattr(engine, "table_draw"),
        "scores": engine.scores(state),
        "over": engine.is_over(state),
        "log": log,
        "presence": presence,
        "message": message,
        "finished": live.row.status != "playing",
        "board": board_html(live),
        "words": words(live),
        "undos": undos.recent(live),
    }


def words(live: Live) -> dict:
    """The game's words renamed for this table (``ui.words(config)``; none by default)."""
    ui = ui_for(live.row.game)
    return ui.words(live.row.config) if hasattr(ui, "words") else {}


def board_html(live: Live) -> Markup:
    """The board picture: public, so rendered once per moment and shared by every page."""
    def build():
        view = live.engine.view(live.state, None)
        return render_template(f"games/{live.row.game}/board.html", view=view, ui=ui_for(live.row.game),
                               words=words(live))

    return _memo(("board",) + _moment(live), build)


def main_html(live: Live, viewer: str | None, page: str, message: dict | None = None,
              host: bool = False, oob: bool = False) -> Markup:
    """The swappable main region of a page (``#main``); ``oob`` marks it for an
    out-of-band swap, as WebSocket pushes need (a morph, like every swap of it)."""
    presence = context.hub().presence(live.row.id, live.seats) if page == "table" else {}

    def build():
        ctx = viewer_context(live, viewer, page, presence, message)
        return render_template(f"{page}_main.html", host=host, **ctx)

    if message is None:
        key = ("main", viewer, page, host, tuple(sorted(presence.items()))) + _moment(live)
        html = _memo(key, build)
    else:
        html = Markup(build())
    return Markup(str(html).replace('<div id="main"', '<div id="main" hx-swap-oob="morph"', 1)) if oob else html
