"""Board data: quarters, routes, lot values, card limits (FA-C-2, FA-M-2, FA-M-4, FA-Q-2, FA-A-4)."""

from companion.engines.fifth_avenue import board

from .scenario import fa


def test_quarters_are_named_and_ordered_for_drawing():
    assert list(fa.QUARTERS) == ["34w", "34e", "42w", "ts", "42e", "52w", "52e"]
    assert fa.QUARTERS["ts"] == "Times Square"
    assert fa.QUARTERS["42e"] == "42nd Street East"


def test_route_graph_follows_the_digest():
    assert fa.ROUTES["city_hall"] == ("34w", "34e")
    assert fa.ROUTES["34w"] == ("42w", "ts")
    assert fa.ROUTES["34e"] == ("ts", "42e")
    assert fa.ROUTES["42w"] == ("52w",) and fa.ROUTES["42e"] == ("52e",)
    assert fa.ROUTES["ts"] == ("52w", "52e")
    assert fa.ROUTES["52w"] == fa.ROUTES["52e"] == ("central_park",)
    choices = [p for p, nxt in fa.ROUTES.items() if len(nxt) > 1]
    assert choices == ["city_hall", "34w", "34e", "ts"]


def test_route_example_times_square_with_52nd_east_closed():
    # The digest's example: 52nd Street East closed, a commission on Times Square may go
    # to Central Park or to 52nd Street West.
    assert set(board.successors("ts", {"52e"})) == {"central_park", "52w"}


def test_closed_quarter_skip_lets_a_route_cross_only_two_quarters():
    assert board.successors("city_hall", {"34e"}) == ["34w", "ts", "42e"]
    assert board.successors("42e", {"52e"}) == ["central_park"]


def ring_with(shops_by_colour):
    return [{"color": c, "shops": list(shops_by_colour.get(c, [])), "owner": None, "buildings": 0}
            for c in ["orange", "green", "grey", "brown", "violet"]]


def test_lot_value_counts_distinct_neighbouring_types():
    lots = ring_with({"green": ["jeweler", "jeweler"], "brown": ["boutique"]})
    assert board.neighbour_types(lots, 2) == ["boutique", "jeweler"]
    assert board.lot_vp(lots, 2) == 3  # grey: 2 types
    assert board.lot_vp(lots, 0) == 2  # orange: violet (none) + green (jeweler)
    lots = ring_with({"green": ["jeweler", "gallery"], "brown": ["boutique", "perfumery"]})
    assert board.lot_vp(lots, 2) == 8
    assert board.lot_vp(ring_with({}), 2) == 1


def test_ring_wraps_around():
    lots = ring_with({"violet": ["gallery"], "green": ["boutique"]})
    assert board.neighbour_types(lots, 0) == ["boutique", "gallery"]  # orange


def test_build_limit_examples_of_the_rulebook():
    blue = [{"color": "grey", "value": 4}] * 2 + [{"color": "black", "value": 4}] * 2
    assert board.build_limit(blue) == 3
    yellow = ([{"color": "violet", "value": 4}] * 2 + [{"color": "black", "value": 5}]
              + [{"color": "black", "value": 6}] * 2)
    assert board.build_limit(yellow) == 1
    assert board.build_limit([{"color": "grey", "value": 4}, {"color": "black", "value": 5}]) == 2
