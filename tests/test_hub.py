"""The hub on its own, with stand-in sockets that record what they are sent."""

import threading

from companion.hub import AWAY_AFTER, Connection, Hub


class FakeSocket:
    def __init__(self, fail=False):
        self.sent, self.fail, self.closed = [], fail, False

    def send(self, text):
        if self.fail:
            raise ConnectionError("gone")
        self.sent.append(text)

    def close(self, reason=None, message=None):
        self.closed = True


class Clock:
    now = 1000.0

    def __call__(self):
        return self.now


def test_each_connection_gets_its_own_view_rendered_once_per_viewer():
    hub, renders = Hub(), []
    a1, a2, b, t = FakeSocket(), FakeSocket(), FakeSocket(), FakeSocket()
    for ws, viewer, page in ((a1, "a", "phone"), (a2, "a", "phone"), (b, "b", "phone"), (t, None, "table")):
        hub.join(Connection(ws, "t1", viewer, page))
    hub.join(Connection(FakeSocket(), "other-table", "a", "phone"))

    def render(key):
        renders.append(key)
        return f"view of {key[0]}"

    assert hub.push("t1", render) == 4
    assert a1.sent == a2.sent == ["view of a"] and b.sent == ["view of b"] and t.sent == ["view of None"]
    assert sorted(renders, key=str) == sorted([("a", "phone"), ("b", "phone"), (None, "table")], key=str)


def test_a_page_never_gets_an_older_picture_after_a_newer_one():
    """Two pushes overlap: the first reads the table, then the table changes and the
    change's own push is sent before the first one finishes. The page keeps the newer."""
    hub, ws, table = Hub(), FakeSocket(), {"picture": "move 11"}
    hub.join(Connection(ws, "t1", "a", "phone"))
    rendered, resume = threading.Event(), threading.Event()

    def slow_render(key):
        picture = table["picture"]
        rendered.set()
        assert resume.wait(5)
        return picture

    first = threading.Thread(target=hub.push, args=("t1", slow_render))
    first.start()
    assert rendered.wait(5)
    table["picture"] = "move 12"
    hub.push("t1", lambda key: table["picture"])
    resume.set()
    first.join(5)
    assert ws.sent == ["move 12"]


def test_a_connection_no_longer_valid_is_closed_and_dropped():
    hub = Hub()
    old = FakeSocket()
    hub.join(Connection(old, "t1", "a", "phone", secret="old"))
    assert hub.push("t1", lambda key: "x", still_valid=lambda c: c.secret == "new") == 0
    assert old.closed and old.sent == []
    assert hub.connections("t1") == []


def test_a_dead_socket_is_dropped_without_disturbing_others():
    hub = Hub()
    good = FakeSocket()
    hub.join(Connection(FakeSocket(fail=True), "t1", "a", "phone"))
    hub.join(Connection(good, "t1", "b", "phone"))
    assert hub.push("t1", lambda key: "x") == 1
    assert good.sent == ["x"] and len(hub.connections("t1")) == 1


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


def test_push_can_be_limited_to_some_connections():
    hub = Hub()
    phone, screen = FakeSocket(), FakeSocket()
    hub.join(Connection(phone, "t1", "a", "phone"))
    hub.join(Connection(screen, "t1", None, "table"))
    assert hub.push("t1", lambda key: "x", only=lambda c: c.page == "table") == 1
    assert screen.sent == ["x"] and phone.sent == []
