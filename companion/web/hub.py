"""The WebSocket hub: who is connected to which table, and sending to each of them.

Every open page holds one socket. What a page is sent is queued on its connection and
sent by a sender of its own (a greenlet under the gevent worker) while the queue holds
something: a move's answer never waits for any page. A page that does not keep up (a send
unfinished after ``SEND_TIMEOUT`` seconds, or ``BACKLOG`` messages waiting) is dropped:
its browser reconnects and gets the whole picture. Presence is remembered per seat: a
sleeping phone shows as away only after a grace period.
"""

import socket
import threading
import time
from collections import defaultdict, deque
from dataclasses import dataclass, field

from gevent import spawn_raw
from gevent.monkey import is_module_patched

AWAY_AFTER = 45.0  # seconds without a socket before a seat shows as away
SEND_TIMEOUT = 10.0  # seconds one message may take to leave before its page is dropped
BACKLOG = 32  # messages a page may have waiting before it is dropped
WATCH_EVERY = 1.0  # seconds between two looks for stuck sends
_CLOSE = object()  # in a queue: close the socket (a seat handed over) after what came before


@dataclass(eq=False)
class Connection:
    ws: object
    table_id: str
    viewer: str | None  # a seat, or None for the table screen
    page: str  # "phone" | "table" | "host"
    secret: str | None = None  # the seat secret it connected with
    locale: str = "en"
    lock: threading.Lock = field(default_factory=lambda: threading.Lock())  # made now: see tables.Live.lock
    closed: bool = False
    shown: dict | None = None  # what the page was last sent (``Picture.shown``); None: unknown
    # the queue and its sender
    queue: deque = field(default_factory=deque)
    sending: bool = False
    since: float | None = None  # when the message being sent started to leave

    def send(self, text, clock=time.monotonic) -> bool:
        """Queue ``text`` for the page; False if the page is gone or just dropped."""
        with self.lock:
            if self.closed:
                return False
            overflow = len(self.queue) >= BACKLOG
            if not overflow:
                self.queue.append(text)
                start, self.sending = not self.sending, True
        if overflow:
            self.drop()
            return False
        if start:
            _spawn(self._drain, clock)
        return True

    def close(self) -> None:
        """Close the socket once what is queued has left (a seat handed over)."""
        self.send(_CLOSE)

    def _drain(self, clock) -> None:
        while True:
            with self.lock:
                if self.closed or not self.queue:
                    self.sending, self.since = False, None
                    return
                text = self.queue.popleft()
                self.since = clock()
            try:
                if text is _CLOSE:
                    self.closed = True
                    self.ws.close(reason=1008, message="seat handed over")
                else:
                    self.ws.send(text)
            except Exception:  # the peer went away mid-send, or the page was dropped
                self.drop()

    def stuck(self, now: float) -> bool:
        since = self.since
        return since is not None and now - since > SEND_TIMEOUT

    def drop(self) -> None:
        """Give up on the page: shut its socket, which also ends a send stuck on it."""
        with self.lock:
            self.closed = True
            self.queue.clear()
        sock = getattr(self.ws, "sock", None)
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def _spawn(target, *args) -> None:
    """``target(*args)`` on its own: a bare greenlet under gevent (18 µs; a patched thread 95), else a thread."""
    if is_module_patched("threading"):
        spawn_raw(target, *args)
    else:
        threading.Thread(target=target, args=args, daemon=True, name="companion-send").start()


class Hub:
    def __init__(self, clock=time.monotonic):
        self._clock = clock
        self._lock = threading.Lock()
        self._conns: dict[str, set[Connection]] = defaultdict(set)
        self._last_seen: dict[tuple[str, str], float] = {}
        self._watching = False

    def join(self, conn: Connection) -> None:
        with self._lock:
            self._conns[conn.table_id].add(conn)
            watch, self._watching = not self._watching, True
        if watch:
            _spawn(self._watch)

    def leave(self, conn: Connection) -> None:
        with self._lock:
            conns = self._conns.get(conn.table_id)
            if conns is not None:
                conns.discard(conn)
                if not conns:
                    del self._conns[conn.table_id]
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

    def deliver(self, conn: Connection, text: str) -> bool:
        """Queue ``text`` for ``conn``; a page that is gone or cannot keep up leaves."""
        if conn.send(text, self._clock):
            return True
        self.leave(conn)
        return False

    def _watch(self) -> None:
        """Drop the pages whose send is stuck (a page that stopped reading)."""
        while True:
            time.sleep(WATCH_EVERY)
            now = self._clock()
            with self._lock:
                every = [conn for conns in self._conns.values() for conn in conns]
            for conn in every:
                if conn.stuck(now):
                    conn.drop()
                    self.leave(conn)
