"""What a push costs the browser that shows it: a phone's (or the table screen's) main thread.

For each game with screens, gunicorn starts with the agreed settings (as bench/live.py); a
table gets its host's table screen and a phone per seat in Debian's Chromium (phones at
390x844), and random legal moves are posted from the seat due, one every ``--pause``
seconds, so each page gets each push on its own, as at a table. Chromium's own counters
(the DevTools ``Performance`` metrics) give the main thread's busy time per push and page,
split into script (htmx, idiomorph, the page's scripts), style and layout; painting is the
rest of the task time.

A phone is several times slower than this machine's core: read the figures as relative
ones, against another checkout measured in the same run (``--compare DIR``).

Run: ``.venv/bin/python bench/phones.py [--games manhattan,...] [--moves 30] [--pause 0.25]
[--compare DIR]``.
"""

import argparse
import random
import statistics
import sys
import tempfile
import time
from importlib import import_module
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import expect, sync_playwright  # noqa: E402

from bench.live import Gunicorn, games_with_screens  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE  # noqa: E402
from tests.browser.every_game import Table  # noqa: E402

METRICS = ("TaskDuration", "ScriptDuration", "RecalcStyleDuration", "LayoutDuration")
# the element that names the move a page shows: ``#moment`` (a part of its own since pushes
# send parts), or ``#main`` itself in checkouts from before that (for ``--compare``)
MOVE = "#moment[data-seq], #main[data-seq]"


def wait_for_move(pages, seq: int, timeout: float | None = None) -> None:
    """Every page shows move ``seq`` (pushed over its WebSocket, no reload)."""
    for page in pages:
        expect(page.locator(MOVE)).to_have_attribute("data-seq", str(seq), timeout=timeout)


class Server:
    """What ``every_game.Table`` needs of a server: its address and its database."""

    def __init__(self, gunicorn: Gunicorn, db: Path):
        self.url, self.db = gunicorn.base + "/", db


def metrics(session) -> dict:
    found = {m["name"]: m["value"] for m in session.send("Performance.getMetrics")["metrics"]}
    return {name: found.get(name, 0.0) for name in METRICS}


def measure(browser, root: Path, game: str, moves: int, pause: float) -> dict:
    """Main-thread milliseconds per push, by kind of page ("phone", "table") and metric."""
    with tempfile.TemporaryDirectory() as workdir:
        gunicorn = Gunicorn(workdir, root=root)
        opened = []
        try:
            def contexts(kind: str, **options):
                context = browser.new_context(**(DESKTOP if kind == "desktop" else PHONE), **options)
                opened.append(context)
                return context

            table = Table(Server(gunicorn, Path(workdir, f"bench-{gunicorn.port}.sqlite3")), contexts, game)
            pages = {"table": [table.host], "phone": list(table.phones.values())}
            sessions = {kind: [page.context.new_cdp_session(page) for page in group] for kind, group in pages.items()}
            for group in sessions.values():
                for session in group:
                    session.send("Performance.enable")
            wait_for_move(table.pages, len(table.events()))
            before = {kind: [metrics(s) for s in group] for kind, group in sessions.items()}
            playout = import_module(f"{table.engine.__name__}.playout")
            rng, state, made = random.Random(game), table.state(), 0
            for _move in range(moves):
                if table.engine.is_over(state):
                    break
                seat = rng.choice(sorted(table.engine.to_act(state)))
                action = playout.random_action(state, seat, rng)
                answer = table.post(seat, action)
                assert answer.status < 400, (seat, action, answer.status)
                state, made = table.engine.apply(state, seat, action), made + 1
                time.sleep(pause)  # a table's pace: each push is drawn before the next comes
            wait_for_move(table.pages, len(table.events()), 30_000)
            figures = {}
            for kind, group in sessions.items():
                after = [metrics(s) for s in group]
                figures[kind] = {name: statistics.mean(1000 * (a[name] - b[name]) / made
                                                       for a, b in zip(after, before[kind]))
                                 for name in METRICS}
            return figures
        finally:
            for context in opened:
                context.close()
            gunicorn.stop()


def line(label: str, game: str, figures: dict) -> str:
    parts = []
    for kind in ("phone", "table"):
        f = figures[kind]
        parts.append(f"{kind} {f['TaskDuration']:5.1f} ms (script {f['ScriptDuration']:4.1f}, "
                     f"style {f['RecalcStyleDuration']:4.1f}, layout {f['LayoutDuration']:4.1f})")
    return f"{label:>8} {game:<13} " + "; ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(games_with_screens(ROOT)))
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--pause", type=float, default=0.25, help="seconds between two moves")
    parser.add_argument("--compare", type=Path, help="another checkout, measured in the same run")
    args = parser.parse_args()
    print("main-thread time per push and page, mean (phones: each seat's; table: the host's screen)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for game in args.games.split(","):
                print(line("app", game, measure(browser, ROOT, game, args.moves, args.pause)), flush=True)
                if args.compare:
                    print(line("compare", game, measure(browser, args.compare, game, args.moves, args.pause)),
                          flush=True)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
