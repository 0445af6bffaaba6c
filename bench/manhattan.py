"""Manhattan engine figures: a full random 4-player game (target ≤ 50 ms), the same with
private hands (every card entered), and ``legal()`` on a full board (target ≤ 2 ms).

Run: .venv/bin/python bench/manhattan.py
"""

import random
import statistics
import time

from companion.engines import manhattan as engine
from companion.engines.manhattan import playout


def play(rng, players, stop=None, hands="untracked"):
    """A random game; ``stop(state)`` ends it early and returns that state."""
    state = engine.setup(playout.random_config(rng, players, hands=hands))
    while not engine.is_over(state) and not (stop and stop(state)):
        seat = min(engine.to_act(state))
        state = engine.apply(state, seat, playout.random_action(state, seat, rng))
    return state


def full_board(rng, players):
    """A last-round building turn with every empty lot filled by a 1-storey piece."""
    state = play(rng, players, lambda s: s["round"] == s["rounds"] and s["phase"] == "build")
    colours = list(state["colours"])
    board = {city: [t or [[rng.choice(colours), 1]] for t in lots]
             for city, lots in state["board"].items()}
    return {**state, "board": board}


def timed(fn, runs):
    """Median and worst wall time of ``runs`` calls, and the median CPU time (steadier when
    the machine is busy), in ms."""
    wall, cpu = [], []
    for _run in range(runs):
        t, c = time.perf_counter(), time.process_time()
        fn()
        wall.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    return statistics.median(wall), max(wall), statistics.median(cpu)


def main():
    rng = random.Random(2024)
    median, worst, cpu = timed(lambda: play(rng, 4), 40)
    print(f"full random 4-player game: median {median:.1f} ms, max {worst:.1f} ms, "
          f"CPU {cpu:.1f} ms (target ≤ 50 ms)")
    median, worst, cpu = timed(lambda: play(rng, 4, hands="private"), 40)
    print(f"the same with private hands: median {median:.1f} ms, max {worst:.1f} ms, "
          f"CPU {cpu:.1f} ms")
    for players in (4, 2):
        state = full_board(rng, players)
        seat = min(engine.to_act(state))
        count = len(engine.legal(state, seat)["actions"])
        median, worst, cpu = timed(lambda: engine.legal(state, seat), 200)
        print(f"legal() on a full board, {players} players ({count} actions): "
              f"median {median:.2f} ms, max {worst:.2f} ms, CPU {cpu:.2f} ms (target ≤ 2 ms)")


if __name__ == "__main__":
    main()
