"""Live pushes under real gunicorn, beside a bare broadcast baseline measured in the same run.

For each game with screens and each size (1, 20 and 50 tables by default), gunicorn starts
with the agreed settings (deploy/gunicorn.conf.py: one gevent worker) on a loopback port
with a temporary database; a table of its own plays ``--warmup`` moves first (what a
server does once, such as compiling templates, is not counted). Then each table gets its
host's table screen and a phone per seat (up to four: five pages), every socket read by a
thread of its own, and every table plays random legal actions at once, one after another
with a pause between them. A move's latency runs from just before its POST until EVERY
page of its table has the new move.

The baseline (bench/broadcast.py: Flask and flask-sock only, the same gunicorn settings)
runs the same sizes: a POST sends each of a table's five sockets one 19 KB message.

Per run it prints: moves, latency p50/p99/max, the worker's CPU per move, the bytes of a
push per page (median and mean over every push after the first full picture, table
screens and phones apart), errors and the worker's memory; then the app against the
baseline (p99 and CPU ratios). With ``--compare DIR`` the app also runs from another
checkout (say, the code before a change) in the same run, so the figures compare. With
``--floor`` the app also runs drawing no page (bench/floor.py: each page is sent only the
move's number, who is due and the newest log line): its CPU per move is the least that any way of drawing
pages could cost with this stack, and the app's CPU above it is what drawing costs.

A run's p99 rests on its twenty slowest moves, which a single stall of the machine can make;
``--repeat N`` runs each app N times, the two checkouts taking turns, and judges the median
run (the median p50, p99 and CPU of the runs, the highest RSS).

Run: ``.venv/bin/python bench/live.py [--quick] [--tables 1,20,50] [--games fifth_avenue]
[--compare DIR] [--floor] [--no-baseline] [--repeat N]``.
Targets (issue 17): CPU per move <= 3 ms with 5 pages; a typical push <= 4 KB per page;
1 table p99 <= 2x the baseline's; 50 tables p99 <= 50 ms, no errors, worker RSS <= 120 MB.
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
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the real HTTP/WebSocket clients are shared with tests/live

from tests.live.clients import Browser, Listener, Table, seq_of  # noqa: E402

from companion.engines import TABLE  # noqa: E402

WAIT = 10.0  # seconds a page may take to get its update before it counts as an error
RSS_TARGET_MB = 120
FLOOR_APP = "bench.floor:create_app()"
NAMES = ("Anna", "Ben", "Cleo", "Dora")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Gunicorn:
    """gunicorn -c deploy/gunicorn.conf.py on a loopback port, with its own database; ``root``
    is the checkout whose code it runs, ``app`` another WSGI app than the companion's,
    ``flags`` more gunicorn options (they win over the file's)."""

    def __init__(self, workdir: str, *flags: str, root: Path = ROOT, app: str | None = None,
                 env: dict | None = None):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ, COMPANION_DB=os.path.join(workdir, f"bench-{self.port}.sqlite3"),
                   COMPANION_PUBLIC_URL=self.base + "/", PYTHONPATH=str(root), **(env or {}))
        self.log = open(os.path.join(workdir, f"gunicorn-{self.port}.log"), "w+")
        self.process = subprocess.Popen(
            [str(ROOT / ".venv/bin/gunicorn"), "-c", str(root / "deploy/gunicorn.conf.py"),
             "--bind", f"127.0.0.1:{self.port}", *flags, *([app] if app else [])],
            cwd=root, env=env, stdout=self.log, stderr=subprocess.STDOUT)
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
        at = text.find("Traceback")
        return text[max(0, at - 300):at + 4000] if at >= 0 else None

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


def percentile(values: list[float], p: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1] if len(values) > 1 else values[0]


# the games ------------------------------------------------------------------------------

def fifth_avenue_form() -> dict:
    from tests.web.conftest import fa_form
    return fa_form(names=NAMES)


def new_york_form() -> dict:
    """Four players; the host's screen enters every refill the engine's playout draws."""
    from tests.web.new_york import ny_config, ny_form
    return ny_form(ny_config(len(NAMES)))


def palazzo_form() -> dict:
    """Four players with sealed bids and private hands, every move from a phone."""
    from tests.web.palazzo_setup import pz_form
    return pz_form(names=NAMES, bidding="sealed", hands="private")


