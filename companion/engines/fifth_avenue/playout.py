"""Random setups and random legal actions (tests, benchmarks), the table's draws, and
``hide`` for the contract's secrecy checks.

The only module with randomness: ``random_action`` is built from ``legal()`` alone (``fill``
makes one of its entries an action), and ``table_draw`` makes the table's random inputs
(the dummy's black cards, the Central Park reveal) for a server that draws on the table's
behalf.
"""

from .. import TABLE, common
from .board import (BLACK_DECK, BOARDS, CARD_VALUES, DASHED, DISPLAY_SIZE, DUMMY, LOT_COLORS,
                    PIECE_COLORS, QUARTERS, SHOP_TYPES, SHOPS_PER_TYPE)
from .flow import legal
from .state import private_hands, sealed

NAMES = ("Anna", "Bruno", "Carla", "Dieter")
#: How often a random player picks each kind of action (B often, so games end).
WEIGHTS = {"take_buildings": 2, "place_shop": 4, "take_black": 2, "score_quarter": 2,
           "bid": 6, "pass": 3, "build": 3, "close_quarter": 2, "choose_color": 4}


def random_config(rng, players: int, **options) -> dict:
    """A valid physical setup: random rings, setup shops and display."""
    board = options.get("board") or rng.choice(sorted(BOARDS))
    rings = {}
    for q in QUARTERS:
        ring = list(LOT_COLORS) + ([DASHED] if board == "6-lot" else [])
        rng.shuffle(ring)
        rings[q] = ring
    bag = [shop for shop in SHOP_TYPES for _ in range(SHOPS_PER_TYPE)]
    rng.shuffle(bag)
    used = {c: 0 for c in LOT_COLORS}
    initial_shops = {}
    for q in QUARTERS:
        if board == "6-lot":
            lot = DASHED
        else:
            lot = rng.choice([c for c in LOT_COLORS if used[c] < 2])
            used[lot] += 1
        initial_shops[q] = {"lot": lot, "shop": bag.pop()}
    return {
        "players": [{"seat": f"s{i + 1}", "name": NAMES[i], "color": PIECE_COLORS[i]}
                    for i in range(players)],
        "board": board,
        "rings": rings,
        "initial_shops": initial_shops,
        "display": bag[:DISPLAY_SIZE],
        "auctions": options.get("auctions") or rng.choice(["open", "sealed"]),
        "hands": options.get("hands") or rng.choice(["counts", "private"]),
    }


def table_draw(state: dict, rng) -> dict | None:
    """The table's random input now (dummy draws or the Central Park reveal), or None."""
    for entry in legal(state, TABLE)["actions"]:
        return _table_action(entry, rng)
    return None


def _table_action(entry: dict, rng) -> dict:
    if entry["type"] == "dummy_bid":
        deck = [v for v, n in BLACK_DECK.items() for _ in range(n)]
        draws = []
        for value in rng.sample(deck, len(CARD_VALUES) + 1):  # a repeat within 4 cards
            draws.append(value)
            if draws.count(value) == 2:
                break
        return {"type": "dummy_bid", "draws": draws}
    shops = rng.sample(entry["shops"], entry["count"])
    return {"type": "reveal_central_park", "shops": shops}


def _bid_cards(entry: dict, rng) -> list[dict] | None:
    """Cards for a random bid that follows the entry's colours and beats its total, or None."""
    colour = entry["laid"][0]["color"] if entry["laid"] else rng.choice(entry["colors"])
    if "hand" in entry:
        pool = [dict(c) for c in entry["hand"] if c["color"] in (colour, "black")]
    else:
        pool = [{"color": c, "value": None} for c, n in entry["held"].items()
                if c in (colour, "black") for _ in range(n)]
    for c in pool:
        if c["value"] is None:
            c["value"] = rng.choice(CARD_VALUES)
    rng.shuffle(pool)
    pool.sort(key=lambda c: c["color"] == "black")  # a coloured card first
    if not entry["laid"] and pool[0]["color"] == "black":
        return None
    total = sum(c["value"] for c in entry["laid"])
    chosen = []
    for c in pool:
        if total > entry["beat"] and rng.random() < 0.5:
            break
        chosen.append(c)
        total += c["value"]
    return chosen if chosen and total > entry["beat"] else None


