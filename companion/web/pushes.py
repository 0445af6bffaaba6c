"""Live pushes: after every change of a table, each open page gets its own fresh main
region (a seat's view differs from another's), sent by the hub after the change is
committed."""

import threading

from flask_babel import force_locale

from ..hub import AWAY_AFTER, Connection, Hub
from ..tables import Tables
from . import render


class Pushes:
    def __init__(self, app, tables: Tables, hub: Hub):
        self.app, self.tables, self.hub = app, tables, hub
        tables.listeners.append(self.push)

    def push(self, table_id: str, only=lambda conn: True) -> None:
        """Send the table's open pages (those ``only`` picks) their own picture; pages
        of a seat handed to another phone are closed instead."""
        live = self.tables.get(table_id)
        if live is None:
            return
        seat_of = self.tables.seat_check(table_id)

        def still_valid(conn: Connection) -> bool:
            return conn.page != "phone" or seat_of(conn.secret) == conn.viewer

        def wanted(conn: Connection) -> bool:
            return only(conn) or not still_valid(conn)

        def html(conn_key):
            viewer, page, locale = conn_key
            with force_locale(locale):
                if page == "phone":
                    return render.main_html(live, viewer, "phone", oob=True)
                return render.main_html(live, None, "table", host=page == "host", oob=True)

        try:
            self.hub.push(table_id, html, still_valid, key=lambda c: (c.viewer, c.page, c.locale), only=wanted)
        except Exception:  # the move is committed; a failed push must not undo the answer
            self.app.logger.exception("live push for table %s failed", table_id)

    def connected(self, conn: Connection) -> None:
        """A page's full picture when its socket opens; the table screens show who is here."""
        self.hub.join(conn)
        self.push(conn.table_id, only=lambda c: c is conn or c.page != "phone")

    def left(self, conn: Connection) -> None:
        """The table screens show the seat away once its grace period has passed."""
        self.hub.leave(conn)
        if conn.viewer is not None:
            later = threading.Timer(AWAY_AFTER + 1, self._push_presence, (conn.table_id,))
            later.daemon = True
            later.start()

    def _push_presence(self, table_id: str) -> None:
        """From a timer thread: templates build URLs, which needs a request context."""
        with self.app.test_request_context("/"):
            self.push(table_id, only=lambda c: c.page != "phone")