def manhattan_form() -> dict:
    """Four players with private hands, each phone entering the cards it draws."""
    from tests.web.manhattan import mh_form
    return mh_form(names=NAMES, hands="private")


FORMS = {"fifth_avenue": fifth_avenue_form, "new_york": new_york_form, "palazzo": palazzo_form,
         "manhattan": manhattan_form}


def games_with_screens(root: Path) -> list[str]:
    """The games the checkout at ``root`` offers (an engine and a screen adapter) that this
    bench can set up."""
    found = []
    for game in FORMS:
        if (root / "companion/web/games" / f"{game}.py").exists():
            try:
                FORMS[game]()
            except ImportError:
                continue
            found.append(game)
    return found


# the tables and their drivers --------------------------------------------------------------

@dataclass
class Run:
    """What one run measured, shared by the tables' driver threads."""

    name: str
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, latency: float | None = None, error: str | None = None) -> None:
        with self.lock:
            if error:
                self.errors.append(error)
            else:
                self.latencies.append(latency)


class AppTable:
    """A table of ``game`` with its host's table screen and a phone per seat, listening."""

    def __init__(self, base: str, game: str):
        self.table = Table(base, FORMS[game](), game)
        seats = [p["seat"] for p in self.table.game.config["players"]]
        self.pages = {"table": [self.table.host.listen(self.table.id, timeout=WAIT)], "phone": []}
        for seat in seats:
            self.pages["phone"].append(self.table.join(seat).listen(self.table.id, phone=True, timeout=WAIT))
        for page in self.all_pages():
            page.wait_seq(0, WAIT)

    def all_pages(self) -> list[Listener]:
        return self.pages["table"] + self.pages["phone"]

    def over(self) -> bool:
        return self.table.game.engine.is_over(self.table.game.state)

    def move(self, rng) -> tuple[int, str | None]:
        """Post one random legal action; (the move now, an error or None)."""
        seat, action = self.table.game.choose(rng)
        try:
            reply = self.table.post(seat, action)
        except OSError as error:
            return self.table.game.seq, f"POST {action['type']}: {error!r}"
        if reply.status != 200:
            return self.table.game.seq, f"POST {action['type']} as {seat} -> {reply.status}"
        self.table.game.commit(seat, action)
        return self.table.game.seq, None


class BaselineTable:
    """A table of the bare broadcast app: five sockets, a POST per move."""

    def __init__(self, base: str, number: int):
        self.base, self.id = base, f"t{number}" if number >= 0 else "warm-up"
        browser = Browser(base)
        url = f"ws://{browser.host}:{browser.port}/b/{self.id}/ws"
        self.pages = {"table": [Listener(url, timeout=WAIT)], "phone": [Listener(url, timeout=WAIT) for _ in range(4)]}
        self.seq = 0
        for page in self.all_pages():
            page.wait_seq(0, WAIT)

    def all_pages(self) -> list[Listener]:
        return self.pages["table"] + self.pages["phone"]

    def over(self) -> bool:
        return False

    def move(self, rng) -> tuple[int, str | None]:
        try:
            reply = Browser(self.base).post(f"/b/{self.id}/move", {})
        except OSError as error:
            return self.seq, f"POST: {error!r}"
        if reply.status != 200:
            return self.seq, f"POST -> {reply.status}"
        self.seq += 1
        return self.seq, None


def drive(table, actions: int, pause: float, rng: random.Random, run: Run) -> None:
    """Play up to ``actions`` moves, timing each until every page of the table has it."""
    time.sleep(rng.uniform(0, pause))  # the tables do not all act in step
    try:
        for _ in range(actions):
            if table.over():
                return
            start = time.perf_counter()
            seq, error = table.move(rng)
            if error:
                run.record(error=error)
                return  # the replica and the server may no longer agree
            try:
                last = max(page.wait_seq(seq, WAIT).at for page in table.all_pages())
            except TimeoutError as error:
                run.record(error=f"update {seq} missing: {error}")
                return
            run.record(latency=last - start)
            time.sleep(pause)
    except Exception as error:  # a failure of this table must not go unnoticed in its thread
        run.record(error=f"{error!r}")


@dataclass
class Figures:
    moves: int
    p50: float
    p99: float
    cpu: float  # worker CPU ms per move
    push: dict  # page kind -> (median, mean) bytes per push
    errors: int
    rss: tuple


