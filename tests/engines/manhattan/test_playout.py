"""Random full games through legal(): termination, conservation, replay, JSON."""

import json
import random
from collections import Counter

import pytest

from companion.engines import common
from companion.engines import manhattan as engine
from companion.engines.manhattan import playout
from companion.engines.text import english, is_text


def pieces_on_board(state):
    return Counter((p["colour"], p["height"]) for c in engine.view(state, None)["cities"]
                   for lot in c["lots"] for p in lot["pieces"])


def check_conservation(state, players):
    view = engine.view(state, None)
    on_board = Counter(colour for colour, _height in pieces_on_board(state).elements())
    for colour, record in view["colours"].items():
        assert on_board[colour] + len(record["picked"]) + record["left"] + record["aside"] == 24
        assert record["left"] == sum(record["supply"].values())
    cards = view["cards"]
    held = sum(p["cards_held"] for p in view["players"])
    drawn_but_not_entered = 4 * players - held
    assert cards["deck"] + sum(p["count"] for p in cards["played"]) + held \
        + drawn_but_not_entered == 45


@pytest.mark.parametrize("hands", ["untracked", "private"])
@pytest.mark.parametrize("players, seed, pieces", [(2, 0, True), (2, 1, False), (3, 2, True),
                                                   (3, 3, False), (4, 4, True), (4, 5, False)])
def test_random_game_keeps_every_invariant(players, seed, pieces, hands):
    rng = random.Random(f"manhattan-{seed}")
    config = playout.random_config(rng, players, pieces=pieces, hands=hands)

    def on_move(before, seat, action, after):
        line = engine.describe(before, after, seat, action, None)
        assert is_text(line) and english(line)
        check_conservation(after, players)

    events, state = common.play(engine, config, rng, on_move=on_move)
    # per round: one pick per colour, then every picked piece is built
    rounds, per_round = {2: (6, 4 + 16), 3: (6, 3 + 12), 4: (4, 4 + 24)}[players]
    moves = Counter(action["type"] for _seat, action in events)
    assert moves["pick"] + moves["place"] + moves["pass"] == rounds * per_round
    if hands == "private":  # every card entered is held at the end or was played
        held = sum(p["cards_held"] for p in engine.view(state, None)["players"])
        assert moves["draw"] == held + moves["place"] + moves["pass"]
        assert 4 * players - held <= players  # at most one card per seat left to enter
    else:
        assert moves["draw"] == 0
    # every piece of every colour stands on the board or was set aside, as entered per height
    board = pieces_on_board(state)
    view = engine.view(state, None)
    for colour, record in view["colours"].items():
        assert record["left"] == 0 and record["picked"] == []
        assert sum(n for (c, _height), n in board.items() if c == colour) + record["aside"] == 24
        counts = config.get("pieces", {"1": 6, "2": 6, "3": 6, "4": 6})
        if not record["aside"]:
            assert {str(h): board[(colour, h)] for h in (1, 2, 3, 4)} == counts
    # replay and JSON round trip
    moves = common.moves(json.loads(json.dumps(events)))
    assert common.state_after(engine, engine.setup(config), moves) == state
    assert state == json.loads(json.dumps(state))
    # scores: three events per round, totals add up, a two-player seat sums its colours
    result = engine.scores(state)
    assert len(result["events"]) == 3 * rounds and result["winners"]
    for p in view["players"]:
        assert result["totals"][p["seat"]] == sum(e["points"][p["seat"]] for e in result["events"])
        assert result["totals"][p["seat"]] == sum(result["colour_totals"][c] for c in p["colours"])
