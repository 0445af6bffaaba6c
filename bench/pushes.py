"""One move's server work in-process, per game: the move, then every open page pushed.

A four-player table of each game with screens, its host's screen and a phone per seat (five
pages, stand-in sockets), plays random legal moves through ``Tables.act``; after each, the
pushes are made here as the pusher makes them. Prints, per game: CPU per move (the move and
its pushes, this process's CPU time), part renderings per move, and the bytes of a push per
page (median and mean over every push after a page's first picture; phones and host apart).
With ``--profile [N]`` it prints the N costliest functions of the moves and their pushes
(cProfile; ``SORT=tottime`` to order them by their own time), and the number of function
calls, which unlike CPU time does not vary with the load of a shared machine (but does, by
a few per cent, with Python's hash seed, which orders the paths a part checks: set
``PYTHONHASHSEED=0`` to compare two checkouts). Per game it also prints which parts a push
carried, how often and how big; with ``--parts``, which parts were drawn per move, the CPU
time their drawing took, and the repeats: drawings whose HTML the part had kept already,
with the reads whose change caused them (a part that reads more than it shows).

No HTTP, no sockets: what gunicorn and the network add is bench/live.py's to measure.

Run: ``.venv/bin/python bench/pushes.py [--games palazzo,...] [--moves 150] [--profile [N]] [--parts]``;
for a before/after, run it from a copy of the code before too (``git archive``), in turn.
"""

import argparse
import cProfile
import io
import pstats
import random
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from importlib import import_module
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.live import FORMS  # noqa: E402
from companion.web.hub import Connection  # noqa: E402
from companion.web import create_app  # noqa: E402
from companion.web import parts as cache_parts  # noqa: E402


class Page:
    """A stand-in socket that counts what it is sent."""

    def __init__(self):
        self.sizes, self.parts = [], []

    def send(self, text):
        self.sizes.append(len(text.encode()))
        self.parts.append(parts_sent(text))

    def close(self, reason=None, message=None):
        pass


_PART = re.compile(r'<div id="part-([\w-]+)" class="part">')


def parts_sent(text: str) -> dict[str, int]:
    """Part name -> bytes, for each part a message sends whole (up to the next part)."""
    found, starts = {}, [(m.start(), m[1]) for m in _PART.finditer(text)]
    for i, (start, name) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(text)
        found[name] = len(text[start:end].encode())
    return found


def settle(conns) -> None:
    for conn in conns:
        while conn.queue or conn.sending:
            time.sleep(0.0005)


def timed(cache) -> dict:
    """Part name -> [drawings, CPU ms, repeats, causes] of the part cache ``cache`` from now
    on (an answer from the cache is no drawing). A repeat is a drawing whose HTML one of the
    part's kept renderings already had: something it read changed, nothing it shows did.
    ``causes`` counts the paths whose change made the repeats."""
    drawn, real = {}, cache.render

    def render(table_id, locale, part, values, *args, **kwargs):
        kept = list(cache._entries(table_id, (locale, part)))
        before, start = cache.renders, time.process_time()
        html = real(table_id, locale, part, values, *args, **kwargs)
        if cache.renders != before:
            figures = drawn.setdefault(part, [0, 0.0, 0, Counter()])
            figures[0] += 1
            figures[1] += (time.process_time() - start) * 1e3
            same = next((entry for entry in kept if entry.html == html), None)
            if same is not None:
                figures[2] += 1
                figures[3].update(changed_paths(same, values))
        return html
    cache.render = render
    return drawn


def changed_paths(entry, values: dict) -> list[str]:
    """The paths a kept rendering read whose values are no longer what it saw."""
    found = []
    for path, seen in zip(entry.paths, entry.seen):
        if not cache_parts._same(cache_parts._at(values, path), seen):
            found.append(" > ".join("*" if step is cache_parts.ALL else "#" if step is cache_parts.LEN
                                    else str(step) for step in path))
    return found


def open_table(app, game: str) -> tuple[str, object, dict]:
    """A four-player table of ``game`` with its host's screen and a phone per seat open
    (stand-in sockets), each shown its first picture: (table id, the live table, pages by
    kind). Pushes are left to the caller, one move at a time. Within a request context."""
    ext = app.extensions["companion"]
    tables = ext["tables"]
    tables.listeners.clear()
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


