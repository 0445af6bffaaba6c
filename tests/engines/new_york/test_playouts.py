"""Random full games for 2–6 players driven through ``legal()``: termination,
conservation of tiles and money, replay and JSON equality, views that leak nothing."""

import copy
import json
import random
from collections import Counter

import pytest

from companion.engines import common
from companion.engines import new_york as ny
from companion.engines.new_york import catalogue, market, money, playout
from companion.engines.text import english


def play(seed, players):
    """A random game through the common runner, with every log line checked on the way."""
    rng = random.Random(seed)
    config = playout.random_config(rng, players)
    seats = [p["seat"] for p in config["players"]]
    history = [ny.setup(config)]

    def logged(before, seat, action, after):
        for viewer in [None] + seats:
            assert english(ny.describe(before, after, seat, action, viewer))
        history.append(after)

    events, _final = common.play(ny, config, rng, max_moves=3000, on_move=logged)
    return config, events, history


def tiles_everywhere(state):
    tiles = [t for c in state["cities"].values() for t in c.values() if t["type"] != "start"]
    for seat in state["cities"]:
        tiles += state["reserves"][seat] + state["pending"][seat]
    tiles += [t for t in state["market"] if t] + (state["dirk"] or [])
    return tiles


def check_conservation(state):
    tiles = Counter(t["type"] for t in tiles_everywhere(state))
    assert tiles == Counter(state["out_of_bag"])
    assert market.bag_left(state) + sum(tiles.values()) == catalogue.TOTAL_TILES
    cards = [c for hand in state["hands"].values() for c in hand] + state["display"] + state["discard"]
    held = Counter(map(tuple, cards))
    assert max(held.values()) <= catalogue.copies(state["two_player"])
    assert len(state["display"]) <= 4


def check_views(state):
    seats = [p["seat"] for p in state["players"]]
    for viewer in seats + [None]:
        shown = ny.view(state, viewer)
        json.dumps(shown)
        for player in shown["players"]:
            assert ("hand" in player) == (player["seat"] == viewer)
        assert ny.view(swap_hidden_cards(state, viewer), viewer) == shown


def swap_hidden_cards(state, viewer):
    """The same table, except that every other hand's first card was swapped
    with a different card from the deck."""
    state = copy.deepcopy(state)
    for seat, hand in state["hands"].items():
        deck = money.deck(state)
        if seat != viewer and hand:
            other = next((k for k in deck if list(k) != hand[0]), None)
            if other is not None:
                hand[0] = list(other)
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_keep_every_invariant(players):
    for game in range(2):
        config, events, history = play(f"ny-{players}-{game}", players)
        final = history[-1]
        for state in history[:: max(1, len(history) // 25)] + [final]:
            check_conservation(state)
            assert json.loads(json.dumps(state)) == state
        check_views(history[len(history) // 2])
        check_views(final)
        replayed = ny.setup(json.loads(json.dumps(config)))
        for seat, action in json.loads(json.dumps(events)):
            replayed = ny.apply(replayed, seat, action)
        assert replayed == final
        result = ny.scores(final)
        for seat, total in result["totals"].items():
            assert total == sum(e["points"].get(seat, 0) for e in result["events"])
        assert result["winners"] and ny.to_act(final) == set()
        assert [english(e["title"])[:9] for e in result["events"]][-2:] == ["Scoring C"] * 2


def test_games_reach_both_scoring_cards_and_dirk_draws():
    config, events, history = play("ny-dirk", 2)
    final = history[-1]
    assert final["scoring_cards"] == ["A", "B"]
    assert len(final["dirk"]) > 12


def test_waiting_seats_are_told_why():
    state = ny.setup(playout.random_config(random.Random(1), 3))
    idle = next(p["seat"] for p in state["players"] if p["seat"] not in ny.to_act(state))
    assert ny.legal(state, idle) == common.not_due("turn", ny.to_act(state))


def test_hide_changes_only_the_cards_in_the_holders_hand():
    _config, _events, history = play("ny-hide", 3)
    state = history[len(history) // 2]
    rng = random.Random(5)
    for seat in ("p1", "p2", "p3"):
        hidden = playout.hide(state, seat, rng)
        assert Counter(map(tuple, hidden["hands"][seat])) != Counter(map(tuple, state["hands"][seat]))
        assert len(hidden["hands"][seat]) == len(state["hands"][seat])
        assert {**hidden, "hands": {**hidden["hands"], seat: state["hands"][seat]}} == state
        check_conservation(hidden)
    assert playout.hide(state, None, rng) == state
