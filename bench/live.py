"""Live push latency under real gunicorn: from just before a phone's POST until EVERY open
page of that table (its table screen and four phones) has received its fresh view.

Starts gunicorn with the agreed settings (deploy/gunicorn.conf.py: one gevent worker) on a
loopback port with a temporary database, opens N Fifth Avenue tables with a host table
screen and four phones each (every socket read by its own thread), then plays random legal
actions on every table at once, each table's actions one after another with a pause
between them. Prints p50/p99 latency, errors and the worker's memory per scenario.

Run: ``.venv/bin/python bench/live.py [--quick] [--pause S] [--game GAME]``
(New York: four players, the host's screen entering every refill the engine's playout draws;
Palazzo: four players with sealed bids and private hands, every move from a phone;
Manhattan: four players with private hands, each phone entering the cards it draws).
Targets: 1 table × 5 clients p99 ≤ 50 ms; 20 tables × 5 clients p99 ≤ 150 ms; no
errors; worker RSS ≤ 150 MB.
"""

import argparse
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the real HTTP/WebSocket clients are shared with tests/live

from tests.live.clients import Browser, Table  # noqa: E402
from tests.web.conftest import fa_form  # noqa: E402
from tests.web.new_york import ny_config, ny_form  # noqa: E402
from tests.web.palazzo_setup import pz_form  # noqa: E402
from tests.web.manhattan import mh_form  # noqa: E402

