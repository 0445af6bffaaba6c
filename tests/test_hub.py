"""The hub on its own, with stand-in sockets that record what they are sent."""

import socket
import threading
import time

import pytest

from companion.web import hub as hub_module
from companion.web.hub import AWAY_AFTER, Connection, Hub


class FakeSocket:
    """A socket whose sends can fail, or hang until ``release`` (a page that stopped reading)."""

    def __init__(self, fail=False, hang=False):
        self.sent, self.fail, self.closed = [], fail, False
        self.release = threading.Event()
        if not hang:
            self.release.set()
        self.sock = self  # what the hub shuts to end a stuck send
        self.shut = threading.Event()
        self.changed = threading.Condition()

    def send(self, text):
        while not self.release.wait(0.01):
            if self.shut.is_set():
                raise BrokenPipeError("shut")
        if self.fail or self.shut.is_set():
            raise ConnectionError("gone")
        with self.changed:
            self.sent.append(text)
            self.changed.notify_all()

    def close(self, reason=None, message=None):
        self.closed = True

    def shutdown(self, how):
        assert how == socket.SHUT_RDWR
        self.shut.set()

    def wait_for(self, count, timeout=5.0):
        deadline = time.monotonic() + timeout
        with self.changed:
            while len(self.sent) < count and time.monotonic() < deadline:
                self.changed.wait(0.05)
        return self.sent


def wait_until(condition, timeout=5.0):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


class Clock:
    now = 1000.0

    def __call__(self):
        return self.now


def test_a_dead_socket_is_dropped_without_disturbing_others():
    hub = Hub()
    good, dead = FakeSocket(), FakeSocket(fail=True)
    conns = [Connection(dead, "t1", "a", "phone"), Connection(good, "t1", "b", "phone")]
    for conn in conns:
        hub.join(conn)
    assert all(hub.deliver(conn, "x") for conn in conns)  # both queued; the dead one fails on the way
    assert good.wait_for(1) == ["x"]
    assert wait_until(lambda: dead.shut.is_set())
    assert [hub.deliver(conn, "y") for conn in conns] == [False, True]
    assert good.wait_for(2) == ["x", "y"] and hub.connections("t1") == [conns[1]]


def test_queueing_never_waits_for_a_page_that_does_not_read():
    """The page's send hangs; whoever queues for it and for the others goes on at once,
    and the others get everything."""
    hub = Hub()
    stuck, good = FakeSocket(hang=True), FakeSocket()
    conns = [Connection(stuck, "t1", "a", "phone"), Connection(good, "t1", "b", "phone")]
    for conn in conns:
        hub.join(conn)
    for n in range(10):  # were queueing to wait for the stuck page, this would never end
        for conn in conns:
            hub.deliver(conn, f"move {n}")
    assert good.wait_for(10) == [f"move {n}" for n in range(10)]
    assert stuck.sent == []
    stuck.release.set()
    assert stuck.wait_for(10) == [f"move {n}" for n in range(10)]  # it caught up, in order


def test_a_page_whose_send_is_stuck_is_dropped(monkeypatch):
    monkeypatch.setattr(hub_module, "SEND_TIMEOUT", 0.2)
    monkeypatch.setattr(hub_module, "WATCH_EVERY", 0.05)
    hub = Hub()
    stuck, good = FakeSocket(hang=True), FakeSocket()
    conns = [Connection(stuck, "t1", "a", "phone"), Connection(good, "t1", "b", "phone")]
    for conn in conns:
        hub.join(conn)
        hub.deliver(conn, "x")
    assert wait_until(lambda: stuck.shut.is_set())  # its stuck send ends with the socket
    assert [c.ws for c in hub.connections("t1")] == [good]
    assert hub.presence("t1", ["a"]) == {"a": "here"}  # away only after the grace period
    hub.deliver(conns[1], "y")
    assert good.wait_for(2) == ["x", "y"] and stuck.sent == []


def test_a_page_too_far_behind_is_dropped(monkeypatch):
    monkeypatch.setattr(hub_module, "BACKLOG", 3)
    hub = Hub()
    stuck = FakeSocket(hang=True)
    conn = Connection(stuck, "t1", "a", "phone")
    hub.join(conn)
    results = [hub.deliver(conn, str(n)) for n in range(6)]
    assert results[:4] == [True] * 4  # one on its way, three waiting
    assert results[4] is False and stuck.shut.is_set()
    assert hub.connections("t1") == [] and conn.closed


def test_a_handed_over_seat_is_closed_after_what_was_queued_before():
    hub = Hub()
    ws = FakeSocket()
    conn = Connection(ws, "t1", "a", "phone")
    hub.join(conn)
    hub.deliver(conn, "last view")
    conn.close()
    assert wait_until(lambda: ws.closed) and ws.sent == ["last view"]
    assert hub.deliver(conn, "later") is False


def test_presence_keeps_a_sleeping_phone_here_for_a_grace_period():
    clock = Clock()
    hub = Hub(clock=clock)
    conn = Connection(FakeSocket(), "t1", "a", "phone")
    hub.join(conn)
    assert hub.presence("t1", ["a", "b"]) == {"a": "here", "b": "never"}
    hub.leave(conn)
    clock.now += AWAY_AFTER - 1
    assert hub.presence("t1", ["a"]) == {"a": "here"}
    clock.now += 2
    assert hub.presence("t1", ["a"]) == {"a": "away"}


def test_many_pages_each_get_every_message_in_order():
    count = hub_module.BACKLOG
    hub = Hub()
    sockets = [FakeSocket() for _ in range(20)]
    conns = [Connection(ws, "t1", f"s{i}", "phone") for i, ws in enumerate(sockets)]
    for conn in conns:
        hub.join(conn)
    for n in range(count):
        for conn in conns:
            assert hub.deliver(conn, n) or pytest.fail("dropped")
    for ws in sockets:
        assert ws.wait_for(count) == list(range(count))
