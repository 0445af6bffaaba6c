"""A real server (gunicorn through ``companion serve``) and a real Chromium.

The server is a subprocess on a free loopback port with its own SQLite file, so a
test can stop and start it again on the same port and database. The browser is
Debian's Chromium driven by Playwright; the host gets a desktop-size context, every
phone a context of its own at phone size (separate cookies, like separate phones).
"""

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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
    return tmp_path_factory.mktemp("template-cache")


@pytest.fixture
def server(tmp_path, compiled_templates, monkeypatch):
    monkeypatch.setitem(TEST_ENV, "COMPANION_TEMPLATE_CACHE", str(compiled_templates))
    running = Server(tmp_path)
    running.start()
    yield running
    running.stop()
    assert "Traceback" not in running.log.read_text(), f"the server logged an error, see {running.log}"


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
