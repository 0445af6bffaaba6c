"""view() and describe(): what screens and the log show."""

import json

from companion.engines import manhattan as engine
from companion.engines.text import english

from .helpers import FOUR, lot_at, new_game, pick, place


def test_every_seat_sees_the_tables_view():
    state = place(pick(new_game(), {"black": [2] * 6}), "black", "cairo", [0, 0], 2)
    table = engine.view(state, None)
    for seat, *_rest in FOUR:
        mine = engine.view(state, seat)
        assert mine["you"] == seat and {**mine, "you": None} == table
    json.dumps(table)


def test_view_shows_players_colours_board_and_cards():
    state = place(pick(new_game(start="b"), {"black": [2, 1, 1, 1, 1, 1]}),
                  "black", "frankfurt", [2, 0], 2)
    view = engine.view(state, None)
    player = view["players"][0]
    assert english(player.pop("side_label")) == "south"
    assert player == {
        "seat": "b", "name": "B", "score": 0, "colour": "black", "initials": "B", "side": "S",
        "colours": ["black"], "card_lots": [[r, c] for r in range(3) for c in range(3)],
        "cards_held": 4}
    black = view["colours"]["black"]
    assert english(black.pop("label")) == "black"
    assert black == {"seat": "b", "supply": {"1": 1, "2": 5, "3": 6, "4": 6}, "left": 18,
                     "picked": [1, 1, 1, 1, 1], "aside": 0, "towers": 1, "score": 0}
    lot = lot_at(state, "frankfurt", [2, 0])
    assert english(lot.pop("label")) == "south-west"
    assert lot == {"lot": [2, 0], "pieces": [{"colour": "black", "height": 2}],
                   "owner": "black", "storeys": 2}
    assert view["cards"]["deck"] == 45 - 16 - 1
    played = view["cards"]["played"][6]
    assert (played["card"], english(played["label"]), played["count"]) == ([2, 0], "near left", 1)
    assert (view["phase"], view["round"], view["to_act"], view["marker"], view["order"]) == (
        "build", 1, ["l"], "b", ["b", "l", "r", "g"])
    assert view["last"] == {"type": "place", "seat": "b", "colour": "black", "height": 2,
                            "card": [2, 0], "city": "frankfurt", "lot": [2, 0]}
    assert view["private_hands"] is False and view["hand"] is None


def test_a_two_colour_seat_is_drawn_in_its_first_colour():
    two = [("a", "N", ["black", "red"]), ("z", "S", ["green", "light_blue"])]
    players = engine.view(new_game(two), None)["players"]
    assert [(p["colour"], p["colours"]) for p in players] == [
        ("black", ["black", "red"]), ("green", ["green", "light_blue"])]


def lines(before, after, seat, action):
    return {viewer: english(engine.describe(before, after, seat, action, viewer))
            for viewer in ("b", "l", None)}


def test_describe_pick_and_placements():
    state = new_game()
    action = {"type": "pick", "heights": [4, 1, 2, 1, 1, 1]}
    after = engine.apply(state, "b", action)
    assert set(lines(state, after, "b", action).values()) == {
        "B picked black pieces 1, 1, 1, 1, 2, 4 for round 1."}
    state = pick(after, {"light_blue": [4] * 6, "red": [1] * 6})
    before, state = state, place(state, "black", "cairo", [0, 0], 4)
    action = {"type": "place", "card": [0, 0], "city": "cairo", "height": 4}
    assert english(engine.describe(before, state, "b", action, None)) == (
        "B played the far left card and built a 4-storey black piece on the north-west lot of Cairo.")
    action = {"type": "place", "card": [2, 0], "city": "cairo", "height": 4}  # W: [0, 0]
    after = engine.apply(state, "l", action)
    assert english(engine.describe(state, after, "l", action, "r")) == (
        "L played the near left card and built a 4-storey light blue piece on the north-west "
        "lot of Cairo, taking the tower from black (now 8 storeys).")
    action = {"type": "place", "card": [0, 0], "city": "cairo", "height": 1}  # N: [2, 2]
    state, after = after, engine.apply(after, "r", action)
    state, after = after, place(after, "green", "cairo", [2, 2], 1)
    assert english(engine.describe(state, after, "g", {"type": "place"}, None)) == (
        "G played the near left card and built a 1-storey green piece on the south-east lot of "
        "Cairo, taking the tower from red (now 2 storeys).")
    state, after = after, place(after, "black", "sydney", [1, 1], 2)
    state, after = after, place(after, "light_blue", "cairo", [0, 0], 4)
    assert english(engine.describe(state, after, "l", {"type": "place"}, None)) == (
        "L played the near left card and added a 4-storey light blue piece to the tower on the "
        "north-west lot of Cairo (now 12 storeys).")
