"""The WebSocket hub: who is connected to which table, and per-viewer pushes.

Every open page holds one socket. After each change of a table the hub asks a
render function for each connection's *own* HTML (a seat's view differs from
another's) and sends it. ``ws.send`` is not thread-safe, so each connection has
its own lock. Presence is remembered per seat, so a sleeping phone keeps its
seat and only shows as away after a grace period.

Pushes run in whichever thread changed the table (or opened a socket), so two of
them can overlap: one that started earlier may render an older picture and finish
sending later. Each push is numbered when it starts, before it reads the table, and
a connection skips a push numbered lower than one it has already sent. Every change
is followed by a push that starts after it, so the last picture a page keeps is the
newest.
"""

import itertools
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field

AWAY_AFTER = 45.0  # seconds without a socket before a seat shows as away


@dataclass(eq=False)
class Connection:
    ws: object
    table_id: str
    viewer: str | None  # a seat, or None for the table screen
    page: str  # "phone" | "table"
    secret: str | None = None  # the seat secret it connected with
    locale: str = "en"
    lock: threading.Lock = field(default_factory=threading.Lock)
    closed: bool = False
    sent_push: int = 0  # the number of the newest push sent

    def send(self, text: str, push: int | None = None) -> bool:
        """Send ``text``; as push number ``push``, only if no newer push was sent."""
        with self.lock:
            if self.closed:
                return False
            if push is not None:
                if push < self.sent_push:
                    return True  # the page already shows a newer picture
                self.sent_push = push
            try:
                self.ws.send(text)
                return True
            except Exception:  # the peer went away mid-send
                self.closed = True
                return False

    def close(self) -> None:
        with self.lock:
            if not self.closed:
                self.closed = True
                try:
                    self.ws.close(reason=1008, message="seat handed over")
                except Exception:
                    pass


class Hub:
    def __init__(self, clock=time.monotonic):
        self._clock = clock
        self._lock = threading.Lock()
        self._conns: dict[str, set[Connection]] = defaultdict(set)
        self._last_seen: dict[tuple[str, str], float] = {}
        self._pushes = itertools.count(1)  # numbers pushes in the order they start

    def join(self, conn: Connection) -> None:
        with self._lock:
            self._conns[conn.table_id].add(conn)

    def leave(self, conn: Connection) -> None:
        with self._lock:
            self._conns[conn.table_id].discard(conn)
            if conn.viewer is not None:
                self._last_seen[(conn.table_id, conn.viewer)] = self._clock()

    def connections(self, table_id: str) -> list[Connection]:
        with self._lock:
            return list(self._conns.get(table_id, ()))

    def presence(self, table_id: str, seats: list[str]) -> dict[str, str]:
        """``"here"`` (a socket is open), ``"away"`` (none for a while) or ``"never"``."""
        online = {c.viewer for c in self.connections(table_id) if not c.closed}
        now, result = self._clock(), {}
        for seat in seats:
            seen = self._last_seen.get((table_id, seat))
            if seat in online or (seen is not None and now - seen < AWAY_AFTER):
                result[seat] = "here"
            else:
                result[seat] = "away" if seen is not None else "never"
        return result

    def push(self, table_id: str, render, still_valid=lambda conn: True,
             key=lambda conn: (conn.viewer, conn.page), only=lambda conn: True) -> int:
        """Send every connection of a table its own HTML; returns how many got it.

        ``render(key(conn))`` is called once per distinct key, so ten table
        screens cost one rendering; connections for which ``still_valid`` fails
        (a seat handed to another phone) are closed instead; ``only`` picks
        which connections to consider.
        """
        with self._lock:
            number = next(self._pushes)
        cache, sent = {}, 0
        for conn in self.connections(table_id):
            if not only(conn):
                continue
            if not still_valid(conn):
                conn.close()
                self.leave(conn)
                continue
            k = key(conn)
            if k not in cache:
                cache[k] = render(k)
            if conn.send(cache[k], number):
                sent += 1
            else:
                self.leave(conn)
        return sent