def _strongest_bid(entry: dict) -> list[dict] | None:
    """Every card of one colour (and black) the entry lets the seat lay out, unknown values
    at the highest, a coloured card first; None if no colour's cards beat its total."""
    for colour in [entry["laid"][0]["color"]] if entry["laid"] else entry["colors"]:
        if "hand" in entry:
            pool = [dict(c) for c in entry["hand"] if c["color"] in (colour, "black")]
        else:
            pool = [{"color": c, "value": None} for c, n in entry["held"].items()
                    if c in (colour, "black") for _ in range(n)]
        pool = [{**c, "value": c["value"] or max(CARD_VALUES)} for c in pool]
        pool.sort(key=lambda c: c["color"] == "black")
        total = sum(c["value"] for c in entry["laid"] + pool)
        if pool and total > entry["beat"] and (entry["laid"] or pool[0]["color"] != "black"):
            return pool
    return None


def random_action(state: dict, seat: str, rng) -> dict:
    """A random legal action for ``seat``, chosen from ``legal()``."""
    if seat == TABLE:
        return table_draw(state, rng)
    entries = legal(state, seat)["actions"]
    entry = rng.choices(entries, [WEIGHTS.get(e["type"], 1) for e in entries])[0]
    if entry["type"] == "bid":  # a bid that does not beat becomes a pass
        cards = _bid_cards(entry, rng)
        return {"type": "bid", "cards": cards} if cards else {"type": "pass"}
    return fill(state, seat, entry, rng)


def fill(state: dict, seat: str, entry: dict, rng) -> dict | None:
    """The action of one entry of ``legal()["actions"]``, its choices made at random (a bid
    of every card it may lay out, each at its highest, when the random cards do not beat
    the highest bid); None for a bid that not even those cards make."""
    kind = entry["type"]
    if kind in ("dummy_bid", "reveal_central_park"):
        return _table_action(entry, rng)
    if kind == "place_initial_building":
        return {"type": kind, **rng.choice(entry["lots"])}
    if kind == "place_shop":
        return {"type": kind, "shop": rng.choice(entry["shops"]), **rng.choice(entry["lots"])}
    if kind == "take_black":
        return {"type": kind, **({"value": rng.choice(CARD_VALUES)} if entry["values"] else {})}
    if kind == "score_quarter":
        return {"type": kind, "quarter": rng.choice(entry["quarters"])}
    if kind == "take_colored":
        cards = [{"color": c, **({"value": rng.choice(CARD_VALUES)} if entry["values"] else {})}
                 for c in rng.sample(entry["colors"], entry["count"])]
        return {"type": kind, "cards": cards}
    if kind == "move_commission":
        return {"type": kind, **rng.choice(entry["moves"])}
    if kind == "bid":
        cards = _bid_cards(entry, rng) or _strongest_bid(entry)
        return {"type": "bid", "cards": cards} if cards else None
    if kind == "choose_color":
        return {"type": kind, "color": rng.choice(entry["colors"])}
    if kind == "build":
        return {"type": kind, "count": rng.randint(0, entry["max"])}
    return {"type": kind}


def hide(state: dict, seat, rng) -> dict:
    """``state`` with what ``seat`` alone knows changed at random: the values its phone
    entered (private hands, FA-H-2) and its sealed submission before the reveal (FA-H-1).
    Nothing in Fifth Avenue is unknown to everybody (``seat=None``) but kept in the state."""
    hidden = common.clone(state)
    if seat is None or seat not in state["hands"]:
        return hidden
    if private_hands(state):
        for c in hidden["hands"][seat]:
            c["value"] = rng.choice((None,) + CARD_VALUES)
    a = hidden["auction"]
    if a and sealed(state) and seat in a["bids"] and seat != DUMMY:
        bid = a["bids"][seat]
        for c in bid["cards"]:
            c["value"] = rng.choice(CARD_VALUES)
        bid["total"] = sum(c["value"] for c in bid["cards"])
    return hidden
