"""Moves while a crowd holds the server: 1,000 idle WebSockets and 100 slow-header clients.

Starts gunicorn with the agreed settings (deploy/gunicorn.conf.py) on a loopback port
with a temporary database, opens one Fifth Avenue table with its table screen and four
phones, and plays moves on it: first with nothing else open ("quiet"), then while
``--pages`` idle pages (table screens of ``--pages / 10`` other tables, reading and
answering pings) and ``--slow`` clients that send a request's headers one byte every
``--drip`` seconds are open ("crowd"; a slow client the server closes is replaced at
once). With ``--stalled``, a third round adds one page at the played table that never
reads. Each round prints move latency p50/p99 (from the POST until every page of the
table has the new view), the latency of a plain GET of the home page, errors, and the
worker's memory.

``--worker gthread`` runs the same against gunicorn's threaded worker (``--threads``
threads, 128 by default, as before gevent) for comparison; it cannot hold the crowd,
so expect its crowd round to stop at the first errors.

Run: ``.venv/bin/python bench/crowd.py [--worker gevent|gthread] [--moves N] [--stalled]``.
"""

import argparse
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
from tests.live.clients import Browser, Table  # noqa: E402
from tests.live.crowd import Crowd  # noqa: E402
from tests.web.conftest import fa_form  # noqa: E402

from companion.worker import raise_open_files_limit  # noqa: E402

SEATS = ("p1", "p2", "p3", "p4")
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


def play_round(name: str, server: Gunicorn, table, pages, moves: int, pause: float, rng) -> None:
    """Play ``moves`` moves and print what they cost."""
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
        for _ in range(pages // 10):
            crowd.open_pages(f"/t/{Table(base, fa_form()).id}/ws", 10)
    except OSError as error:
        print(f"  opening the idle pages failed after {crowd.accepted}: {error!r}")
    crowd.wait_until(lambda: crowd.accepted >= pages, 60)
    crowd.open_slow(slow)
    print(f"  crowd: {crowd.accepted} of {pages} idle pages accepted, {crowd.slow_open} slow-header "
          f"clients open ({time.perf_counter() - start:.1f} s to open)")


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
    parser.add_argument("--stalled", action="store_true", help="a third round with a page that never reads")
    args = parser.parse_args()
    raise_open_files_limit()  # this process holds every client socket
    flags = ["-k", "gthread", "--threads", str(args.threads)] if args.worker == "gthread" else []
    print(f"worker {args.worker}{' x %d threads' % args.threads if flags else ''}; "
          "load average %.2f %.2f %.2f (the machine is shared: figures vary with it)" % os.getloadavg())
    rng = random.Random(1)
    with tempfile.TemporaryDirectory(prefix="companion-crowd-") as workdir:
        server = Gunicorn(workdir, *flags)
        crowd = Crowd("127.0.0.1", server.port, drip=args.drip, refill=True)
        stalled, pages = None, []
        try:
            table, pages = open_played_table(server.base)
            play_round("quiet", server, table, pages, args.moves, args.pause, rng)
            gather(crowd, server.base, args.pages, args.slow)
            play_round("crowd", server, table, pages, args.moves, args.pause, rng)
            ended = [s.closed_after for s in crowd.ended]
            if ended:
                print(f"  the server closed {len(ended)} slow-header clients, after "
                      f"{min(ended):.1f}-{max(ended):.1f} s; {crowd.pages_closed} idle pages were closed")
            else:
                print(f"  the server closed no slow-header client; {crowd.pages_closed} idle pages were closed")
            if args.stalled:
                stalled = stall(server.base, table)
                play_round("stalled", server, table, pages, args.moves, args.pause, rng)
        finally:
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
