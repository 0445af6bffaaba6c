"""Random playouts for tests and benchmarks: ``random_config``, ``random_action``, ``fill``
(one entry of ``legal()`` made an action) and ``hide``; and ``seat_draw``, the server's draw for a table that lets it draw. Palazzo has
no ``table_draw``: whoever turns up money or tiles enters them, or asks the server to draw.

Decisions come from ``legal()`` only, and so do the tiles drawn (legal() lists how many
of each are left). What only the physical table knows is simulated from the money the
state accounts for: the starting hands, the money cards turned up, and which cards a
counted hand really holds. Knights are assumed to lie among the last 16 tiles (stack
III); the engine itself never relies on that.
"""

from .. import common
from ..errors import IllegalAction
from ..text import _
from . import hands, money, tiles
from .flow import STEPS, legal

NAMES = ("Anna", "Ben", "Carla", "Dario")
STACK_III = 16


def random_config(rng, players: int, **options) -> dict:
    dealt = rng.sample(tiles.TILES, 1 + tiles.QUARRIES)
    return {
        "players": [{"seat": f"p{i + 1}", "name": NAMES[i]} for i in range(players)],
        "tiles": {"supply": dealt[0], "quarries": dealt[1:]},
        "hands": options.get("hands", rng.choice(("counts", "private"))),
        "bidding": options.get("bidding", rng.choice(("open", "sealed"))),
    }


def _revealed(state, rng, count: int) -> list:
    """The money cards turned up: the deck first, then the reshuffled discards."""
    deck = hands.deck_size(state)
    from_deck = rng.sample(state["money"]["unknown"], min(deck, count))
    return from_deck + rng.sample(state["money"]["discards"], count - len(from_deck))


def _drawn(offer, rng) -> list:
    """Two tiles from what ``legal()`` says is left; knights only from stack III."""
    left = {t["tile"]: t["left"] for t in offer["tiles"]}
    knights = left.pop(tiles.KNIGHT, 0)
    pool = [t for t, n in left.items() for _copy in range(n)]
    drawn = []
    while len(drawn) < 2 and knights:
        in_stack_iii = len(pool) <= STACK_III
        if not pool or in_stack_iii and rng.random() < knights / (len(pool) + knights):
            knights -= 1
            drawn.append(tiles.KNIGHT)
        else:
            drawn.append(pool.pop(rng.randrange(len(pool))))
    return drawn


def _payment(state, rng, offer: dict, at_least: int, currency=None):
    """Random cards from the hand worth at least ``at_least`` as one payment, else None.

    Loose cards of one currency (and certificates) are added in random order; failing
    that, the hand's largest payment (groups included) is tried. With counted hands the
    offer lists every card the seat might hold, so the simulated hand is drawn from the
    cards that really are unplaced.
    """
    private = state["options"]["hands"] == "private"
    cards = offer["cards"] if private else state["money"]["unknown"]
    size = offer["hand_size"]
    for loose in [currency] if currency else rng.sample(money.CURRENCIES, 3):
        usable = [c for c in cards if money.currency_of(c) in (loose, None)]
        chosen = rng.sample(usable, min(size, len(usable)))
        total = 0
        for i, card in enumerate(chosen):
            total += money.value(card)
            if total >= at_least:
                return chosen[: i + 1]
    if private:
        best = money.largest_payment(cards, currency)
        if best["value"] >= at_least:
            return [c for group in best["groups"] for c in group] + best["loose"]
    return None


def _enough(state, rng, offer: dict, at_least: int, currency=None):
    """``_payment``, else (counted hands) the highest loose cards of one currency that
    the seat may lay out, if they are enough."""
    cards = _payment(state, rng, offer, at_least, currency)
    if cards is not None or state["options"]["hands"] == "private":
        return cards
    for loose in [currency] if currency else money.CURRENCIES:
        usable = sorted((c for c in state["money"]["unknown"] if money.currency_of(c) in (loose, None)),
                        key=money.value, reverse=True)[:offer["hand_size"]]
        if sum(map(money.value, usable)) >= at_least:
            return usable
    return None


def _turn(state, rng, actions):
    weights = {"draw_tiles": 6, "take_money": 3, "reconstruct": 1}
    kinds = [k for k in weights if k in actions]
    kind = rng.choices(kinds, [weights[k] for k in kinds])[0]
    if kind == "draw_tiles":
        return {"type": kind, "tiles": _drawn(actions[kind], rng)}
    if kind == "take_money":
        return {"type": kind, "cards": _revealed(state, rng, actions[kind]["count"])}
    move = rng.choice(actions[kind]["moves"])
    return {"type": kind, "card": rng.choice(actions[kind]["cards"]), **move}


def _buy_or_auction(state, rng, actions):
    offer = actions.get("buy")
    if offer and rng.random() < 0.5:
        count = rng.randint(1, offer["max_tiles"])
        cards = [] if offer["price"] == 0 else _payment(state, rng, offer, offer["price"] * count)
        if cards is not None:
            return {"type": "buy", "tiles": rng.sample(offer["tiles"], count), "cards": cards}
    return {"type": "auction"}


def _bid(state, rng, actions):
    offer = actions.get("raise")
    if offer and rng.random() < 0.6:
        cards = _payment(state, rng, offer, offer["at_least"], offer["currency"])
        if cards:
            return {"type": "raise", "cards": cards}
    return {"type": "pass"}


