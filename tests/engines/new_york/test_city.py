"""City geometry on hand-drawn cities: building rules (NY-B), streets (NY-SC-3)."""

import pytest

from companion.engines.new_york import city

from . import oracle
from .helpers import draw

PLAIN, N, E, S, W = 0, city.N, city.E, city.S, city.W


def legal_city(picture):
    grid = draw(picture)
    assert not oracle.problems(grid), f"the drawing itself breaks {oracle.problems(grid)}"
    return grid


# -- longest outer street (NY-SC-3) -------------------------------------------

@pytest.mark.parametrize("name, picture, length", [
    ("straight", "T N N N", 3),
    ("L", """
        T N NE
        . . E
     """, 4),
    ("U round a block", """
        . NW N NE
        T -  -  E
        . SW S  SE
     """, 11),
    ("closed ring of 12 sides", """
        NW N NE
        W  T E
        SW S SE
     """, 12),
    ("two streets joined at an inner corner", """
        T S
        E .
     """, 2),
    ("streets split by a plain side", "N T N", 1),
    ("back-to-back streets between two tiles are internal", """
        T NE NW
        . -  -
     """, 2),
    ("no streets", "T - -", 0),
])
def test_longest_street_on_drawn_cities(name, picture, length):
    assert city.longest_street(legal_city(picture)) == length


def test_a_trail_may_pass_a_corner_twice_but_never_reuse_a_side():
    # Two tiles touching only at a corner (not a legal city, but the street rule
    # must still read it): a square of 4 streets and an L of 2 meeting at (6, 6).
    loop_and_tail = {(5, 5): N | E | S | W, (6, 6): N | W}
    assert city.longest_street(loop_and_tail) == 6
    # Two loops through the same corner: one trail of all 8 sides.
    assert city.longest_street({(5, 5): N | E | S | W, (6, 6): N | E | S | W}) == 8
    # Two L's crossing at the corner: a trail goes straight on or turns, never both.
    assert city.longest_street({(5, 5): E | S, (6, 6): N | W}) == 2


def test_outer_streets_exclude_sides_facing_a_tile():
    grid = legal_city("""
        T NE NW
        . -  -
    """)
    assert sorted(city.outer_streets(grid)) == [((1, 0), (2, 0)), ((2, 0), (3, 0))]


# -- placing (NY-B-2 … NY-B-5) ------------------------------------------------

def test_start_tile_alone_takes_a_plain_tile_on_each_side():
    grid = {(0, 0): PLAIN}
    assert city.placements(grid, [PLAIN])[PLAIN] == [(-1, 0), (0, -1), (0, 1), (1, 0)]
    assert city.placement_problem(grid, (1, 0), PLAIN) is None


def test_a_street_may_not_face_the_start_tile():
    grid = {(0, 0): PLAIN}
    assert city.placement_problem(grid, (1, 0), W)[0] == "NY-B-2"
    assert city.placement_problem(grid, (1, 0), N | E) is None
    # a tile with a northern street fits everywhere but south of Times Square
    assert city.placements(grid, [N])[N] == [(-1, 0), (0, -1), (1, 0)]


def test_sides_must_match_street_to_street():
    grid = legal_city("""
        T S
        - .
    """)
    assert city.placement_problem(grid, (1, 1), N) is None
    assert city.placement_problem(grid, (1, 1), PLAIN)[0] == "NY-B-2"
    assert city.placement_problem(grid, (1, 1), N | W)[0] == "NY-B-2"


def test_a_tile_reached_only_across_streets_is_refused():
    grid = legal_city("T S")
    assert city.placement_problem(grid, (1, 1), N)[0] == "NY-B-3"
    assert city.placement_problem(grid, (1, 1), N | E)[0] == "NY-B-3"
    assert city.placement_problem(grid, (0, 1), E) is None


def test_a_tile_must_share_a_side_and_an_empty_square():
    grid = {(0, 0): PLAIN}
    assert city.placement_problem(grid, (1, 1), PLAIN)[0] == "NY-B-4"
    assert city.placement_problem(grid, (0, 0), PLAIN)[0] == "NY-B-4"
    assert city.placement_problem(grid, (0, 1), PLAIN) is None


def test_a_hole_of_one_square_is_refused():
    grid = legal_city("""
        T - -
        - . -
        - . .
    """)
    assert city.placement_problem(grid, (1, 2), PLAIN)[0] == "NY-B-5"
    assert city.placement_problem(grid, (2, 2), PLAIN) is None
    assert (1, 2) not in city.placements(grid, [PLAIN])[PLAIN]


def test_a_larger_hole_is_refused():
    grid = legal_city("""
        T - - -
        - . . -
        - - . .
    """)
    assert city.placement_problem(grid, (2, 2), PLAIN)[0] == "NY-B-5"
    assert city.placement_problem(grid, (3, 2), PLAIN) is None


def test_a_tile_touching_the_city_twice_without_enclosing_anything_is_fine():
    grid = legal_city("""
        T - .
        - . .
    """)
    assert city.placement_problem(grid, (1, 1), PLAIN) is None
    assert not city.closes_hole(grid, (1, 1))


# -- removing and swapping (NY-T-4 with NY-B) ---------------------------------

def test_removing_a_tile_that_others_walk_through_is_refused():
    grid = legal_city("""
        T S  -
        E NW -
    """)
    assert city.removal_problem(grid, (2, 0))[0] == "NY-B-3"
    assert city.removal_problem(grid, (2, 1))[0] == "NY-B-3"
    assert city.removal_problem(grid, (1, 1)) is None
    assert city.removals(grid) == [(0, 1), (1, 1)]


def test_removing_a_tile_enclosed_on_all_sides_would_leave_a_hole():
    grid = legal_city("""
        - - -
        - - -
        T - -
    """)
    assert city.removal_problem(grid, (1, -1))[0] == "NY-B-5"
    assert city.removal_problem(grid, (2, -2)) is None


def test_times_square_never_moves():
    grid = legal_city("T -")
    assert city.removal_problem(grid, (0, 0))[0] == "NY-T-4"
    assert city.swap_problem(grid, (0, 0), PLAIN)[0] == "NY-T-4"
    assert city.removal_problem(grid, (5, 5))[0] == "NY-T-4"


def test_a_swapped_tile_must_match_the_same_neighbours():
    grid = legal_city("""
        T E W
        . - -
    """)
    assert city.swap_problem(grid, (1, 0), E | N) is None
    assert city.swap_problem(grid, (1, 0), PLAIN)[0] == "NY-B-2"
    assert city.swaps(grid, [E | N, W]) == {E | N: [(1, 0)], W: [(1, 1), (2, 0)]}


def test_walking_cut_tiles_are_the_articulation_points():
    grid = legal_city("T - - -")
    assert city.cut_tiles(grid) == {(1, 0), (2, 0)}
    assert city.cut_tiles(legal_city("""
        T - -
        - - -
    """)) == set()
