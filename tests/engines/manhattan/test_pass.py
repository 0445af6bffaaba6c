"""A player whom no card lets build passes (MH-T-5, a decision of this app): shows a card,
draws, and sets one picked piece aside, so the round never freezes."""

from companion.engines import manhattan as engine
from companion.engines.text import english

from .helpers import FOUR, new_game, pick, picked, refused
from .test_hands import enter

THREE = FOUR[:3]  # b south black, l west light blue, r north red
CENTRE = [1, 1]


def walled_in(state):
    """Every city's centre lot topped by a red tower of eight storeys: out of reach of any
    single piece of another colour (MH-B-3)."""
    board = {city: list(lots) for city, lots in state["board"].items()}
    for lots in board.values():
        lots[4] = [["red", 4], ["red", 4]]
    return {**state, "board": board}


def stuck_private():
    """Black to build holding four centre cards, and every centre lot walled in."""
    state = new_game(THREE, hands="private")
    state = enter(state, {"b": [CENTRE] * 4, "l": [[0, 0]] * 4, "r": [[2, 2]] * 4})
    return walled_in(pick(state, {"black": [1, 1, 2, 4]}))


def test_a_player_no_card_lets_build_passes_and_sets_a_piece_aside():
    state = stuck_private()
    offer = engine.legal(state, "b")
    assert offer["actions"] == [{"type": "pass", "colour": "black", "card": CENTRE}]
    assert english(offer["prompt"]) == (
        "No card you hold lets you build: show one card, draw a new one and set one of your pieces "
        "aside. Your pieces: black (1, 1, 2, 4).")
    after = engine.apply(state, "b", {"type": "pass", "card": CENTRE})
    view = engine.view(after, "b")
    assert view["colours"]["black"]["aside"] == 1 and picked(after, "black") == [1, 2, 4]
    assert view["hand"] == [CENTRE] * 3 and view["cards"]["played"][4]["count"] == 1
    assert view["last"] == {"type": "pass", "seat": "b", "colour": "black", "height": 1,
                            "card": CENTRE}
    assert engine.to_act(after) == {"b", "l"}  # b enters its draw, l builds
    assert english(engine.describe(state, after, "b", {"type": "pass"}, "l")) == (
        "B could not build: showed the centre card and set a 1-storey black piece aside.")


def test_a_pass_is_refused_while_a_card_held_lets_the_player_build():
    state = new_game(THREE, hands="private")
    state = pick(enter(state, {"b": [CENTRE] * 4, "l": [[0, 0]] * 4, "r": [[2, 2]] * 4}), {})
    err = refused("MH-T-5", engine.apply, state, "b", {"type": "pass", "card": CENTRE})
    assert err.message == "You can still build with a card you hold, so you may not pass."
    (why,) = [b for b in engine.legal(state, "b")["blocked"] if b["type"] == "pass"]
    assert why["rule"] == "MH-T-5" and english(why["reason"]) == err.message
    refused("MH-H-2", engine.apply, stuck_private(), "b",
            {"type": "pass", "card": [0, 0]})


def test_without_private_hands_the_players_word_is_taken():
    state = pick(new_game(THREE), {})
    passes = [a for a in engine.legal(state, "b")["actions"] if a["type"] == "pass"]
    assert passes == [{"type": "pass", "colour": "black", "card": card}
                      for card in ([r, c] for r in range(3) for c in range(3))]
    smallest = min(picked(state, "black"))
    after = engine.apply(state, "b", passes[4])
    assert engine.view(after, None)["colours"]["black"]["aside"] == 1
    assert len(picked(after, "black")) == 3 and engine.view(after, None)["last"] == {
        "type": "pass", "seat": "b", "colour": "black", "height": smallest, "card": [1, 1]}
    assert engine.to_act(after) == {"l"}


def test_passes_use_up_turns_so_the_round_still_ends():
    state = pick(new_game(THREE), {})
    turns = 0
    while engine.view(state, None)["round"] == 1:
        (seat,) = engine.to_act(state)
        state = engine.apply(state, seat, next(a for a in engine.legal(state, seat)["actions"]
                                               if a["type"] == "pass"))
        turns += 1
    assert turns == 3 * 4 and state["phase"] == "pick"
    assert all(c["aside"] == 4 and c["left"] == 20
               for c in engine.view(state, None)["colours"].values())
    assert engine.scores(state)["totals"] == {"b": 0, "l": 0, "r": 0}


def test_a_two_colour_seat_names_the_colour_whose_smallest_piece_goes_aside():
    two = [("a", "N", ["black", "red"]), ("z", "S", ["green", "light_blue"])]
    state = pick(new_game(two, start="a"), {"black": [1, 2, 3, 4], "red": [2, 2, 3, 3]})
    refused("MH-T-1", engine.apply, state, "a", {"type": "pass", "card": CENTRE})
    after = engine.apply(state, "a", {"type": "pass", "colour": "red", "card": CENTRE})
    assert picked(after, "red") == [2, 3, 3] and picked(after, "black") == [1, 2, 3, 4]
    after = engine.apply(after, "z", {"type": "pass", "colour": "green", "card": CENTRE})
    for height in (2, 3, 3):  # red builds its last pieces, then has none left to set aside
        after = engine.apply(after, "a", {"type": "place", "colour": "red", "card": [0, 0],
                                          "city": "cairo", "height": height})
        after = engine.apply(after, "z", {"type": "pass", "colour": "green", "card": CENTRE})
    err = refused("MH-T-5", engine.apply, after, "a", {"type": "pass", "colour": "red",
                                                       "card": CENTRE})
    assert err.message == "You have no red piece left this round to set aside."
    assert {a["colour"] for a in engine.legal(after, "a")["actions"]} == {"black"}