def run(game: str, moves: int, profile: cProfile.Profile | None, folder: str, parts: bool = False) -> dict:
    app = create_app({"DATABASE": f"{folder}/{game}.sqlite3", "PUBLIC_URL": "http://192.0.2.10:8000/"})
    ext = app.extensions["companion"]
    rng, cpu, renders = random.Random(game), [], []
    with app.test_request_context("/"):
        table_id, live, pages = open_table(app, game)
        conns = pages["host"] + pages["phone"]
        drawn = timed(ext["parts"]) if parts else {}
        for _ in range(moves):
            if live.engine.is_over(live.state):
                break
            seat, action = random_action(live, rng)
            before, start = ext["parts"].renders, time.process_time()
            if profile:
                profile.enable()
            move(app, table_id, live, seat, action, conns)
            if profile:
                profile.disable()
            cpu.append((time.process_time() - start) * 1e3)
            renders.append(ext["parts"].renders - before)
    sizes = {kind: [n for c in cs for n in c.ws.sizes[1:]] for kind, cs in pages.items()}
    by_part = {}
    for conn in conns:
        for sent in conn.ws.parts[1:]:
            for name, n in sent.items():
                by_part.setdefault(f"{conn.page}:{name}", []).append(n)
    return {"moves": len(cpu), "cpu": cpu, "renders": renders, "sizes": sizes, "parts": by_part, "drawn": drawn}


def report(game: str, found: dict) -> str:
    cpu = sorted(found["cpu"])
    p90 = cpu[int(len(cpu) * 0.9)]
    out = [f"{game}: {found['moves']} moves, CPU per move median {statistics.median(cpu):.2f} ms, "
           f"mean {statistics.mean(cpu):.2f}, p90 {p90:.2f}; part renderings per move "
           f"{statistics.mean(found['renders']):.1f}"]
    for kind, sizes in found["sizes"].items():
        if sizes:
            out.append(f"  push per {kind} page: median {statistics.median(sizes) / 1024:.1f} KB, "
                       f"mean {statistics.mean(sizes) / 1024:.1f} KB over {len(sizes)}")
    pushes = {kind: len(sizes) for kind, sizes in found["sizes"].items()}
    heavy = sorted(found["parts"].items(), key=lambda kv: -sum(kv[1]))[:8]
    out.append("  bytes per push by part (sent in / of pushes, mean KB when sent): " + ", ".join(
        f"{name} {len(ns)}/{pushes[name.split(':')[0]]} {statistics.mean(ns) / 1024:.1f}"
        for name, ns in heavy))
    if found["drawn"]:
        moves = max(found["moves"], 1)
        drawn = sorted(found["drawn"].items(), key=lambda kv: -kv[1][1])
        out.append("  drawings per move by part (drawings, CPU ms, repeats): " + ", ".join(
            f"{name} {n / moves:.2f} {ms / moves:.2f} {repeats / moves:.2f}" for name, (n, ms, repeats, _) in drawn))
        out.append(f"  repeats per move {sum(f[2] for _, f in drawn) / moves:.2f}; what changed for them: " + "; ".join(
            f"{name}: " + ", ".join(f"{path} ({n})" for path, n in causes.most_common(3))
            for name, (_, _, repeats, causes) in drawn if repeats))
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", default=",".join(FORMS))
    parser.add_argument("--moves", type=int, default=150)
    parser.add_argument("--profile", type=int, nargs="?", const=30, default=0)
    parser.add_argument("--parts", action="store_true", help="time the drawing of each part")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for game in args.games.split(","):
            profile = cProfile.Profile() if args.profile else None
            print(report(game, run(game, args.moves, profile, folder, args.parts)), flush=True)
            if profile:
                text = io.StringIO()
                pstats.Stats(profile, stream=text).sort_stats(*__import__("os").environ.get("SORT", "cumulative").split(",")).print_stats(args.profile)
                print(text.getvalue())


if __name__ == "__main__":
    main()
