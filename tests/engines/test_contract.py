"""The engine contract, checked the same way against every game (OpenSpiel style).

Each game's own tests go deep into its rules; these random playouts check what
every engine owes the platform: termination, JSON round trips, replay equality,
no mutation of inputs, scores that add up, views that leak nothing, and refusals
that cite rule IDs documented on the game's rules page.
"""

import copy
import json
import random
import re
from importlib import import_module
from pathlib import Path

import pytest

from companion import engines, rules
from companion.engines import IllegalAction

GAMES = engines.available()
MAX_STEPS = 20_000


def playout(engine, rng, players):
    playout_mod = import_module(f"{engine.__name__}.playout")
    config = playout_mod.random_config(rng, players)
    state = engine.setup(config)
    events = []
    for _ in range(MAX_STEPS):
        if engine.is_over(state):
            return config, events, state
        seat = rng.choice(sorted(engine.to_act(state)))
        action = playout_mod.random_action(state, seat, rng)
        before = copy.deepcopy(state)
        after = engine.apply(state, seat, action)
        assert state == before, f"apply mutated its input on {action}"
        state = after
        events.append((seat, action))
    raise AssertionError(f"{engine.NAME}: game did not end within {MAX_STEPS} actions")


def replay(engine, config, events):
    state = engine.setup(config)
    for seat, action in events:
        state = engine.apply(state, seat, action)
    return state


@pytest.mark.parametrize("game", GAMES)
def test_engine_exposes_contract(game):
    engine = engines.get(game)
    for name in ("setup", "apply", "to_act", "legal", "view", "scores", "is_over", "describe"):
        assert callable(getattr(engine, name)), f"{game} lacks {name}()"
    assert engine.NAME == game and engine.TITLE == engines.GAMES[game]
    low, high = engine.PLAYERS
    assert 2 <= low <= high <= 6


@pytest.mark.parametrize("game", GAMES)
def test_random_playouts_keep_the_contract(game):
    engine = engines.get(game)
    low, high = engine.PLAYERS
    for i in range(12):
        rng = random.Random(f"{game}-{i}")
        players = low + i % (high - low + 1)
        config, events, state = playout(engine, rng, players)
        assert json.loads(json.dumps(state)) == state
        assert replay(engine, config, json.loads(json.dumps(events))) == state
        result = engine.scores(state)
        for seat, total in result["totals"].items():
            assert total == sum(e["points"].get(seat, 0) for e in result["events"])
        assert result["winners"], "a finished game names its winner(s)"
        seats = [p["seat"] for p in config["players"]]
        for seat in seats + [None]:
            json.dumps(engine.view(state, seat))
        assert engine.to_act(state) == set() or engine.is_over(state)


@pytest.mark.parametrize("game", GAMES)
def test_out_of_turn_action_is_refused_with_a_rule(game):
    engine = engines.get(game)
    playout_mod = import_module(f"{engine.__name__}.playout")
    rng = random.Random(game)
    state = engine.setup(playout_mod.random_config(rng, engine.PLAYERS[0]))
    acting = engine.to_act(state)
    idle = [p["seat"] for p in engine.view(state, None)["players"] if p["seat"] not in acting]
    if not idle:  # everyone acts at once at the start: use an unknown seat
        idle = ["nobody"]
    seat = next(iter(acting))
    action = playout_mod.random_action(state, seat, rng)
    with pytest.raises(IllegalAction) as refused:
        engine.apply(state, idle[0], action)
    assert re.fullmatch(rf"{engine.RULE_PREFIX}(-[A-Z0-9]+)+", refused.value.rule)


@pytest.mark.parametrize("game", GAMES)
def test_every_cited_rule_is_on_the_rules_page(game):
    engine = engines.get(game)
    book = rules.load(game)
    source = "\n".join(p.read_text() for p in Path(engine.__file__).parent.glob("*.py"))
    cited = set(re.findall(rf'"({engine.RULE_PREFIX}-[A-Z0-9]+(?:-[0-9]+)?)"', source))
    assert cited, f"{game} cites no rule IDs"
    missing = sorted(cited - set(book.index()))
    assert not missing, f"rules page of {game} lacks {missing}"

