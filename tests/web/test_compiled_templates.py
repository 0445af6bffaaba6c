"""A server compiles every template in the background as it starts and keeps the compiled
code (beside the database, or where ``COMPANION_TEMPLATE_CACHE`` says), so the next start
loads it instead of compiling again; it loads every game's rules and screens as it starts,
so the first page of a game after a restart does not wait for them."""

import json
import subprocess
import sys
import time

from companion.engines import GAMES
from companion.web import create_app

WAIT = 60  # seconds: compiling every template on a busy machine


def compiled_into(folder, count: int) -> bool:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if len(list(folder.glob("__jinja2_*.cache"))) >= count:
            return True
        time.sleep(0.05)
    return False


def templates(app) -> int:
    return sum(name.endswith(".html") for name in app.jinja_env.list_templates())


def test_compiled_templates_are_kept_beside_the_database(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "c.sqlite3"), "TESTING": False})
    assert compiled_into(tmp_path / "template-cache", templates(app))


def test_the_environment_may_keep_them_elsewhere(tmp_path, monkeypatch):
    elsewhere = tmp_path / "elsewhere"
    monkeypatch.setenv("COMPANION_TEMPLATE_CACHE", str(elsewhere))
    app = create_app({"DATABASE": str(tmp_path / "db" / "c.sqlite3"), "TESTING": False})
    assert compiled_into(elsewhere, templates(app))
    assert not (tmp_path / "db" / "template-cache").exists()


def test_every_game_is_loaded_when_the_server_starts(tmp_path):
    script = (
        "import json, sys\n"
        "from companion.web import create_app\n"
        f"create_app({{'DATABASE': {str(tmp_path / 'c.sqlite3')!r}}})\n"
        "print(json.dumps(sorted(sys.modules)))\n")
    loaded = set(json.loads(subprocess.run([sys.executable, "-c", script], capture_output=True,
                                           text=True, check=True).stdout))
    for game in GAMES:
        assert f"companion.engines.{game}.flow" in loaded, game
        assert f"companion.web.games.{game}" in loaded, game
