"""The gunicorn worker Table Companion runs in: gevent, with deadlines and limits per
client address.

Every open page keeps a WebSocket for hours. With gunicorn's gthread worker each
socket held a thread, and once they were all taken plain pages and moves waited
too (128 sockets were enough). gevent's worker gives each connection a greenlet
instead: an idle socket costs a few kilobytes and no thread, so a thousand open
pages are nothing special (bench/crowd.py measures it). gunicorn monkey-patches
the standard library in the worker before the app is loaded, which is how
flask-sock and simple-websocket run under it.

Anyone on the Wi-Fi can still try to hold the one worker. What stops them:
- a client that sends its request headers, or a body, one byte at a time gets
  ``HEADER_TIMEOUT`` seconds for the headers and ``body_timeout`` for the body (which
  the worker reads before the app sees the request), then its connection is closed
  (with a 408 for a late body);
- one address holds at most ``connections_per_address`` connections at once; beyond
  that it gets a 503 and its connection is closed, while other addresses are served;
- a request with more requests already sent behind it (pipelining, which no browser
  does) is answered and its connection closed, so requests cannot pile up unread;
- answers that cost the worker a lot (exports, replays, the history pages) run at most
  ``EXPENSIVE_PER_ADDRESS`` at once per address, and only when the worker has nothing
  else to do; beyond that they get a 429 at once.
"""

import atexit
import gc
import io
import logging
import os
import re
import resource
import socket
from collections import Counter
from contextlib import contextmanager
from urllib.parse import unquote

import gevent
from gevent import Timeout, monkey
from gunicorn.workers.ggevent import GeventWorker

# Seconds a client has, from connecting (or from the end of its previous request
# on a kept-alive connection), to send a request line and all its headers. A phone
# on poor Wi-Fi needs well under a second for the 1-2 KB of a request.
HEADER_TIMEOUT = 10
# Seconds a client has, once its headers are in, to send the whole body. The app takes
# at most 64 KB (MAX_CONTENT_LENGTH): 6.4 KB a second would do, and a form is 1-2 KB.
BODY_TIMEOUT = 10
# The worker reads a body of up to this many bytes (the app's MAX_CONTENT_LENGTH) before
# the app sees the request: a slow body then holds a socket and a greenlet, never the
# app, and one cut short costs no error page. A longer one goes to the app unread, which
# refuses it (413) without reading it.
BODY_BUFFER = 64 * 1024
# Connections one client address may hold at once. A café's guest Wi-Fi may put dozens
# of phones behind one address: 60 phones with two pages open each hold 120 WebSockets,
# and each browser keeps up to six more connections for pages and moves (480 in all).
# At 500, one address takes an eighth of the default 4,000 connections.
CONNECTIONS_PER_ADDRESS = 500
# Expensive answers one address may have in progress at once (from reading the request
# to the end of the answer). Each took 50-170 ms of the worker's time with 30 finished
# games (export.json of a 400-move game: 110 ms) on the machine here, and is rare in
# honest use.
EXPENSIVE_PER_ADDRESS = 2
# Their paths (after percent-decoding): a table's exports and replay, the history pages.
EXPENSIVE = re.compile(r"/t/[^/]+/(?:export\.json|export\.csv|replay)|/history(?:/.*)?")
# Seconds an expensive answer may take to leave once computed: a client that never
# reads it would otherwise keep its address's place for good.
EXPENSIVE_SEND_TIMEOUT = 30
# Every socket is a file descriptor, and so is every SQLite file a connection has
# open; the usual soft limit of 1,024 would refuse the thousandth page.
OPEN_FILES = 65536
# New objects (net of those freed) between two of the garbage collector's young scans;
# Python's default is 700. A move's objects (its state, views, parts) live until the
# table's next move, and under the default most of them outlived a young scan: the
# oldest generation grew by thousands a second and was scanned whole (55-130 ms, the
# worker frozen) every few seconds at 50 tables. At 10,000 they mostly die young;
# ``bench/live.py`` measures the latency it buys.
YOUNG_OBJECTS = 10_000

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
# Answered by the worker itself, before the app (so in all three languages at once).
TOO_MANY_CONNECTIONS = (
    "503 Service Unavailable",
    "Too many connections from your address: close some pages and try again.\n"
    "Troppe connessioni dal tuo indirizzo: chiudi qualche pagina e riprova.\n"
    "Zu viele Verbindungen von deiner Adresse: schließe einige Seiten und versuche es erneut.\n")
