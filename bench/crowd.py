"""Moves while a crowd holds the server: 1,000 idle WebSockets and 100 slow-header clients,
then 4,050 slow bodies, then 300 connections of pipelined exports.

Starts gunicorn with the agreed settings (deploy/gunicorn.conf.py) on a loopback port
with a temporary database, opens one Fifth Avenue table with its table screen and four
phones, and plays moves on it: first with nothing else open ("quiet"), then while
``--pages`` idle pages (table screens of ``--pages / 10`` other tables, reading and
answering pings; each table's ten pages from a loopback address of their own) and
``--slow`` clients that send a request's headers one byte every ``--drip`` seconds
are open ("crowd"). Then two attacks in turn, each from one address of its own, the
crowd still open:
- "bodies": ``--bodies`` connections each POST /language with Content-Length 60000
  and send the body a byte every ``--drip`` seconds;
- "exports": ``--hogs`` connections each send ``--pipelined`` requests for the
  export.json of a finished 400-move game at once and never read an answer.
Every attacker the server closes (or refuses) is replaced, at most ``--refill-rate``
a second, until the round ends. With ``--stalled``, a last round adds one page at the played table that
never reads. Each round prints move latency p50/p99 (from the POST until every page of
the table has the new view), the latency of a plain GET of the home page, errors, and
the worker's memory; at the end, each round's move latency next to the quiet round's.
The moves and GETs come from 127.0.0.1; each attack runs in a process of its own.

``--worker gthread`` runs the same against gunicorn's threaded worker (``--threads``
threads, 128 by default, as before gevent) for comparison; it cannot hold the crowd,
so expect its crowd round to stop at the first errors.

``--root DIR`` runs the server from another checkout (say, the code before a change).

Run: ``.venv/bin/python bench/crowd.py [--worker gevent|gthread] [--moves N] [--stalled] [--root DIR]``.
"""

import argparse
import json
import multiprocessing
import os
import random
import socket
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the clients are shared with the tests
sys.path.insert(0, str(ROOT / "bench"))

from live import Gunicorn, percentile  # noqa: E402
from tests.history.helpers import Night  # noqa: E402
from tests.live.clients import Browser, Table  # noqa: E402
from tests.live.crowd import SLOW_BODY, Crowd  # noqa: E402
from tests.web.conftest import fa_form  # noqa: E402

from companion.archive import exchange  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.worker import raise_open_files_limit  # noqa: E402

SEATS = ("p1", "p2", "p3", "p4")
PAGES_FROM = "127.0.1.{}"  # the idle pages of the crowd's n-th table
SLOW_FROM, BODIES_FROM, HOGS_FROM = "127.0.2.1", "127.0.3.1", "127.0.4.1"
WAIT = 10.0  # seconds a page or an answer may take before it counts as an error
MAX_ERRORS = 3  # a round stops after this many: the server is not answering


def open_played_table(base: str):
    """A 4-player table with its table screen and four phones listening."""
    table = Table(base, fa_form(names=("Anna", "Ben", "Cleo", "Dora")))
    pages = [table.host.listen(table.id, timeout=WAIT)]
    for seat in SEATS:
        pages.append(table.join(seat).listen(table.id, phone=True, timeout=WAIT))
    for page in pages:
        page.wait_seq(0, WAIT)
    return table, pages


def play_round(name: str, server: Gunicorn, table, pages, moves: int, pause: float, rng) -> list[float]:
    """Play ``moves`` moves and print what they cost; returns the moves' latencies."""
    latencies, gets, errors = [], [], []
    for _ in range(moves):
        if table.game.state["phase"] == "over" or len(errors) >= MAX_ERRORS:
            break
        errors += timed_get(server.base, gets)
        seat, action = table.game.choose(rng)
        start = time.perf_counter()
        try:
            reply = table.post(seat, action)
        except OSError as error:
            errors.append(f"POST {action['type']}: {error!r}")
            if arrived(pages, table.game.seq + 1):  # taken after all: the replica follows
                table.game.commit(seat, action)
            continue
        if reply.status != 200:
            errors.append(f"POST {action['type']} -> {reply.status}")
            break  # the replica and the server no longer agree
        table.game.commit(seat, action)
        try:
            last = max(page.wait_seq(table.game.seq, WAIT).at for page in pages)
        except TimeoutError as error:
            errors.append(f"update {table.game.seq} missing: {error}")
            continue
        latencies.append(last - start)
        time.sleep(pause)
    rss, peak = server.memory_mb()
    print(f"  {name:<8} {len(latencies):>3} moves: move p50 {ms(latencies, 50)} p99 {ms(latencies, 99)}, "
          f"GET / p50 {ms(gets, 50)} p99 {ms(gets, 99)}, errors {len(errors)}, "
          f"worker RSS {rss:.0f} MB (peak {peak:.0f})")
    for error in errors[:MAX_ERRORS]:
        print(f"           error: {error}")
    return latencies


