"""Each engine against its own version from before the common shape, in the same run.

    .venv/bin/python bench/versus.py [games] [game ...]
    .venv/bin/python bench/versus.py --count [game ...]      # instructions, under valgrind
    VERSUS_BASE=main .venv/bin/python bench/versus.py ...    # a third column: another revision

The old engines are read from git history (the commit before each game's reshaping, see
``OLD``) into a cache folder and imported under another package name, so old and new
run in one process. Timing: for each seed, one random game on the old engine and one on
the new (which goes first alternates); per move, ``apply`` followed by ``view`` for every
seat and the table, what the server does after a move. Both versions make the same kind
of random game from the same seed, though not move for move the same game (their random
playouts differ). Prints p50, mean and p99 per move in ms (the thread's CPU time unless
VERSUS_CLOCK=wall) and new/old ratios.

``--count`` runs ``valgrind --tool=callgrind`` on one fixed-seed game per engine and
version: the game is played first (not counted), then replayed with apply + views
inside callgrind; a run that stops before the replay is subtracted, so the figure is
the instructions of apply + views alone, per game and per move.
"""

import importlib.util
import io
import os
import pickle
import random
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from importlib import import_module
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion import engines  # noqa: E402

#: The commit that moved each game into the common shape; the old engine is its parent.
OLD = {"fifth_avenue": "e0b1eb1", "palazzo": "693c807", "new_york": "a2c0a97",
       "manhattan": "069110e"}
CACHE = Path(tempfile.gettempdir()) / "companion-old-engines"


def old_engine(game: str):
    """The game's engine as it was before the common shape (imported as ``old_<game>``)."""
    return engine_at(f"{OLD[game]}^", game, f"old_{game}")


def engine_at(revision: str, game: str, package: str):
    """The game's engine at a git revision, imported as ``package``."""
    if package not in sys.modules:
        commit = subprocess.run(["git", "rev-parse", revision], cwd=ROOT, check=True,
                                capture_output=True, text=True).stdout.strip()
        folder = CACHE / commit / "engines"
        if not folder.exists():
            tar = subprocess.run(["git", "archive", commit, "companion/engines"], cwd=ROOT,
                                 check=True, capture_output=True).stdout
            target = CACHE / commit
            with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
                archive.extractall(target / "tmp", filter="data")
            (target / "tmp" / "companion" / "engines").rename(folder)
        spec = importlib.util.spec_from_file_location(package, folder / "__init__.py",
                                                      submodule_search_locations=[str(folder)])
        module = importlib.util.module_from_spec(spec)
        sys.modules[package] = module
        spec.loader.exec_module(module)
    return import_module(f"{package}.{game}")


BASE = os.environ.get("VERSUS_BASE")  # a git revision to compare too, e.g. main
LEGEND = "old: before the common shape" + (f"; base: {BASE}" if BASE else "") + "; new: this tree"


def versions(game: str) -> dict:
    found = {"old": old_engine(game)}
    if BASE:
        found["base"] = engine_at(BASE, game, f"base_{game}")
    return {**found, "new": engines.get(game)}


def config_for(engine, seed: int) -> tuple:
    rng = random.Random(seed)
    low, high = engines.get(engine.NAME).PLAYERS
    playout = import_module(f"{engine.__name__}.playout")
    return rng, playout.random_config(rng, low + seed % (high - low + 1))


#: The thread's CPU time by default: on a shared machine wall time mostly measures the
#: other processes (VERSUS_CLOCK=wall for time.perf_counter).
CLOCK = time.perf_counter if os.environ.get("VERSUS_CLOCK") == "wall" else time.thread_time


def timed_game(engine, seed: int) -> list[float]:
    """Seconds of apply + every view, per move of one random game."""
    rng, config = config_for(engine, seed)
    playout = import_module(f"{engine.__name__}.playout")
    viewers = [p["seat"] for p in config["players"]] + [None]
    state, times = engine.setup(config), []
    apply, view, clock = engine.apply, engine.view, CLOCK
    while not engine.is_over(state):
        seat = rng.choice(sorted(engine.to_act(state)))
        action = playout.random_action(state, seat, rng)
        start = clock()
        state = apply(state, seat, action)
        for viewer in viewers:
            view(state, viewer)
        times.append(clock() - start)
    return times


def summary(times: list[float]) -> dict:
    cuts = statistics.quantiles(times, n=100)
    return {"moves": len(times), "p50": cuts[49] * 1e3, "mean": statistics.fmean(times) * 1e3,
            "p99": cuts[98] * 1e3}