TOO_MANY_EXPENSIVE = (
    "429 Too Many Requests",
    "Still busy with your address's other downloads: try again in a moment.\n"
    "Ancora occupato con gli altri download del tuo indirizzo: riprova tra un momento.\n"
    "Noch mit den anderen Downloads deiner Adresse beschäftigt: versuche es gleich noch einmal.\n")
BODY_TOO_SLOW = (
    "408 Request Timeout",
    "The request's body came too slowly.\n"
    "Il contenuto della richiesta è arrivato troppo lentamente.\n"
    "Der Inhalt der Anfrage kam zu langsam an.\n")
_ready = monkey.get_original("select", "select")  # a real poll, never a wait


class Worker(GeventWorker):
    """gunicorn's gevent worker with deadlines for a request's headers and body, and
    limits per client address."""

    def init_process(self):
        raise_open_files_limit()
        collect_less_often()
        if not self.cfg.keepalive:
            # gunicorn reads the first request without any deadline when keep-alive
            # is off; keep it on so that timeout_ctx guards every request.
            self.cfg.set("keepalive", HEADER_TIMEOUT)
        self.body_timeout = setting("COMPANION_BODY_TIMEOUT", BODY_TIMEOUT, float)
        self.connections = PerAddress(setting("COMPANION_CONNECTIONS_PER_ADDRESS", CONNECTIONS_PER_ADDRESS, int))
        self.expensive = PerAddress(EXPENSIVE_PER_ADDRESS)
        atexit.register(close_logging)
        super().init_process()

    def load_wsgi(self):
        super().load_wsgi()
        gevent.spawn(warm_up)

    def timeout_ctx(self):
        # gunicorn wraps reading each request line and its headers in this; a
        # silent Timeout (False) ends that read as "no request", which closes the
        # connection.
        return Timeout(HEADER_TIMEOUT, False)

    def handle(self, listener, client, addr):
        with self.connections.place(address_of(addr)) as admitted:
            if admitted:
                super().handle(listener, client, addr)
            else:
                answer(client, *TOO_MANY_CONNECTIONS)
                client.close()

    def handle_request(self, listener_name, req, sock, addr):
        if req.method in SAFE_METHODS and more_sent(req, sock):
            req.must_close = True  # answer this one; the ones behind it are dropped
        arrived = take_body(req, sock, self.body_timeout)
        if arrived != "here":
            if arrived == "late":
                answer(sock, *BODY_TOO_SLOW)
            raise StopIteration  # closes the connection
        if EXPENSIVE.fullmatch(unquote(req.path or "")):
            return self.handle_expensive(listener_name, req, sock, addr)
        return super().handle_request(listener_name, req, sock, addr)

    def handle_expensive(self, listener_name, req, sock, addr):
        with self.expensive.place(address_of(addr)) as admitted:
            if not admitted:
                answer(sock, *TOO_MANY_EXPENSIVE, head=req.method == "HEAD", retry=2)
                raise StopIteration  # closes the connection
            gevent.idle()  # what is waiting already (moves, pages) goes first
            with Timeout(EXPENSIVE_SEND_TIMEOUT, False):
                return super().handle_request(listener_name, req, sock, addr)
            raise StopIteration  # the answer did not leave in time: cut it