def arrived(pages, seq: int) -> bool:
    """Whether every page gets move ``seq`` within WAIT seconds."""
    try:
        for page in pages:
            page.wait_seq(seq, WAIT)
    except TimeoutError:
        return False
    return True


def timed_get(base: str, into: list) -> list[str]:
    start = time.perf_counter()
    try:
        status = Browser(base).get("/", timeout=WAIT).status
    except OSError as error:
        return [f"GET /: {error!r}"]
    into.append(time.perf_counter() - start)
    return [] if status == 200 else [f"GET / -> {status}"]


def ms(values: list[float], p: int) -> str:
    return f"{percentile(values, p) * 1000:7.1f} ms" if values else "    n/a   "


def gather(crowd: Crowd, base: str, pages: int, slow: int) -> None:
    """Open the crowd's pages (ten per idle table) and slow clients; say how many got in."""
    start = time.perf_counter()
    try:
        for n in range(pages // 10):
            crowd.open_pages(f"/t/{Table(base, fa_form()).id}/ws", 10, source=PAGES_FROM.format(n % 250 + 1))
    except OSError as error:
        print(f"  opening the idle pages failed after {crowd.accepted}: {error!r}")
    crowd.wait_until(lambda: crowd.accepted >= pages, 60)
    crowd.open_slow(slow, source=SLOW_FROM)
    print(f"  crowd: {crowd.accepted} of {pages} idle pages accepted, {crowd.slow_open} slow-header "
          f"clients open ({time.perf_counter() - start:.1f} s to open)")


def finished_table(server: Gunicorn, workdir: str) -> str:
    """A finished game of 405 moves put in the server's database (as ``companion import``
    does); returns its table id."""
    night = Night(os.path.join(workdir, "finished.sqlite3"))
    row, _ = night.table(["Anna", "Ben", "Cleo", "Dora"], 0, status="finished")
    data = json.dumps(exchange.export_table(night.store, row))
    database = os.path.join(workdir, f"bench-{server.port}.sqlite3")  # as Gunicorn names it
    return exchange.import_table(Store(database), data).row.id


def attack_bodies(port: int, count: int, drip: float, rate: float, **_) -> Crowd:
    attackers = Crowd("127.0.0.1", port, drip=drip, refill=True, refill_rate=rate)
    try:
        attackers.open_slow(count, SLOW_BODY, source=BODIES_FROM)
    except OSError as error:
        print(f"  opening the slow bodies failed after {len(attackers.slow)}: {error!r}")
    return attackers


def said_bodies(attackers: Crowd, count: int, **_) -> str:
    ended = attackers.ended
    refused = [s for s in ended if not s.answer.startswith(b"HTTP/1.1 408")]
    cut = [s.closed_after for s in ended if s.answer.startswith(b"HTTP/1.1 408")]
    return (f"  {count} slow bodies from {BODIES_FROM}: {len(cut)} cut with a 408"
            + (f" after {min(cut):.1f}-{max(cut):.1f} s" if cut else "")
            + f", {len(refused)} refused or closed at once (503 or reset), {attackers.slow_open} open at the end")


def attack_exports(port: int, table_id: str, count: int, pipelined: int, drip: float, rate: float) -> Crowd:
    attackers = Crowd("127.0.0.1", port, drip=drip, refill=True, refill_rate=rate)
    request = f"GET /t/{table_id}/export.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    try:
        attackers.open_hogs(count, request, pipelined, source=HOGS_FROM)
    except OSError as error:
        print(f"  opening the export hogs failed after {attackers.hogs_open}: {error!r}")
    return attackers


def said_exports(attackers: Crowd, count: int, pipelined: int, **_) -> str:
    closed = attackers.hogs_closed
    kinds = {status: sum(first.startswith(status) for first in closed)
             for status in (b"HTTP/1.1 200", b"HTTP/1.1 429", b"HTTP/1.1 503")}
    return (f"  {count} connections x {pipelined} pipelined export.json from {HOGS_FROM}: the server closed "
            f"{len(closed)} (first answer 200: {kinds[b'HTTP/1.1 200']}, 429: {kinds[b'HTTP/1.1 429']}, "
            f"503: {kinds[b'HTTP/1.1 503']}, none: {len(closed) - sum(kinds.values())}); "
            f"{attackers.hogs_open} open at the end")


ATTACKS = {"bodies": (attack_bodies, said_bodies), "exports": (attack_exports, said_exports)}


def attack(kind: str, port: int, options: dict, stop, said) -> None:
    """An attack in a process of its own, so that its clients' work never delays the
    bench's own (they share one GIL otherwise): opens its attackers, says so, keeps them
    going until ``stop`` is set, then says what the server did with them."""
    raise_open_files_limit()
    opened, report = ATTACKS[kind]
    attackers = opened(port, **options)
    said.put("open")
    stop.wait(600)  # bounded, whatever happens to the bench
    attackers.close()
    said.put(report(attackers, **options))


class Attack:
    """Runs ``attack`` in another process for the length of a round."""

    def __init__(self, kind: str, port: int, **options):
        context = multiprocessing.get_context("spawn")
        self._stop, self._said = context.Event(), context.Queue()
        self.process = context.Process(target=attack, args=(kind, port, options, self._stop, self._said))
        self.process.start()
        self._said.get(timeout=300)  # its attackers are open

    def stop(self) -> str:
        self._stop.set()
        try:
            return self._said.get(timeout=60)
        finally:
            self.process.join(10)
            if self.process.is_alive():
                self.process.kill()


def stall(base: str, table) -> socket.socket:
    """A page of the played table that opens its socket and then never reads."""
    host, port = base.removeprefix("http://").split(":")
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # before connecting, so it sticks
    sock.connect((host, int(port)))
    sock.sendall(f"GET /t/{table.id}/ws HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                 "Connection: Upgrade\r\nSec-WebSocket-Key: c3RhbGxlZCBwYWdlIGtleQ==\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    return sock


def compare(rounds: dict) -> None:
    """Each round's move latency next to the quiet round's."""
    quiet = rounds["quiet"]
    print(f"  move latency p50 / p99, next to quiet ({ms(quiet, 50).strip()} / {ms(quiet, 99).strip()}):")
    for name, latencies in rounds.items():
        if name != "quiet":
            print(f"    {name:<8} {ms(latencies, 50)} / {ms(latencies, 99)}  ({len(latencies)} moves)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--worker", choices=("gevent", "gthread"), default="gevent",
                        help="gevent: the agreed settings; gthread: the threaded worker, for comparison")
    parser.add_argument("--threads", type=int, default=128, help="gthread only: its threads")
    parser.add_argument("--pages", type=int, default=1000, help="idle WebSockets in the crowd")
    parser.add_argument("--slow", type=int, default=100, help="slow-header clients in the crowd")
    parser.add_argument("--drip", type=float, default=2.0, help="seconds between two bytes of a slow client")
    parser.add_argument("--moves", type=int, default=60, help="moves per round")
    parser.add_argument("--pause", type=float, default=0.2, help="seconds between two moves")
    parser.add_argument("--bodies", type=int, default=4050, help="slow-body connections in the bodies round")
    parser.add_argument("--hogs", type=int, default=300, help="connections of pipelined exports")
    parser.add_argument("--pipelined", type=int, default=60, help="export requests each hog sends at once")
    parser.add_argument("--refill-rate", type=float, default=100,
                        help="most attackers replaced a second (each refused one is retried)")
    parser.add_argument("--stalled", action="store_true", help="a last round with a page that never reads")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose server runs (default: this one)")
    args = parser.parse_args()
    raise_open_files_limit()  # this process holds every client socket
    flags = ["-k", "gthread", "--threads", str(args.threads)] if args.worker == "gthread" else []
    print(f"worker {args.worker}{' x %d threads' % args.threads if flags else ''}; "
          "load average %.2f %.2f %.2f (the machine is shared: figures vary with it)" % os.getloadavg())
    rng = random.Random(1)
    with tempfile.TemporaryDirectory(prefix="companion-crowd-") as workdir:
        server = Gunicorn(workdir, *flags, root=args.root)
        crowd = Crowd("127.0.0.1", server.port, drip=args.drip, refill=True)
        stalled, pages, attackers, rounds = None, [], None, {}
        try:
            table, pages = open_played_table(server.base)
            rounds["quiet"] = play_round("quiet", server, table, pages, args.moves, args.pause, rng)
            gather(crowd, server.base, args.pages, args.slow)
            rounds["crowd"] = play_round("crowd", server, table, pages, args.moves, args.pause, rng)
            ended = [s.closed_after for s in crowd.ended]
            if ended:
                print(f"  the server closed {len(ended)} slow-header clients, after "
                      f"{min(ended):.1f}-{max(ended):.1f} s; {crowd.pages_closed} idle pages were closed")
            else:
                print(f"  the server closed no slow-header client; {crowd.pages_closed} idle pages were closed")
            if args.bodies:
                attackers = Attack("bodies", server.port, count=args.bodies, drip=args.drip, rate=args.refill_rate)
                rounds["bodies"] = play_round("bodies", server, table, pages, args.moves, args.pause, rng)
                print(attackers.stop())
            if args.hogs:
                attackers = Attack("exports", server.port, table_id=finished_table(server, workdir),
                                   count=args.hogs, pipelined=args.pipelined, drip=args.drip, rate=args.refill_rate)
                rounds["exports"] = play_round("exports", server, table, pages, args.moves, args.pause, rng)
                print(attackers.stop())
            if args.stalled:
                stalled = stall(server.base, table)
                rounds["stalled"] = play_round("stalled", server, table, pages, args.moves, args.pause, rng)
            compare(rounds)
        finally:
            if attackers and attackers.process.is_alive():
                attackers.stop()
            crowd.close()
            for page in pages:
                page.close()
            if stalled:
                stalled.close()
            logged = server.first_error()
            server.stop()
            if logged:
                print("  the server logged:\n" + logged)


if __name__ == "__main__":
    main()
