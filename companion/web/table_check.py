"""The table check page (``/t/<id>/check``): what should physically be on the table now,
for a group to compare with the box (``companion.web.checks`` makes the lines).

Public, like the table screen: drawn from the table screen's view only. A line marked
"differs" (``?differs=<line id>``, several allowed) lists, right under it, the moves that
touched it, newest first, each linked to its place in the replay. Without JavaScript the
mark is a plain link that reloads the page; with htmx only that line is swapped.
"""

from flask import Blueprint, current_app, render_template, request

from ..engines.text import _
from ..tables import Refused
from . import checks, context
from .moment import words

bp = Blueprint("check", __name__)


@bp.app_template_global()
def has_table_check(game: str) -> bool:
    """Whether a table of ``game`` has a check page to link to (a test game has none)."""
    return game in checks.SHEETS


@bp.get("/t/<table_id>/check")
def page(table_id):
    live = context.live_or_404(table_id)
    state, seq, _version, row = live.snapshot()
    engine = live.engine
    view = engine.view(state, None)
    sections = checks.sheet(row.game, view)
    if sections is None:
        raise Refused(_("This game has no table check."), 404)
    marked = [i for i in dict.fromkeys(request.args.getlist("differs")) if checks.find(sections, i)]
    moves = {}
    if marked:
        tables = context.tables()
        frames = tables.archive.frames(current_app.extensions["companion"]["replays"], row)
        events = tables.events(row.id)
        moves = {i: checks.touched(row.game, engine, frames, events, i) for i in marked}
    return render_template("check.html", row=row, seq=seq, sections=sections, marked=marked, moves=moves,
                           words=words(row), host=context.is_host(live))
