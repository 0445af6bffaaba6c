"""A non-editable install serves everything: templates, static files, rules pages and
catalogues travel inside the package (``setup.py`` copies the top-level ``templates/``
and ``static/`` in at build time), and ``companion serve`` runs from it.

Each case builds from a copy of the checkout (so the checkout gets no build folders),
installs into a fresh virtual environment with ``pip install`` (not ``-e``; the test's
own pip, pointed at it, which spares each case a pip of its own), and runs
the installed ``companion serve`` from an unrelated folder. The dependencies (Flask,
gunicorn, …) are lent from the test's own environment through a path file, so the
case runs offline and fast; the package itself is only the freshly installed one.
Servers listen on loopback only."""

import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import time
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("fifth_avenue", "palazzo", "new_york", "manhattan")
STARTUP_SECONDS = 60
SKIP = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache",
                              ".hypothesis", "*.sqlite3-*")


def run(*argv, **kwargs):
    done = subprocess.run([str(a) for a in argv], capture_output=True, text=True, timeout=600, **kwargs)
    assert done.returncode == 0, f"{argv}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


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


def fresh_env(where: Path) -> Path:
    """A new virtual environment whose only ``companion`` is the one installed next."""
    venv.create(where)  # without a pip of its own: this one's installs into it (``--python``)
    python = where / "bin" / "python"
    site = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").stdout.strip()
    # Only the dependencies: a plain path line, so the lending environment's own
    # (editable) companion finder is never activated here.
    Path(site, "lent_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return python


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


@pytest.mark.parametrize("kind", ["checkout", "wheel"])
def test_a_fresh_install_serves_pages_rules_and_static_files(kind, source, wheel, tmp_path):
    python = fresh_env(tmp_path / "env")
    run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "-q",
        source if kind == "checkout" else wheel)
    where = run(python, "-c", "import companion; print(companion.__file__)", cwd=tmp_path).stdout
    assert where.startswith(str(tmp_path / "env")), where

    port = free_port()
    server = subprocess.Popen(
        [str(tmp_path / "env" / "bin" / "companion"), "serve", "--host", "127.0.0.1", "--port", str(port),
         "--db", str(tmp_path / "games.sqlite3"), "--public-url", f"http://127.0.0.1:{port}/"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={k: v for k, v in os.environ.items() if not k.startswith(("COMPANION_", "PYTHONPATH"))})
    try:
        wait_until_listening(port, server)
        status, page = get(port, "/")
        assert status == 200 and "Start a table" in page
        status, page = get(port, "/", {"Accept-Language": "it"})
        assert status == 200 and '<html lang="it"' in page and "Apri un tavolo" in page
        status, page = get(port, "/rules/fifth_avenue")
        assert status == 200 and 'id="FA-A-5"' in page
        status, page = get(port, "/rules/palazzo", {"Accept-Language": "de"})
        assert status == 200 and '<html lang="de"' in page and 'id="PZ-' in page
        status, css = get(port, "/static/css/companion.css")
        assert status == 200 and "header.top" in css
        status, js = get(port, "/static/vendor/htmx-2.0.8/htmx.min.js")
        assert status == 200 and "htmx" in js
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_listening(port: int, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise AssertionError(f"the server stopped: {server.stdout.read()[-3000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)  # poll interval while the server starts, not a wait for a result
    raise AssertionError("the server did not start listening")


def get(port: int, path: str, headers: dict | None = None) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()