def timing(games: int, names: list[str]) -> None:
    clock = "wall" if CLOCK is time.perf_counter else "CPU"
    print(f"apply + views per move, {clock} time ({LEGEND}), {games} seeded games each,"
          " alternating:")
    for game in names:
        found = versions(game)
        times = {which: [] for which in found}
        for seed in range(games):
            order = list(found) if seed % 2 == 0 else list(found)[::-1]
            for which in order:
                times[which].extend(timed_game(found[which], seed))
        figures = {which: summary(t) for which, t in times.items()}
        for which, f in figures.items():
            print(f"  {game:<13} {which:<4} {f['moves']:>6} moves · p50 {f['p50']:.3f}"
                  f" · mean {f['mean']:.3f} · p99 {f['p99']:.3f} ms")
        new = figures["new"]
        for which in [w for w in figures if w != "new"]:
            other = figures[which]
            print(f"  {game:<13} new/{which}  p50 {new['p50'] / other['p50']:.2f} · mean"
                  f" {new['mean'] / other['mean']:.2f} · p99 {new['p99'] / other['p99']:.2f}")
        print(f"  {game:<13} new p99 {new['p99']:.3f} ms: {'within' if new['p99'] <= 1 else 'over'}"
              f" the 1 ms target")


# --- instructions under callgrind ---------------------------------------------------------

COUNT_SEED = 7


def _replay(game: str, which: str, moves_file: str, run: bool) -> None:
    """Inside valgrind: setup and the recorded moves with views (``run``), or only the imports."""
    engine = versions(game)[which]
    with open(moves_file, "rb") as f:
        config, events = pickle.load(f)
    viewers = [p["seat"] for p in config["players"]] + [None]
    if run:
        state = engine.setup(config)
        for seat, action in events:
            state = engine.apply(state, seat, action)
            for viewer in viewers:
                engine.view(state, viewer)


def _record(engine, seed: int, path: str) -> int:
    rng, config = config_for(engine, seed)
    playout = import_module(f"{engine.__name__}.playout")
    state, events = engine.setup(config), []
    while not engine.is_over(state):
        seat = rng.choice(sorted(engine.to_act(state)))
        action = playout.random_action(state, seat, rng)
        state = engine.apply(state, seat, action)
        events.append((seat, action))
    with open(path, "wb") as f:
        pickle.dump((config, events), f)
    return len(events)


def _instructions(args: list[str]) -> int:
    with tempfile.TemporaryDirectory() as out:
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}/cg.out",
                        sys.executable, __file__, *args], check=True, capture_output=True,
                       env={**os.environ, "PYTHONHASHSEED": "0"})  # the same set orders each run
        text = Path(out, "cg.out").read_text()
    return int(re.search(r"^summary: (\d+)", text, re.M).group(1))


def counting(names: list[str]) -> None:
    print(f"instructions of apply + views over one random game (seed {COUNT_SEED}; {LEGEND}),"
          " callgrind:")
    for game in names:
        figures = {}
        for which, engine in versions(game).items():
            with tempfile.NamedTemporaryFile(suffix=".pickle", delete=False) as f:
                path = f.name
            try:
                moves = _record(engine, COUNT_SEED, path)
                spent = (_instructions(["--replay", game, which, path, "run"])
                         - _instructions(["--replay", game, which, path, "load"]))
            finally:
                os.unlink(path)
            figures[which] = (spent, moves)
            print(f"  {game:<13} {which:<4} {moves:>4} moves · {spent / 1e6:7.1f} M instructions"
                  f" · {spent / moves / 1e3:6.0f} k per move")
        new = figures["new"]
        for which in [w for w in figures if w != "new"]:
            spent, moves = figures[which]
            print(f"  {game:<13} new/{which} per game {new[0] / spent:.2f} · per move"
                  f" {(new[0] / new[1]) / (spent / moves):.2f}")


def main(argv: list[str]) -> None:
    if argv[:1] == ["--replay"]:
        game, which, path, mode = argv[1:5]
        _replay(game, which, path, mode == "run")
        return
    if argv[:1] == ["--count"]:
        counting(argv[1:] or list(OLD))
        return
    games = int(argv[0]) if argv and argv[0].isdigit() else 12
    names = [a for a in argv if not a.isdigit()] or list(OLD)
    timing(games, names)


if __name__ == "__main__":
    main(sys.argv[1:])
