"""After-the-game pages with a season of games: how long the history page takes the
first time (every result worked out by replaying its game; games that end on this
server skip that, their result is kept as they end) and after (results kept in
SQLite), a replay page (every frame of a game worked out, then kept in memory),
an export and a backup.

Run: ``.venv/bin/python bench/history.py [--games N]`` (default 60 finished Fifth
Avenue games of 2 to 4 players).
"""

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.archive import backup, exchange  # noqa: E402
from companion.web import create_app  # noqa: E402
from tests.history.helpers import Night  # noqa: E402

NAMES = ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz"]
TEMPLATES = ["history/index.html", "history/stats.html", "history/replay.html", "_scores.html",
             "games/fifth_avenue/board.html"]


def timed(what: str, run) -> None:
    start = time.perf_counter()
    result = run()
    print(f"{what:<48} {1000 * (time.perf_counter() - start):8.1f} ms")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        night = Night(Path(folder) / "c.sqlite3")
        moves = 0
        for seed in range(1, args.games + 1):
            players = NAMES[seed % 3:seed % 3 + 2 + seed % 3]
            _, events = night.table(players, seed=seed)
            moves += len(events)
        print(f"{args.games} finished games, {moves} moves in all")
        app = create_app({"DATABASE": night.store.path, "PUBLIC_URL": "http://x/", "TESTING": True})
        client = app.test_client()
        for template in TEMPLATES:  # compiled once per process: not what is measured here
            app.jinja_env.get_template(template)
        timed("history page, first time (replays every game)", lambda: client.get("/history"))
        timed("history page, again (results kept)", lambda: client.get("/history"))
        timed("statistics page", lambda: client.get("/history/stats"))
        longest = max(night.store.log_ends().items(), key=lambda kv: kv[1][0])
        table, (seq, _) = longest
        timed(f"replay page, first time ({seq} frames)", lambda: client.get(f"/t/{table}/replay?move=1"))
        timed("replay page, next move (frames kept)", lambda: client.get(f"/t/{table}/replay?move=2"))
        row = night.store.table(table)
        timed("export of one table (JSON)", lambda: exchange.export_table(night.store, row))
        timed("backup of the database", lambda: backup.backup(night.store.path, Path(folder) / "b.sqlite3"))
        print(f"database size: {Path(night.store.path).stat().st_size / 1024:.0f} KB")


if __name__ == "__main__":
    main()
