"""A crowd against a running server, held by one thread: many idle pages (WebSockets
that read what they get, answer pings and send nothing) and slow-header clients
(connections that send a request's headers a byte at a time and never finish).
Used by tests/test_crowd.py and bench/crowd.py.
"""

import selectors
import socket
import threading
import time
from dataclasses import dataclass, field

from wsproto import ConnectionType, WSConnection
from wsproto.events import AcceptConnection, CloseConnection, Ping, RejectConnection, Request

SLOW_START = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


@dataclass(eq=False)
class _Page:
    sock: socket.socket
    ws: WSConnection
    accepted: bool = False
    closed: bool = False


@dataclass(eq=False)
class _Slow:
    sock: socket.socket
    opened: float = field(default_factory=time.monotonic)
    closed_after: float | None = None  # seconds until the server closed it


class Crowd:
    """Idle pages and slow-header clients of one server (``host``, ``port``).

    ``drip`` is how often each slow client sends one more byte of its headers; with
    ``refill`` a slow client the server closed is replaced by a new one, as an
    attacker keeping a hundred open would do."""

    def __init__(self, host: str, port: int, drip: float = 1.0, refill: bool = False):
        self.host, self.port, self.drip, self.refill = host, port, drip, refill
        self.pages: list[_Page] = []
        self.slow: list[_Slow] = []
        self.ended: list[_Slow] = []  # slow clients the server closed
        self._selector = selectors.DefaultSelector()
        self._pending: list = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    # opening --------------------------------------------------------------------

    def open_pages(self, path: str, count: int, origin: bool = True) -> None:
        """Open ``count`` WebSockets to ``path`` (say ``/t/<id>/ws``), as a browser
        would (with its Origin); they are accepted in the background."""
        for _ in range(count):
            sock = self._connect()
            ws = WSConnection(ConnectionType.CLIENT)
            headers = [(b"origin", f"http://{self.host}:{self.port}".encode())] if origin else []
            sock.sendall(ws.send(Request(host=f"{self.host}:{self.port}", target=path, extra_headers=headers)))
            self._add(_Page(sock, ws))

    def open_slow(self, count: int) -> None:
        """Open ``count`` connections that start a request and never finish its headers."""
        for _ in range(count):
            sock = self._connect()
            sock.sendall(SLOW_START)
            self._add(_Slow(sock))

    def _connect(self) -> socket.socket:
        sock = socket.create_connection((self.host, self.port), timeout=10)
        sock.setblocking(False)
        return sock

    def _add(self, item) -> None:
        with self._lock:
            (self.pages if isinstance(item, _Page) else self.slow).append(item)
            self._pending.append(item)

    # counting -------------------------------------------------------------------

    @property
    def accepted(self) -> int:
        return sum(p.accepted and not p.closed for p in self.pages)

    @property
    def pages_closed(self) -> int:
        return sum(p.closed for p in self.pages)

    @property
    def slow_open(self) -> int:
        with self._lock:
            return sum(s.closed_after is None for s in self.slow)

    def wait_until(self, condition, timeout: float) -> bool:
        """Whether ``condition()`` came true within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)
        return True

    # the one thread that reads every socket -------------------------------------------

    def _run(self) -> None:
        next_drip = time.monotonic() + self.drip
        while not self._stop.is_set():
            with self._lock:
                pending, self._pending = self._pending, []
            for item in pending:
                self._selector.register(item.sock, selectors.EVENT_READ, item)
            for key, _ in self._selector.select(timeout=0.05):
                self._read(key.data)
            if time.monotonic() >= next_drip:
                next_drip += self.drip
                self._drip()

    def _read(self, item) -> None:
        try:
            data = item.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if isinstance(item, _Slow):
            if not data:  # whatever the server said, it closed the connection
                self._end_slow(item)
            return
        if not data:
            self._forget(item)
            item.closed = True
            return
        item.ws.receive_data(data)
        for event in item.ws.events():
            if isinstance(event, AcceptConnection):
                item.accepted = True
            elif isinstance(event, Ping):
                self._send(item, item.ws.send(event.response()))
            elif isinstance(event, (CloseConnection, RejectConnection)):
                item.closed = True

    def _drip(self) -> None:
        with self._lock:
            slow = [s for s in self.slow if s.closed_after is None]
        for item in slow:
            try:
                item.sock.send(b"x")
            except BlockingIOError:
                pass
            except OSError:
                self._end_slow(item)

    def _end_slow(self, item: _Slow) -> None:
        if item.closed_after is not None:
            return
        self._forget(item)
        item.closed_after = time.monotonic() - item.opened
        self.ended.append(item)
        if self.refill and not self._stop.is_set():
            try:
                self.open_slow(1)
            except OSError:
                pass

    def _send(self, item, data: bytes) -> None:
        try:
            item.sock.send(data)
        except OSError:
            pass

    def _forget(self, item) -> None:
        try:
            self._selector.unregister(item.sock)
        except (KeyError, ValueError):
            pass
        item.sock.close()

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)
        for item in self.pages + self.slow:
            item.sock.close()
        self._selector.close()
