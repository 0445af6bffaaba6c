"""One move's server work in-process, per game: the move, then every open page pushed.

A four-player table of each game with screens, its host's screen and a phone per seat (five
pages, stand-in sockets), plays random legal moves through ``Tables.act``; after each, the
pushes are made here as the pusher makes them (``Pushes.push``: each page's picture of the
new moment drawn, ``Picture.push`` of what that page was last sent queued on its socket).
Prints, per game: CPU per move (the move and its pushes, this process's CPU time: mean,
median, p90), the bytes of a push per page (median and mean over every push after a page's
first picture; phones and the host's table screen apart), and which parts a push carried,
how often and how big (mean bytes when sent). With ``--profile [N]`` it prints the N
costliest functions of the moves and their pushes (cProfile, sorted by cumulative time;
``SORT=tottime`` to order them by their own time), and the number of function calls, which
unlike CPU time does not vary with the load of a shared machine.

No HTTP, no sockets: what gunicorn and the network add is bench/live.py's to measure.

Run: ``.venv/bin/python bench/pushes.py [--games palazzo,...] [--moves 150] [--profile [N]]``;
for a before/after, run it from a copy of the code before too (``git archive``), in turn.
"""

import argparse
import cProfile
import io
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
from importlib import import_module
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.live import FORMS  # noqa: E402
from companion.web import create_app  # noqa: E402
from companion.web.hub import Connection  # noqa: E402
from tests.live.clients import pushed_parts  # noqa: E402


class Page:
    """A stand-in socket that notes what it is sent: each message's bytes and its parts
    (part id -> bytes of its element)."""

    def __init__(self):
        self.sizes, self.parts = [], []

    def send(self, text):
        self.sizes.append(len(text.encode()))
        self.parts.append({part: len(element.encode()) for part, element in pushed_parts(text)})

    def close(self, reason=None, message=None):
        pass


def settle(conns) -> None:
    """Wait until every page's socket has been sent what is queued for it."""
    for conn in conns:
        while conn.queue or conn.sending:
            time.sleep(0.0005)


def open_table(app, game: str) -> tuple[str, object, dict]:
    """A four-player table of ``game`` with its host's screen and a phone per seat open
    (stand-in sockets), each shown its first picture: (table id, the live table, pages by
    kind). Pushes are left to the caller, one move at a time. Within a request context."""
    ext = app.extensions["companion"]
    tables = ext["tables"]
    tables.listeners.clear()  # no pusher thread: the caller pushes
    table_id = app.test_client().post(f"/new/{game}", data=FORMS[game]()).headers["Location"].rsplit("/", 1)[1]
    live = tables.get(table_id)
    for seat in live.seats:
        app.test_client().post(f"/j/{live.row.join_code}", data={"seat": seat})
    secrets = tables.store.seats(table_id)
    pages = {"host": [Connection(Page(), table_id, None, "host")],
             "phone": [Connection(Page(), table_id, s, "phone", secrets[s]) for s in live.seats]}
    for conn in pages["host"] + pages["phone"]:
        ext["hub"].join(conn)
    ext["pushes"].push(table_id)  # every page's first picture (templates compiled)
    settle(pages["host"] + pages["phone"])
    return table_id, live, pages


def random_action(live, rng: random.Random) -> tuple[str, dict]:
    """A seat that is due and a random legal action of it."""
    seat = rng.choice(sorted(live.engine.to_act(live.state)))
    return seat, import_module(f"{live.engine.__name__}.playout").random_action(live.state, seat, rng)


def move(app, table_id: str, live, seat: str, action: dict, conns) -> None:
    """The move, then every page pushed, as the pusher pushes."""
    ext = app.extensions["companion"]
    ext["tables"].act(table_id, seat, action, live.seq)
    ext["pushes"].push(table_id)
    settle(conns)


def run(game: str, moves: int, profile: cProfile.Profile | None, folder: str) -> dict:
    app = create_app({"DATABASE": f"{folder}/{game}.sqlite3", "PUBLIC_URL": "http://192.0.2.10:8000/"})
    rng, cpu = random.Random(game), []
    with app.test_request_context("/"):
        table_id, live, pages = open_table(app, game)
        conns = pages["host"] + pages["phone"]
        for _ in range(moves):
            if live.engine.is_over(live.state):
                break
            seat, action = random_action(live, rng)
            start = time.process_time()
            if profile:
                profile.enable()
            move(app, table_id, live, seat, action, conns)
            if profile:
                profile.disable()
            cpu.append((time.process_time() - start) * 1e3)
    # a page's first message is its whole picture: the pushes are those after it
    sizes = {kind: [n for c in cs for n in c.ws.sizes[1:]] for kind, cs in pages.items()}
    by_part = {}
    for conn in conns:
        for sent in conn.ws.parts[1:]:
            for name, n in sent.items():
                by_part.setdefault(f"{conn.page}:{name}", []).append(n)
    return {"moves": len(cpu), "cpu": cpu, "sizes": sizes, "parts": by_part,
            "silent": {kind: moves_without(cs, len(cpu)) for kind, cs in pages.items()}}


def moves_without(conns, moves: int) -> int:
    """How many of the page-moves sent a page nothing (nothing it shows changed)."""
    return sum(moves - len(c.ws.sizes[1:]) for c in conns)


def report(game: str, found: dict) -> str:
    cpu = sorted(found["cpu"])
    if not cpu:
        return f"{game}: no moves"
    p90 = cpu[int(len(cpu) * 0.9)]
    out = [f"{game}: {found['moves']} moves, CPU per move (the move and its 5 pushes) mean "
           f"{statistics.mean(cpu):.2f} ms, median {statistics.median(cpu):.2f}, p90 {p90:.2f}"]
    for kind, sizes in found["sizes"].items():
        label = "table screen (host)" if kind == "host" else kind
        if sizes:
            out.append(f"  push per {label} page: median {statistics.median(sizes) / 1024:.2f} KB, "
                       f"mean {statistics.mean(sizes) / 1024:.2f} KB, max {max(sizes) / 1024:.1f} KB over "
                       f"{len(sizes)} pushes; {found['silent'][kind]} page-moves sent nothing")
    pushes = {kind: len(sizes) for kind, sizes in found["sizes"].items()}
    for kind in found["sizes"]:
        parts = sorted(((name.split(":", 1)[1], ns) for name, ns in found["parts"].items()
                        if name.split(":", 1)[0] == kind), key=lambda kv: -sum(kv[1]))
        if parts:
            out.append(f"  {kind} parts pushed (in how many of {pushes[kind]} pushes, mean KB when sent, "
                       f"share of the bytes): " + ", ".join(
                           f"{name} {len(ns)} {statistics.mean(ns) / 1024:.2f} "
                           f"{100 * sum(ns) / max(sum(found['sizes'][kind]), 1):.0f}%" for name, ns in parts))
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(FORMS))
    parser.add_argument("--moves", type=int, default=150)
    parser.add_argument("--profile", type=int, nargs="?", const=30, default=0,
                        help="print the N costliest functions (30 unless given)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for game in args.games.split(","):
            profile = cProfile.Profile() if args.profile else None
            print(report(game, run(game, args.moves, profile, folder)), flush=True)
            if profile:
                text = io.StringIO()
                stats = pstats.Stats(profile, stream=text)
                stats.sort_stats(*os.environ.get("SORT", "cumulative").split(",")).print_stats(args.profile)
                print(text.getvalue())


if __name__ == "__main__":
    main()
