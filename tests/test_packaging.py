"""The app starts from every way a host installs it, with nothing but its own dependencies.

The test environment holds pytest, Playwright and what they bring, which the app may
import without declaring (gunicorn's gevent worker needs ``packaging``, which only pytest
brought): every case below therefore installs into a new virtual environment made from
the base interpreter, without system site packages and without the test extras, and
resolves the app's dependencies from the package index as a host's machine would:

- ``readme``: the README's run command, copied as written, in a fresh copy of the checkout;
- ``wheel``: a built wheel in a plain environment, resolved by ``deploy/pins.py`` (which
  then prints the Pi pins from that very environment);
- ``pi``: ``deploy/requirements-pi.txt`` and the app, as ``deploy/pi-setup.sh`` installs them.

Each starts ``companion serve`` and gets the home page, a table made through the wizard,
its table screen, a rules page in two languages and static files. Servers listen on
loopback, or on every address of this machine for the README's command (it takes no
options); requests go to loopback only."""

import http.client
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import zipfile
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.history.test_box import pins
from tests.ports import free_port
from tests.web.manhattan import mh_form

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
GAMES = ("fifth_avenue", "palazzo", "new_york", "manhattan")
STARTUP_SECONDS = 120
INSTALL_SECONDS = 900  # resolving and downloading on a busy machine
SKIP = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache",
                              ".hypothesis", "*.sqlite3*")


def run(*argv, **kwargs):
    done = subprocess.run([str(a) for a in argv], capture_output=True, text=True, timeout=INSTALL_SECONDS,
                          **kwargs)
    assert done.returncode == 0, f"{argv}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


def clean_environ(**extra) -> dict:
    """This process's environment without the test environment: no PYTHONPATH, no
    active venv, no PATH entry inside it, no app settings from the tests."""
    inside = os.path.realpath(sys.prefix)
    path = [p for p in os.environ.get("PATH", "").split(os.pathsep)
            if p and not os.path.realpath(p).startswith(inside)]
    environ = {k: v for k, v in os.environ.items()
               if not k.startswith(("COMPANION_", "PYTHON", "VIRTUAL_ENV", "PIP_REQUIRE"))}
    return environ | {"PATH": os.pathsep.join(path)} | extra


def base_python() -> str:
    """The interpreter the test environment was made from, not the environment's own."""
    return getattr(sys, "_base_executable", None) or sys.executable


@pytest.fixture(scope="module")
def source(tmp_path_factory) -> Path:
    copy = tmp_path_factory.mktemp("checkout") / "companion"
    shutil.copytree(ROOT, copy, ignore=SKIP)
    return copy


