"""The gunicorn worker (companion/worker.py). Its header deadline is exercised
against a real server in tests/test_crowd.py, its body deadline and limits per
address in tests/test_request_limits.py."""

import gc
import http.client
import resource
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from flask import url_for
from gevent import Timeout

from companion import worker
from companion.web import create_app
from tests.test_cli import free_port, start, stop, wait_until_serving
from tests.web.conftest import PUBLIC

RAISE_FROM_256 = """
import resource
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))
from companion.worker import raise_open_files_limit
print(raise_open_files_limit({wanted}), resource.getrlimit(resource.RLIMIT_NOFILE)[0], hard)
"""


def run_limit(wanted):
    out = subprocess.run([sys.executable, "-c", RAISE_FROM_256.format(wanted=wanted)],
                         capture_output=True, text=True, check=True).stdout
    return [int(n) for n in out.split()]


def test_open_files_limit_is_raised_up_to_the_hard_limit():
    reported, soft, hard = run_limit(1024)
    assert reported == soft == min(1024, hard)
    if hard != resource.RLIM_INFINITY:
        reported, soft, _ = run_limit(hard + 1)
        assert reported == soft == hard


def test_the_limit_is_never_lowered():
    reported, soft, _ = run_limit(100)
    assert reported == soft == 256


def test_reading_headers_has_the_deadline():
    ctx = worker.Worker.timeout_ctx(None)
    assert isinstance(ctx, Timeout) and ctx.seconds == worker.HEADER_TIMEOUT


@contextmanager
def served_probe(tmp_path, app_source: str):
    """A real gunicorn with this worker class serving the WSGI app ``app_source``
    (a module with ``app``); a function that GETs ``/`` from it."""
    (tmp_path / "probe.py").write_text(app_source)
    port = free_port()
    gunicorn = Path(sys.executable).parent / "gunicorn"
    process = start([str(gunicorn), "--worker-class", "companion.worker.Worker", "--bind",
                     f"127.0.0.1:{port}", "--chdir", str(tmp_path), "probe:app"], tmp_path)

    def get() -> bytes:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            connection.request("GET", "/")
            return connection.getresponse().read()
        finally:
            connection.close()

    try:
        wait_until_serving(process, port)
        yield get
    finally:
        stop(process)


def test_the_served_worker_scans_for_garbage_after_many_more_new_objects(tmp_path):
    """The probe answers with the collector's thresholds as the worker process has them."""
    with served_probe(tmp_path,
                      "import gc\n"
                      "def app(environ, start_response):\n"
                      "    start_response('200 OK', [('Content-Type', 'text/plain')])\n"
                      "    return [' '.join(map(str, gc.get_threshold())).encode()]\n") as get:
        young, middle, old = map(int, get().split())
    assert young == worker.YOUNG_OBJECTS > 700 * 10
    assert (middle, old) == gc.get_threshold()[1:]


def test_the_served_worker_builds_the_rules_search_before_the_first_question(tmp_path):
    """The probe only says whether the rules search's index is there; nobody asks it anything."""
    with served_probe(tmp_path,
                      "import sys\n"
                      "def app(environ, start_response):\n"
                      "    search = sys.modules.get('companion.rules.search')\n"
                      "    start_response('200 OK', [('Content-Type', 'text/plain')])\n"
                      "    return [b'built' if search and search._built else b'not yet']\n") as get:
        assert wait_for(lambda: get() == b"built", timeout=120)


# What `companion serve` does before gunicorn forks its worker, then what the worker does:
# gevent patches the standard library, the app makes a table's locks and a page's lock, and
# a greenlet waits for each while another holds it across a switch. The modules that make
# them are imported before the patch here, whatever the master imports.
SERVE_THEN_WAIT = """
import sys
from companion import cli, serving


def worker(server):
    print("imported by the master:", *sorted(m for m in sys.modules if m.startswith(APP)))
    from dataclasses import fields

    from companion.web.hub import Connection
    from companion.tables import Live
    from gevent import monkey
    monkey.patch_all()  # as gunicorn's gevent worker does first
    import gevent

    for cls in (Live, Connection):
        for lock in [f.default_factory() for f in fields(cls) if f.name.endswith("lock")]:
            def hold(lock=lock):
                with lock:
                    gevent.sleep(0.05)
            gevent.spawn(hold)
            gevent.sleep(0)  # it takes the lock, and waits with it
            # a real OS lock would stop the whole thread here, the holder with it
            print(cls.__name__, lock.acquire(timeout=5))


APP = ("companion.web", "companion.tables", "companion.web.hub")
serving.Server.run = worker
cli.main(["serve", "--host", "127.0.0.1", "--port", sys.argv[1], "--db", sys.argv[2]])
"""


