"""Real clients for a running server: browsers with their own cookies over plain HTTP,
WebSocket listeners that collect every message in a thread of their own, and a local
replica of a table's game that chooses legal actions (used by tests/live and bench/live.py).
Tables of any game with a screen adapter: Fifth Avenue, or the toy game of the tests.

A push carries only the parts of a page that changed, each put in place of the part with
its id, the others left as the browser shows them. A listener does the same, so each
message's ``text`` is the page's main region as the browser shows it after that message
(``raw`` is what came over the wire).
"""

import http.client
import random
import re
import threading
import time
from dataclasses import dataclass, field
from importlib import import_module
from types import ModuleType
from urllib.parse import urlencode, urlsplit

from simple_websocket import Client, ConnectionClosed
from werkzeug.datastructures import MultiDict

from companion import engines
from companion.engines import TABLE
from companion.web.games import form_fields
from tests import toygame

GAMES = {"toy": (toygame, "tests.toygame.screen")}  # test games: engine, adapter


def engine_and_ui(game: str) -> tuple[ModuleType, ModuleType]:
    """The engine and screen adapter of a game, as the server has them."""
    if game in GAMES:
        engine, ui = GAMES[game]
        return engine, import_module(ui)
    return engines.get(game), import_module(f"companion.web.games.{game}")

SEQ = re.compile(r'data-seq="(\d+)"')
OOB = re.compile(r' hx-swap-oob="(?:morph|outerHTML)"')  # morphed, or (a phone's board parts) swapped whole


def seq_of(html: str) -> int | None:
    """The move number a page or message shows, or None (a message without the move)."""
    found = SEQ.search(html)
    return int(found[1]) if found else None


def part_of(html: str, element_id: str, tag: str = "div") -> str | None:
    """The element ``<tag id="element_id" …>…</tag>`` of ``html``, whole."""
    start = html.find(f'<{tag} id="{element_id}"')
    if start < 0:
        return None
    depth = 0
    for found in re.finditer(rf"<{tag}\b|</{tag}>", html[start:]):
        depth += -1 if found[0] == f"</{tag}>" else 1
        if depth == 0:
            return html[start:start + found.end()]
    return None


def pushed_parts(message: str) -> list[tuple[str, str]]:
    """The parts a push carries, in order: (id, element without its out-of-band mark)."""
    parts, rest = [], message
    while rest:
        found = re.match(r'<div id="([\w-]+)"', rest)
        assert found, rest[:200]
        element = part_of(rest, found[1])
        parts.append((found[1], OOB.sub("", element, count=1)))
        rest = rest[len(element):]
    return parts


def filled(message: str, shown: str | None) -> str:
    """What a page shows after ``message``: ``shown`` (None: an empty page) with each part
    the message carries put in place of the part with its id (as htmx swaps each one)."""
    text = shown or ""
    for part, element in pushed_parts(message):
        old = part_of(text, part)
        text = text.replace(old, element, 1) if old else text + element
    return text


@dataclass
class Reply:
    status: int
    headers: dict
    body: str


class Browser:
    """One device (a phone, the host's laptop): its own cookie jar, one request at a time."""

    def __init__(self, base: str):
        parts = urlsplit(base)
        self.host, self.port = parts.hostname, parts.port
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, form=None, htmx: bool = False, timeout: float = 10) -> Reply:
        headers = {"Cookie": self.cookie_header()} if self.cookies else {}
        body = None
        if form is not None:
            body = urlencode(form, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if htmx:
            headers["HX-Request"] = "true"
        conn = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            for line in response.headers.get_all("Set-Cookie") or ():
                name, _, value = line.split(";", 1)[0].partition("=")
                self.cookies[name.strip()] = value.strip()
            return Reply(response.status, dict(response.headers), response.read().decode())
        finally:
            conn.close()

    def get(self, path: str, **kw) -> Reply:
        return self.request("GET", path, **kw)

    def post(self, path: str, form, **kw) -> Reply:
        return self.request("POST", path, form, **kw)

    def cookie_header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())

    def listen(self, table_id: str, phone: bool = False, timeout: float = 10.0) -> "Listener":
        """Open this device's live socket for a table (as its phone page, or its table screen)."""
        url = f"ws://{self.host}:{self.port}/t/{table_id}/ws" + ("?page=phone" if phone else "")
        return Listener(url, self.cookie_header(), timeout)


class _Client(Client):
    """simple_websocket's client without a race: its handshake takes only the server's answer
    out of the first packet, so frames that came in the same packet (the first view, or the
    close of a refused socket) waited for the next packet, or were lost when none came."""

    def _thread(self):
        self.connected = self._handle_events()  # what arrived with the handshake answer
        super()._thread()


def _connect(url: str, headers, timeout: float) -> Client:
    """``Client.connect`` that gives up after ``timeout`` seconds (its handshake has no
    timeout of its own, and a server with no thread free never answers)."""
    outcome = []

    def attempt():
        try:
            outcome.append(_Client.connect(url, headers=headers))
        except Exception as error:  # handed to the caller below
            outcome.append(error)

    thread = threading.Thread(target=attempt, daemon=True)
    thread.start()
    thread.join(timeout)
    if not outcome:
        raise TimeoutError(f"no WebSocket handshake from {url} within {timeout} s")
    if isinstance(outcome[0], Exception):
        raise outcome[0]
    return outcome[0]


