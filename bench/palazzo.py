"""Palazzo engine figures: the largest-payment search on a 25-card hand (target ≤ 5 ms)
and a full random game through ``legal()`` (target ≤ 50 ms), plus apply + view per action.

Times are CPU time of this process (``time.process_time``), so that other work on the
shared machine does not inflate them; the wall-clock median of the games is printed too.

Run: ``.venv/bin/python bench/palazzo.py [games]``.
"""

import random
import statistics
import sys
import time

from companion.engines import palazzo as engine
from companion.engines.palazzo import money, playout


def largest_payment_ms(rng, hands=200) -> list:
    """Milliseconds per ``largest_payment`` on random 25-card hands from the money deck."""
    timings = []
    for _ in range(hands):
        hand = rng.sample(money.DECK, 25)
        start = time.process_time()
        money.largest_payment(hand)
        timings.append((time.process_time() - start) * 1e3)
    return timings


def game_ms(rng, players, steps=None) -> tuple[float, float]:
    """One full random game: (CPU ms, wall ms); ``steps`` collects apply + view CPU ms."""
    state = engine.setup(playout.random_config(rng, players))
    cpu, wall = time.process_time(), time.perf_counter()
    while not engine.is_over(state):
        seat = rng.choice(sorted(engine.to_act(state)))
        action = playout.random_action(state, seat, rng)
        began = time.process_time()
        state = engine.apply(state, seat, action)
        if steps is not None:
            engine.view(state, seat)
            steps.append((time.process_time() - began) * 1e3)
    return (time.process_time() - cpu) * 1e3, (time.perf_counter() - wall) * 1e3


def summary(label, values) -> str:
    values = sorted(values)
    p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
    return (f"{label}: median {statistics.median(values):.3f} ms, p99 {p99:.3f} ms, "
            f"max {values[-1]:.3f} ms over {len(values)}")


def main(games: int = 60) -> None:
    rng = random.Random(2005)
    print(summary("largest payment, 25-card hand (target ≤ 5 ms)", largest_payment_ms(rng)))
    for players in (2, 3, 4):
        cpu, wall = zip(*(game_ms(rng, players) for _ in range(games)))
        print(summary(f"full random {players}-player game (target ≤ 50 ms)", cpu)
              + f"; wall median {statistics.median(wall):.1f} ms")
    steps = []
    for _ in range(games // 4 or 1):
        game_ms(rng, 4, steps)
    print(summary("apply + view per action, 4 players", steps))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 60)
