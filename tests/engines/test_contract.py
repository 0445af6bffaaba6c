"""The engine contract, checked the same way against every game (OpenSpiel style).

Each game's own tests go deep into its rules; these random playouts check what
every engine owes the platform: one package layout, one vocabulary, termination,
JSON round trips, replay equality, no mutation of inputs, scores that add up, views
that leak nothing, texts that can be translated, legal() that offers only what apply
accepts and refuses what apply refuses, a flow table that declares who acts and which
steps are sealed, and refusals that cite rule IDs documented on the game's rules page
and tested by the game's tests.
"""

import copy
import json
import marshal
import random
import re
from functools import cache
from importlib import import_module
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from companion import engines, rules
from companion.engines import IllegalAction, common
from companion.engines.text import english, is_text

GAMES = engines.available()
FILES = ("setup", "flow", "legal", "view", "describe", "scoring", "playout", "state")
PLAYER_KEYS = {"seat", "name", "score", "colour", "initials"}
LEGAL_KEYS = {"phase", "prompt", "actions", "blocked", "waiting_for"}
TESTS = Path(__file__).parent


def playout_of(engine):
    return import_module(f"{engine.__name__}.playout")


@cache
def extracted(game: str) -> frozenset:
    """Every msgid ``pybabel extract`` finds in the game's engine and the shared modules."""
    root = Path(engines.__file__).parent
    ids = set()
    for folder in (root / game, root):
        for _file, _line, message, _comments, _context in extract_from_dir(
                str(folder), method_map=[("*.py", "python")]):
            ids.update([message] if isinstance(message, str) else [m for m in message if m])
    return frozenset(ids)


def texts_in(value):
    """Every text in a nested structure (texts inside texts included)."""
    if is_text(value):
        yield value
        yield from texts_in(value.get("args", {}))
    elif isinstance(value, dict):
        for v in value.values():
            yield from texts_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from texts_in(v)


def check_texts(game: str, value, where: str):
    for text in texts_in(value):
        english(text)  # every placeholder has its parameter
        for msgid in (text["id"], text.get("plural")):
            assert msgid is None or msgid in extracted(game), \
                f"{game}: {where} uses {msgid!r}, which pybabel extract cannot find"


def games_played(game: str, count: int):
    """``count`` random games, varying the number of players; each yields every move.

    Every move is checked for leaving its input unchanged (see ``unchanged_inputs``)."""
    engine = engines.get(game)
    low, high = engine.PLAYERS
    for i in range(count):
        rng = random.Random(f"{game}-{i}")
        config = playout_of(engine).random_config(rng, low + i % (high - low + 1))
        moves = []
        events, state = common.play(engine, config, rng,
                                    on_move=unchanged_inputs(engine, config, moves.append))
        yield engine, config, events, state, moves


def deep_copy(state: dict) -> dict:
    """An independent deep copy (a marshal round trip: ``copy.deepcopy`` is 5x slower)."""
    return marshal.loads(marshal.dumps(state))


def unchanged_inputs(engine, config: dict, keep):
    """An ``on_move`` for ``common.play`` that asserts that each move left the state it was
    given equal to a deep copy taken when that state was made (by ``setup`` or by the
    move before), then passes the move on to ``keep``. States share parts with the
    states they came from, so a move that changes a shared part in place fails here."""
    made = [deep_copy(engine.setup(config))]

    def on_move(before, seat, action, after):
        assert before == made[0], f"{engine.NAME}: apply changed its input on {seat} {action}"
        made[0] = deep_copy(after)
        keep((before, seat, action, after))
    return on_move


@pytest.mark.parametrize("game", GAMES)
def test_engine_has_the_common_layout(game):
    engine = engines.get(game)
    folder = Path(engine.__file__).parent
    missing = [name for name in FILES if not (folder / f"{name}.py").exists()]
    assert not missing, f"{game} lacks {missing}"
    for name in ("setup", "apply", "step", "to_act", "legal", "view", "scores", "is_over", "describe"):
        assert callable(getattr(engine, name)), f"{game} lacks {name}()"
    assert engine.NAME == game and engine.TITLE == engines.GAMES[game]
    low, high = engine.PLAYERS
    assert 2 <= low <= high <= 6
    steps = import_module(f"{engine.__name__}.flow").STEPS
    assert common.OVER in steps and all(isinstance(s, common.Step) for s in steps.values())