def test_a_greenlet_waiting_for_a_lock_of_the_served_app_lets_the_one_that_holds_it_run(tmp_path):
    out = subprocess.run([sys.executable, "-c", SERVE_THEN_WAIT, str(free_port()), str(tmp_path / "c.sqlite3")],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    assert "imported by the master:\n" in out  # none of the app's modules
    waits = [line.split() for line in out.splitlines() if line.startswith(("Live ", "Connection "))]
    assert waits == [["Live", "True"], ["Live", "True"], ["Connection", "True"]]


# A WSGI app for a real gunicorn with the worker: its exports (and history pages) wait
# until /release is asked for; /waiting says how many wait.
PROBE = """
import threading  # gevent's: the worker patched it before loading this

release, waiting = threading.Event(), [0]


def app(environ, start_response):
    path = environ["PATH_INFO"]
    if path == "/release":
        release.set()
    if path == "/waiting":
        body = str(waiting[0]).encode()
    elif path.endswith("/export.json") or path.startswith("/history"):
        waiting[0] += 1
        release.wait()
        waiting[0] -= 1
        body = b"export"
    else:
        body = b"page"
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", str(len(body)))])
    return [body]
"""
PROMPT = 5.0  # seconds: tells "answered at once" from "waits"


@pytest.fixture
def probe(tmp_path):
    (tmp_path / "probe.py").write_text(PROBE)
    port = free_port()
    gunicorn = Path(sys.executable).parent / "gunicorn"
    process = start([str(gunicorn), "--worker-class", "companion.worker.Worker", "--bind",
                     f"127.0.0.1:{port}", "--chdir", str(tmp_path), "probe:app"], tmp_path)
    try:
        wait_until_serving(process, port)
        yield port
    finally:
        stop(process)


def ask(port: int, path: str, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.socket()
    sock.bind((source, 0))
    sock.settimeout(PROMPT)
    sock.connect(("127.0.0.1", port))
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: probe\r\n\r\n".encode())
    return sock


def answer(sock: socket.socket) -> tuple[bytes, bytes]:
    """The status line and body of the one answer on ``sock`` (closed after)."""
    with sock:
        data = b""
        while b"\r\n\r\n" not in data or len(data.split(b"\r\n\r\n", 1)[1]) < length(data):
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return head.split(b"\r\n", 1)[0], body


def length(data: bytes) -> int:
    for line in data.split(b"\r\n\r\n", 1)[0].split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            return int(line.split(b":")[1])
    return 0


def waiting(port: int) -> int:
    return int(answer(ask(port, "/waiting"))[1])


def wait_for(condition, timeout: float = PROMPT) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_an_address_has_at_most_two_expensive_answers_in_progress(probe):
    port, busy = probe, "127.0.0.11"
    first = [ask(port, f"/t/{n}/export.json", busy) for n in range(worker.EXPENSIVE_PER_ADDRESS)]
    try:
        assert wait_for(lambda: waiting(port) == worker.EXPENSIVE_PER_ADDRESS)
        started = time.monotonic()
        for path in ("/t/9/export.json", "/t/9/export%2Ejson", "/history"):
            status, body = answer(ask(port, path, busy))
            assert status == b"HTTP/1.1 429 Too Many Requests" and b"try again" in body
        assert time.monotonic() - started < PROMPT
        assert answer(ask(port, "/t/9", busy)) == (b"HTTP/1.1 200 OK", b"page")  # not expensive
        other = ask(port, "/t/9/export.json", "127.0.0.12")  # another address is not limited
        assert wait_for(lambda: waiting(port) == worker.EXPENSIVE_PER_ADDRESS + 1)
        answer(ask(port, "/release"))
        for sock in first + [other]:
            assert answer(sock) == (b"HTTP/1.1 200 OK", b"export")
    finally:
        for sock in first:
            sock.close()


def test_every_expensive_answer_of_the_app_is_known(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "c.sqlite3"), "PUBLIC_URL": PUBLIC, "TESTING": True})
    with app.test_request_context():
        expensive = [url_for("history.export_json", table_id="abc"), url_for("history.export_csv", table_id="abc"),
                     url_for("history.replay", table_id="abc"), url_for("history.games"),
                     url_for("history.stats"), url_for("history.players"), url_for("history.player", key="anna")]
        cheap = ["/", url_for("play.table_screen", table_id="abc"), url_for("play.phone", table_id="abc"),
                 url_for("play.act", table_id="abc")]
    assert app.config["MAX_CONTENT_LENGTH"] <= worker.BODY_BUFFER  # every body it takes is read first
    assert all(worker.EXPENSIVE.fullmatch(path) for path in expensive), expensive
    assert not any(worker.EXPENSIVE.fullmatch(path) for path in cheap), cheap
