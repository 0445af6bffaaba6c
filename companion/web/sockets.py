"""The live socket of every open page: it says which page it is (a seat's phone, the
table screen, the host's screen), then only listens; ``pushes`` does the talking."""

from flask import request
from flask_sock import ConnectionClosed, Sock
from werkzeug.exceptions import BadRequest, HTTPException
from wsproto import ConnectionType, WSConnection
from wsproto.events import Request
from wsproto.utilities import RemoteProtocolError

from .hub import Connection
from . import context
from .pushes import Pushes


def init_app(app, pushes: Pushes) -> None:
    sock = Sock(app)
    tables = pushes.tables
    app.extensions["companion"]["pushes"] = pushes
    app.before_request(refuse_bad_handshakes)

    @sock.route("/t/<table_id>/ws")
    def socket(ws, table_id):
        live = tables.get(table_id)
        if live is None:
            ws.close(reason=1008, message="no such table")
            return
        page = "phone" if request.args.get("page") == "phone" else "table"
        secret = request.cookies.get(context.seat_cookie(table_id))
        seat = tables.seat_for(table_id, secret) if page == "phone" else None
        if page == "phone" and seat is None:
            ws.close(reason=1008, message="this phone holds no seat")
            return
        if page == "table" and context.is_host(live):
            page = "host"
        locale = context.page_language()  # pushes render this page in its own language
        conn = Connection(ws, table_id, seat, page, secret if seat else None, locale=locale)
        pushes.connected(conn)
        tables.release_connection()  # an idle socket holds no database connection
        try:
            while True:
                ws.receive()  # pages only listen; this returns when the socket closes
        except ConnectionClosed:
            pass
        finally:
            pushes.left(conn)


# --- the opening handshake ---------------------------------------------------------------

class UpgradeRequired(HTTPException):
    """A WebSocket version this server does not speak: the answer names the one it does."""
    code = 426
    description = "Upgrade Required"

    def get_headers(self, environ=None, scope=None):
        return [*super().get_headers(environ, scope), ("Sec-WebSocket-Version", "13")]


def refuse_bad_handshakes() -> None:
    """Before the socket route: a handshake that wsproto would refuse is a 400 (a 426
    for a version other than 13). flask-sock lets wsproto's refusal escape, a 500."""
    if request.endpoint != "socket":
        return
    try:
        accepted = isinstance(next(handshake(request.environ).events(), None), Request)
    except RemoteProtocolError as error:
        if getattr(error.event_hint, "status_code", 400) == 426:
            raise UpgradeRequired() from None
        raise BadRequest() from None
    except UnicodeError:  # a Host wsproto cannot read as an international domain name
        raise BadRequest() from None
    if not accepted:
        raise BadRequest()


def handshake(environ) -> WSConnection:
    """The request as simple-websocket hands it to wsproto (``Server.handshake``:
    every ``HTTP_`` header of the environ), read by a connection that answers nothing."""
    lines = ["GET / HTTP/1.1"]
    for key, value in environ.items():
        if key.startswith("HTTP_"):
            lines.append(f"{'-'.join(part.capitalize() for part in key[5:].split('_'))}: {value}")
    connection = WSConnection(ConnectionType.SERVER)
    connection.receive_data(("\r\n".join(lines) + "\r\n\r\n").encode())
    return connection
