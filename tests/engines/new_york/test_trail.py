"""The longest outer street as a way to draw (``city.longest_trail``) and the start
player candidates the set-up wizard offers (``setup.start_candidates``)."""

from hypothesis import given

from companion.engines.new_york import city
from companion.engines.new_york.setup import start_candidates

from .helpers import draw
from .test_city_properties import FAST, cities

N, E, S, W = city.N, city.E, city.S, city.W


def check_trail(grid) -> list:
    way = city.longest_trail(grid)
    length = city.longest_street(grid)
    assert len(way) == (length + 1 if length else 0)
    streets = {frozenset(side) for side in city.outer_streets(grid)}
    steps = [frozenset(pair) for pair in zip(way, way[1:])]
    assert all(step in streets for step in steps), "every step runs along an outer street"
    assert len(set(steps)) == len(steps), "no side is used twice"
    return way


def test_a_straight_street_is_walked_end_to_end():
    assert check_trail(draw("T N N N")) == [(1, 0), (2, 0), (3, 0), (4, 0)]


def test_a_closed_ring_comes_back_to_its_start():
    way = check_trail(draw("""
        NW N NE
        W  T E
        SW S SE
    """))
    assert len(way) == 13 and way[0] == way[-1]


def test_two_loops_through_one_corner_are_one_way():
    assert len(check_trail({(5, 5): N | E | S | W, (6, 6): N | E | S | W})) == 9


def test_crossing_ls_give_a_way_of_two_sides():
    assert len(check_trail({(5, 5): E | S, (6, 6): N | W})) == 3


def test_no_street_no_way():
    assert city.longest_trail(draw("T - -")) == []


@FAST
@given(cities())
def test_the_way_drawn_is_as_long_as_the_street_scored(grid):
    check_trail(grid)


def test_start_candidates_fewest_cards_then_lowest_total():
    hands = {"a": [["blue", 9], ["red", 9], ["green", 2]],
             "b": [["blue", 8], ["red", 8], ["green", 5]],
             "c": [["blue", 9], ["red", 9], ["green", 3]]}
    assert start_candidates(hands) == ["a"]
    hands["b"] = [["blue", 9], ["red", 9], ["yellow", 2]]
    assert start_candidates(hands) == ["a", "b"]
