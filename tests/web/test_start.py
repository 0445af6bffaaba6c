"""What a server does as it starts, so that the first pages after a restart come quickly:
it loads every game's rules and screens; in the background it compiles every template and
keeps the compiled code (beside the database, or where ``COMPANION_TEMPLATE_CACHE`` says,
so the next start loads it instead of compiling again), then folds back the tables played
in the last hours."""

import json
import random
import subprocess
import sys
import time
from importlib import import_module

from companion import engines
from companion.engines import GAMES
from companion.engines.common import play
from companion.store import Store
from companion.tables import RECENT, Tables
from companion.web import create_app, final

WAIT = 60  # seconds: compiling every template on a busy machine


def within(condition) -> bool:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def compiled_into(folder, count: int) -> bool:
    return within(lambda: len(list(folder.glob("__jinja2_*.cache"))) >= count)


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


def played(database: str, seed: int, moves: int | None = None, clock=time.time) -> str:
    """A Fifth Avenue table played through the table service to its end (or ``moves``)."""
    engine = engines.get("fifth_avenue")
    rng = random.Random(seed)
    config = import_module(f"{engine.__name__}.playout").random_config(rng, 3)
    tables = Tables(Store(database, clock=clock))
    table_id = tables.create("fifth_avenue", config, f"Game {seed}").id
    events, _ = play(engine, config, rng)
    for seat, action in events[:moves]:
        tables.act(table_id, seat, action, tables.get(table_id).seq)
    return table_id


def test_the_tables_played_lately_are_folded_back_as_the_server_starts(tmp_path):
    database = str(tmp_path / "c.sqlite3")
    finished, playing = played(database, 1), played(database, 2, moves=40)
    yesterday = played(database, 3, moves=40, clock=lambda: time.time() - 2 * RECENT)
    tables = create_app({"DATABASE": database, "TESTING": False}).extensions["companion"]["tables"]
    assert within(lambda: tables.loaded() == {finished, playing}), tables.loaded()
    assert yesterday not in tables.loaded()
    # the finished game's scores over the game are ready for its final screen
    assert within(lambda: finished in final._series)
    assert playing not in final._series
