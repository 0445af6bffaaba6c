"""Random full games through ``legal()`` only: termination, conservation, replay, privacy."""

import copy
import json
import random
from collections import Counter

import pytest

from companion.engines import palazzo as pz
from companion.engines.palazzo import hands, money, playout, tiles
from companion.engines.text import english

CASES = [(p, h, b) for p in (2, 3, 4) for h in ("counts", "private") for b in ("open", "sealed")]
MAX_ACTIONS = 3000


def tiles_accounted(state):
    pile = state["tiles"]
    where = pile["unseen"] + pile["supply"] + pile["out"] + sum(pile["quarries"], [])
    where += [t for palaces in state["palaces"].values() for p in palaces for t in p]
    where += state["acquired"]["tiles"] if state["acquired"] else []
    assert Counter(where) == Counter(tiles.TILES)
    assert 0 <= pile["knights"] <= tiles.KNIGHTS
    assert (pile["knights"] == tiles.KNIGHTS) == pz.is_over(state)


def money_accounted(state):
    bids = state["auction"]["bids"].values() if state["auction"] else []
    laid = [c for bid in bids for c in bid["cards"]]
    revealed = state["reveal"]["cards"] if state["reveal"] else []
    known = [c for h in state["hands"].values() for c in h["cards"] or []]
    where = state["money"]["unknown"] + state["money"]["discards"] + revealed + laid + known
    assert Counter(where) == Counter(money.DECK)
    counted = sum(h["count"] for h in state["hands"].values())
    assert hands.deck_size(state) >= 0
    assert hands.deck_size(state) + len(state["money"]["discards"]) + len(revealed) \
        + len(laid) + counted == 55
    # The value-3 opening certificate: in front of at most one bidder, never in a pile.
    assert sum(bid["opening"] for bid in bids) <= 1


def shuffled_secrets(state, viewer, rng):
    """The same game to ``viewer``'s eyes: other hands and sealed bids hold other cards."""
    other = copy.deepcopy(state)
    pool = other["money"]["unknown"]
    secret = [h for s, h in other["hands"].items() if s != viewer and h["cards"] is not None]
    if other["phase"] == "sealed_auction":
        secret += [b for s, b in other["auction"]["bids"].items() if s != viewer]
    for holder in secret:
        pool = pool + holder["cards"]
        rng.shuffle(pool)
        holder["cards"], pool = sorted(pool[: len(holder["cards"])]), pool[len(holder["cards"]):]
    other["money"]["unknown"] = sorted(pool)
    return other


def no_leaks(state, rng):
    for viewer in [p["seat"] for p in state["players"]] + [None]:
        other = shuffled_secrets(state, viewer, rng)
        assert pz.view(other, viewer) == pz.view(state, viewer)
        if viewer is not None:
            assert pz.legal(other, viewer) == pz.legal(state, viewer)


def play(players, hands_mode, bidding, seed, check_privacy=True):
    rng = random.Random(seed)
    config = playout.random_config(rng, players, hands=hands_mode, bidding=bidding)
    state, events = pz.setup(config), []
    for _ in range(MAX_ACTIONS):
        tiles_accounted(state)
        money_accounted(state)
        if check_privacy:
            no_leaks(state, rng)
        if pz.is_over(state):
            return config, events, state
        seat = rng.choice(sorted(pz.to_act(state)))
        action = playout.random_action(state, seat, rng)
        after = pz.apply(state, seat, action)
        for viewer in (seat, None):
            assert english(pz.describe(state, after, seat, action, viewer))
        state = after
        events.append([seat, action])
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players, hands_mode, bidding", CASES)
def test_random_games_end_conserve_everything_and_replay(players, hands_mode, bidding):
    seed = f"{players}{hands_mode}{bidding}"
    config, events, state = play(players, hands_mode, bidding, seed)
    replayed = pz.setup(json.loads(json.dumps(config)))
    for seat, action in json.loads(json.dumps(events)):
        replayed = pz.apply(replayed, seat, action)
    assert replayed == state == json.loads(json.dumps(state))
    result = pz.scores(state)
    assert result["winners"]
    for seat, total in result["totals"].items():
        assert total == sum(e["points"].get(seat, 0) for e in result["events"])


def test_more_random_games_end_with_every_tile_and_card_accounted_for():
    for seed in range(12):
        play(2 + seed % 3, ("counts", "private")[seed % 2], ("open", "sealed")[seed // 6],
             seed, check_privacy=False)


def test_describe_hides_a_starting_hand_from_everyone_else():  # PZ-S-1
    state = pz.setup(playout.random_config(random.Random(1), 2, hands="private"))
    action = {"type": "enter_hand", "cards": ["a3", "b4", "c5", "w2"]}
    after = pz.apply(state, "p1", action)
    assert english(pz.describe(state, after, "p1", action, "p1")) == (
        "Anna entered their starting hand: A3, B4, C5, certificate 2"
    )
    for viewer in ("p2", None):
        assert english(pz.describe(state, after, "p1", action, viewer)) == (
            "Anna entered their starting hand"
        )


def test_hide_changes_only_what_one_seat_knows():
    rng = random.Random(3)
    state = pz.setup(playout.random_config(rng, 3, hands="private", bidding="sealed"))
    for seat in ("p1", "p2", "p3"):
        state = pz.apply(state, seat, playout.random_action(state, seat, rng))
    hidden = playout.hide(state, "p2", random.Random(1))
    assert hidden["hands"]["p2"]["count"] == 4 and hidden["hands"]["p1"] == state["hands"]["p1"]
    assert hidden["hands"]["p2"]["cards"] != state["hands"]["p2"]["cards"]
    assert sorted(hidden["money"]["unknown"] + hidden["hands"]["p2"]["cards"]) == \
        sorted(state["money"]["unknown"] + state["hands"]["p2"]["cards"])
    assert playout.hide(state, None, rng) == state
