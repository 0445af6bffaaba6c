"""Random full games driven only through legal(): invariants, replay, JSON, no leaks.

24 table kinds (2-4 players, both boards, open and sealed bids, counts and private
hands), 6 games each, and 60 more games checking that play reaches every rule.
"""

import itertools
import json
import random

import pytest

from companion.engines import common
from companion.engines.fifth_avenue import playout
from companion.engines.text import english

from .scenario import TABLE, fa

GAMES_PER_KIND = 6
KINDS = list(itertools.product([2, 3, 4], ["5-lot", "6-lot"], ["open", "sealed"], ["counts", "private"]))


def buildings_accounted(state, seat):
    on_board = sum(l["buildings"] for q in state["quarters"].values() for l in q["lots"]
                   if l["owner"] == seat)
    if seat == "dummy":
        return state["supply"][seat] + on_board + state["removed"][seat]
    return (1 + state["reserve"][seat] + state["supply"][seat] + on_board
            + state["central_park"][seat] + state["removed"][seat] + state["placing"].count(seat))


def check_conservation(state):
    for seat in list(state["hands"]) + (["dummy"] if state["config"]["dummy"] else []):
        assert buildings_accounted(state, seat) == 18, seat
    shops = (sum(len(l["shops"]) for q in state["quarters"].values() for l in q["lots"])
             + sum(1 for s in state["display"] if s) + len(state["cp_shops"]) + state["shops_removed"])
    assert shops == 27
    laid = sum(len(b["cards"]) for s, b in (state["auction"] or {"bids": {}})["bids"].items()
               if s != "dummy")
    assert sum(map(len, state["hands"].values())) + sum(state["piles"].values()) + laid == 110
    assert state["score"] == {s: sum(e["points"].get(s, 0) for e in state["events"])
                              for s in state["score"]}


def hide_secrets_from(state, viewer):
    """The same game as ``viewer`` may know it, with everyone else's secrets changed:
    other hands' values forgotten, other sealed submissions turned into passes."""
    other = dict(state, hands=dict(state["hands"]), auction=common.clone(state["auction"]))
    for seat, cards in state["hands"].items():
        if seat != viewer:
            other["hands"][seat] = [{"color": c["color"], "value": None} for c in cards]
    a = other["auction"]
    if a and other["config"]["auctions"] == "sealed":
        for seat in list(a["bids"]):
            if seat != viewer:
                bid = a["bids"].pop(seat)
                if seat != "dummy":
                    other["hands"][seat] = other["hands"][seat] + bid["cards"]
                if seat not in a["passed"]:
                    a["passed"].append(seat)
    return other


def check_views(state, rng):
    seats = state["config"]["seats"]
    for viewer in seats + [None]:
        assert fa.view(state, viewer) == fa.view(hide_secrets_from(state, viewer), viewer), viewer
        # playout.hide changes only what ``viewer`` alone knows: nobody else sees a difference
        hidden = playout.hide(state, viewer, rng)
        for other in [s for s in seats if s != viewer] + [None]:
            assert fa.view(hidden, other) == fa.view(state, other), (viewer, other)


def check_legal(state):
    acting = fa.to_act(state)
    for seat in state["config"]["seats"] + [TABLE]:
        legal = fa.legal(state, seat)
        assert legal["phase"] == state["phase"]
        assert bool(legal["actions"]) == (seat in acting), (seat, legal)
        assert legal["waiting_for"] == sorted(acting)


def play(rng, n, board, auctions, hands, checks=True):
    """One random game; with ``checks``, invariants along the way (sampled, for speed)."""
    config = playout.random_config(rng, n, board=board, auctions=auctions, hands=hands)
    state = fa.setup(config)
    events = []
    for step in range(5000):
        if fa.is_over(state):
            return config, events, state
        if checks:
            check_conservation(state)
            secret_bids = state["auction"] and auctions == "sealed" and state["auction"]["bids"]
            if step % 10 == 0 or (secret_bids and step % 2 == 0):
                check_views(state, rng)
                check_legal(state)
        seat = rng.choice(sorted(fa.to_act(state)))
        action = playout.random_action(state, seat, rng)
        state = fa.apply(state, seat, action)
        events.append((seat, action))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("n,board,auctions,hands", KINDS)
def test_random_games_keep_every_invariant(n, board, auctions, hands):
    rng = random.Random(f"{n}{board}{auctions}{hands}")
    for _ in range(GAMES_PER_KIND):
        config, events, state = play(rng, n, board, auctions, hands)
        check_conservation(state)
        check_views(state, rng)
        assert fa.to_act(state) == set() and state["winners"]
        assert json.loads(json.dumps(state)) == state
        replayed = fa.setup(config)
        for seat, action in json.loads(json.dumps(events)):
            replayed = fa.apply(replayed, seat, action)
        assert replayed == state
        result = fa.scores(state)
        assert result["winners"] == state["winners"]
        for seat, total in result["totals"].items():
            assert total == sum(e["points"].get(seat, 0) for e in result["events"])


def test_random_games_reach_every_part_of_the_rules():
    """Across many random games every kind of event and both game ends occur."""
    rng = random.Random("coverage")
    seen_events, seen_ends, seen_types = set(), set(), set()
    for i in range(60):
        n = 2 + i % 3
        config, events, state = play(rng, n, rng.choice(["5-lot", "6-lot"]),
                                     rng.choice(["open", "sealed"]), rng.choice(["counts", "private"]),
                                     checks=False)
        seen_events |= {e["kind"] for e in state["events"]}
        seen_ends.add(state["end"])
        seen_types |= {a["type"] for _, a in events}
    assert seen_events == {"quarter", "special", "closure", "central_park"}
    assert seen_ends == {"shops", "closures"}
    assert seen_types >= {"place_initial_building", "take_buildings", "place_shop", "take_black",
                          "score_quarter", "take_colored", "move_commission", "bid", "pass",
                          "choose_color", "build", "close_quarter", "dummy_bid",
                          "reveal_central_park"}


def test_every_action_of_random_games_can_be_described_for_every_viewer():
    rng = random.Random("describe")
    for n, board, auctions, hands in KINDS[::3]:
        config, events, _ = play(rng, n, board, auctions, hands, checks=False)
        state = fa.setup(config)
        for seat, action in events:
            after = fa.apply(state, seat, action)
            for viewer in [seat, None]:
                line = english(fa.describe(state, after, seat, action, viewer))
                assert line.endswith(".") and "None" not in line and "{" not in line, line
            state = after
