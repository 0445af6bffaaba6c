"""Every engine side by side: the ways to copy a state, and apply + view per move.

    .venv/bin/python bench/engines.py

Copying: mid-game states (the most players, 150 moves in) copied whole by a marshal
round trip (``common.clone``), a pickle round trip, a recursive dict/list copy, a JSON
round trip and ``copy.deepcopy``; best of five runs, microseconds per copy (``apply``
copies only the parts of the state a move touches: see ``common.Draft``). Then whole
random games: per move, ``apply`` followed by ``view`` for every seat and the table
(what the server does after a move), p50 and p99 in milliseconds.

``bench/versus.py`` runs the same per-move figures against each engine's version from
before the common shape, in one run, and counts instructions under valgrind.
"""

import copy
import json
import pickle
import random
import statistics
import time
import timeit
from importlib import import_module

from companion import engines
from companion.engines import common


def recursive(value):
    kind = type(value)
    if kind is dict:
        return {k: recursive(v) for k, v in value.items()}
    if kind is list:
        return [recursive(v) for v in value]
    return value


COPIES = {
    "marshal (clone)": common.clone,
    "pickle": lambda s: pickle.loads(pickle.dumps(s, pickle.HIGHEST_PROTOCOL)),
    "recursive": recursive,
    "json": lambda s: json.loads(json.dumps(s)),
    "deepcopy": copy.deepcopy,
}


def mid_game(engine, moves=150):
    rng = random.Random(1)
    playout = import_module(f"{engine.__name__}.playout")
    state = engine.setup(playout.random_config(rng, engine.PLAYERS[1]))
    for _move in range(moves):
        if engine.is_over(state):
            break
        seat = rng.choice(sorted(engine.to_act(state)))
        state = engine.apply(state, seat, playout.random_action(state, seat, rng))
    return state


def copying(engine) -> str:
    state = mid_game(engine)
    figures = []
    for name, copy_of in COPIES.items():
        best = min(timeit.repeat(lambda: copy_of(state), number=200, repeat=5)) / 200
        figures.append(f"{name} {best * 1e6:.0f}")
    return f"{len(json.dumps(state)):>6} B JSON · " + " · ".join(figures) + " µs"


def per_move(engine, games=6) -> str:
    times = []
    for i in range(games):
        rng = random.Random(i)
        playout = import_module(f"{engine.__name__}.playout")
        config = playout.random_config(rng, engine.PLAYERS[0] + i % (engine.PLAYERS[1] - engine.PLAYERS[0] + 1))
        viewers = [p["seat"] for p in config["players"]] + [None]
        state = engine.setup(config)
        while not engine.is_over(state):
            seat = rng.choice(sorted(engine.to_act(state)))
            action = playout.random_action(state, seat, rng)
            start = time.perf_counter()
            state = engine.apply(state, seat, action)
            for viewer in viewers:
                engine.view(state, viewer)
            times.append(time.perf_counter() - start)
    cuts = statistics.quantiles(times, n=100)
    return f"{len(times):>5} moves · apply+views p50 {cuts[49] * 1e3:.3f} ms · p99 {cuts[98] * 1e3:.3f} ms"


def main():
    print("copying a mid-game state (best of 5):")
    for game in engines.available():
        print(f"  {game:<13} {copying(engines.get(game))}")
    print("apply + view for every seat and the table, per move (random games):")
    for game in engines.available():
        print(f"  {game:<13} {per_move(engines.get(game))}")


if __name__ == "__main__":
    main()
