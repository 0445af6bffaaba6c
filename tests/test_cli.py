"""The ``companion`` command and the gunicorn settings it runs with
(companion/cli.py, companion/serving.py). Servers started here listen on
loopback only."""

import http.client
import io
import os
import signal
import socket
import subprocess
import sys
import time
from importlib.metadata import version
from pathlib import Path

import pytest
import qrcode
import simple_websocket
from flask import Flask
from flask_sock import Sock
from gunicorn.workers.ggevent import GeventWorker

from companion import cli, serving
from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[1]
COMPANION = Path(sys.executable).parent / "companion"  # the installed console script
QR_BLOCKS = set("\xa0▀▄█")  # qrcode draws blank cells as no-break spaces
STARTUP_SECONDS = 30


# --- arguments ------------------------------------------------------------------

def parse(*argv):
    return cli.build_parser().parse_args(argv)


def test_serve_defaults():
    args = parse("serve")
    assert (args.host, args.port, args.connections) == ("0.0.0.0", 8000, serving.DEFAULT_CONNECTIONS)
    assert args.db is None and args.public_url is None


def test_serve_options():
    args = parse("serve", "--host", "127.0.0.1", "--port", "9000", "--db", "games.sqlite3",
                 "--public-url", "tablecompanion.local:9000", "--connections", "12")
    assert (args.host, args.port, args.db, args.connections) == ("127.0.0.1", 9000, "games.sqlite3", 12)
    assert args.public_url == "http://tablecompanion.local:9000/"


def test_the_old_threads_option_is_still_accepted():
    """Settings files written for the threaded worker keep starting the server."""
    args = parse("serve", "--threads", "48")
    assert args.connections == serving.DEFAULT_CONNECTIONS


@pytest.mark.parametrize(
    "argv, complaint",
    [
        (["serve", "--connections", "0"], "at least 1"),
        (["serve", "--port", "70000"], "not a port"),
        (["serve", "--port", "eighty"], "invalid port_number"),
        (["serve", "--public-url", "ftp://files/"], "http"),
        ([], "required"),
    ],
)
def test_bad_arguments_are_refused(capsys, argv, complaint):
    with pytest.raises(SystemExit) as exit_:
        cli.main(argv)
    assert exit_.value.code == 2
    assert complaint in capsys.readouterr().err


