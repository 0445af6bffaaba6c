"""Random play for tests, benchmarks and the server drawing for the table.

``random_config`` deals a real shuffled deck and bag; ``random_action`` picks
only from what ``legal()`` offers, filling in the choices (a square, a payment,
a drawn tile), as ``fill`` does for any one entry. ``table_draw`` is the same for the pseudo-seat ``"table"``.
``hide`` changes what one seat alone knows: the cards in its hand.
"""

from .. import common
from .catalogue import BANKS, COUNTS, PRICES, STREET_CHOICES, VALUES, copies
from .flow import legal
from .money import deck, sort_cards
from .setup import START_MONEY

# How often a drawn tile shows 0, 1, 2 or 3 streets (a guess; it only shapes play).
STREET_WEIGHTS = (0.3, 0.35, 0.25, 0.1)


def _streets(rng) -> str:
    sizes = [len(s) for s in STREET_CHOICES]
    weights = [STREET_WEIGHTS[n] / sizes.count(n) for n in sizes]
    return rng.choices(STREET_CHOICES, weights)[0]


def random_tile(rng, kind: str) -> dict:
    low, high = PRICES[kind]
    return {"type": kind, "price": rng.randint(low, high), "streets": _streets(rng)}


def random_config(rng, players: int, **options) -> dict:
    """A legal physical setup for ``players`` seats, dealt from shuffled components."""
    seats = [f"p{i + 1}" for i in range(players)]
    two = players == 2
    deck = [[bank, value] for bank in BANKS for value in VALUES for _ in range(copies(two))]
    rng.shuffle(deck)
    money = {}
    for seat in seats:
        hand = []
        while sum(v for _, v in hand) < START_MONEY:
            hand.append(deck.pop())
        money[seat] = hand
    bag = [random_tile(rng, kind) for kind, n in COUNTS.items() for _ in range(n)]
    rng.shuffle(bag)
    key = {seat: (len(h), sum(v for _, v in h)) for seat, h in money.items()}
    tied = [seat for seat in seats if key[seat] == min(key.values())]
    config = {
        "players": [{"seat": seat, "name": f"Player {i + 1}"} for i, seat in enumerate(seats)],
        "start_money": money, "start_player": rng.choice(tied),
        "money_display": [deck.pop() for _ in range(4)],
        "market": [bag.pop() for _ in BANKS],
    }
    if two:
        config["dirk"] = [bag.pop() for _ in range(6)]
    return config


def _square(action, rng) -> dict:
    out = {k: v for k, v in action.items() if k != "positions"}
    return {**out, **rng.choice(action["positions"])}


def _pay(action, rng) -> dict:
    """An exact payment if one exists and the dice say so, else cards until enough."""
    if action["exact"] and rng.random() < 0.85:
        pay = rng.choice(action["exact"])
    else:
        cards = list(action["bank_cards"])
        rng.shuffle(cards)
        pay = []
        while sum(v for _, v in pay) < action["price"]:
            pay.append(cards.pop())
    return {"type": "buy", "space": action["space"], "pay": pay}


def _draw(action, options, rng) -> dict:
    if action["type"] == "draw_money":
        pick = rng.choices(options, [a["count"] for a in options])[0]
        return {"type": "draw_money", "card": pick["card"]}
    kind = rng.choices(action["types"], [t["left"] for t in action["types"]])[0]
    low, high = kind["prices"]
    tile = {"type": kind["type"], "price": rng.randint(low, high), "streets": _streets(rng)}
    return {"type": "draw_tile", "tile": tile}


def _concrete(action, rng) -> dict:
    if action["type"] == "buy":
        return _pay(action, rng)
    if "positions" in action:
        return _square(action, rng)
    return action


def _turn_choice(actions, rng) -> dict:
    """Mostly buy what one can, else take money; now and then develop the city."""
    by_type: dict = {}
    for a in actions:
        by_type.setdefault(a["type"], []).append(a)
    develop = by_type.get("reserve_to_city", []) + by_type.get("swap", []) \
        + by_type.get("city_to_reserve", [])
    exact = [a for a in by_type.get("buy", []) if a["exact"]]
    if exact and rng.random() < 0.8:
        return rng.choice(exact)
    if by_type.get("buy") and rng.random() < 0.4:
        return rng.choice(by_type["buy"])
    if develop and rng.random() < 0.15:
        return rng.choice(develop)
    if by_type.get("take_money"):
        offers = by_type["take_money"]
        return max(offers, key=lambda a: (sum(v for _, v in a["cards"]), rng.random()))
    return rng.choice(actions)


def random_action(state, seat, rng) -> dict:
    """A random action among those ``legal()`` offers ``seat``."""
    info = legal(state, seat)
    actions = info["actions"]
    if info["phase"] == "refill":
        return _draw(actions[0], actions, rng)
    if info["phase"] == "turn":
        return _concrete(_turn_choice(actions, rng), rng)
    placing = [a for a in actions if a["type"] == "place"]
    if placing and rng.random() < 0.85:
        return _concrete(rng.choice(placing), rng)
    return _concrete(rng.choice([a for a in actions if a["type"] != "place"]), rng)


def fill(state, seat, entry: dict, rng) -> dict:
    """The action of one entry of ``legal()["actions"]``, its choices made at random."""
    if entry["type"] in ("draw_money", "draw_tile"):
        return _draw(entry, [entry], rng)
    return _concrete(entry, rng)


def table_draw(state, rng) -> dict:
    """A random draw for the table when the server draws instead of the players."""
    return random_action(state, common.TABLE, rng)


def hide(state, seat, rng) -> dict:
    """``state`` with one card of ``seat``'s hand swapped for another card the deck
    still holds: what only that seat knows. Nothing is hidden from everyone (the
    deck's order and the bag's are not part of the state), so ``seat=None`` changes
    nothing."""
    state = common.clone(state)
    hand = state["hands"].get(seat)
    if not hand:
        return state
    i = rng.randrange(len(hand))
    others = [list(key) for key in deck(state) if list(key) != hand[i]]
    if others:
        hand[i] = rng.choice(sorted(others))
        state["hands"][seat] = sort_cards(hand)
    return state