@dataclass
class Message:
    text: str  # the page as shown after this message
    at: float  # time.perf_counter() when it arrived
    seq: int | None  # the move the page shows after it
    raw: str = ""  # the message as sent
    size: int = 0  # its bytes on the wire (UTF-8)


class Listener:
    """A WebSocket client; a thread of its own reads and keeps every message with its arrival time."""

    def __init__(self, url: str, cookie: str = "", timeout: float = 10.0):
        self.ws = _connect(url, {"Cookie": cookie} if cookie else None, timeout)
        self.messages: list[Message] = []
        self.closed = False
        self.close_reason = None
        self._changed = threading.Condition()
        self._stop = False
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            while not self._stop:
                raw = self.ws.receive(timeout=0.5)
                if raw is not None:
                    at = time.perf_counter()
                    with self._changed:
                        shown = self.messages[-1].text if self.messages else None
                        text = filled(raw, shown)
                        self.messages.append(Message(text, at, seq_of(text), raw, len(raw.encode())))
                        self._changed.notify_all()
        except ConnectionClosed as closed:
            self.close_reason = closed.reason
        with self._changed:
            self.closed = True
            self._changed.notify_all()

    def wait(self, predicate, timeout: float = 5.0, after: int = 0) -> Message:
        """The first message (old or new, from number ``after`` on) for which
        ``predicate(message)`` holds."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                found = next((m for m in self.messages[after:] if predicate(m)), None)
                if found:
                    return found
                left = deadline - time.monotonic()
                if self.closed or left <= 0:
                    raise TimeoutError(f"no such message (closed={self.closed}, "
                                       f"seqs={[m.seq for m in self.messages]})")
                self._changed.wait(left)

    def wait_seq(self, seq: int, timeout: float = 5.0, after: int = 0) -> Message:
        return self.wait(lambda m: m.seq == seq, timeout, after)

    def wait_closed(self, timeout: float = 5.0) -> bool:
        deadline = time.monotonic() + timeout
        with self._changed:
            while not self.closed and time.monotonic() < deadline:
                self._changed.wait(deadline - time.monotonic())
            return self.closed

    def close(self) -> None:
        self._stop = True
        try:
            self.ws.close()
        except ConnectionClosed:
            pass
        self._thread.join(2)


@dataclass
class Game:
    """A local replica of a table: the same set-up and actions as the server, so it
    knows every state the server went through and can choose legal actions."""

    engine: ModuleType
    ui: ModuleType
    config: dict
    states: list[dict] = field(default_factory=list)  # states[n]: after n moves
    actions: list[tuple] = field(default_factory=list)  # actions[n - 1]: (seat, action) of move n

    @classmethod
    def from_form(cls, game: str, form: dict) -> "Game":
        engine, ui = engine_and_ui(game)
        config, _title, _profile = ui.config_from_form(MultiDict(form))
        return cls(engine, ui, config, [engine.setup(config)])

    @property
    def seq(self) -> int:
        return len(self.states) - 1

    @property
    def state(self) -> dict:
        return self.states[-1]

    def choose(self, rng: random.Random) -> tuple[str, dict]:
        """A seat due to act and a random legal action of it."""
        seat = rng.choice(sorted(self.engine.to_act(self.state)))
        return seat, import_module(f"{self.engine.__name__}.playout").random_action(self.state, seat, rng)

    def commit(self, seat: str, action: dict) -> None:
        self.states.append(self.engine.apply(self.state, seat, action))
        self.actions.append((seat, action))


class Table:
    """A table of ``game`` created over HTTP by a host browser, with a phone browser per seat."""

    def __init__(self, base: str, form: dict, game: str = "fifth_avenue"):
        self.base = base
        self.host = Browser(base)
        reply = self.host.post(f"/new/{game}", form)
        assert reply.status == 302, (reply.status, reply.body[:2000])
        self.id = reply.headers["Location"].rstrip("/").rsplit("/", 1)[1]
        screen = self.host.get(f"/t/{self.id}")
        self.join_path = re.search(r'class="join-url" href="[^"]*?(/j/[^"]+)"', screen.body)[1]
        self.game = Game.from_form(game, form)
        self.phones: dict[str, Browser] = {}

    def join(self, seat: str) -> Browser:
        phone = Browser(self.base)
        reply = phone.post(self.join_path, {"seat": seat})
        assert reply.status == 302, (reply.status, reply.body[:2000])
        self.phones[seat] = phone
        return phone

    def post(self, seat: str, action: dict, seen: int | None = None) -> Reply:
        """Post ``action`` as ``seat`` (the host posts the table's inputs), htmx-style."""
        form = {"seq": self.game.seq if seen is None else seen, **form_fields(self.game.ui, action)}
        if seat == TABLE:
            return self.host.post(f"/t/{self.id}/table-act", form, htmx=True)
        return self.phones[seat].post(f"/t/{self.id}/act", form, htmx=True)

    def play(self, seat: str, action: dict) -> Reply:
        """Post an action the replica chose and, once the server took it, commit it locally."""
        reply = self.post(seat, action)
        assert reply.status == 200, (seat, action, reply.status, reply.body[:2000])
        self.game.commit(seat, action)
        assert reply.body == "", reply.body[:2000]  # the move comes with the push
        return reply
