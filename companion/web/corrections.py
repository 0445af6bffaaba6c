"""Correcting a past move: its own form, as the seat that made it filled it in, for the
table as it was then (``/t/<id>/correct/<seq>``).

The page draws the phone's action forms (``_actions.html`` and the game's
``actions/<type>.html``) from ``engine.legal`` of the state before that move, or the
host's inputs for a move of the physical table (``table_inputs.html``), with the
original move as the log tells it above them and its form filled in as it was entered
(``static/js/correct.js``; a complete action's button marked); the forms post here instead of to
``/act`` (``act_to``, read by ``_forms.html``). Who may: the host, any move but one made
in a sealed step or one whose seat held, before or after it, a hand the table does not
see (its form would show it); a seat, its own moves (those only from its phone). The
form carries the move the table was at when it was drawn, so a correction based on a
table that moved on since is refused as stale, like any move.

After a correction every page says what changed (``companion.web.undos``) and a seat
whose move no longer fits sees it handed back on its phone.
"""

from flask import Blueprint, make_response, redirect, render_template, request, url_for

from ..engines import TABLE
from ..engines.common import state_after
from ..engines.text import _
from ..tables import Refused, Stale
from . import context, errors, forms
from .games import FormError, action_from_form, form_fields, ui_for
from .moment import Facts, viewer_context
from .undos import hands

bp = Blueprint("corrections", __name__, url_prefix="/t/<table_id>")


class _Target:
    """The move to correct and who corrects it: ``by`` ("host" or a seat)."""

    def __init__(self, live, seq: int):
        events = context.tables().store.events(live.row.id)
        if not 1 <= seq <= len(events):
            raise Refused(_("There is no move {seq} to correct.", seq=seq), 404)
        self.live, self.seq, self.original = live, seq, events[seq - 1]
        engine = live.engine
        self.before = state_after(engine, engine.setup(live.row.config), events[:seq - 1])
        self.sealed = bool(engine.step(self.before).sealed)
        seat, host = context.my_seat(live), context.is_host(live)
        if seat is not None and seat == self.original.seat:
            self.by = seat
        elif host and not self.sealed:
            self.by = "host"
            if self.original.seat != TABLE and self._private():
                name = next((p.get("name") or p["seat"] for p in live.row.config["players"]
                             if p["seat"] == self.original.seat), self.original.seat)
                raise Refused(_("Move {n} holds what only {name}'s phone may see (a hand, cards taken): "
                                "correct it from that phone.", n=seq, name=name), 403)
        elif host:
            raise Refused(_("A sealed submission is corrected only from its owner's phone."), 403)
        elif seat is not None:
            raise Refused(_("A player corrects only their own moves; the host corrects the others."), 403)
        else:
            raise Refused(_("Only the host of this table or the player who made the move can correct it."), 403)

    def _private(self) -> bool:
        """Whether the seat that made the move held, before or after it, a hand the table
        does not see: its form would show the host that hand or the cards it took."""
        engine, o = self.live.engine, self.original
        after = engine.apply(self.before, o.seat, o.action)
        return any(hands(engine.view(state, o.seat)) != hands(engine.view(state, None))
                   for state in (self.before, after))

    def told(self, reader: str | None):
        """The original move as the log tells it to ``reader`` (None: the table)."""
        engine, o = self.live.engine, self.original
        after = engine.apply(self.before, o.seat, o.action)
        return engine.describe(self.before, after, o.seat, o.action, reader)



def host_may_not(live, seqs: list[int]) -> set[int]:
    """Of the moves numbered ``seqs``, those the host may not correct because their seat
    held, before or after the move, a hand the table does not see (the log is played
    again from the oldest of them)."""
    if not seqs:
        return set()
    engine, events = live.engine, context.tables().store.events(live.row.id)
    first = max(min(seqs), 1)
    state = state_after(engine, engine.setup(live.row.config), events[:first - 1])
    found = set()
    for event in events[first - 1:]:
        after = engine.apply(state, event.seat, event.action)
        if event.seq in seqs and event.seat != TABLE and any(
                hands(engine.view(s, event.seat)) != hands(engine.view(s, None)) for s in (state, after)):
            found.add(event.seq)
        state = after
    return found


@bp.get("/correct")
def pick(table_id):
    """The host's "Correct move number" box: that move's page, for any move of the log
    (the host's list shows the last ones)."""
    context.live_or_404(table_id)
    seq = forms.number(request.args.get("seq", ""), low=1)
    if seq is None:
        raise Refused(_("Say which move to correct, by its number."), 400)
    return redirect(url_for("corrections.page", table_id=table_id, seq=seq))


@bp.get("/correct/<int:seq>")
def page(table_id, seq):
    live = context.live_or_404(table_id)
    return _page(_Target(live, seq))


def _page(target: _Target, message: dict | None = None, code: int = 200):
    live, seat = target.live, target.original.seat
    _state, now_seq, _version, row = live.snapshot()
    then = Facts(live, target.before, target.seq - 1, -1, row)
    on_table = seat == TABLE
    values = viewer_context(then, None if on_table else seat, "table" if on_table else "phone", {}, message)
    values.update(seq=now_seq, act_to=url_for("corrections.correct", table_id=row.id, seq=target.seq),
                  host=on_table, teach=None, server_draws=False, board_view=then.view(None), fixing=target.seq, by=target.by,
                  told=target.told(None if target.by == "host" else target.by),
                  who=values["names"].get(seat, seat), on_table=on_table,
                  original={"type": target.original.action.get("type"),
                            "fields": form_fields(ui_for(row.game), target.original.action)},
                  back=url_for("host.controls" if target.by == "host" else "play.phone", table_id=row.id),
                  finished=row.status != "playing")
    return render_template("correct.html", **values), code


@bp.post("/correct/<int:seq>")
def correct(table_id, seq):
    live = context.live_or_404(table_id)
    target = _Target(live, seq)
    seen = forms.number(request.form.get("seq", ""), low=-forms.LARGEST)
    if seen is None:
        raise FormError(_("The form lacks the move number it was based on."))
    htmx = request.headers.get("HX-Request")
    try:
        if request.form.get("draw") == "server":
            raise FormError(_("A correction says what happened on the table: enter it yourself."))
        action = action_from_form(ui_for(live.row.game), request.form)
        context.tables().correct(live.row.id, seq, target.original.seat, action, seen, by=target.by)
    except errors.REFUSALS as error:
        message = errors.message(error)
        if htmx:  # beside the form that sent it, which keeps what was entered
            return render_template("_message.html", message=message, placed=True, game=live.row.game), \
                errors.status(error)
        if not isinstance(error, Stale):
            message["near"] = (request.form.get("near") or request.form.get("type", ""))[:80]
        return make_response(_page(_Target(live, seq), message)[0], errors.status(error))
    where = url_for("play.table_screen" if target.by == "host" else "play.phone", table_id=live.row.id)
    if htmx:
        return "", 200, {"HX-Redirect": where}
    return redirect(where)