class PerAddress:
    """How many of something each client address has going at once, up to ``limit``."""

    def __init__(self, limit: int):
        self.limit = limit
        self.counts: Counter = Counter()

    @contextmanager
    def place(self, address):
        """Yields whether ``address`` got a place (always, for an unknown address)."""
        if address is not None and self.counts[address] >= self.limit:
            yield False
            return
        self.counts[address] += 1
        try:
            yield True
        finally:
            self.counts[address] -= 1
            if not self.counts[address]:
                del self.counts[address]


def take_body(req, sock, seconds: float) -> str:
    """Read the request's body (up to ``BODY_BUFFER`` bytes) before the app sees the
    request, so that a slow one costs the app nothing. Says "here" (now in memory, or
    there is none), "late" (not all of it within ``seconds``) or "gone" (the client
    left)."""
    declared = getattr(req.body.reader, "length", None)  # None: chunked, length unknown
    if declared == 0:
        return "here"
    if (declared or 0) > BODY_BUFFER:
        req.must_close = True  # the app refuses it unread; reading it after would take long
        return "here"
    if req._expected_100_continue:  # gunicorn would say it once the app reads
        sock.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
        req._expected_100_continue = False
    data = None
    with Timeout(seconds, False):
        data = req.body.read(declared or BODY_BUFFER + 1)
    if data is None:
        return "late"
    if declared and len(data) < declared:
        return "gone"
    if len(data) > BODY_BUFFER:
        req.must_close = True  # the app refuses it; the rest of it is never read
    req.body = io.BytesIO(data)
    return "here"


def address_of(addr):
    """The client's IP address (None on a Unix socket)."""
    return addr[0] if isinstance(addr, tuple) and addr else None


def more_sent(req, sock) -> bool:
    """Whether the client has sent more after this request (which has no body): bytes
    read ahead by gunicorn, or waiting in the socket."""
    if req.unreader.buf.getbuffer().nbytes:
        return True
    try:
        return bool(_ready([sock], [], [], 0)[0])
    except (OSError, ValueError):
        return False


def answer(sock, status: str, text: str, head: bool = False, retry: int | None = None) -> None:
    """Write a short plain-text answer that says the connection closes."""
    body = text.encode()
    head_lines = [f"HTTP/1.1 {status}", "Content-Type: text/plain; charset=utf-8",
                  f"Content-Length: {len(body)}", "Connection: close"]
    if retry:
        head_lines.append(f"Retry-After: {retry}")
    data = ("\r\n".join(head_lines) + "\r\n\r\n").encode() + (b"" if head else body)
    try:
        with Timeout(1, False):  # a client whose buffers are full gets nothing
            sock.sendall(data)
        sock.shutdown(socket.SHUT_WR)
    except OSError:
        pass


def setting(name: str, default, kind):
    """A limit from the environment (``companion serve`` puts its options there), else
    ``default``; one that is not a positive number counts as unset."""
    try:
        value = kind(os.environ[name])
    except (KeyError, ValueError):
        return default
    return value if value > 0 else default


def raise_open_files_limit(wanted: int = OPEN_FILES) -> int:
    """Raise this process's soft limit of open files towards ``wanted`` (never above
    the hard limit, never lowering it); returns the soft limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    ceiling = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < ceiling:
        resource.setrlimit(resource.RLIMIT_NOFILE, (ceiling, hard))
        soft = ceiling
    return soft


def collect_less_often(young: int = YOUNG_OBJECTS) -> None:
    """Scan for garbage cycles after ``young`` new objects rather than 700 (the older
    generations' thresholds stay)."""
    _, middle, old = gc.get_threshold()
    gc.set_threshold(young, middle, old)


def warm_up() -> None:
    """Build the rules search's index while the worker waits for its first pages, so
    the first question asked is not the one that waits for it (seconds on a Pi)."""
    from .rules import search  # after gevent patched threading: its lock is gevent's

    search.index()


def close_logging() -> None:
    """Close the log handlers while gevent still works. Left to the end of the
    interpreter, a handler collected after gevent's modules are torn down would
    print a traceback on every stop (its lock was patched by gevent)."""
    logging.shutdown()
    logging._handlerList.clear()  # nothing left to close once the modules go
