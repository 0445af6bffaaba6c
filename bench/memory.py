"""Memory per table in-process, per game: what the server holds for tables in play.

For each game with screens, one app (a temporary database) plays a first table to warm
up (templates compiled, catalogues loaded), then ``--tables`` more four-player tables,
each with its host's screen and a phone per seat (stand-in sockets, pushed after every
move as the pusher pushes), ``--moves`` random legal moves each. tracemalloc compares what
is allocated and still held before and after those tables: it prints the memory per table
and the lines of code that made the most of it; then how many objects per table the garbage
collector tracks, and how long one of its full scans then takes (the worker stops for it,
every table with it: the objects made at start-up are frozen out of it). Per table the
server keeps its latest moment (``moment.facts``: the engine's answers, the pictures of its
pages, the log lines told) and, per open page, what that page was last sent
(``Connection.shown``); its other memos (QR codes, some games' drawings) are bounded in
number, not per table, so their share per table falls as tables are added: compare runs of
one size (bench/live.py's 50 tables of 12 moves is the default here).

No HTTP, no sockets, no gevent: the worker's RSS, fragmentation included, is bench/live.py's
to measure.

Run: ``.venv/bin/python bench/memory.py [--games fifth_avenue,...] [--tables 50] [--moves 12]
[--top 8]``; for a before/after, run it from a copy of the code before too (``git archive``).
"""

import argparse
import gc
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.live import FORMS  # noqa: E402
from bench.pushes import move, open_table, random_action  # noqa: E402
from companion.web import create_app  # noqa: E402


def play(app, game: str, moves: int, rng: random.Random) -> None:
    """A table of ``game`` with its pages open, ``moves`` random moves, each pushed."""
    table_id, live, pages = open_table(app, game)
    for _ in range(moves):
        if live.engine.is_over(live.state):
            break
        move(app, table_id, live, *random_action(live, rng), pages["host"] + pages["phone"])
        for conn in pages["host"] + pages["phone"]:  # what the stand-in sockets note is not the server's
            conn.ws.sizes.clear()
            conn.ws.parts.clear()


def measure(game: str, count: int, moves: int, top: int, folder: str) -> str:
    app = create_app({"DATABASE": f"{folder}/{game}.sqlite3", "PUBLIC_URL": "http://192.0.2.10:8000/"})
    rng = random.Random(game)
    with app.test_request_context("/"):
        play(app, game, moves, rng)  # warm-up
        gc.collect()
        tracked_before = len(gc.get_objects())
        tracemalloc.start()
        before = tracemalloc.take_snapshot()
        for _ in range(count):
            play(app, game, moves, rng)
        gc.collect()
        after = tracemalloc.take_snapshot()
        tracemalloc.stop()
        tracked = len(gc.get_objects()) - tracked_before
        scan = min(_timed(gc.collect) for _ in range(3))
    found = after.compare_to(before, "lineno")
    total = sum(stat.size_diff for stat in found)
    lines = [f"{game}: {total / 2**20 / count:.2f} MB per table ({count} tables of {moves} moves); "
             f"{tracked / count:,.0f} objects per table for the garbage collector, a full scan {scan * 1000:.1f} ms"]
    for stat in found[:top]:
        frame = stat.traceback[0]
        where = Path(frame.filename)
        where = where.relative_to(ROOT) if where.is_relative_to(ROOT) else where.name
        lines.append(f"  {stat.size_diff / 1024 / count:7.1f} KB per table  {where}:{frame.lineno}")
    return "\n".join(lines)


def _timed(call) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", default=",".join(FORMS))
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--top", type=int, default=8, help="lines of code to name")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for game in args.games.split(","):
            print(measure(game, args.tables, args.moves, args.top, folder), flush=True)


if __name__ == "__main__":
    main()
