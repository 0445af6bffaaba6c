"""Correcting a past move (``companion.engines.correct``), checked against every game:
the corrected game is the game played afresh with the replacement, up to the first
later move that no longer fits, and the moves from there on are offered back."""

import random
from importlib import import_module

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from companion import engines
from companion.engines import IllegalAction, common, correct

GAMES = ["fifth_avenue", "palazzo", "new_york", "manhattan"]


def a_game(engine, seed: int):
    rng = random.Random(seed)
    low, high = engine.PLAYERS
    config, events, _ = common.random_game(engine, rng, rng.randint(low, high))
    return config, common.moves(events), rng


def another_action(engine, config, moves, rng):
    """A past move ``k`` and a legal action at ``k`` by a due seat that differs from the
    one recorded there (None if the few tries all drew the recorded one)."""
    playout = import_module(f"{engine.__name__}.playout")
    states = [engine.setup(config)]
    for played in common.replay(engine, states[0], moves):
        states.append(played.after)
    for _ in range(20):
        k = rng.randrange(len(moves))
        seat = rng.choice(sorted(engine.to_act(states[k])))
        action = playout.random_action(states[k], seat, rng)
        if (seat, action) != tuple(moves[k]):
            return k, common.Move(seat, action)
    return None


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_a_correction_is_the_game_played_afresh_up_to_the_first_move_that_no_longer_fits(game, seed):
    engine = engines.get(game)
    config, moves, rng = a_game(engine, seed)
    found = another_action(engine, config, moves, rng)
    assume(found is not None)
    k, replacement = found

    result = correct.corrected(engine, engine.setup(config), moves, k, replacement)

    # the same game played afresh, move by move with the engine alone
    fresh = engine.setup(config)
    for move in moves[:k]:
        fresh = engine.apply(fresh, move.seat, move.action)
    fresh = engine.apply(fresh, replacement.seat, replacement.action)
    stop, why = None, None
    for n in range(k + 1, len(moves)):
        try:
            fresh = engine.apply(fresh, moves[n].seat, moves[n].action)
        except IllegalAction as error:
            stop, why = n, error
            break
    assert result.state == fresh
    assert result.stopped == stop
    end = len(moves) if stop is None else stop
    assert list(result.kept) == [*moves[:k], replacement, *moves[k + 1:end]]
    assert list(result.offered) == list(moves[end:])
    if stop is None:
        assert result.refusal is None and result.complete
    else:
        assert isinstance(result.refusal, IllegalAction)
        assert result.refusal.rule == why.rule and result.refusal.rule.startswith(engine.RULE_PREFIX + "-")
        assert result.offered[0] is moves[stop]
        with pytest.raises(IllegalAction):  # the table waits where that move was made
            engine.apply(result.state, result.offered[0].seat, result.offered[0].action)


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_replacement_is_refused_and_nothing_is_corrected(game):
    engine = engines.get(game)
    config, moves, _ = a_game(engine, 3)
    with pytest.raises(IllegalAction):
        correct.corrected(engine, engine.setup(config), moves, 1, ("nobody", {"type": "no such action"}))


def test_the_same_move_again_replays_the_whole_game():
    engine = engines.get("fifth_avenue")
    config, moves, _ = a_game(engine, 5)
    start = engine.setup(config)
    result = correct.corrected(engine, start, moves, 4, tuple(moves[4]))
    assert result.complete and result.offered == () and result.refusal is None
    assert result.state == common.state_after(engine, start, moves)
    assert result.kept[:4] == tuple(moves[:4]) and result.kept[5:] == tuple(moves[5:])


def test_rewound_is_the_state_after_the_first_moves():
    engine = engines.get("palazzo")
    config, moves, _ = a_game(engine, 2)
    start = engine.setup(config)
    assert correct.rewound(engine, start, moves, 0) == start
    assert correct.rewound(engine, start, moves, 7) == common.state_after(engine, start, moves[:7])
    assert correct.rewound(engine, start, moves, len(moves)) == common.state_after(engine, start, moves)
    with pytest.raises(IndexError):
        correct.rewound(engine, start, moves, len(moves) + 1)
    with pytest.raises(IndexError):
        correct.corrected(engine, start, moves, len(moves), tuple(moves[0]))