def test_version_matches_the_package(capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == f"companion {version('companion')}"


def test_serve_help_explains_every_option(capsys):
    with pytest.raises(SystemExit):
        cli.main(["serve", "--help"])
    text = capsys.readouterr().out
    for option in ("--host", "--port", "--db", "--public-url", "--connections"):
        assert option in text
    assert "QR code" in text and "default: 8000" in text


def test_environment_gets_db_and_public_url(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    environ = {}
    args = parse("serve", "--db", "night.sqlite3", "--public-url", "http://x:1")
    cli.configure_environment(args, environ)
    assert environ == {
        "COMPANION_DB": str(tmp_path / "night.sqlite3"),
        "COMPANION_PUBLIC_URL": "http://x:1/",
    }


def test_environment_is_left_alone_without_options():
    environ = {"COMPANION_DB": "/srv/games.sqlite3"}
    cli.configure_environment(parse("serve"), environ)
    assert environ == {"COMPANION_DB": "/srv/games.sqlite3"}


# --- gunicorn settings ----------------------------------------------------------

@pytest.fixture
def started(monkeypatch):
    """Run ``companion serve`` up to the point gunicorn would start; return its config."""
    for name in ("COMPANION_DB", "COMPANION_PUBLIC_URL"):
        monkeypatch.delenv(name, raising=False)
    configs = []
    monkeypatch.setattr(serving.Server, "run", lambda server: configs.append(server.cfg))
    return configs


def test_serve_runs_one_gevent_worker(started, tmp_path):
    cli.main(["serve", "--host", "127.0.0.1", "--port", "9123", "--connections", "500",
              "--db", str(tmp_path / "t.sqlite3")])
    [cfg] = started
    assert cfg.workers == 1
    assert cfg.worker_class_str == "companion.worker.Worker"
    assert issubclass(cfg.worker_class, GeventWorker)
    assert cfg.worker_connections == 500
    assert cfg.keepalive > 0  # gunicorn applies the worker's header deadline only with keep-alive on
    assert cfg.bind == ["127.0.0.1:9123"]
    assert cfg.wsgi_app == "companion.web:create_app()"
    assert cfg.preload_app is False
    assert os.environ["COMPANION_DB"] == str(tmp_path / "t.sqlite3")


def test_ipv6_binds_are_bracketed():
    assert serving.bind_address("::", 8000) == "[::]:8000"
    assert serving.bind_address("[::1]", 8000) == "[::1]:8000"
    assert serving.bind_address("0.0.0.0", 8000) == "0.0.0.0:8000"


# --- the start-up notice ----------------------------------------------------------

# print_qr draws light modules as blocks: char -> (top is dark, bottom is dark)
HALF_BLOCKS = {"█": (0, 0), "▄": (1, 0), "▀": (0, 1), "\xa0": (1, 1)}


def decode_qr(text):
    """The module matrix (True = dark) drawn in ``text``, its quiet zone trimmed."""
    lines = [line for line in text.splitlines() if len(line) > 20 and set(line) <= QR_BLOCKS]
    rows = []
    for line in lines:
        rows.append([HALF_BLOCKS[ch][0] == 1 for ch in line])
        rows.append([HALF_BLOCKS[ch][1] == 1 for ch in line])
    if all(rows[-1]):  # the half row filling an odd count is drawn as background
        rows.pop()
    while not any(rows[0]):
        rows.pop(0)
    while not any(rows[-1]):
        rows.pop()
    columns = [i for i in range(len(rows[0])) if any(row[i] for row in rows)]
    return [row[columns[0]:columns[-1] + 1] for row in rows]


def qr_symbol(url):
    qr = qrcode.QRCode(border=0)
    qr.add_data(url)
    return qr.get_matrix()


def test_qr_code_encodes_the_url():
    url = "http://192.168.1.23:8000/"
    out = io.StringIO()
    serving.print_qr(url, out)
    assert decode_qr(out.getvalue()) == qr_symbol(url)
    top = out.getvalue().splitlines()[0]
    assert top == "█" * len(top)  # a light quiet zone above the symbol


def test_notice_shows_url_qr_and_database():
    url = "http://192.168.1.23:8000/"
    out = io.StringIO()
    serving.show_address(url, "/var/lib/table-companion/companion.sqlite3", out)
    text = out.getvalue()
    assert f"    {url}\n" in text
    assert decode_qr(text) == qr_symbol(url)
    assert "/var/lib/table-companion/companion.sqlite3" in text
    assert "Warning" not in text


def test_notice_warns_when_phones_cannot_reach_the_address():
    out = io.StringIO()
    serving.show_address("http://127.0.0.1:8000/", "games.sqlite3", out)
    assert "works only on this machine" in out.getvalue()


def test_terminal_without_block_characters_gets_a_note():
    out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    serving.print_qr("http://192.168.1.23:8000/", out)
    out.seek(0)
    assert "type the address" in out.read()


class FakeArbiter:
    def __init__(self, sock):
        self.LISTENERS = [sock]


@pytest.mark.parametrize(
    "override, expected",
    [
        (None, "http://127.0.0.1:{port}/"),
        ("tablecompanion.local:8000", "http://tablecompanion.local:8000/"),
    ],
)
def test_announce_fixes_the_url_for_the_worker(monkeypatch, capsys, tmp_path, override, expected):
    monkeypatch.setenv("COMPANION_DB", str(tmp_path / "t.sqlite3"))
    if override:
        monkeypatch.setenv("COMPANION_PUBLIC_URL", override)
    else:
        monkeypatch.delenv("COMPANION_PUBLIC_URL", raising=False)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        serving.announce(FakeArbiter(sock))
        url = expected.format(port=sock.getsockname()[1])
    assert os.environ["COMPANION_PUBLIC_URL"] == url
    printed = capsys.readouterr().out
    assert url in printed and str(tmp_path / "t.sqlite3") in printed


# --- real servers -----------------------------------------------------------------

def child_env(tmp_path):
    """Environment for a server under test: this checkout's code, nothing written
    outside ``tmp_path``."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), XDG_DATA_HOME=str(tmp_path), PYTHONUNBUFFERED="1")
    env.pop("COMPANION_PUBLIC_URL", None)
    env.pop("COMPANION_DB", None)
    return env


def start(argv, tmp_path):
    return subprocess.Popen(argv, cwd=tmp_path, env=child_env(tmp_path),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def get_status(port, path="/"):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path)
        return connection.getresponse().status
    finally:
        connection.close()


def wait_until_serving(process, port):
    """The status of the first HTTP answer on ``port``."""
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"server exited early ({process.returncode}):\n{process.stdout.read()}")
        try:
            return get_status(port)
        except OSError:
            time.sleep(0.2)
    process.kill()
    pytest.fail(f"no HTTP answer within {STARTUP_SECONDS} s:\n{process.communicate()[0]}")


def stop(process):
    """SIGTERM, then the exit code and everything the server printed."""
    process.send_signal(signal.SIGTERM)
    try:
        output, _ = process.communicate(timeout=serving.GRACEFUL_TIMEOUT + 10)
    except subprocess.TimeoutExpired:
        process.kill()
        pytest.fail(f"server ignored SIGTERM:\n{process.communicate()[0]}")
    return process.returncode, output


def test_companion_serve_answers_http_and_stops_on_sigterm(tmp_path):
    port = free_port()
    public = f"http://tablecompanion.local:{port}/"
    process = start([str(COMPANION), "serve", "--host", "127.0.0.1", "--port", str(port),
                     "--db", str(tmp_path / "night.sqlite3"), "--public-url", public,
                     "--threads", "4"], tmp_path)
    try:
        status = wait_until_serving(process, port)
    finally:
        returncode, output = stop(process)
    assert status < 500, output
    assert returncode == 0, output
    assert f"    {public}\n" in output
    assert decode_qr(output) == qr_symbol(public)
    assert "Traceback" not in output


def echo_app():
    """A WebSocket echo app that tells which process answered."""
    app = Flask(__name__)
    sock = Sock(app)

    @app.get("/")
    def index():
        return "ok"

    @sock.route("/echo")
    def echo(ws):
        while True:
            ws.send(f"{os.getpid()}:{ws.receive()}")

    return app


WORKER_TIMEOUT = 3
SERVE_ECHO_APP = f"""
import sys
from companion import serving
settings = serving.gunicorn_settings(serving.bind_address("127.0.0.1", int(sys.argv[1])))
settings.update(wsgi_app="tests.test_cli:echo_app()", timeout={WORKER_TIMEOUT})
serving.Server(settings).run()
"""


def test_a_websocket_outlives_the_worker_timeout(tmp_path):
    """With the gevent worker, the timeout does not bound a request: a socket
    kept open well past it still talks to the same, living worker."""
    port = free_port()
    process = start([sys.executable, "-c", SERVE_ECHO_APP, str(port)], tmp_path)
    try:
        wait_until_serving(process, port)
        ws = simple_websocket.Client.connect(f"ws://127.0.0.1:{port}/echo")
        answers = []
        for n in range(2 * WORKER_TIMEOUT):  # one message a second
            ws.send(str(n))
            answers.append(ws.receive(timeout=5))
            time.sleep(1)
        ws.close()
    finally:
        returncode, output = stop(process)
    pids = {answer.split(":")[0] for answer in answers}
    sent = [str(n) for n in range(2 * WORKER_TIMEOUT)]
    assert [answer.split(":")[1] for answer in answers] == sent
    assert len(pids) == 1, output
    assert "WORKER TIMEOUT" not in output
    assert returncode == 0, output


def test_tables_lists_each_table_with_a_working_host_link(tmp_path, capsys):
    from companion.web import create_app
    from tests.web.conftest import fa_form

    db = tmp_path / "night.sqlite3"
    app = create_app({"DATABASE": str(db), "PUBLIC_URL": "http://192.0.2.7:8000/"})
    response = app.test_client().post("/new/fifth_avenue", data=fa_form(title="Friday"))
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    cli.main(["tables", "--db", str(db), "--public-url", "http://192.0.2.7:8000"])
    printed = capsys.readouterr().out
    assert "Friday (fifth_avenue, playing)" in printed
    link = next(line.strip() for line in printed.splitlines() if "/host/" in line)
    assert link.startswith(f"http://192.0.2.7:8000/t/{table_id}/host/")
    browser = app.test_client()  # a browser that never had the host cookie
    assert browser.get(f"/t/{table_id}/host").status_code == 403
    assert browser.get(link.removeprefix("http://192.0.2.7:8000")).status_code == 302
    assert browser.get(f"/t/{table_id}/host").status_code == 200


def test_tables_without_a_database_says_so(tmp_path, capsys):
    cli.main(["tables", "--db", str(tmp_path / "none.sqlite3")])
    assert "no tables yet" in capsys.readouterr().out