SEATS = ("p1", "p2", "p3", "p4")
NAMES = ("Anna", "Ben", "Cleo", "Dora")
SCENARIOS = ((1, 0.050), (20, 0.150))  # tables, p99 target in seconds
RSS_TARGET_MB = 150
WAIT = 5.0  # seconds a page may take to get its update before it counts as an error
FORMS = {"fifth_avenue": lambda: fa_form(names=NAMES),
         "new_york": lambda: ny_form(ny_config(len(SEATS))),
         "palazzo": lambda: pz_form(names=NAMES, bidding="sealed", hands="private"),
         "manhattan": lambda: mh_form(names=NAMES, hands="private")}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Gunicorn:
    """gunicorn -c deploy/gunicorn.conf.py on a loopback port, with its own database;
    ``flags`` are more gunicorn options (they win over the file's)."""

    def __init__(self, workdir: str, *flags: str):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ, COMPANION_DB=os.path.join(workdir, f"bench-{self.port}.sqlite3"),
                   COMPANION_PUBLIC_URL=self.base + "/")
        self.log = open(os.path.join(workdir, f"gunicorn-{self.port}.log"), "w+")
        self.process = subprocess.Popen(
            [str(ROOT / ".venv/bin/gunicorn"), "-c", str(ROOT / "deploy/gunicorn.conf.py"),
             "--bind", f"127.0.0.1:{self.port}", *flags],
            cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        self._wait_ready()

    def _wait_ready(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited, see {self.log.name}")
            try:
                if Browser(self.base).get("/", timeout=1).status == 200:
                    return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("gunicorn did not answer in time")

    def worker_pid(self) -> int:
        pid = self.process.pid
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        return int(children[0])

    def memory_mb(self) -> tuple[float, float]:
        """The worker's resident memory now and at its peak (VmRSS, VmHWM), in MB."""
        fields = dict(line.split(":", 1) for line in
                      Path(f"/proc/{self.worker_pid()}/status").read_text().splitlines())
        return tuple(int(fields[k].split()[0]) / 1024 for k in ("VmRSS", "VmHWM"))

    def cpu_seconds(self) -> float:
        """User + system CPU time the worker has used so far."""
        fields = Path(f"/proc/{self.worker_pid()}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def first_error(self) -> str | None:
        """The first exception the server logged, with its traceback."""
        self.log.seek(0)
        text = self.log.read()
        at = text.find("Exception on ")
        return text[at:at + 4000] if at >= 0 else None

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


class Run:
    """Latencies and errors, shared by the tables' driver threads."""

    def __init__(self):
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.lock = threading.Lock()

    def record(self, latency: float | None = None, error: str | None = None) -> None:
        with self.lock:
            if error:
                self.errors.append(error)
            else:
                self.latencies.append(latency)


def open_table(base: str, game: str = "fifth_avenue"):
    """A 4-player table with its host table screen and four phones connected and quiet."""
    table = Table(base, FORMS[game](), game)
    pages = [table.host.listen(table.id)]
    for seat in SEATS:
        pages.append(table.join(seat).listen(table.id, phone=True))
    for page in pages:
        page.wait_seq(0, WAIT)
    return table, pages


def drive(table, pages, actions: int, pause: float, rng: random.Random, run: Run) -> None:
    """Play up to ``actions`` random legal actions, timing each until every page has it."""
    time.sleep(rng.uniform(0, pause))  # the tables do not all act in step
    try:
        _play(table, pages, actions, pause, rng, run)
    except Exception as error:  # a failure of this table must not go unnoticed in its thread
        run.record(error=f"table {table.id}: {error!r}")


def _play(table, pages, actions: int, pause: float, rng: random.Random, run: Run) -> None:
    for _ in range(actions):
        if table.game.engine.is_over(table.game.state):
            return
        seat, action = table.game.choose(rng)
        start = time.perf_counter()
        try:
            reply = table.post(seat, action)
        except OSError as error:
            run.record(error=f"POST {action['type']}: {error!r}")
            return
        if reply.status != 200:
            run.record(error=f"POST {action['type']} -> {reply.status}")
            return  # the replica and the server no longer agree
        table.game.commit(seat, action)
        try:
            last = max(page.wait_seq(table.game.seq, WAIT).at for page in pages)
        except TimeoutError as error:
            run.record(error=f"update {table.game.seq} missing: {error}")
            return
        run.record(latency=last - start)
        time.sleep(pause)


def percentile(values: list[float], p: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1] if len(values) > 1 else values[0]


def scenario(tables: int, target: float, args, workdir: str) -> bool:
    server = Gunicorn(workdir)
    run, pages_all = Run(), []
    try:
        start = time.perf_counter()
        opened = []
        for _ in range(tables):
            try:
                opened.append(open_table(server.base, args.game))
            except (OSError, TimeoutError, AssertionError) as error:
                run.record(error=f"opening a table: {error!r}")
                break
        setup = time.perf_counter() - start
        for _, pages in opened:
            pages_all += pages
        idle_rss, _ = server.memory_mb()
        cpu_before = server.cpu_seconds()
        drivers = [threading.Thread(target=drive, args=(table, pages, args.actions, args.pause,
                                                        random.Random(i), run))
                   for i, (table, pages) in enumerate(opened)]
        for d in drivers:
            d.start()
        for d in drivers:
            d.join()
        rss, peak = server.memory_mb()
        cpu = server.cpu_seconds() - cpu_before
        logged = server.first_error()
    finally:
        for page in pages_all:
            page.close()
        server.stop()
    lat = run.latencies
    p50 = percentile(lat, 50) * 1000 if lat else float("nan")
    p99 = percentile(lat, 99) * 1000 if lat else float("nan")
    ok = bool(lat) and p99 <= target * 1000 and not run.errors and peak <= RSS_TARGET_MB
    print(f"{args.game}: {tables:>2} tables x {1 + len(SEATS)} clients ({len(pages_all)} sockets, "
          f"pause {args.pause} s): {len(lat)} actions, p50 {p50:.1f} ms, p99 {p99:.1f} ms "
          f"(target {target * 1000:.0f}), max {max(lat, default=0) * 1000:.1f} ms, "
          f"worker CPU {cpu * 1000 / max(len(lat), 1):.1f} ms per action, errors {len(run.errors)}, "
          f"worker RSS {idle_rss:.1f} MB idle / {rss:.1f} MB after / {peak:.1f} MB peak "
          f"(target {RSS_TARGET_MB}), set-up {setup:.1f} s -> {'OK' if ok else 'MISSED'}")
    for error in run.errors[:5]:
        print(f"    error: {error}")
    if logged:
        print("    the server logged:\n" + logged)
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run (fewer actions per table)")
    parser.add_argument("--pause", type=float, default=1.0, help="seconds between two actions of one table")
    parser.add_argument("--actions", type=int, help="actions per table")
    parser.add_argument("--game", choices=sorted(FORMS), default="fifth_avenue", help="the game on every table")
    args = parser.parse_args()
    args.actions = args.actions or (12 if args.quick else 60)
    print("load average before: %.2f %.2f %.2f (the machine is shared: figures vary with it)" % os.getloadavg())
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as workdir:
        results = [scenario(tables, target, args, workdir) for tables, target in SCENARIOS]
    print("load average after: %.2f %.2f %.2f" % os.getloadavg())
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
