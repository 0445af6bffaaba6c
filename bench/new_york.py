"""New York engine figures: city geometry on a 55-tile city, and whole games.

Run: .venv/bin/python bench/new_york.py
Targets: longest street and legal positions for a 55-tile city ≤ 10 ms each.
"""

import random
import statistics
import time

from companion.engines import new_york as ny
from companion.engines.new_york import city, playout
from companion.engines.new_york.catalogue import STREET_CHOICES

MASKS = [city.mask(s) for s in STREET_CHOICES]


def big_city(tiles: int, seed: int) -> dict:
    """A legal city of ``tiles`` tiles (start included), grown on squares the engine
    offers; a city whose streets close it off is started again."""
    rng = random.Random(seed)
    while True:
        grid = {(0, 0): 0}
        for _ in range(tiles * 20):
            m = rng.choice(MASKS)
            spots = city.placements(grid, [m])[m]
            if spots:
                grid[rng.choice(spots)] = m
            if len(grid) == tiles:
                return grid


def timed(fn, *args, repeat=200) -> float:
    """Median milliseconds of one call."""
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(*args)
        runs.append(time.perf_counter() - start)
    return statistics.median(runs) * 1000


def geometry():
    print("55-tile cities (median of 200 calls, worst of 5 cities):")
    rows = {"longest street": [], "legal positions, one tile": [],
            "legal positions, all 15 street patterns": [], "removable tiles": [],
            "swap positions, all 15 patterns": [], "legal() with 10 reserve tiles": []}
    for seed in range(5):
        grid = big_city(55, seed)
        rows["longest street"].append(timed(city.longest_street, grid))
        rows["legal positions, one tile"].append(timed(city.placements, grid, [city.N]))
        rows["legal positions, all 15 street patterns"].append(timed(city.placements, grid, MASKS))
        rows["removable tiles"].append(timed(city.removals, grid))
        rows["swap positions, all 15 patterns"].append(timed(city.swaps, grid, MASKS))
        rows["legal() with 10 reserve tiles"].append(timed(ny.legal, *busy_turn(grid, seed)))
    for label, values in rows.items():
        print(f"  {label:42} {max(values):7.3f} ms")


def busy_turn(grid, seed):
    """A turn of a player owning ``grid`` and ten different reserve tiles."""
    rng = random.Random(seed)
    state = ny.setup(playout.random_config(rng, 4))
    seat = state["active"]
    state["cities"][seat].update({f"{x},{y}": {"type": "park", "price": 6, "streets": streets(m)}
                                  for (x, y), m in grid.items() if (x, y) != (0, 0)})
    state["reserves"][seat] = [playout.random_tile(rng, "church") for _ in range(10)]
    return state, seat


def streets(m: int) -> str:
    return "".join(s for s, bit in zip("NESW", (city.N, city.E, city.S, city.W)) if m & bit)


def games():
    print("Random full games through legal() (per player count, 3 games each):")
    for players in range(2, 7):
        actions, seconds = 0, 0.0
        for i in range(3):
            rng = random.Random(f"bench-{players}-{i}")
            state = ny.setup(playout.random_config(rng, players))
            start = time.perf_counter()
            while not ny.is_over(state):
                seat = sorted(ny.to_act(state))[0]
                state = ny.apply(state, seat, playout.random_action(state, seat, rng))
                actions += 1
            seconds += time.perf_counter() - start
        print(f"  {players} players: {actions / 3:6.0f} actions/game, "
              f"{seconds / actions * 1000:6.3f} ms per legal()+apply()")


if __name__ == "__main__":
    geometry()
    games()
