"""Host controls, behind the table's host secret: undo, rewind, seats, ending the table
(corrections: ``companion.web.corrections``)."""

from flask import Blueprint, redirect, render_template, request, url_for

from ..engines.text import _
from ..secret import matches
from ..tables import MAX_UNDO, Refused, Stale
from . import context, corrections, errors, forms, qr, teach
from .context import host_required
from .games import FormError, has_ui, ui_for

bp = Blueprint("host", __name__, url_prefix="/t/<table_id>")


@bp.get("/host")
@host_required
def controls(live):
    return _controls(live)


def _controls(live, handover=None, message=None):
    tables, table_id = context.tables(), live.row.id
    names = {p["seat"]: p["name"] for p in live.engine.view(live.state, None)["players"]}
    host_url = context.absolute(url_for("host.claim_host", table_id=table_id, secret=live.row.host_secret))
    return render_template(
        "host.html", row=live.row, live=live, names=names, game=live.row.game, seq=live.seq,
        taken=tables.taken(table_id), log=live.lines(None, MAX_UNDO), max_undo=MAX_UNDO,
        sealed={m.seq for m in live.recent(MAX_UNDO) if m.simultaneous},
        private=corrections.host_may_not(live, [m.seq for m in live.recent(MAX_UNDO)]),
        undone=tables.undone(table_id)[::-1][:MAX_UNDO], host_url=host_url,
        presence=context.hub().presence(table_id, live.seats), handover=handover, message=message,
        kinds=getattr(ui_for(live.row.game), "ACTION_NAMES", {}) if has_ui(live.row.game) else {},
    )


@bp.get("/host/<secret>")
def claim_host(table_id, secret):
    """The host link: opens host rights for this table on another device."""
    live = context.live_or_404(table_id)
    if not matches(secret, live.row.host_secret):
        raise Refused(_("This host link is not valid."), 403)
    response = redirect(url_for("play.table_screen", table_id=table_id))
    context.set_cookie(response, context.host_cookie(table_id), secret)
    return response


@bp.post("/host/undo")
@host_required
def undo(live):
    """Take back moves, as the host saw them: the form carries the move it was shown at,
    so a move made meanwhile is never undone in its place."""
    count = forms.number(request.form.get("count", "1"))
    if count is None:
        raise FormError(_("Say how many moves to undo."))
    return _take_back(live, lambda seen: context.tables().undo(live.row.id, count, seen),
                      _("Undo needs a confirmation."))


@bp.post("/host/rewind")
@host_required
def rewind(live):
    """Go back to just after a move (0: the set-up) in one step, as the host saw the
    table: the form carries the move it was shown at, like an undo's."""
    to = forms.number(request.form.get("to", ""))
    if to is None:
        raise FormError(_("Say which move to go back to."))
    return _take_back(live, lambda seen: context.tables().rewind(live.row.id, to, seen),
                      _("Going back needs a confirmation."))


def _take_back(live, take, unconfirmed):
    """``take(seen)`` once the form says the move it was shown at (any whole number: one
    that is not the table's move comes from a stale page) and is confirmed."""
    seen = forms.number(request.form.get("seq", ""), low=-forms.LARGEST)
    if seen is None:
        raise FormError(_("The form lacks the move number it was based on."))
    if request.form.get("confirm") != "yes":
        raise FormError(unconfirmed)
    try:
        take(seen)
    except Stale as stale:
        return _controls(live, message=errors.message(stale)), stale.status
    return redirect(url_for("host.controls", table_id=live.row.id))


@bp.post("/host/seat/<seat>/handover")
@host_required
def handover(live, seat):
    """A fresh seat link for another phone; the phone that held the seat loses it."""
    secret = context.tables().hand_over(live.row.id, seat)
    url = context.absolute(url_for("host.take_seat", table_id=live.row.id, secret=secret))
    return _controls(live, handover={"seat": seat, "url": url, "qr": qr.svg(url)})


@bp.post("/host/seat/<seat>/release")
@host_required
def release(live, seat):
    context.tables().release(live.row.id, seat)
    return redirect(url_for("host.controls", table_id=live.row.id))


@bp.get("/seat/<secret>")
def take_seat(table_id, secret):
    """Where a handed-over seat's QR code leads: the phone takes the seat."""
    live = context.live_or_404(table_id)
    if context.tables().seat_for(table_id, secret) is None:
        raise Refused(_("This seat link is no longer valid. Ask the host for a new one."), 403)
    response = redirect(url_for("play.phone", table_id=live.row.id))
    context.set_cookie(response, context.seat_cookie(table_id), secret)
    return response


@bp.post("/host/status")
@host_required
def status(live):
    new = request.form.get("status")
    if new not in ("playing", "finished", "archived"):
        raise FormError(_("Status must be playing, finished or archived."))
    context.tables().set_status(live.row.id, new)
    if new == "archived":
        return redirect(url_for("home.index"))
    return redirect(url_for("host.controls", table_id=live.row.id))


@bp.post("/host/teach")
@host_required
def teaching(live):
    """Turn "We are learning" on or off: the teaching cards on the phones and the table
    screen (``companion.web.teach``)."""
    new = request.form.get("teach")
    if new not in ("on", "off"):
        raise FormError(_("Say whether to teach: on or off."))
    teach.switch(live, new == "on")
    return redirect(url_for("host.controls", table_id=live.row.id))
