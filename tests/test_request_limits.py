"""The worker's limits (companion/worker.py) against a real ``companion serve`` over
loopback: a body's deadline, connections per client address, pipelined requests.
Loopback addresses 127.0.0.2 and up are distinct client addresses on Linux.

Expensive answers at most two at once per address: a real gunicorn with the worker and
a probe app whose export waits until it is told to finish (tests/test_worker.py style)."""

import socket
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from companion import cli, worker
from tests.live.clients import Table
from tests.test_cli import COMPANION, free_port, start, stop, wait_until_serving
from tests.web.conftest import fa_form

BODY_TIMEOUT = 1.0  # seconds, given to the server with --body-timeout
PER_ADDRESS = 3  # connections, given with --connections-per-address
PROMPT = 10.0  # seconds: generous (the machine may be busy), this tells "answered" from "hangs"


@contextmanager
def limited_server(where: Path, body_timeout: float, per_address: int):
    """``companion serve`` on a free loopback port with these limits; (port, base URL).
    It must log no traceback."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    process = start([str(COMPANION), "serve", "--host", "127.0.0.1", "--port", str(port),
                     "--db", str(where / "limits.sqlite3"), "--public-url", base + "/",
                     "--body-timeout", str(body_timeout), "--connections-per-address", str(per_address)],
                    where)
    try:
        wait_until_serving(process, port)
        yield port, base
    finally:
        returncode, output = stop(process)
    assert "Traceback" not in output, output


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    with limited_server(tmp_path_factory.mktemp("limits"), BODY_TIMEOUT, PER_ADDRESS) as server:
        yield server


def connect(port: int, source: str = "127.0.0.1", timeout: float = PROMPT) -> socket.socket:
    sock = socket.socket()
    sock.bind((source, 0))
    sock.settimeout(timeout)
    sock.connect(("127.0.0.1", port))
    return sock


def until_closed(sock: socket.socket) -> tuple[bytes, bool]:
    """Everything the server sends until it closes; and whether it did close (rather
    than fall silent for the socket's timeout)."""
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except TimeoutError:
        return data, False
    except ConnectionResetError:
        pass
    return data, True


def request(path: str, host: str = "127.0.0.1") -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()


def get(port: int, path: str = "/", source: str = "127.0.0.1") -> bytes:
    """The status line of a GET on a connection of its own, closed after."""
    with connect(port, source) as sock:
        sock.sendall(request(path))
        return sock.recv(65536).split(b"\r\n", 1)[0]


SLOW_BODY = (b"POST /language HTTP/1.1\r\nHost: 127.0.0.1\r\n"
             b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 60000\r\n\r\nlang=")


def test_a_body_slower_than_its_deadline_is_cut_with_a_408(served):
    port, _ = served
    source = "127.0.0.5"
    slow = [connect(port, source) for _ in range(PER_ADDRESS)]  # every place of the address
    started = time.monotonic()
    for sock in slow:
        sock.sendall(SLOW_BODY)
    answers = []
    for sock in slow:
        while True:  # one more byte of the body now and then, until the server answers
            sock.settimeout(0.2)
            try:
                data = sock.recv(65536)
                break
            except TimeoutError:
                sock.send(b"x")
            assert time.monotonic() - started < BODY_TIMEOUT + PROMPT, "no answer"
        sock.settimeout(PROMPT)
        rest, closed = until_closed(sock)
        answers.append((data + rest).split(b"\r\n", 1)[0])
        assert closed
        sock.close()
    assert answers == [b"HTTP/1.1 408 Request Timeout"] * PER_ADDRESS
    # The server let go of them: the address has its places again.
    held = [connect(port, source) for _ in range(PER_ADDRESS)]
    try:
        for sock in held:
            sock.sendall(request("/"))
            assert sock.recv(65536).startswith(b"HTTP/1.1 200 ")
    finally:
        for sock in held:
            sock.close()


def test_a_body_that_comes_in_time_is_taken(served):
    port, _ = served
    body = b"lang=de"
    with connect(port, "127.0.0.10") as sock:
        sock.sendall(SLOW_BODY.replace(b"60000", str(len(body)).encode()).removesuffix(b"lang="))
        sock.sendall(body[:3])
        time.sleep(BODY_TIMEOUT / 4)  # a pause well within the deadline
        sock.sendall(body[3:])
        status = sock.recv(65536).split(b"\r\n", 1)[0]
    assert status in (b"HTTP/1.1 302 FOUND", b"HTTP/1.1 303 SEE OTHER", b"HTTP/1.1 200 OK"), status


@pytest.mark.parametrize("size, status", [(7, b"HTTP/1.1 302 FOUND"), (70_000, b"HTTP/1.1 413 REQUEST ENTITY TOO LARGE")])
def test_a_chunked_body_is_taken_up_to_the_limit(served, size, status):
    port, _ = served
    body = b"lang=de" + b"&x=" + b"y" * (size - 10) if size > 7 else b"lang=de"
    head = SLOW_BODY.replace(b"Content-Length: 60000", b"Transfer-Encoding: chunked").removesuffix(b"lang=")
    with connect(port, "127.0.0.10") as sock:
        sock.sendall(head + b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body))
        data, closed = until_closed(sock) if size > 7 else (sock.recv(65536), True)
    assert data.split(b"\r\n", 1)[0].upper() == status and closed


def test_one_address_holds_at_most_its_connections_and_others_are_served(served):
    port, _ = served
    source = "127.0.0.6"
    held = [connect(port, source) for _ in range(PER_ADDRESS)]
    try:
        for sock in held:  # each is served (and so counted) before the next one comes
            sock.sendall(request("/"))
            assert sock.recv(65536).startswith(b"HTTP/1.1 200 ")
        started = time.monotonic()
        with connect(port, source) as extra:
            try:
                extra.sendall(request("/"))
            except (BrokenPipeError, ConnectionResetError):
                pass
            data, closed = until_closed(extra)
        assert closed and time.monotonic() - started < PROMPT
        assert data == b"" or data.startswith(b"HTTP/1.1 503 "), data[:100]
        assert get(port, "/", "127.0.0.7") == b"HTTP/1.1 200 OK"
        held.pop().close()
        assert wait_for(lambda: get(port, "/", source) == b"HTTP/1.1 200 OK")
    finally:
        for sock in held:
            sock.close()


def wait_for(condition, timeout: float = PROMPT) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if condition():
                return True
        except OSError:
            pass
        time.sleep(0.05)
    return False


@pytest.mark.parametrize("path", ["/", "/t/{id}/export.csv"])
def test_pipelined_requests_get_one_answer_and_the_connection_closes(served, path):
    port, base = served
    table = Table(base, fa_form())
    with connect(port, "127.0.0.8", timeout=worker.HEADER_TIMEOUT + PROMPT) as sock:
        sock.sendall(request(path.format(id=table.id)) * 10)
        data, closed = until_closed(sock)
    assert closed
    assert data.count(b"HTTP/1.1 ") == 1 and data.startswith(b"HTTP/1.1 200 OK")
    assert b"\r\nConnection: close\r\n" in data


def test_serve_passes_its_limits_to_the_worker():
    environ = {}
    cli.configure_environment(cli.build_parser().parse_args(
        ["serve", "--body-timeout", "2.5", "--connections-per-address", "40"]), environ)
    assert environ == {"COMPANION_BODY_TIMEOUT": "2.5", "COMPANION_CONNECTIONS_PER_ADDRESS": "40"}


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "soon"])
def test_serve_refuses_a_body_timeout_that_is_no_time(value, capsys):
    with pytest.raises(SystemExit):
        cli.build_parser().parse_args(["serve", "--body-timeout", value])
    assert "--body-timeout" in capsys.readouterr().err


def test_serve_help_explains_the_limits(capsys):
    with pytest.raises(SystemExit):
        cli.main(["serve", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--connections-per-address N" in text and "--body-timeout SECONDS" in text
    assert f"default: {worker.CONNECTIONS_PER_ADDRESS}" in text and "408" in text


def test_a_body_over_the_limit_is_refused_unread_and_its_connection_closed(served):
    port, _ = served
    with connect(port, "127.0.0.10", timeout=worker.HEADER_TIMEOUT / 2) as sock:
        sock.sendall(SLOW_BODY.replace(b"60000", str(worker.BODY_BUFFER + 1).encode()))
        data, closed = until_closed(sock)  # without sending the body; not after the next deadline
    assert data.upper().startswith(b"HTTP/1.1 413 ") and closed
