"""Property tests (Hypothesis) of the city geometry against the slow oracle,
and of the engine's offered squares against ``apply``."""

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engines import new_york as ny
from companion.engines.new_york import city

from . import oracle
from .helpers import config3, letters

MASKS = [m for m in range(16) if bin(m).count("1") <= 3]
# Plain tiles more often, so cities grow compact, with bays and near-holes.
GROWTH = [0] * 6 + MASKS
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def cities(draw, max_tiles=30):
    """A city grown tile by tile on squares the engine allows."""
    grid = {(0, 0): 0}
    for m, pick in draw(st.lists(st.tuples(st.sampled_from(GROWTH), st.integers(0, 999)),
                                 min_size=max_tiles // 3, max_size=max_tiles)):
        spots = city.placements(grid, [m])[m]
        if spots:
            grid[spots[pick % len(spots)]] = m
    return grid


@FAST
@given(cities())
def test_grown_cities_keep_every_building_rule(grid):
    assert oracle.problems(grid) == set()


@FAST
@given(cities(), st.sampled_from(MASKS))
def test_offered_squares_are_exactly_the_legal_ones(grid, m):
    frontier = {(x + dx, y + dy) for x, y in grid for dx, dy in oracle.STEPS.values()} - set(grid)
    assert set(city.placements(grid, [m])[m]) == {p for p in frontier if oracle.can_place(grid, p, m)}
    for p in frontier:
        assert (city.placement_problem(grid, p, m) is None) == oracle.can_place(grid, p, m)


@FAST
@given(cities(), st.sampled_from(MASKS))
def test_removals_and_swaps_agree_with_the_rules(grid, m):
    assert set(city.removals(grid)) == {p for p in grid if oracle.can_remove(grid, p)}
    assert set(city.swaps(grid, [m])[m]) == {p for p in grid if oracle.can_swap(grid, p, m)}
    for p in set(grid) - {(0, 0)}:
        problem = city.removal_problem(grid, p)
        broken = oracle.problems({q: v for q, v in grid.items() if q != p})
        if "NY-B-3" in broken:
            assert problem is not None and problem[0] in broken


@FAST
@given(cities())
def test_longest_street_is_a_trail_of_outer_street_sides(grid):
    length = city.longest_street(grid)
    assert length <= len(oracle.outer_street_sides(grid))
    assert length == oracle.longest_street(grid)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.tuples(st.integers(0, 3), st.integers(0, 3)), st.integers(0, 15),
                       max_size=5))
def test_longest_street_on_any_drawing_matches_brute_force(grid):
    # not necessarily legal cities: tiles touching at corners, four streets
    assert city.longest_street(grid) == oracle.longest_street(grid)


def _state_with(grid, reserve_mask, bought_mask):
    state = ny.setup(config3())
    tiles = {f"{x},{y}": {"type": "museum", "price": 2, "streets": letters(m)}
             for (x, y), m in grid.items() if (x, y) != (0, 0)}
    state["cities"]["a"].update(tiles)
    state["reserves"]["a"] = [{"type": "park", "price": 6, "streets": letters(reserve_mask)}]
    bought = copy.deepcopy(state)
    bought["phase"] = "place"
    bought["pending"]["a"] = [{"type": "church", "price": 5, "streets": letters(bought_mask)}]
    return state, bought


@settings(max_examples=25, deadline=None)
@given(cities(max_tiles=16), st.sampled_from(MASKS), st.sampled_from(MASKS))
def test_every_square_legal_offers_is_accepted_by_apply(grid, reserve_mask, bought_mask):
    state, bought = _state_with(grid, reserve_mask, bought_mask)
    offered = [(state, a) for a in ny.legal(state, "a")["actions"] if "positions" in a]
    offered += [(bought, a) for a in ny.legal(bought, "a")["actions"] if "positions" in a]
    for before, action in offered:
        for square in action["positions"]:
            concrete = {k: v for k, v in action.items() if k != "positions"} | square
            after = ny.apply(before, "a", concrete)
            cells = {tuple(map(int, k.split(","))): city.mask(t["streets"])
                     for k, t in after["cities"]["a"].items()}
            assert oracle.problems(cells) == set()