def warm_up(open_table, moves: int) -> None:
    """Play a table for a while, so what a server does once (compiling templates) is not
    counted against the moves that follow."""
    table = open_table(-1)
    rng = random.Random(99)
    try:
        for _ in range(moves):
            if table.over():
                break
            seq, error = table.move(rng)
            if error:
                break
            for page in table.all_pages():
                page.wait_seq(seq, WAIT)
    finally:
        for page in table.all_pages():
            page.close()


def scenario(name: str, server: Gunicorn, open_table, tables: int, args) -> Figures:
    run, opened = Run(name), []
    if args.warmup:
        warm_up(open_table, args.warmup)
    try:
        start = time.perf_counter()
        for i in range(tables):
            try:
                opened.append(open_table(i))
            except (OSError, TimeoutError, AssertionError) as error:
                run.record(error=f"opening a table: {error!r}")
                break
        setup = time.perf_counter() - start
        idle_rss, _ = server.memory_mb()
        cpu_before = server.cpu_seconds()
        drivers = [threading.Thread(target=drive, args=(table, args.actions, args.pause, random.Random(i), run))
                   for i, table in enumerate(opened)]
        for d in drivers:
            d.start()
        for d in drivers:
            d.join()
        rss, peak = server.memory_mb()
        cpu = server.cpu_seconds() - cpu_before
        logged = server.first_error()
    finally:
        for table in opened:
            for page in table.all_pages():
                page.close()
    lat = run.latencies
    figures = Figures(len(lat), percentile(lat, 50) * 1000 if lat else float("nan"),
                      percentile(lat, 99) * 1000 if lat else float("nan"),
                      cpu * 1000 / max(len(lat), 1), push_sizes(opened), len(run.errors), (idle_rss, rss, peak))
    pushes = ", ".join(f"{kind} {med / 1024:.1f} KB median / {mean / 1024:.1f} KB mean"
                       for kind, (med, mean) in figures.push.items())
    print(f"  {name:<9} {tables:>2} tables x {len(opened[0].all_pages()) if opened else 0} pages: "
          f"{figures.moves} moves, p50 {figures.p50:.1f} ms, p99 {figures.p99:.1f} ms, "
          f"max {max(lat, default=0) * 1000:.1f} ms, CPU {figures.cpu:.2f} ms/move, "
          f"push {pushes}, errors {figures.errors}, RSS {idle_rss:.0f} idle / {rss:.0f} / {peak:.0f} peak MB, "
          f"set-up {setup:.1f} s", flush=True)
    for error in run.errors[:3]:
        print(f"      error: {error}")
    if logged:
        print("      the server logged:\n" + logged)
    return figures


def push_sizes(opened) -> dict:
    """Bytes of each push of a move (one that carries its ``data-seq``: not, say, a table
    screen's news of who is here) after the first picture of each page, per kind of page."""
    sizes = {}
    for kind in ("table", "phone"):
        values = [m.size for t in opened for page in t.pages[kind] for m in page.messages[1:]
                  if seq_of(m.raw) is not None]
        if values:
            sizes[kind] = (statistics.median(values), statistics.fmean(values))
    return sizes


def run_app(label: str, root: Path, game: str, tables: int, args, workdir: str, app: str | None = None) -> Figures:
    server = Gunicorn(workdir, root=root, app=app)
    try:
        return scenario(label, server, lambda i: AppTable(server.base, game), tables, args)
    finally:
        server.stop()


def run_baseline(tables: int, args, workdir: str) -> Figures:
    server = Gunicorn(workdir, app="bench.broadcast:create_app()", env={"BROADCAST_BYTES": str(args.baseline_bytes)})
    try:
        return scenario("baseline", server, lambda i: BaselineTable(server.base, i), tables, args)
    finally:
        server.stop()


def median_run(runs: list[Figures]) -> Figures:
    """Several runs of one app as one: the median of their p50, p99 and CPU, every error,
    the highest memory."""
    if len(runs) == 1:
        return runs[0]
    return Figures(sum(r.moves for r in runs), statistics.median(r.p50 for r in runs),
                   statistics.median(r.p99 for r in runs), statistics.median(r.cpu for r in runs),
                   runs[0].push, sum(r.errors for r in runs),
                   tuple(max(r.rss[i] for r in runs) for i in range(3)))


