"""Host controls, behind the table's host secret: undo, seats, ending the table."""

from flask import Blueprint, abort, redirect, render_template, request, url_for

from ..secret import matches
from ..tables import MAX_UNDO
from . import context, qr
from .games import FormError

bp = Blueprint("host", __name__, url_prefix="/t/<table_id>")


@bp.get("/host")
def controls(table_id):
    live = context.live_or_404(table_id)
    context.require_host(live)
    return _controls(live)


def _controls(live, handover=None, status=200):
    store = context.tables().store
    names = {p["seat"]: p["name"] for p in live.engine.view(live.state, None)["players"]}
    host_url = context.absolute(url_for("host.claim_host", table_id=live.row.id, secret=live.row.host_secret))
    return render_template(
        "host.html", row=live.row, live=live, names=names,
        seats=store.seats(live.row.id), log=live.log[::-1][:MAX_UNDO], max_undo=MAX_UNDO,
        undone=store.undone(live.row.id)[::-1][:MAX_UNDO], host_url=host_url,
        presence=context.hub().presence(live.row.id, live.seats), handover=handover,
    ), status


@bp.get("/host/<secret>")
def claim_host(table_id, secret):
    """The host link: opens host rights for this table on another device."""
    live = context.live_or_404(table_id)
    if not matches(secret, live.row.host_secret):
        abort(403, description="This host link is not valid.")
    response = redirect(url_for("play.table_screen", table_id=table_id))
    context.set_cookie(response, context.host_cookie(table_id), secret)
    return response


@bp.post("/host/undo")
def undo(table_id):
    live = context.live_or_404(table_id)
    context.require_host(live)
    try:
        count = int(request.form.get("count", "1"))
    except ValueError:
        raise FormError("Say how many moves to undo.") from None
    if request.form.get("confirm") != "yes":
        raise FormError("Undo needs a confirmation.")
    context.tables().undo(table_id, count)
    return redirect(url_for("host.controls", table_id=table_id))


@bp.post("/host/seat/<seat>/handover")
def handover(table_id, seat):
    """A fresh seat link for another phone; the phone that held the seat loses it."""
    live = context.live_or_404(table_id)
    context.require_host(live)
    secret = context.tables().hand_over(table_id, seat)
    url = context.absolute(url_for("host.take_seat", table_id=table_id, secret=secret))
    return _controls(live, handover={"seat": seat, "url": url, "qr": qr.svg(url)})


@bp.post("/host/seat/<seat>/release")
def release(table_id, seat):
    context.require_host(context.live_or_404(table_id))
    context.tables().release(table_id, seat)
    return redirect(url_for("host.controls", table_id=table_id))


@bp.get("/seat/<secret>")
def take_seat(table_id, secret):
    """Where a handed-over seat's QR code leads: the phone takes the seat."""
    live = context.live_or_404(table_id)
    if context.tables().seat_for(table_id, secret) is None:
        abort(403, description="This seat link is no longer valid. Ask the host for a new one.")
    response = redirect(url_for("play.phone", table_id=live.row.id))
    context.set_cookie(response, context.seat_cookie(table_id), secret)
    return response


@bp.post("/host/status")
def status(table_id):
    live = context.live_or_404(table_id)
    context.require_host(live)
    new = request.form.get("status")
    if new not in ("playing", "finished", "archived"):
        raise FormError("Status must be playing, finished or archived.")
    context.tables().set_status(table_id, new)
    return redirect(url_for("home.index") if new == "archived" else url_for("host.controls", table_id=table_id))