@pytest.mark.parametrize("game", GAMES)
def test_random_playouts_keep_the_contract(game):
    for engine, config, events, state, moves in games_played(game, 10):
        steps = import_module(f"{engine.__name__}.flow").STEPS
        seats = [p["seat"] for p in config["players"]]
        for before, seat, action, after in moves[:: max(1, len(moves) // 60)]:
            assert before["phase"] in steps and after["phase"] in steps
            line = {v: engine.describe(before, after, seat, action, v) for v in seats + [None]}
            check_texts(game, line, f"the log line of {action['type']}")
            for viewer in seats:
                allowed = engine.legal(after, viewer)
                assert set(allowed) == LEGAL_KEYS and allowed["phase"] == after["phase"]
                if viewer not in engine.to_act(after):
                    assert allowed == common.not_due(after["phase"], engine.to_act(after))
                else:
                    assert is_text(allowed["prompt"]) and allowed["actions"], allowed
                check_texts(game, allowed, "legal()")
            check_texts(game, engine.scores(after), "scores()")
        assert state["phase"] == common.OVER and engine.is_over(state)
        assert json.loads(json.dumps(state)) == state
        moves = common.moves(json.loads(json.dumps(events)))
        assert common.state_after(engine, engine.setup(config), moves) == state
        result = engine.scores(state)
        for seat, total in result["totals"].items():
            assert total == sum(e["points"].get(seat, 0) for e in result["events"])
        assert result["winners"], "a finished game names its winner(s)"
        assert engine.to_act(state) == set()
        for viewer in seats + [None]:
            view = engine.view(state, viewer)
            json.dumps(view)
            assert view["phase"] == common.OVER
            assert [p["seat"] for p in view["players"]][: len(seats)] == seats
            for p in view["players"]:
                assert PLAYER_KEYS <= set(p), p
                assert p["score"] == result["totals"].get(p["seat"], p["score"])


@pytest.mark.parametrize("game", GAMES)
def test_replay_is_applying_the_moves_by_hand(game):
    for engine, config, events, state, moves in games_played(game, 3):
        replayed = list(common.replay(engine, engine.setup(config), common.moves(events)))
        assert [(p.move.seat, p.move.action, p.before, p.after) for p in replayed] == \
            [(seat, action, before, after) for before, seat, action, after in moves]
        assert common.state_after(engine, engine.setup(config), common.moves(events)) == state
        assert common.state_after(engine, state, []) is state


def refused_instead(engine, before: dict, move: common.Move) -> tuple[common.Move, str]:
    """A move ``apply`` refuses in place of ``move`` (its action made by a seat that is
    not due, else an action of a type no game has), with the rule it cites."""
    idle = sorted({p["seat"] for p in engine.view(before, None)["players"]} - engine.to_act(before))
    for bad in [common.Move(s, move.action) for s in idle] + [common.Move(move.seat, {"type": "none"})]:
        try:
            engine.apply(before, bad.seat, bad.action)
        except IllegalAction as refused:
            return bad, refused.rule
    raise AssertionError(f"{engine.NAME}: no refused move found")


@pytest.mark.parametrize("game", GAMES)
def test_replay_stops_at_an_illegal_move_citing_its_rule(game):
    for n, (engine, config, events, state, moves) in enumerate(games_played(game, 3)):
        at = (n + 1) * len(events) // 4  # early, midway, late
        log = common.moves(events)
        bad, rule = refused_instead(engine, moves[at][0], log[at])
        played = []
        with pytest.raises(IllegalAction) as refused:
            played.extend(common.replay(engine, engine.setup(config), log[:at] + [bad] + log[at + 1:]))
        assert refused.value.rule == rule and re.fullmatch(rf"{engine.RULE_PREFIX}(-[A-Z0-9]+)+", rule)
        assert [p.move for p in played] == log[:at]


def whole_actions(entry: dict, shapes: dict) -> list[dict]:
    """The actions a ``blocked`` entry names, if it names whole ones: without its rule and
    reason it has the fields of an action of its type (``shapes``: the sets of fields the
    offered actions of each type had), a list under a field's plural (``heights``) standing
    for one action per item. An entry that only says why a kind of move is not possible
    names none."""
    action = {k: v for k, v in entry.items() if k not in ("rule", "reason")}
    known = shapes.get(action["type"], set())
    plural = next((k for k, v in action.items() if isinstance(v, list) and k.endswith("s")
                   and any(k[:-1] in shape for shape in known)), None)
    if plural:
        rest = {k: v for k, v in action.items() if k != plural}
        actions = [{**rest, plural[:-1]: item} for item in action[plural]]
    else:
        actions = [action]
    return actions if actions and frozenset(actions[0]) in known else []


def offers_checked(game: str, games: int, every: int, rng) -> tuple[int, int]:
    """Over the states before every ``every``-th move of ``games`` random games: each entry
    of each due seat's ``legal()["actions"]``, made an action by ``playout.fill``, is
    applied without a refusal, and each ``blocked`` entry that names whole actions is
    refused citing its rule. Returns how many of each were applied."""
    engine, refusals, applied, refused = engines.get(game), [], 0, 0
    fill, shapes = playout_of(engine).fill, {}
    for engine, _config, _events, _state, moves in games_played(game, games):
        for before, _seat, _action, _after in moves[::every]:
            for seat in sorted(engine.to_act(before)):
                allowed = engine.legal(before, seat)
                for entry in allowed["actions"]:
                    action = next(filter(None, (fill(before, seat, entry, rng) for _ in range(9))), None)
                    assert action is not None, f"{game}: no action could be made of {entry}"
                    try:
                        engine.apply(before, seat, action)
                    except IllegalAction as refusal:
                        pytest.fail(f"{game}: {seat} was offered {entry}, yet {action} was refused "
                                    f"({refusal.rule}: {english(refusal.text)})")
                    shapes.setdefault(action["type"], set()).add(frozenset(action))
                    applied += 1
                refusals += [(before, seat, entry) for entry in allowed["blocked"]]
    for state, seat, entry in refusals:
        for action in whole_actions(entry, shapes):
            with pytest.raises(IllegalAction) as refusal:
                engine.apply(state, seat, action)
            assert refusal.value.rule == entry["rule"], (game, entry, action, english(refusal.value.text))
            refused += 1
    return applied, refused


@pytest.mark.parametrize("game", GAMES)
def test_legal_offers_what_apply_accepts_and_blocks_what_it_refuses(game):
    applied, refused = offers_checked(game, 4, 3, random.Random(game))
    assert applied > 20, f"{game}: only {applied} offered actions were checked"


def test_whole_actions_are_told_from_reasons():
    shapes = {"place": {frozenset({"type", "card", "height"})}, "pass": {frozenset({"type", "card"})}}
    assert whole_actions({"type": "place", "card": 3, "heights": [1, 2], "rule": "R", "reason": ""},
                         shapes) == [{"type": "place", "card": 3, "height": 1},
                                     {"type": "place", "card": 3, "height": 2}]
    assert whole_actions({"type": "pass", "card": 3, "rule": "R", "reason": ""}, shapes) == \
        [{"type": "pass", "card": 3}]
    assert whole_actions({"type": "place", "card": 3, "rule": "R", "reason": ""}, shapes) == []
    assert whole_actions({"type": "pass", "rule": "R", "reason": ""}, shapes) == []
    assert whole_actions({"type": "bid", "rule": "R", "reason": ""}, shapes) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_sealed_step_tells_other_seats_nothing_of_what_was_submitted(game):
    """In a step the flow table declares sealed, whatever a seat submits (any offered
    entry, a pass too) reads the same in every other seat's log line and view while the
    others still submit."""
    flow = import_module(f"{engines.get(game).__name__}.flow")
    tables = [t for t in vars(flow).values() if isinstance(t, dict) and t
              and all(isinstance(s, common.Step) for s in t.values())]
    if not any(s.sealed for t in tables for s in t.values()):
        return  # no sealed step in this game
    rng, sealed = random.Random(game), 0
    fill = playout_of(engines.get(game)).fill
    for engine, config, _events, _state, moves in games_played(game, 4):
        readers = [p["seat"] for p in config["players"]] + [None]
        for before, seat, _action, _after in moves:
            if not engine.step(before).sealed:
                continue
            told = set()
            for entry in engine.legal(before, seat)["actions"]:
                action = next(filter(None, (fill(before, seat, entry, rng) for _ in range(9))))
                after = engine.apply(before, seat, action)
                if engine.to_act(after) != engine.to_act(before) - {seat}:
                    continue  # the last submission ends the round: everything is shown
                others = [r for r in readers if r != seat]
                told.add(json.dumps([[engine.describe(before, after, seat, action, r),
                                      engine.view(after, r)] for r in others], sort_keys=True))
                sealed += 1
            assert len(told) <= 1, f"{game}: another seat can tell what {seat} submitted"
    assert sealed, f"{game}: no move of a sealed step was checked"


@pytest.mark.parametrize("game", GAMES)
def test_apply_never_changes_its_input(game):
    engine = engines.get(game)
    rng = random.Random(game)
    config = playout_of(engine).random_config(rng, engine.PLAYERS[1])
    state = engine.setup(config)
    for _move in range(300):
        if engine.is_over(state):
            break
        seat = rng.choice(sorted(engine.to_act(state)))
        action = playout_of(engine).random_action(state, seat, rng)
        before = copy.deepcopy(state)
        after = engine.apply(state, seat, action)
        assert state == before, f"apply mutated its input on {action}"
        state = after


@pytest.mark.parametrize("game", GAMES)
def test_secrets_do_not_reach_other_seats(game):
    """What one seat alone knows (or nobody yet) changes nothing another seat sees or may do."""
    for engine, config, _events, _state, moves in games_played(game, 4):
        seats = [p["seat"] for p in config["players"]]
        rng = random.Random(game)
        for _before, _seat, _action, state in moves[:: max(1, len(moves) // 40)]:
            for holder in seats + [None]:
                hidden = playout_of(engine).hide(state, holder, rng)
                for other in [s for s in seats if s != holder] + [None]:
                    assert engine.view(hidden, other) == engine.view(state, other), (holder, other)
                    if other is not None:
                        assert engine.legal(hidden, other) == engine.legal(state, other), (holder, other)


@pytest.mark.parametrize("game", GAMES)
def test_a_view_does_not_depend_on_the_views_asked_for_before(game):
    """Views of one state may share their public part: what one seat's view adds (its
    hand) never shows in another's, whichever order they are asked in."""
    for engine, config, _events, _state, moves in games_played(game, 2):
        readers = [p["seat"] for p in config["players"]] + [None]
        for _before, _seat, _action, state in moves[:: max(1, len(moves) // 30)]:
            forward = [engine.view(state, r) for r in readers]
            alone = [engine.view(common.clone(state), r) for r in readers]  # a state never seen
            backward = [engine.view(state, r) for r in reversed(readers)][::-1]
            assert forward == alone == backward


def test_once_per_state_tells_states_apart_by_identity():
    made = []

    @common.once_per_state
    def public(state):
        made.append(state)
        return {"n": state["n"]}

    first, equal = {"n": 1}, {"n": 1}
    assert public(first) is public(first) and len(made) == 1
    assert public(equal) == {"n": 1} and len(made) == 2  # equal, yet another state
    others = [{"n": i} for i in range(40)]
    assert [public(s)["n"] for s in others] == list(range(40))
    assert public(first) == {"n": 1} and len(made) == 43  # no longer kept: worked out again


@pytest.mark.parametrize("game", GAMES)
def test_out_of_turn_action_is_refused_with_a_rule(game):
    engine = engines.get(game)
    rng = random.Random(game)
    state = engine.setup(playout_of(engine).random_config(rng, engine.PLAYERS[0]))
    acting = engine.to_act(state)
    idle = [p["seat"] for p in engine.view(state, None)["players"] if p["seat"] not in acting]
    seat = next(iter(acting))
    action = playout_of(engine).random_action(state, seat, rng)
    with pytest.raises(IllegalAction) as refused:
        engine.apply(state, (idle or ["nobody"])[0], action)
    assert re.fullmatch(rf"{engine.RULE_PREFIX}(-[A-Z0-9]+)+", refused.value.rule)
    assert is_text(refused.value.text)
    check_texts(game, refused.value.text, "a refusal")


@pytest.mark.parametrize("game", GAMES)
def test_a_move_of_another_phase_is_refused_by_its_name(game):
    """Every kind of move has a name of its own (``flow.ACTION_NAMES``), and a refusal of
    a move that belongs to another phase says that name, translatable, not the type."""
    engine = engines.get(game)
    flow = import_module(f"{engine.__name__}.flow")
    kinds = {kind for step in getattr(flow, "STEPS", {}).values() for kind in step.actions}
    assert kinds <= set(flow.ACTION_NAMES), sorted(kinds - set(flow.ACTION_NAMES))
    rng = random.Random(game)
    state = engine.setup(playout_of(engine).random_config(rng, engine.PLAYERS[0]))
    seat = sorted(engine.to_act(state))[0]
    other = sorted(kinds - set(flow.STEPS[state["phase"]].actions))[0]
    with pytest.raises(IllegalAction) as refused:
        engine.apply(state, seat, {"type": other})
    kind = refused.value.text.get("args", {}).get("kind")
    assert is_text(kind) and kind["id"] == flow.ACTION_NAMES[other], refused.value.text
    check_texts(game, refused.value.text, "a refusal")


RULE_ID = r"[A-Z]{2}(?:-[A-Z0-9]+)+"


def engine_source(engine) -> str:
    return "\n".join(p.read_text() for p in Path(engine.__file__).parent.glob("*.py"))


def rules_cited(engine) -> set[str]:
    return set(re.findall(rf'"({engine.RULE_PREFIX}-[A-Z0-9]+(?:-[0-9]+)?)"', engine_source(engine)))


def rules_refusing(engine) -> set[str]:
    """Rules named where a refusal is made: ``IllegalAction("…"`` or a step's refusal rules."""
    pattern = rf'(?:IllegalAction\(\s*|out_of_turn=|not_now=|unknown_rule=)"({RULE_ID})"'
    return set(re.findall(pattern, engine_source(engine)))


def game_tests(game: str) -> str:
    return "\n".join(p.read_text() for p in (TESTS / game).glob("*.py"))


@pytest.mark.parametrize("game", GAMES)
def test_every_cited_rule_is_on_the_rules_page(game):
    engine = engines.get(game)
    cited = rules_cited(engine)
    assert cited, f"{game} cites no rule IDs"
    missing = sorted(cited - set(rules.load(game).index()))
    assert not missing, f"rules page of {game} lacks {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_on_the_rules_page_is_named_by_a_test(game):
    source = game_tests(game)
    untested = sorted(r for r in rules.load(game).index() if r not in source)
    assert not untested, f"{game}: no test names {untested}"


@pytest.mark.parametrize("game", GAMES)
def test_every_refusable_rule_has_a_refusing_test(game):
    """A rule the engine cites in a refusal appears as the rule of a ``refused(...)`` check."""
    source = game_tests(game)
    unrefused = sorted(rule for rule in rules_refusing(engines.get(game))
                       if not re.search(rf'refused\([^()]{{0,200}}?"{rule}"', source, re.S))
    assert not unrefused, f"{game}: no refusing test for {unrefused}"
