"""A WebSocket handshake that is not one (no key, no version, a version other than
13, a host wsproto cannot read) is a 4xx from the real servers, never a 500: both
``companion serve`` (gunicorn, the gevent worker) and werkzeug's server of tests/live.
A good handshake still opens the socket."""

import socket

import pytest

from tests.live.clients import Table
from tests.test_cli import COMPANION, free_port, start, stop, wait_until_serving
from tests.web.conftest import fa_form

KEY = "dGhlIHNhbXBsZSBub25jZQ=="
UPGRADE = {"Connection": "Upgrade", "Upgrade": "websocket"}


@pytest.fixture(scope="module")
def gunicorn(tmp_path_factory):
    """``companion serve`` on a free port; the test module fails if it logged a traceback."""
    folder = tmp_path_factory.mktemp("handshake")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    process = start([str(COMPANION), "serve", "--host", "127.0.0.1", "--port", str(port),
                     "--db", str(folder / "c.sqlite3"), "--public-url", base + "/"], folder)
    wait_until_serving(process, port)
    yield base
    _, output = stop(process)
    assert "Traceback" not in output, output


@pytest.fixture(params=["gunicorn", "werkzeug"])
def served(request):
    """The base URL of a real server, and a table on it."""
    if request.param == "gunicorn":
        base = request.getfixturevalue("gunicorn")
    else:
        base = request.getfixturevalue("server").base
    return base, Table(base, fa_form()).id


def ask(base: str, lines: list[str], version: str = "HTTP/1.1") -> tuple[int, str]:
    """Send a raw request (exactly these header lines); the status and head of the answer."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as conn:
        conn.sendall("\r\n".join([lines[0] + " " + version, *lines[1:], "", ""]).encode("latin-1"))
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = conn.recv(4096)
            if not chunk:
                break
            head += chunk
    text = head.split(b"\r\n\r\n", 1)[0].decode("latin-1")
    return int(text.split(" ", 2)[1]), text


def handshake(table_id: str, host: str, **headers) -> list[str]:
    fields = {"Host": host, **UPGRADE, **headers}
    return [f"GET /t/{table_id}/ws"] + [f"{name}: {value}" for name, value in fields.items() if value is not None]


def host_of(base: str) -> str:
    return base.removeprefix("http://")


@pytest.mark.parametrize("headers, status", [
    ({}, 400),  # neither key nor version
    ({"Sec-WebSocket-Key": KEY}, 400),  # no version
    ({"Sec-WebSocket-Version": "13"}, 400),  # no key
    ({"Sec-WebSocket-Key": KEY, "Sec-WebSocket-Version": "99"}, 426),
    ({"Sec-WebSocket-Key": KEY, "Sec-WebSocket-Version": "8"}, 426),
    ({"Sec-WebSocket-Key": KEY, "Sec-WebSocket-Version": "13, 13"}, 426),
])
def test_a_broken_handshake_is_refused_with_a_4xx(served, headers, status):
    base, table_id = served
    answer, head = ask(base, handshake(table_id, host_of(base), **headers))
    assert answer == status, head
    if status == 426:  # the answer says which version this server speaks (RFC 6455, 4.4)
        assert "\r\nSec-WebSocket-Version: 13" in head


def test_a_broken_handshake_to_no_table_is_refused_with_a_400(served):
    base, _ = served
    assert ask(base, handshake("nosuchtable", host_of(base)))[0] == 400


def test_a_host_that_is_no_international_domain_name_is_a_400(served):
    base, table_id = served
    port = host_of(base).split(":")[1]
    lines = handshake(table_id, f"xn--zz:{port}", **{"Sec-WebSocket-Key": KEY, "Sec-WebSocket-Version": "13"})
    assert ask(base, lines)[0] == 400


def test_a_handshake_without_a_host_is_a_400(served):
    base, table_id = served
    lines = handshake(table_id, None, **{"Sec-WebSocket-Key": KEY, "Sec-WebSocket-Version": "13"})
    assert ask(base, lines, version="HTTP/1.0")[0] == 400


def test_a_good_handshake_still_opens_the_socket(served):
    base, table_id = served
    status, head = ask(base, handshake(table_id, host_of(base), **{"Sec-WebSocket-Key": KEY,
                                                                  "Sec-WebSocket-Version": "13"}))
    assert status == 101, head
    assert "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=" in head  # RFC 6455's own example
