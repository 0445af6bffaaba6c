"""A page that never reads its socket must not freeze its table: every move still answers
at once, every other page still gets every move, and the page that does not keep up is
dropped (its browser reconnects and gets the whole picture).

The stalled page is a raw WebSocket client with a shrunk receive buffer that never reads.
So that its buffers fill after a few moves rather than a few thousand, the server's end of
its socket gets a small send buffer too (the test reaches into the server for that only).
The table is played well past that point: a toy game, then undone and played again."""

import random
import socket
import time

import pytest

from companion.web import hub as hub_module

from .clients import Browser

MOVES = 80  # far more than the stalled page's buffers hold
ANSWER = 5.0  # seconds: a move that takes longer is waiting for something


def stalled_page(base: str, table_id: str) -> socket.socket:
    host, port = base.removeprefix("http://").split(":")
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)  # before connecting, so it sticks
    sock.connect((host, int(port)))
    sock.sendall(f"GET /t/{table_id}/ws HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                 "Connection: Upgrade\r\nSec-WebSocket-Key: c3RhbGxlZCBwYWdlIGtleQ==\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    return sock


def server_end(app, table_id: str, client: socket.socket, timeout: float = 5.0):
    """The hub's connection for the page whose client socket is ``client``."""
    port = client.getsockname()[1]
    hub = app.extensions["companion"]["hub"]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for conn in hub.connections(table_id):
            if conn.ws.sock.getpeername()[1] == port:
                return conn
        time.sleep(0.02)
    raise AssertionError("the stalled page never joined")


def play_on(server, table, moves: int, pages, rng) -> list[float]:
    """Play ``moves`` moves (undoing the game and playing it again whenever it ends); each
    move must answer promptly and reach every page. Returns the answers' times."""
    answered, played = [], 0
    while played < moves:
        engine, state = table.game.engine, table.game.state
        if engine.is_over(state):
            undo_all(table)
            continue
        seat, action = table.game.choose(rng)
        seen = [len(page.messages) for page in pages]
        start = time.monotonic()
        reply = table.post(seat, action)  # raises after 10 s without an answer
        answered.append(time.monotonic() - start)
        assert reply.status == 200, (reply.status, reply.body[:300])
        table.game.commit(seat, action)
        played += 1
        for page, after in zip(pages, seen):
            page.wait_seq(table.game.seq, ANSWER, after)
    return answered


def undo_all(table) -> None:
    """The host takes every move of the game back (the table starts again)."""
    while table.game.seq:
        count = min(table.game.seq, 20)
        reply = table.host.post(f"/t/{table.id}/host/undo",
                                {"count": count, "confirm": "yes", "seq": table.game.seq})
        assert reply.status == 302, reply.body[:300]
        del table.game.states[-count:]
        del table.game.actions[-count:]


@pytest.fixture
def quick_drop(monkeypatch):
    """A page is dropped once a send has waited a second (not ten)."""
    monkeypatch.setattr(hub_module, "SEND_TIMEOUT", 1.0)
    monkeypatch.setattr(hub_module, "WATCH_EVERY", 0.1)


def test_a_page_that_never_reads_freezes_nothing_and_is_dropped(server, quick_drop):
    table = server.table()
    pages = [server.listen(table.host, table)]
    pages += [server.listen(phone, table, phone=True) for phone in table.phones.values()]
    for page in pages:
        page.wait_seq(0)
    stalled = stalled_page(server.base, table.id)
    try:
        conn = server_end(server.app, table.id, stalled)
        conn.ws.sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        answered = play_on(server, table, MOVES, pages, random.Random(5))
        assert len(answered) == MOVES and max(answered) < ANSWER
        hub = server.app.extensions["companion"]["hub"]
        assert conn not in hub.connections(table.id) and conn.closed
        assert len(hub.connections(table.id)) == len(pages)
        for page in pages:  # each got every move (play_on waited for it), and shows it whole
            assert page.messages[-1].seq == table.game.seq and "hx-preserve" not in page.messages[-1].text
    finally:
        stalled.close()


def test_a_dropped_page_that_comes_back_gets_the_whole_picture(server, quick_drop):
    table = server.table()
    screen = server.listen(table.host, table)
    screen.wait_seq(0)
    stalled = stalled_page(server.base, table.id)
    try:
        conn = server_end(server.app, table.id, stalled)
        conn.ws.sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        play_on(server, table, 30, [screen], random.Random(6))
        hub = server.app.extensions["companion"]["hub"]
        deadline = time.monotonic() + 5
        while conn in hub.connections(table.id) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert conn.closed
    finally:
        stalled.close()
    again = server.listen(Browser(server.base), table)  # the browser reconnects
    first = again.wait(lambda m: m.seq is not None)
    assert first.seq == table.game.seq  # its whole picture, a table screen's
    assert all(f'id="part-{part}"' in first.raw for part in ("moment", "players", "board", "log"))
