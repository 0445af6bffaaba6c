"""Live pushes: after a move, every open page of the table gets what changed of its picture.

The path of a move: ``Tables.act`` commits it and calls ``changed``; the pusher (one
thread) draws each page's picture of the new moment (``picture.picture``: once per seat
and language, once for all the table screens) and has each page's socket (``hub.Connection``)
send the parts that differ from what it was last sent (``Picture.push``), phones first.
The move's answer carries no picture: its page gets the move as every page does. An answer
drawing a page's main region whole (a fetch, a stale move) makes the next push send it all.
"""

import threading
import time

from .hub import AWAY_AFTER, Connection, Hub
from ..tables import Tables
from . import picture as pictures
from .languages import speaking
from .moment import facts

EVERYONE, TABLE_SCREENS = "everyone", "table screens"


class Pushes:
    def __init__(self, app, tables: Tables, hub: Hub):
        self.app, self.tables, self.hub = app, tables, hub
        self._due: dict[str, set] = {}  # table id -> whom to push to: EVERYONE, TABLE_SCREENS, connections
        self._wake = threading.Condition()
        self._pusher: threading.Thread | None = None
        tables.listeners.append(self.changed)

    def changed(self, table_id: str) -> None:
        """A table changed: push to its pages, from the pusher (this returns at once)."""
        self._schedule(table_id, EVERYONE)

    def connected(self, conn: Connection) -> None:
        """A page's whole picture when its socket opens; the table screens show who is here."""
        self.hub.join(conn)
        self._schedule(conn.table_id, conn, TABLE_SCREENS)

    def left(self, conn: Connection) -> None:
        """The table screens show the seat away once its grace period has passed."""
        self.hub.leave(conn)
        if conn.viewer is not None:
            later = threading.Timer(AWAY_AFTER + 1, self._schedule, (conn.table_id, TABLE_SCREENS))
            later.daemon = True
            later.start()

    def redrawn(self, table_id: str, viewer: str | None, page: str) -> None:
        """A page of ``viewer`` (``page``: "phone", "table" or "host") was answered with its
        whole main region: the next push sends that page all of its picture."""
        for conn in self.hub.connections(table_id):
            if conn.viewer == viewer and conn.page == page:
                with conn.lock:  # not lost to a push under way: see ``_send``
                    conn.shown = None

    def _schedule(self, table_id: str, *whom) -> None:
        if not self.hub.connections(table_id):
            return  # nobody to push to (a page that connects gets its picture then)
        with self._wake:
            self._due.setdefault(table_id, set()).update(whom)
            if self._pusher is None:
                self._pusher = threading.Thread(target=self._run, daemon=True, name="companion-pusher")
                self._pusher.start()
            self._wake.notify()

    def _run(self) -> None:
        with self.app.test_request_context("/"):  # templates build URLs
            while True:
                with self._wake:
                    while not self._due:
                        self._wake.wait()
                    due, self._due = self._due, {}
                for table_id, whom in due.items():
                    try:
                        self.push(table_id, whom)
                    except Exception:  # a failed push must not stop the pusher
                        self.app.logger.exception("live push for table %s failed", table_id)

    def push(self, table_id: str, whom=(EVERYONE,)) -> None:
        """Queue for the table's pages (those ``whom`` names) what changed of their picture;
        pages of a seat handed to another phone are closed instead."""
        live = self.tables.get(table_id)
        if live is None:
            return
        seat_of = self.tables.seat_check(table_id)
        now = facts(live)
        presence = self.hub.presence(table_id, live.seats)
        for conn in sorted(self.hub.connections(table_id), key=lambda conn: conn.page != "phone"):
            if conn.page == "phone" and seat_of(conn.secret) != conn.viewer:
                conn.close()
                self.hub.leave(conn)
            elif EVERYONE in whom or conn in whom or (TABLE_SCREENS in whom and conn.page != "phone"):
                with speaking(conn.locale):
                    if conn.page == "phone":
                        drawn = pictures.picture(live, conn.viewer, "phone", now=now)
                    else:
                        drawn = pictures.picture(live, None, "table", host=conn.page == "host", now=now,
                                                 presence=presence)
                self._send(conn, drawn)

    def _send(self, conn: Connection, drawn: pictures.Picture) -> None:
        with conn.lock:  # what the page was sent, and what it is sent now, as one step
            text = drawn.push(conn.shown)
            conn.shown = drawn.shown
        if text is not None:
            self.hub.deliver(conn, text)
            time.sleep(0)  # its sender (a greenlet under gevent) sends it now, not after every page