def _sealed(state, rng, offer):
    cards = _payment(state, rng, offer, 1) if rng.random() < 0.7 else None
    return {"type": "sealed_bid", "cards": cards or []}


def _build(rng, offer):
    choice = rng.choice(offer["choices"])
    on_top = [t for t in choice["to"] if isinstance(t, int)]
    if on_top and rng.random() < 0.8:
        to = rng.choice(on_top)
    else:
        to = "new" if rng.random() < 0.8 else "discard"
    return {"type": "build", "tile": choice["tile"], "to": to}


def _starting_hand(state, rng, actions):
    count = actions["enter_hand"]["count"]
    return {"type": "enter_hand", "cards": rng.sample(state["money"]["unknown"], count)}


def _pick(state, rng, actions):
    offer = actions["pick"]
    return {"type": "pick", "cards": rng.sample(offer["cards"], offer["count"])}


CHOOSE = {
    "starting_hands": _starting_hand,
    "turn": lambda state, rng, actions: _turn(state, rng, actions),
    "pick": _pick,
    "buy_or_auction": _buy_or_auction,
    "open_auction": _bid,
    "sealed_auction": lambda state, rng, actions: _sealed(state, rng, actions["sealed_bid"]),
    "build": lambda state, rng, actions: _build(rng, actions["build"]),
    "distribute": lambda state, rng, actions: _build(rng, actions["build"]),
}


def random_action(state, seat, rng) -> dict:
    options = legal(state, seat)
    actions = {a["type"]: a for a in options["actions"]}
    return CHOOSE[options["phase"]](state, rng, actions)


def fill(state, seat, entry: dict, rng) -> dict | None:
    """The action of one entry of ``legal()["actions"]``, its choices made at random; None
    when the cards drawn for a purchase or a raise do not pay enough."""
    kind, one = entry["type"], {entry["type"]: entry}
    if kind in ("take_money", "draw_tiles", "reconstruct"):
        return _turn(state, rng, one)
    if kind == "buy":
        count = rng.randint(1, entry["max_tiles"])
        cards = [] if entry["price"] == 0 else _enough(state, rng, entry, entry["price"] * count)
        return None if cards is None else {"type": kind, "tiles": rng.sample(entry["tiles"], count),
                                           "cards": cards}
    if kind == "raise":
        cards = _enough(state, rng, entry, entry["at_least"], entry["currency"])
        return {"type": kind, "cards": cards} if cards else None
    if kind == "sealed_bid":
        return {"type": kind, "cards": _payment(state, rng, entry, 1) or []}
    if kind == "build":
        return _build(rng, entry)
    if kind == "enter_hand":
        return _starting_hand(state, rng, one)
    if kind == "pick":
        return _pick(state, rng, one)
    return {"type": kind}


def hide(state, seat, rng) -> dict:
    """``state`` with what ``seat`` alone knows changed: the cards of its private hand and
    of its sealed bid are swapped at random with the unplaced money. Nothing is known to
    nobody beyond that (the deck and the stacks are kept as unordered piles)."""
    hidden = common.clone(state)
    if seat is None:
        return hidden
    holders = [hidden["hands"][seat]] if hidden["hands"][seat]["cards"] is not None else []
    if hidden["phase"] == "sealed_auction" and seat in hidden["auction"]["bids"]:
        holders.append(hidden["auction"]["bids"][seat])
    pool = hidden["money"]["unknown"] + [c for h in holders for c in h["cards"]]
    rng.shuffle(pool)
    for holder in holders:
        count = len(holder["cards"])
        holder["cards"], pool = sorted(pool[:count]), pool[count:]
    hidden["money"]["unknown"] = sorted(pool)
    return hidden


def seat_draw(state, seat, kind: str, rng) -> dict:
    """The action ``kind`` of ``seat`` with its random part drawn by the server, for a
    table that lets the server draw instead of turning things up: the two tiles of
    ``draw_tiles`` (knights only from stack III, as in random games), the money turned
    up by ``take_money`` and the cards of a starting hand (``enter_hand``).

    Money needs private hands: with counted hands the engine cannot tell which cards are
    still in the deck. IllegalAction when ``seat`` may not do ``kind`` now.
    """
    options = legal(state, seat)
    offer = next((a for a in options["actions"] if a["type"] == kind), None)
    if offer is None:
        blocked = next((b for b in options["blocked"] if b["type"] == kind), None)
        if blocked:
            raise IllegalAction(blocked["rule"], blocked["reason"], kind=kind)
        step = STEPS[state["phase"]]
        raise IllegalAction(step.not_now or step.out_of_turn,
                            _("The server can draw only for a move you may make now."), kind=kind)
    if kind == "draw_tiles":
        return {"type": kind, "tiles": _drawn(offer, rng)}
    if kind == "enter_hand":
        return _starting_hand(state, rng, {kind: offer})
    if kind == "take_money" and state["options"]["hands"] == "private":
        return {"type": kind, "cards": _revealed(state, rng, offer["count"])}
    if kind == "take_money":
        raise IllegalAction("PZ-T-1", _("With counted hands the server cannot tell which cards "
                                        "are still in the deck: turn them up and enter them."))
    raise IllegalAction(STEPS[state["phase"]].not_now or "PZ-S-1",
                        _("There is nothing random in {kind} for the server to draw.", kind=kind))
