"""Random full games through legal(): termination, conservation, replay, JSON."""

import json
import random
from collections import Counter

import pytest

from companion.engines import manhattan as engine
from companion.engines.manhattan import playout


def pieces_on_board(state):
    return Counter((p["colour"], p["height"]) for c in engine.view(state, None)["cities"]
                   for lot in c["lots"] for p in lot["pieces"])


def check_conservation(state, players):
    view = engine.view(state, None)
    on_board = Counter(colour for colour, _ in pieces_on_board(state).elements())
    for colour, record in view["colours"].items():
        assert on_board[colour] + len(record["picked"]) + record["left"] == 24
    cards = view["cards"]
    assert cards["deck"] + sum(p["count"] for p in cards["played"]) + 4 * players == 45


@pytest.mark.parametrize("players, seed, stock", [(2, 0, True), (2, 1, False), (3, 2, True),
                                                  (3, 3, False), (4, 4, True), (4, 5, False)])
def test_random_game_keeps_every_invariant(players, seed, stock):
    rng = random.Random(f"manhattan-{seed}")
    config = playout.random_config(rng, players, stock=stock)
    state, events = engine.setup(config), []
    while not engine.is_over(state):
        (seat,) = engine.to_act(state)
        action = playout.random_action(state, seat, rng)
        assert isinstance(engine.describe(state, seat, action, None), str)
        state = engine.apply(state, seat, action)
        events.append((seat, action))
        check_conservation(state, players)
    # per phase: one pick per colour, then every picked piece is built
    phases, per_phase = {2: (6, 4 + 16), 3: (6, 3 + 12), 4: (4, 4 + 24)}[players]
    assert len(events) == phases * per_phase
    # all 24 pieces of every colour stand on the board, as entered per height
    board = pieces_on_board(state)
    view = engine.view(state, None)
    for colour, record in view["colours"].items():
        assert record["left"] == 0 and record["picked"] == []
        assert sum(n for (c, _), n in board.items() if c == colour) == 24
        if stock:
            assert {str(h): board[(colour, h)] for h in (1, 2, 3, 4)} == config["stock"]
    # replay and JSON round trip
    replayed = engine.setup(config)
    for seat, action in json.loads(json.dumps(events)):
        replayed = engine.apply(replayed, seat, action)
    assert replayed == state == json.loads(json.dumps(state))
    # scores: three events per phase, totals add up, a two-player seat sums its colours
    result = engine.scores(state)
    assert len(result["events"]) == 3 * phases and result["winners"]
    for p in view["players"]:
        assert result["totals"][p["seat"]] == sum(e["points"][p["seat"]] for e in result["events"])
        assert result["totals"][p["seat"]] == sum(result["colour_totals"][c] for c in p["colours"])
