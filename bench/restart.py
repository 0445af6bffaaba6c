"""After a restart: how long a whole game takes to fold back into memory, and how long the
first pages take to come.

For each game with screens, a table is played to its end (random legal actions through
the table service, every seat taken by a phone) in a temporary database. Then:

- fold: a fresh table service reads the table (what the first request after a restart
  does): the median of several tries, then the same with the log lines a table screen and
  a phone show written too;
- first pages: gunicorn (the agreed settings) runs once on that database, as on the night
  before, and is started again; once it serves a plain file, the table screen and a phone
  are asked for, each timed from the request until its answer, which must show the last
  move.

Run: ``.venv/bin/python bench/restart.py [--games fifth_avenue] [--compare DIR]``.
Targets (issue 17): a full game folds in <= 10 ms; the first page after a restart <= 150 ms.
"""

import argparse
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from importlib import import_module
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from live import FORMS, games_with_screens  # noqa: E402
from tests.live.clients import Browser, Game, seq_of  # noqa: E402

FOLD_TRIES = 7
MOVES = 3000  # the most a game may take


def played(database: str, game: str) -> tuple[str, int, dict]:
    """A table of ``game`` played to its end; (its id, its last move, a seat's secret)."""
    from companion.store import Store
    from companion.tables import Tables

    replica = Game.from_form(game, FORMS[game]())
    tables = Tables(Store(database))
    row = tables.create(game, replica.config, "After a restart")
    secrets = {seat: tables.claim(row.id, seat) for seat in tables.get(row.id).seats}
    live, rng = tables.get(row.id), random.Random(7)
    playout = import_module(f"{live.engine.__name__}.playout")
    for _ in range(MOVES):
        if live.engine.is_over(live.state):
            break
        seat = rng.choice(sorted(live.engine.to_act(live.state)))
        tables.act(row.id, seat, playout.random_action(live.state, seat, rng), live.seq)
    seat = live.seats[0]
    return row.id, live.seq, {"seat": seat, "secret": secrets[seat]}


def played_by(root: Path, database: str, game: str) -> tuple[str, int, dict]:
    """``played`` with the code of ``root`` (its own bench script, which brings its own code)."""
    script = ("import json, sys\n"
              f"sys.path.insert(0, {str(root / 'bench')!r})\n"
              "from restart import played\n"
              f"print(json.dumps(played({database!r}, {game!r})))\n")
    out = subprocess.run([str(ROOT / ".venv/bin/python"), "-c", script], cwd=root, capture_output=True,
                         text=True, env=dict(os.environ, PYTHONPATH=str(root)), check=True).stdout
    table_id, last, phone = json.loads(out.splitlines()[-1])
    return table_id, last, phone


def fold_times(root: Path, database: str, table_id: str) -> tuple[float, float]:
    """Median ms to fold the table, without and with the log lines of two pages."""
    script = (
        "import statistics, sys, time\n"
        "from companion.store import Store\n"
        "from companion.tables import Tables\n"
        "bare, lined = [], []\n"
        f"for _ in range({FOLD_TRIES}):\n"
        f"    tables = Tables(Store({database!r}))\n"
        "    start = time.perf_counter()\n"
        f"    live = tables.get({table_id!r})\n"
        "    bare.append(time.perf_counter() - start)\n"
        "    lines = getattr(live, 'lines', None)\n"
        "    if lines:\n"
        "        lines(None, 30); lines(live.seats[0], 15)\n"
        "    lined.append(time.perf_counter() - start)\n"
        "print(statistics.median(bare) * 1000, statistics.median(lined) * 1000, live.seq)\n"
    )
    out = subprocess.run([str(ROOT / ".venv/bin/python"), "-c", script], cwd=root, capture_output=True,
                         text=True, env=dict(os.environ, PYTHONPATH=str(root)), check=True).stdout.split()
    return float(out[0]), float(out[1])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(root: Path, database: str, workdir: str):
    """gunicorn on the database; returns (process, base URL, ms until it answered a plain file)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = dict(os.environ, COMPANION_DB=database, COMPANION_PUBLIC_URL=base + "/", PYTHONPATH=str(root))
    log = open(os.path.join(workdir, f"restart-{port}.log"), "w")
    started = time.perf_counter()
    process = subprocess.Popen([str(ROOT / ".venv/bin/gunicorn"), "-c", str(root / "deploy/gunicorn.conf.py"),
                                "--bind", f"127.0.0.1:{port}"], cwd=root, env=env, stdout=log,
                               stderr=subprocess.STDOUT)
    log.close()
    while True:  # the worker is up once it serves a static file (no template, no table)
        try:
            if Browser(base).get("/static/css/companion.css", timeout=1).status == 200:
                return process, base, (time.perf_counter() - started) * 1000
        except OSError:
            pass
        if process.poll() is not None or time.perf_counter() - started > 60:
            raise RuntimeError("gunicorn did not start")
        time.sleep(0.02)


def stop(process) -> None:
    process.terminate()
    process.wait(20)


def first_pages(root: Path, database: str, table_id: str, last: int, phone: dict, workdir: str) -> dict:
    """The server ran once on the database (as the night before); started again, ms until
    it is up, then for its first table screen and first phone page."""
    stop(start(root, database, workdir)[0])
    process, base, up = start(root, database, workdir)
    try:
        times = {"up": up}
        browser = Browser(base)
        browser.cookies[f"seat_{table_id}"] = phone["secret"]
        for name, path in (("table screen", f"/t/{table_id}"), ("phone", f"/t/{table_id}/me")):
            begin = time.perf_counter()
            reply = browser.get(path, timeout=30)
            times[name] = (time.perf_counter() - begin) * 1000
            assert reply.status == 200 and seq_of(reply.body) == last, (name, reply.status, reply.body[:300])
        return times
    finally:
        stop(process)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", help="games to run, comma separated (default: every game with screens)")
    parser.add_argument("--compare", type=Path, help="another checkout to run the same against")
    args = parser.parse_args()
    games = args.games.split(",") if args.games else games_with_screens(ROOT)
    roots = [("app", ROOT)] + ([("compared", args.compare.resolve())] if args.compare else [])
    print("load average before: %.2f %.2f %.2f (the machine is shared: figures vary with it)" % os.getloadavg())
    with tempfile.TemporaryDirectory(prefix="companion-restart-") as workdir:
        for game in games:
            for label, root in roots:
                # each checkout plays the game (the same, seeded) in a file of its own schema
                database = os.path.join(workdir, f"{game}-{label}.sqlite3")
                table_id, last, phone = played_by(root, database, game)
                if label == "app":
                    print(f"{game}: a whole game of {last} moves")
                bare, lined = fold_times(root, database, table_id)
                pages = first_pages(root, database, table_id, last, phone, workdir)
                firsts = ", ".join(f"{k} {v:.0f} ms" for k, v in pages.items() if k != "up")
                print(f"  {label:<9} fold {bare:.1f} ms ({lined:.1f} ms with two pages' log lines); "
                      f"restarted, up after {pages['up']:.0f} ms; first {firsts} "
                      f"-> fold <= 10 ms: {'ok' if bare <= 10 else 'MISSED'}, first page <= 150 ms: "
                      f"{'ok' if max(v for k, v in pages.items() if k != 'up') <= 150 else 'MISSED'}")
    print("load average after: %.2f %.2f %.2f" % os.getloadavg())


if __name__ == "__main__":
    main()