@pytest.fixture(scope="module")
def wheel(source, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", out, source)
    (built,) = out.glob("companion-*.whl")
    return built


def test_the_wheel_carries_templates_static_rules_and_catalogues(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("companion/templates/base.html", "companion/templates/games/fifth_avenue/board.html",
                   "companion/static/css/companion.css", "companion/static/vendor/htmx-2.0.8/htmx.min.js",
                   "companion/translations/it/LC_MESSAGES/messages.mo",
                   "companion/translations/de/LC_MESSAGES/messages.mo"):
        assert needed in names
    for game in GAMES:
        for suffix in (".md", ".it.md", ".de.md"):
            assert f"companion/rules/{game}{suffix}" in names
            assert f"companion/rules/teach/{game}{suffix}" in names  # the teaching cards


def readme_run_command() -> str:
    """The README's command that installs and runs the app, as written there."""
    readme = (ROOT / "README.md").read_text()
    section = readme.split("**Run the app**", 1)[1].split("**Run all tests**", 1)[0]
    (command,) = re.findall(r"^    (\S.*)$", section, re.M)
    assert "pip install" in command and command.endswith("companion serve"), command
    return command


def installed_in(python: Path) -> set[str]:
    frozen = run(python, "-m", "pip", "freeze", "--exclude", "companion").stdout
    return {re.sub(r"[-_.]+", "-", line.partition("==")[0]).lower() for line in frozen.splitlines()}


@pytest.mark.timeout(INSTALL_SECONDS + STARTUP_SECONDS)
def test_the_readme_command_starts_the_app_on_a_fresh_clone(source, tmp_path):
    port = free_port()
    server = subprocess.Popen(
        ["bash", "-c", readme_run_command()], cwd=source, start_new_session=True,
        stdout=log(tmp_path), stderr=subprocess.STDOUT,
        env=clean_environ(COMPANION_PORT=str(port), COMPANION_DB=str(tmp_path / "games.sqlite3"),
                          COMPANION_PUBLIC_URL=f"http://127.0.0.1:{port}/"))
    try:
        wait_until_listening(port, server, INSTALL_SECONDS, tmp_path / "server.log")
        made = (source / ".venv" / "pyvenv.cfg").read_text()
        assert "include-system-site-packages = false" in made
        assert "pytest" not in installed_in(source / ".venv" / "bin" / "python")  # no test tools
        serves_a_game_night(port)
    finally:
        stop(server)


@pytest.mark.timeout(INSTALL_SECONDS + STARTUP_SECONDS)
def test_a_wheel_in_a_plain_environment_starts_the_app_and_gives_the_pi_pins(wheel, tmp_path):
    env = tmp_path / "env"
    printed = run(sys.executable, DEPLOY / "pins.py", "--app", wheel, "--venv", env, env=clean_environ()).stdout
    assert not (env / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}"
                / "site-packages" / "pytest").exists()
    fresh = {name for name, _ in re.findall(r"^([\w.-]+)==(\S+)$", printed, re.M)}
    assert fresh == installed_in(env / "bin" / "python")
    assert "packaging" in fresh  # gunicorn's gevent worker imports it
    # The committed pins are the ones the app needs today: none missing, none left over.
    assert set(pins()) == fresh
    with served(env, tmp_path) as port:
        serves_a_game_night(port)


@pytest.mark.timeout(INSTALL_SECONDS + STARTUP_SECONDS)
def test_the_pi_pins_alone_start_the_app(source, tmp_path):
    """As deploy/pi-setup.sh installs: exactly the pins, then the app without resolving.
    The environment is made without pip of its own (pip installing itself there costs
    seconds of every run): this environment's pip installs into it and checks it."""
    setup = (DEPLOY / "pi-setup.sh").read_text()
    assert '-r "$APP_DIR/deploy/requirements-pi.txt"' in setup and '--no-deps -e "$APP_DIR"' in setup
    env = tmp_path / "env"
    run(base_python(), "-m", "venv", "--without-pip", env, env=clean_environ())
    pip = [sys.executable, "-m", "pip", "--python", env / "bin" / "python"]
    run(*pip, "install", "-q", "--no-deps", "-r", DEPLOY / "requirements-pi.txt", "-e", source,
        env=clean_environ())
    run(*pip, "check", env=clean_environ())
    with served(env, tmp_path) as port:
        serves_a_game_night(port)


class served:
    """``companion serve`` from ``env`` on a free loopback port, run from an unrelated folder."""

    def __init__(self, env: Path, where: Path):
        self.env, self.where = env, where

    def __enter__(self) -> int:
        port = free_port()
        self.server = subprocess.Popen(
            [str(self.env / "bin" / "companion"), "serve", "--host", "127.0.0.1", "--port", str(port),
             "--db", str(self.where / "games.sqlite3"), "--public-url", f"http://127.0.0.1:{port}/"],
            cwd=self.where, start_new_session=True, stdout=log(self.where), stderr=subprocess.STDOUT,
            env=clean_environ())
        wait_until_listening(port, self.server, STARTUP_SECONDS, self.where / "server.log")
        return port

    def __exit__(self, *exc):
        stop(self.server)


def serves_a_game_night(port: int) -> None:
    status, page = get(port, "/")
    assert status == 200 and "Start a table" in page
    status, page = get(port, "/", {"Accept-Language": "it"})
    assert status == 200 and '<html lang="it"' in page and "Apri un tavolo" in page
    table = create_table(port)
    status, page = get(port, f"/t/{table}")
    assert status == 200 and "Bruno" in page, page[:2000]
    status, page = get(port, "/rules/fifth_avenue")
    assert status == 200 and 'id="FA-A-5"' in page
    status, page = get(port, "/rules/palazzo", {"Accept-Language": "de"})
    assert status == 200 and '<html lang="de"' in page and 'id="PZ-' in page
    status, css = get(port, "/static/css/companion.css")
    assert status == 200 and "header.top" in css
    status, js = get(port, "/static/vendor/htmx-2.0.8/htmx.min.js")
    assert status == 200 and "htmx" in js


def create_table(port: int) -> str:
    """A Manhattan table through the wizard, as a host's browser posts it; its id."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request("POST", "/new/manhattan", urlencode(mh_form()),
                           {"Content-Type": "application/x-www-form-urlencoded"})
        response = connection.getresponse()
        body = response.read().decode()
        assert response.status == 302, body[:2000]
        return response.headers["Location"].rstrip("/").rsplit("/", 1)[1]
    finally:
        connection.close()


def log(where: Path):
    """A file for what the server prints (a pipe nobody reads would block it)."""
    return open(where / "server.log", "w")


def stop(server: subprocess.Popen) -> None:
    """Stop the server and everything it started (the README's shell, gunicorn's worker)."""
    try:
        os.killpg(server.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def wait_until_listening(port: int, server: subprocess.Popen, seconds: float, printed: Path) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise AssertionError(f"the server stopped: {printed.read_text()[-3000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)  # poll interval while it installs and starts, not a wait for a result
    raise AssertionError("the server did not start listening")


def get(port: int, path: str, headers: dict | None = None) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()
