"""The live socket of every open page: it says which page it is (a seat's phone, the
table screen, the host's screen), then only listens; ``pushes`` does the talking."""

from flask import request
from flask_sock import ConnectionClosed, Sock

from ..hub import Connection
from . import context
from .pushes import Pushes


def init_app(app, pushes: Pushes) -> None:
    sock = Sock(app)
    tables = pushes.tables
    app.extensions["companion"]["pushes"] = pushes

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
