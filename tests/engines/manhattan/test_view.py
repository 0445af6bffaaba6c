"""view() and describe(): what screens and the log show."""

import json

from companion.engines import manhattan as engine

from .helpers import FOUR, lot_at, new_game, pick, place


def test_every_seat_sees_the_tables_view():
    state = place(pick(new_game(), {"black": [2] * 6}), "black", "cairo", [0, 0], 2)
    table = engine.view(state, None)
    for seat, *_ in FOUR:
        mine = engine.view(state, seat)
        assert mine["you"] == seat and {**mine, "you": None} == table
    json.dumps(table)


def test_view_shows_players_colours_board_and_cards():
    state = place(pick(new_game(start="b"), {"black": [2, 1, 1, 1, 1, 1]}),
                  "black", "frankfurt", [2, 0], 2)
    view = engine.view(state, None)
    assert view["players"][0] == {
        "seat": "b", "name": "B", "side": "S", "side_name": "south", "colours": ["black"],
        "score": 0, "card_lots": [[r, c] for r in range(3) for c in range(3)]}
    assert view["colours"]["black"] == {"name": "black", "seat": "b", "left": 18, "stock": None,
                                        "picked": [1, 1, 1, 1, 1], "towers": 1, "score": 0}
    assert lot_at(state, "frankfurt", [2, 0]) == {
        "lot": [2, 0], "name": "south-west", "pieces": [{"colour": "black", "height": 2}],
        "owner": "black", "storeys": 2}
    assert view["cards"]["deck"] == 45 - 16 - 1
    assert view["cards"]["played"][6] == {"card": [2, 0], "name": "near left", "count": 1}
    assert (view["step"], view["to_act"], view["marker"], view["order"]) == (
        "build", ["l"], "b", ["b", "l", "r", "g"])


def test_describe_pick_and_placement():
    state = new_game()
    assert engine.describe(state, "b", {"type": "pick", "heights": [4, 1, 2, 1, 1, 1]}, None) == \
        "B picked black pieces 1, 1, 1, 1, 2, 4 for phase 1."
    state = pick(state, {"black": [3] * 6, "light_blue": [4] * 6})
    state = place(state, "black", "cairo", [0, 0], 3)
    action = {"type": "place", "card": [2, 0], "city": "cairo", "height": 4}  # W: [0, 0]
    assert engine.describe(state, "l", action, "r") == (
        "L played the near left card and built a 4-storey light blue piece on the north-west "
        "lot of Cairo, taking it from black (now 7 storeys).")
    assert engine.describe(state, "l", {**action, "city": "sydney"}, None) == (
        "L played the near left card and built a 4-storey light blue piece on the north-west "
        "lot of Sydney.")
