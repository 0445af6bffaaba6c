"""The live socket of every open page: a full picture on (re)connect, then a fresh
picture of its own after every change of the table."""

import threading

from flask import request
from flask_babel import force_locale
from flask_sock import ConnectionClosed, Sock

from ..live import AWAY_AFTER, Connection, Hub
from ..tables import Tables
from . import LANGUAGES, context, render


def init_app(app, tables: Tables, hub: Hub) -> None:
    sock = Sock(app)

    def push(table_id: str, only=lambda conn: True) -> None:
        live = tables.get(table_id)
        if live is None:
            return
        seats = tables.store.seats(table_id)

        def still_valid(conn: Connection) -> bool:
            return conn.page != "phone" or seats.get(conn.viewer) == conn.secret

        def wanted(conn: Connection) -> bool:
            return only(conn) or not still_valid(conn)

        def html(conn_key):
            viewer, page, locale = conn_key
            with force_locale(locale):
                if page == "phone":
                    return render.main_html(live, viewer, "phone", oob=True)
                return render.main_html(live, None, "table", host=page == "host", oob=True)

        try:
            hub.push(table_id, html, still_valid, key=lambda c: (c.viewer, c.page, c.locale), only=wanted)
        except Exception:  # the move is committed; a failed push must not undo the answer
            app.logger.exception("live push for table %s failed", table_id)

    tables.listeners.append(push)

    def push_presence(table_id: str) -> None:
        """From a timer thread: templates build URLs, which needs a request context."""
        with app.test_request_context("/"):
            push(table_id, only=lambda c: c.page != "phone")

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
        locale = request.accept_languages.best_match(LANGUAGES) or "en"
        conn = Connection(ws, table_id, seat, page, secret if seat else None, locale=locale)
        hub.join(conn)
        # The full picture for this page; the table screens show who is here.
        push(table_id, only=lambda c: c is conn or c.page != "phone")
        tables.store.release()  # an idle socket holds no database connection
        try:
            while True:
                ws.receive()  # pages only listen; this returns when the socket closes
        except ConnectionClosed:
            pass
        finally:
            hub.leave(conn)
            if conn.viewer is not None:  # the table screens show the seat away after a grace period
                later = threading.Timer(AWAY_AFTER + 1, push_presence, (table_id,))
                later.daemon = True
                later.start()
