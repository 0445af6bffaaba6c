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
from . import checks, context, corrections
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
    moves, sealed = {}, set()  # sealed: moves the host may not correct here
    if marked:
        tables = context.tables()
        frames = tables.archive.frames(current_app.extensions["companion"]["replays"], row)
        events = tables.events(row.id)
        moves = {i: checks.touched(row.game, engine, frames, events, i) for i in marked}
        # the host corrects any move but a sealed submission or a move of a seat holding a
        # hand the table does not see (those are corrected from the seat's own phone)
        seqs = sorted({t.seq for listed in moves.values() for t in listed})
        sealed = {n for n in seqs if engine.step(frames[n - 1].state).sealed} | corrections.host_may_not(live, seqs)
    return render_template("check.html", row=row, seq=seq, sections=sections, marked=marked, moves=moves,
                           sealed=sealed, words=words(row), host=context.is_host(live))
