"""A crowd against a running server, held by one thread: many idle pages (WebSockets
that read what they get, answer pings and send nothing), slow clients (connections
that send a request's headers, or its body, a byte at a time and never finish) and
hogs (connections that send many requests at once and never read an answer).
Each kind may come from a loopback address of its own (127.0.0.2 and up are distinct
client addresses on Linux). Used by tests/test_crowd.py and bench/crowd.py.
"""

import selectors
import socket
import threading
import time
from dataclasses import dataclass, field

from wsproto import ConnectionType, WSConnection
from wsproto.events import AcceptConnection, CloseConnection, Ping, RejectConnection, Request

SLOW_START = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
# A form of 60,000 bytes, of which the client sends the start and then a byte at a time.
SLOW_BODY = (b"POST /language HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded"
             b"\r\nContent-Length: 60000\r\n\r\nlang=")
CLOSE_WAIT = 8  # Linux's TCP state once the server has closed its end


@dataclass(eq=False)
class _Page:
    sock: socket.socket
    ws: WSConnection
    accepted: bool = False
    closed: bool = False


@dataclass(eq=False)
class _Slow:
    sock: socket.socket
    start: bytes = SLOW_START
    source: str | None = None
    opened: float = field(default_factory=time.monotonic)
    closed_after: float | None = None  # seconds until the server closed it
    answer: bytes = b""  # the start of what the server said, if anything


@dataclass(eq=False)
class _Hog:
    sock: socket.socket
    requests: bytes
    source: str | None = None


class Crowd:
    """Idle pages and slow-header clients of one server (``host``, ``port``).

    ``drip`` is how often each slow client sends one more byte; with ``refill`` a slow
    client or hog the server closed (or refused) is replaced by a new one, as an
    attacker keeping a hundred open would do, at most ``refill_rate`` a second."""

    def __init__(self, host: str, port: int, drip: float = 1.0, refill: bool = False,
                 refill_rate: float = 1000.0):
        self.host, self.port, self.drip, self.refill = host, port, drip, refill
        self.refill_rate = refill_rate
        self.pages: list[_Page] = []
        self.slow: list[_Slow] = []
        self.ended: list[_Slow] = []  # slow clients the server closed
        self.hogs: list[_Hog] = []
        self.hogs_closed: list[bytes] = []  # the start of each closed hog's first answer
        self._due: list = []  # slow clients and hogs to replace at the next drip
        self._selector = selectors.DefaultSelector()
        self._pending: list = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    # opening --------------------------------------------------------------------

    def open_pages(self, path: str, count: int, origin: bool = True, source: str | None = None) -> None:
        """Open ``count`` WebSockets to ``path`` (say ``/t/<id>/ws``), as a browser
        would (with its Origin); they are accepted in the background."""
        for _ in range(count):
            sock = self._connect(source)
            ws = WSConnection(ConnectionType.CLIENT)
            headers = [(b"origin", f"http://{self.host}:{self.port}".encode())] if origin else []
            sock.sendall(ws.send(Request(host=f"{self.host}:{self.port}", target=path, extra_headers=headers)))
            self._add(_Page(sock, ws))

    def open_slow(self, count: int, start: bytes = SLOW_START, source: str | None = None) -> None:
        """Open ``count`` connections that send ``start`` and then a byte every drip:
        a request's headers that never end (``SLOW_START``) or its body (``SLOW_BODY``)."""
        for _ in range(count):
            sock = self._connect(source)
            try:
                sock.send(start)
            except OSError:
                pass  # refused at once: seen as closed
            self._add(_Slow(sock, start, source))

    def open_hogs(self, count: int, request: bytes, times: int, source: str | None = None) -> None:
        """Open ``count`` connections that each send ``request`` ``times`` times at once
        (pipelined) and never read an answer."""
        for _ in range(count):
            sock = self._connect(source, receive_buffer=4096)
            try:
                sock.send(request * times)
            except OSError:
                pass
            with self._lock:
                self.hogs.append(_Hog(sock, request * times, source))

    def _connect(self, source: str | None = None, receive_buffer: int | None = None) -> socket.socket:
        sock = socket.socket()
        if receive_buffer:  # before connecting, so it sticks
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        if source:
            sock.bind((source, 0))
        sock.settimeout(10)
        sock.connect((self.host, self.port))
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

    @property
    def hogs_open(self) -> int:
        with self._lock:
            return len(self.hogs)

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
        next_drip = last = time.monotonic() + self.drip
        while not self._stop.is_set():
            with self._lock:
                pending, self._pending = self._pending, []
            for item in pending:
                if item.sock.fileno() >= 0:  # not closed (refused) before its turn came
                    self._selector.register(item.sock, selectors.EVENT_READ, item)
            for key, _ in self._selector.select(timeout=0.05):
                self._read(key.data)
            if time.monotonic() >= next_drip:
                next_drip = max(next_drip + self.drip, time.monotonic())
                self._drip()
                self._check_hogs()
            now = time.monotonic()
            self._replace(int((now - last) * self.refill_rate))
            last = now

    def _read(self, item) -> None:
        try:
            data = item.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if isinstance(item, _Slow):
            item.answer = item.answer or data[:16]
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
        if self.refill:
            self._due.append(item)

    def _check_hogs(self) -> None:
        """Hogs never read: the kernel says whether the server has closed one."""
        with self._lock:
            hogs = list(self.hogs)
        for hog in hogs:
            if hog.sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 1)[0] != CLOSE_WAIT:
                continue
            try:
                first = hog.sock.recv(16, socket.MSG_PEEK)  # looks, takes nothing
            except OSError:
                first = b""
            hog.sock.close()
            with self._lock:
                self.hogs.remove(hog)
                self.hogs_closed.append(first)
            if self.refill:
                self._due.append(hog)

    def _replace(self, most: int) -> None:
        due, self._due = self._due[:most], self._due[most:]
        for item in due:
            if self._stop.is_set():
                return
            try:
                if isinstance(item, _Slow):
                    self.open_slow(1, item.start, item.source)
                else:
                    self.open_hogs(1, item.requests, 1, item.source)
            except OSError:
                self._due.append(item)  # refused before connecting: next time

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
        for item in self.pages + self.slow + self.hogs:
            item.sock.close()
        self._selector.close()