def verdict(tables: int, app: Figures, base: Figures | None) -> str:
    pushes = [med for med, _ in app.push.values()]
    checks = [("CPU/move <= 3 ms", app.cpu <= 3.0), ("typical push <= 4 KB", bool(pushes) and max(pushes) <= 4096),
              ("no errors", app.errors == 0)]
    if tables == 1 and base:
        checks.append(("p99 <= 2x baseline", app.p99 <= 2 * base.p99))
    if tables >= 50:
        checks += [("p99 <= 50 ms", app.p99 <= 50), (f"RSS <= {RSS_TARGET_MB} MB", app.rss[2] <= RSS_TARGET_MB)]
    ratio = f"p99 {app.p99 / base.p99:.2f}x, CPU {app.cpu / base.cpu:.2f}x the baseline; " if base else ""
    return ratio + ", ".join(f"{name}: {'ok' if ok else 'MISSED'}" for name, ok in checks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run (fewer actions per table)")
    parser.add_argument("--tables", default="1,20,50", help="sizes to run, comma separated")
    parser.add_argument("--games", help="games to run, comma separated (default: every game with screens)")
    parser.add_argument("--pause", type=float, default=1.0, help="seconds between two actions of one table")
    parser.add_argument("--actions", type=int, help="actions per table")
    parser.add_argument("--compare", type=Path, help="another checkout whose app runs too, in the same run")
    parser.add_argument("--no-baseline", action="store_true", help="skip the bare broadcast baseline")
    parser.add_argument("--floor", action="store_true",
                        help="also run the app drawing no page (bench/floor.py): the least any drawing costs")
    parser.add_argument("--baseline-bytes", type=int, default=19 * 1024, help="the baseline's message size")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each app, judged by their median")
    parser.add_argument("--warmup", type=int, default=40,
                        help="moves played on a table of its own before measuring (0: none)")
    args = parser.parse_args()
    args.actions = args.actions or (12 if args.quick else 40)
    sizes = [int(n) for n in args.tables.split(",")]
    games = args.games.split(",") if args.games else games_with_screens(ROOT)
    roots = ([("app", ROOT, None)] + ([("compared", args.compare.resolve(), None)] if args.compare else [])
             + ([("floor", ROOT, FLOOR_APP)] if args.floor else []))
    print("load average before: %.2f %.2f %.2f (the machine is shared: figures vary with it)" % os.getloadavg())
    print(f"games {', '.join(games)}; {args.actions} actions per table, {args.pause} s apart")
    if args.compare:
        print(f"app: {ROOT}; compared: {args.compare}")
    all_ok = True
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as workdir:
        for tables in sizes:
            print(f"{tables} table{'s' if tables > 1 else ''}:")
            base = None if args.no_baseline else run_baseline(tables, args, workdir)
            for game in games:
                runs = {label: [] for label, _, _ in roots}
                for _ in range(args.repeat):  # the checkouts take turns: a slow spell hits both
                    for label, root, app in roots:
                        runs[label].append(run_app(f"{label}" if len(games) == 1 else f"{label}:{game[:2]}",
                                                   root, game, tables, args, workdir, app))
                for label, _, _ in roots:
                    figures = median_run(runs[label])
                    if args.repeat > 1:
                        print(f"      {label} {game}, median of {args.repeat} runs: p50 {figures.p50:.1f} ms, "
                              f"p99 {figures.p99:.1f} ms, CPU {figures.cpu:.2f} ms/move, "
                              f"RSS peak {figures.rss[2]:.0f} MB, errors {figures.errors}")
                    print(f"      {label} {game}: {verdict(tables, figures, base)}")
                    all_ok &= label != "app" or "MISSED" not in verdict(tables, figures, base)
                if args.floor:
                    floor = median_run(runs["floor"]).cpu
                    for label in runs.keys() - {"floor"}:
                        cpu = median_run(runs[label]).cpu
                        print(f"      {label} {game}: drawing the pages costs {cpu - floor:.2f} ms/move "
                              f"of its {cpu:.2f} (the floor, drawing none, costs {floor:.2f})")
    print("load average after: %.2f %.2f %.2f" % os.getloadavg())
    sys.exit(0 if all_ok else 1)


if __name__ == "__main__":
    main()
