"""Fifth Avenue engine speed: full random 4-player games per second, and the p99 time of
one ``apply`` followed by one ``view`` (what the server does per submitted action).

Run: ``.venv/bin/python bench/fifth_avenue.py [games]``. Targets (2-core machine): at
least 20 games/s and p99 under 2 ms.
"""

import random
import sys
import time

from companion.engines import fifth_avenue as engine
from companion.engines.fifth_avenue import playout


def play(rng, timings=None) -> int:
    """One full random 4-player game; returns the number of actions. With ``timings``,
    also renders the acting seat's view after each action and times apply + view."""
    state = engine.setup(playout.random_config(rng, 4))
    actions = 0
    while not engine.is_over(state):
        seat = rng.choice(sorted(engine.to_act(state)))
        action = playout.random_action(state, seat, rng)
        start = time.perf_counter()
        state = engine.apply(state, seat, action)
        if timings is not None:
            engine.view(state, seat if seat in state["hands"] else None)
            timings.append(time.perf_counter() - start)
        actions += 1
    return actions


def main(games: int = 200) -> None:
    rng = random.Random(2004)
    start = time.perf_counter()
    actions = sum(play(rng) for _ in range(games))
    elapsed = time.perf_counter() - start
    print(f"{games} random 4-player games in {elapsed:.2f} s: {games / elapsed:.1f} games/s "
          f"({actions / games:.0f} actions per game, random play and legal() included)")
    timings = []
    for _ in range(max(1, games // 4)):
        play(rng, timings)
    timings.sort()
    p50, p99 = timings[len(timings) // 2], timings[int(len(timings) * 0.99)]
    print(f"apply + view over {len(timings)} actions: p50 {p50 * 1e3:.3f} ms, "
          f"p99 {p99 * 1e3:.3f} ms, max {timings[-1] * 1e3:.3f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
