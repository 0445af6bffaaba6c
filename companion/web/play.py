"""Playing at a table: the table screen, joining by QR code, the phone, and actions."""

import functools
import random

from flask import Blueprint, current_app, make_response, redirect, render_template, request, url_for
from flask_babel import get_locale
from markupsafe import Markup

from ..engines import TABLE
from ..engines.text import _
from ..tables import Refused, Stale
from . import context, errors, forms, notes, qr
from .languages import speaking
from .picture import picture
from .games import FormError, action_from_form, ui_for

bp = Blueprint("play", __name__)


@bp.get("/t/<table_id>")
def table_screen(table_id):
    live = context.live_or_404(table_id)
    return _table_page(live, host=context.is_host(live))


def _table_page(live, host: bool, message: dict | None = None) -> str:
    join_url = context.absolute(url_for("play.join", code=live.row.join_code))
    return render_template(
        "table.html", row=live.row, join_url=join_url, join_qr=join_qr(join_url), host=host,
        main=picture(live, None, "table", message, host=host).html,
    )


@functools.lru_cache(maxsize=256)
def join_qr(url: str):
    """A table's QR code (drawing one takes tens of milliseconds; a table keeps its URL)."""
    return qr.svg(url)


def _phone_page(live, seat: str, message: dict | None = None) -> str:
    return render_template("phone.html", row=live.row, seat=seat,
                           main=picture(live, seat, "phone", message).html)


@bp.get("/t/<table_id>/main")
def main_fragment(table_id):
    """The main region again (after a phone wakes up, or for a plain reload)."""
    live = context.live_or_404(table_id)
    if request.args.get("page") == "phone":
        seat = context.my_seat(live)
        return _reply(live, seat, "phone") if seat else _lost_seat(live)
    host = context.is_host(live)
    return _reply(live, None, "host" if host else "table")


def _reply(live, viewer, page: str, message: dict | None = None, code: int = 200):
    """The main region, whole, as an htmx answer naming its move (a page that shows a
    later one keeps it): the next push sends that page everything."""
    with speaking(str(get_locale())):  # one look-up of the catalogue, not one per text
        drawn = picture(live, viewer, "phone" if page == "phone" else "table", message, host=page == "host")
    current_app.extensions["companion"]["pushes"].redrawn(live.row.id, viewer, page)
    return drawn.html, code, {**WHOLE_MAIN, "X-Move": str(drawn.seq)}


@bp.route("/j/<code>", methods=["GET", "POST"])
def join(code):
    row = context.tables().by_code(code)
    if row is None:
        raise Refused(_("This join code is not valid. Scan the QR code on the table screen again."), 404)
    live = context.live_or_404(row.id)
    if context.my_seat(live):
        return redirect(url_for("play.phone", table_id=row.id))
    message, code = None, 200
    if request.method == "POST":
        try:
            secret = context.tables().claim(row.id, request.form.get("seat", ""))
        except Refused as refused:
            message, code = errors.message(refused), errors.status(refused)
        else:
            response = redirect(url_for("play.phone", table_id=row.id))
            context.set_cookie(response, context.seat_cookie(row.id), secret)
            return response
    players = live.engine.view(live.state, None)["players"]
    return render_template(
        "join.html", row=row, game=row.game, players=[p for p in players if p["seat"] in live.seats],
        taken=context.tables().taken(row.id), message=message,
    ), code


@bp.get("/t/<table_id>/me")
def phone(table_id):
    live = context.live_or_404(table_id)
    seat = context.my_seat(live)
    if seat is None:
        return redirect(url_for("play.join", code=live.row.join_code))
    return _phone_page(live, seat)


@bp.post("/t/<table_id>/act")
def act(table_id):
    """A seat's action, from a phone; the seat comes from the phone's cookie only."""
    live = context.live_or_404(table_id)
    seat = context.my_seat(live)
    if seat is None:
        return _lost_seat(live)

    def action():
        if request.form.get("draw") == "server":  # the seat asks the server to draw for it
            draw = getattr(live.engine, "seat_draw", None)
            if draw is None:
                raise FormError(_("This game has nothing the server can draw."))
            return draw(live.state, seat, request.form.get("type", ""), random.SystemRandom())
        return action_from_form(ui_for(live.row.game), request.form)

    return _apply(live, seat, "phone", action)


def _lost_seat(live):
    """A phone without a seat here (handed over or freed): say so, with the way back (403)."""
    html = render_template("_lost_seat.html", live=live)
    if request.headers.get("HX-Request"):
        return html, 403, WHOLE_MAIN
    return render_template("phone.html", row=live.row, seat=None, main=Markup(html)), 403


# An htmx answer that is the page's whole main region, whichever element asked for it.
WHOLE_MAIN = {"HX-Retarget": "#main", "HX-Reswap": "morph"}


@bp.post("/t/<table_id>/table-act")
@context.host_required
def table_act(live):
    """An input from the physical table (a draw), typed in or drawn by the server; host only."""

    def action():
        if request.form.get("draw") == "server":
            draw = getattr(live.engine, "table_draw", None)
            if draw is None:
                raise FormError(_("This game has nothing the server can draw."))
            return draw(live.state, random.SystemRandom())
        return action_from_form(ui_for(live.row.game), request.form)

    return _apply(live, TABLE, "table", action)


def _apply(live, seat, page, read_action):
    """Apply an action. Over htmx, the answer is empty (the move reaches this page with
    its push, as it reaches every page) or a refusal, shown beside the form that sent it,
    which is left as the person filled it; a stale page gets its main region anew. Without
    htmx, the answer is the page itself. A refusal changes nothing and comes with a 4xx."""
    # any whole number: one that is not the table's move comes from a stale page
    seen = forms.number(request.form.get("seq", ""), low=-forms.LARGEST)
    if seen is None:
        raise FormError(_("The form lacks the move number it was based on."))
    try:
        context.tables().act(live.row.id, seat, read_action(), seen)
    except errors.REFUSALS as error:
        if notes.probing(error):  # a card only the secret hands rule out: the table is told
            notes.tell(live, seat)
        return _refused(live, seat, page, error)
    if request.headers.get("HX-Request"):
        return ""
    return redirect(url_for("play.phone" if page == "phone" else "play.table_screen", table_id=live.row.id))


def _refused(live, seat, page, error):
    code, message = errors.status(error), errors.message(error)
    phone, htmx = page == "phone", request.headers.get("HX-Request")
    if htmx and not isinstance(error, Stale):
        return render_template("_message.html", message=message, placed=True, game=live.row.game), code
    # Shown beside the form that sent it: "type:key" where several forms share a type.
    # A stale page is drawn anew from a newer state, which may lack that very form:
    # then beside every form of the type.
    near = request.form.get("type", "") if isinstance(error, Stale) else request.form.get("near")
    message["near"] = (near or request.form.get("type", ""))[:80]
    if htmx:
        return _reply(live, seat if phone else None, "phone" if phone else "host", message, code)
    body = _phone_page(live, seat, message) if phone else _table_page(live, True, message)
    return make_response(body, code)
