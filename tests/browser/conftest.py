"""A real server (gunicorn through ``companion serve``) and a real Chromium.

The server is a subprocess on a free loopback port with its own SQLite file, so a
test can stop and start it again on the same port and database. The browser is
Debian's Chromium driven by Playwright; the host gets a desktop-size context, every
phone a context of its own at phone size (separate cookies, like separate phones).
"""

import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[2]
COMPANION = Path(sys.executable).with_name("companion")
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
START_TIMEOUT = 60  # seconds for gunicorn to answer HTTP (a worker took over 14 s to boot on a busy machine)
STOP_TIMEOUT = 30  # graceful_timeout is 10 s; open sockets may hold it that long

ACTION_TIMEOUT = 8_000  # ms, for taps and for expectations
# The server also knows the toy game of the tests (registered for tests only).
TEST_ENV = {"PYTHONUNBUFFERED": "1", "COMPANION_TEST_GAMES": "tests.toygame",
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}

expect.set_options(timeout=ACTION_TIMEOUT)


class Server:
    """``companion serve`` on one port and one SQLite file; start, stop, restart."""

    def __init__(self, workdir: Path):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.db = workdir / "c.sqlite3"
        self.log = workdir / "server.log"
        self.process = None

    def start(self) -> None:
        command = [str(COMPANION), "serve", "--host", "127.0.0.1", "--port", str(self.port),
                   "--db", str(self.db), "--public-url", self.url, "--threads", "16"]
        with open(self.log, "a") as log:
            self.process = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                                            env=os.environ | TEST_ENV)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(self.url, timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.1)
        self.process.kill()  # the fixture never got it, so nothing else would stop it
        self.process.wait()
        raise RuntimeError(f"the server did not answer within {START_TIMEOUT} s: {self.log.read_text()[-2000:]}")

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise RuntimeError("the server ignored SIGTERM") from None

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture(scope="session")
def compiled_templates(tmp_path_factory):
    """One folder of compiled templates for every server of the session: each server
    starts with a new database, and would compile every template again beside it."""
    folder = tmp_path_factory.mktemp("template-cache")
    TEST_ENV["COMPANION_TEMPLATE_CACHE"] = str(folder)
    return folder


def pytest_configure(config):
    config.addinivalue_line("markers", "own_server: the test stops or restarts its server, or reads or "
                                       "writes its whole database: it gets a server of its own")


def _started(workdir: Path) -> Server:
    running = Server(workdir)
    running.start()
    return running


def _clean_log(running: Server, since: int = 0) -> None:
    logged = running.log.read_bytes()[since:]
    assert b"Traceback" not in logged, f"the server logged an error, see {running.log}"


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory, compiled_templates):
    """One server for the tests that only create tables of their own and use them: a
    server's start and stop cost more than many a test."""
    running = _started(tmp_path_factory.mktemp("shared-server"))
    yield running
    running.stop()


@pytest.fixture
def server(request, tmp_path, compiled_templates):
    """The shared server, or one of the test's own (``@pytest.mark.own_server``); either
    way the test fails if the server logged an error while it ran."""
    if request.node.get_closest_marker("own_server"):
        running = _started(tmp_path)
        yield running
        running.stop()
        _clean_log(running)
        return
    running = request.getfixturevalue("shared_server")
    if running.process.poll() is not None:  # the test that stopped it has failed; the rest go on
        running.start()
    since = running.log.stat().st_size
    yield running
    assert running.process.poll() is None, "the shared server exited (a test that stops it needs own_server)"
    _clean_log(running, since)


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def contexts(browser):
    """Opens browser contexts (``kind`` "desktop" or "phone", with any further context
    options such as ``locale``) and closes them after the test."""
    opened = []

    def new(kind: str, **options):
        context = browser.new_context(**(DESKTOP if kind == "desktop" else PHONE), **options)
        context.set_default_timeout(ACTION_TIMEOUT)
        opened.append(context)
        return context

    yield new
    for context in opened:
        context.close()
