"""Live pushes: after a change of a table, each open page gets what changed of its own
picture (a seat's view differs from another's).

The request that made the change only marks the table as changed and answers; a pusher
(one thread, a greenlet under the gevent worker) renders the pictures and queues each page
its message, which the hub sends without anyone waiting for it. Changes that come faster
than the pusher are pushed together, as the latest picture. Each connection remembers what
its page shows (``Connection.shown``): a push carries only the parts that differ, and none
at all if nothing did. A page that also got an htmx answer may show that answer's picture
instead, if it lands after a push: for a moment, a part counts as shown only if both
agree (``replied``). A page ignores an answer older than the move it shows
(``static/js/companion.js``), so once a push of a later move has gone out, only an answer
with a refusal in it (which the page shows whatever its age) still counts.
"""

import threading
import time
from typing import NamedTuple

from .hub import AWAY_AFTER, Connection, Hub
from ..tables import Tables
from . import render

# Seconds an htmx answer may still land after the pushes that follow it. The answer leaves
# before the push of its own move (the pusher runs once the request has answered), so only
# a network that delays one connection and not the other reorders them; a part left stale
# past this is mended when it next changes, or when the phone wakes and fetches its page.
REPLY_LANDS_WITHIN = 1.5
EVERYONE, TABLE_SCREENS = "everyone", "table screens"


class Pushes:
    def __init__(self, app, tables: Tables, hub: Hub, clock=time.monotonic):
        self.app, self.tables, self.hub, self.clock = app, tables, hub, clock
        self._due: dict[str, set] = {}  # table id -> whom to push to: EVERYONE, TABLE_SCREENS, connections
        self._wake = threading.Condition()
        self._pusher: threading.Thread | None = None
        tables.listeners.append(self.changed)

    # what the rest of the app calls -----------------------------------------------------

    def changed(self, table_id: str) -> None:
        """A table changed: push to its pages, from the pusher (this returns at once)."""
        self._schedule(table_id, EVERYONE)

    def connected(self, conn: Connection) -> None:
        """A page's full picture when its socket opens; the table screens show who is here."""
        self.hub.join(conn)
        self._schedule(conn.table_id, conn, TABLE_SCREENS)

    def left(self, conn: Connection) -> None:
        """The table screens show the seat away once its grace period has passed."""
        self.hub.leave(conn)
        if conn.viewer is not None:
            later = threading.Timer(AWAY_AFTER + 1, self._schedule, (conn.table_id, TABLE_SCREENS))
            later.daemon = True
            later.start()

    def replied(self, table_id: str, viewer: str | None, page: str, picture: render.Picture,
                refusal: bool = False) -> None:
        """An htmx answer with ``picture`` went to a page of ``viewer`` (``page``: "phone",
        "table" or "host"): that page may show it rather than the last push, for a while.
        An answer with a refusal (``refusal``) is shown even after a later move's push."""
        reply = Reply(self.clock() + REPLY_LANDS_WITHIN, picture.seq, refusal, picture.shown())
        for conn in self.hub.connections(table_id):
            if conn.viewer == viewer and conn.page == page:
                with conn.lock:
                    conn.replies.append(reply)

    # the pusher ---------------------------------------------------------------------------

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
        now = render.facts(live)
        presence = self.hub.presence(table_id, live.seats)
        pictures = {}

        def picture(conn: Connection) -> render.Picture:
            key = (conn.viewer, conn.page, conn.locale)
            if key not in pictures:
                with render.speaking(conn.locale):
                    if conn.page == "phone":
                        pictures[key] = render.picture(live, conn.viewer, "phone", now=now)
                    else:
                        pictures[key] = render.picture(live, None, "table", host=conn.page == "host",
                                                       now=now, presence=presence)
            return pictures[key]

        for conn in self.hub.connections(table_id):
            if conn.page == "phone" and seat_of(conn.secret) != conn.viewer:
                conn.close()
                self.hub.leave(conn)
            elif EVERYONE in whom or conn in whom or (TABLE_SCREENS in whom and conn.page != "phone"):
                self._send(conn, picture(conn))

    def _send(self, conn: Connection, picture: render.Picture) -> None:
        now = self.clock()
        with conn.lock:
            conn.replies = [r for r in conn.replies if r.until > now]
            # what the page may show when this push lands: the last push, or an answer
            # that landed after it and was not older
            replies = [r.shown for r in conn.replies if r.shows_after(conn.shown_seq)]
        known = [] if conn.shown is None else [conn.shown] + replies  # a new page: everything
        text, shown = picture.push(known)
        if text is None:
            return  # the page shows all of it already
        conn.shown, conn.shown_seq = shown, picture.seq
        self.hub.deliver(conn, text)


class Reply(NamedTuple):
    """An htmx answer that may still land on its page (``Pushes.replied``)."""

    until: float  # by when it has surely landed
    seq: int  # the move it shows
    refusal: bool  # it carries a refusal, which the page shows even if it is older
    shown: dict  # its parts, as ``Picture.shown`` gives them

    def shows_after(self, seq: int) -> bool:
        """Whether the page shows this answer if it lands after a push of move ``seq``
        (a move number can go back, after an undo)."""
        return self.refusal or self.seq >= seq
