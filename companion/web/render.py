"""What a viewer sees of a table, rendered to HTML: the phone's and the table's main region.

The same functions serve plain HTTP pages, htmx responses and WebSocket pushes,
so every path shows a viewer exactly the same picture.
"""

from flask import render_template, url_for
from markupsafe import Markup

from ..engines import TABLE, IllegalAction
from ..tables import Live
from . import context
from .games import ui_for

LOG_LINES = 40


def viewer_context(live: Live, viewer: str | None, page: str, message: dict | None = None) -> dict:
    engine, state = live.engine, live.state
    view = engine.view(state, viewer)
    names = {p["seat"]: p["name"] for p in view["players"]}
    key = viewer or ""
    log = [
        {"seq": e["seq"], "text": e["text"].get(key) or e["text"][""], "seat": e["seat"]}
        for e in live.log[-LOG_LINES:]
    ][::-1]
    table_due = TABLE in engine.to_act(state)
    return {
        "live": live,
        "row": live.row,
        "game": live.row.game,
        "ui": ui_for(live.row.game),
        "viewer": viewer,
        "page": page,
        "view": view,
        "names": names,
        "seq": live.seq,
        "to_act": sorted(engine.to_act(state)),
        "legal": engine.legal(state, viewer) if viewer else None,
        "table_legal": engine.legal(state, TABLE) if table_due else None,
        "scores": engine.scores(state),
        "over": engine.is_over(state),
        "log": log,
        "presence": context.hub().presence(live.row.id, live.seats),
        "message": message,
        "finished": live.row.status != "playing",
    }


def main_html(live: Live, viewer: str | None, page: str, message: dict | None = None, **extra) -> str:
    """The swappable main region of a page (``#main``)."""
    ctx = viewer_context(live, viewer, page, message) | extra
    return Markup(render_template(f"{page}_main.html", **ctx))


def push_html(live: Live, viewer: str | None, page: str) -> str:
    """A WebSocket message: the main region as an out-of-band swap."""
    return main_html(live, viewer, page, oob=True)


def refusal(error: Exception) -> dict:
    """A message for a refused action, with the rule it cites (if any)."""
    if isinstance(error, IllegalAction):
        return {"kind": "refused", "text": error.message, "rule": error.rule}
    return {"kind": "refused", "text": getattr(error, "message", str(error)), "rule": None}


def rule_url(game: str, rule: str) -> str:
    return url_for("rules.page", game=game, _anchor=rule)
