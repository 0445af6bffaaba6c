"""Who is asking: the table service, the seat a phone holds, host rights, URLs."""

import functools

from flask import current_app, request

from ..engines.text import _
from ..network import public_url as _public_url
from ..secret import matches
from ..store import TableRow
from ..tables import Live, Refused, Tables

COOKIE_AGE = 60 * 60 * 24 * 60  # a seat survives a long weekend of sleeping phones


def tables() -> Tables:
    return current_app.extensions["companion"]["tables"]


def hub():
    return current_app.extensions["companion"]["hub"]


def live_or_404(table_id: str) -> Live:
    live = tables().get(table_id)
    if live is None:
        raise Refused(_("There is no such table."), 404)
    return live


def seat_cookie(table_id: str) -> str:
    return f"seat_{table_id}"


def host_cookie(table_id: str) -> str:
    return f"host_{table_id}"


def my_seat(live: Live) -> str | None:
    return tables().seat_for(live.row.id, request.cookies.get(seat_cookie(live.row.id)))


def is_host(live: Live) -> bool:
    return hosts(live.row)


def hosts(row: TableRow) -> bool:
    """Whether this browser holds the host secret of the table ``row``."""
    return matches(request.cookies.get(host_cookie(row.id)), row.host_secret)


def host_required(view):
    """For routes under ``/t/<table_id>`` that only the table's host may use: the view
    gets the table (``live``) instead of its id."""

    @functools.wraps(view)
    def checked(table_id, **kwargs):
        live = live_or_404(table_id)
        if not is_host(live):
            raise Refused(_("Only the host of this table can do that."), 403)
        return view(live, **kwargs)

    return checked


def seated(live: Live) -> str:
    """The seat this phone holds at the table; refused (403) if it holds none."""
    seat = my_seat(live)
    if seat is None:
        raise Refused(_("This phone holds no seat at this table."), 403)
    return seat


def set_cookie(response, name: str, value: str) -> None:
    response.set_cookie(name, value, max_age=COOKIE_AGE, httponly=True, samesite="Lax")


def base_url() -> str:
    """The address phones use to reach this server (never localhost if avoidable)."""
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        return configured.rstrip("/") + "/"
    host = request.host.split(":")[0]
    if host not in ("localhost", "127.0.0.1", "::1", "[::1]"):
        return request.host_url
    port = request.host.rsplit(":", 1)[1] if ":" in request.host else "80"
    return _public_url("0.0.0.0", int(port))


def absolute(path: str) -> str:
    return base_url().rstrip("/") + path


# --- the reader's language -------------------------------------------------------------

LANGUAGES = {"en": "English", "it": "Italiano", "de": "Deutsch"}  # each named in itself
LANG_COOKIE = "lang"  # this device's language, for every page but the table screen
SCREEN_COOKIE = "screen_lang"  # the table screen's, the host's choice on that screen
_TABLE_SCREEN = {"play.table_screen", "play.table_act"}


def browser_language() -> str:
    return request.accept_languages.best_match(list(LANGUAGES)) or "en"


def device_language() -> str:
    """The language this device picked with the switch, else its browser's."""
    chosen = request.cookies.get(LANG_COOKIE)
    return chosen if chosen in LANGUAGES else browser_language()


def on_table_screen() -> bool:
    """Whether this request shows (or feeds) a table screen rather than a phone or
    another page: the table screen has a language of its own."""
    if request.endpoint in _TABLE_SCREEN:
        return True
    return request.endpoint in ("play.main_fragment", "socket") and request.args.get("page") != "phone"


def page_language() -> str:
    """The language of the page being answered (Flask-Babel's locale selector)."""
    if on_table_screen():
        chosen = request.cookies.get(SCREEN_COOKIE)
        if chosen in LANGUAGES:
            return chosen
    return device_language()
