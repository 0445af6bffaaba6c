"""What each screen may see, and one log line per action.

Everything on the table is public (cities, reserves, bought tiles, the market,
face-up money, payments, Dirk's tiles); a hand's cards are shown only to their
owner, the others see how many cards it holds. So log lines hide nothing.
"""

from collections import Counter

from . import city, market, money
from .catalogue import BANKS, card_text, cards_text, parse_card, parse_tile, tile_text
from .legal import to_act
from .refill import next_draw
from .scoring import totals
from .state import cell_key, city_tiles, grid, name, position, seats, where


def _city(state, seat) -> list[dict]:
    cells = []
    for key, tile in state["cities"][seat].items():
        x, y = map(int, key.split(","))
        cells.append({"x": x, "y": y, "tile": tile})
    return sorted(cells, key=lambda c: (c["y"], c["x"]))


def _player(state, seat, viewer, score) -> dict:
    hand = state["hands"][seat]
    out = {
        "seat": seat, "name": name(state, seat), "active": seat == state["active"],
        "city": _city(state, seat), "reserve": state["reserves"][seat],
        "waiting": state["pending"][seat], "cards": len(hand),
        "buildings": dict(Counter(t["type"] for t in city_tiles(state, seat))),
        "street": city.longest_street(grid(state, seat)), "score": score,
    }
    if viewer == seat:
        out["hand"] = hand
    return out


def view(state, seat) -> dict:
    score = totals(state)
    return {
        "game": "new_york", "phase": state["phase"], "active": state["active"],
        "to_act": sorted(to_act(state)),
        "players": [_player(state, s, seat, score[s]) for s in seats(state)],
        "display": state["display"],
        "market": [{"space": bank, "tile": tile} for bank, tile in zip(BANKS, state["market"])],
        "deck": money.deck_size(state), "discard": len(state["discard"]),
        "bag": market.bag_left(state), "bag_types": market.bag_types(state),
        "scoring_cards": state["scoring_cards"],
        "dirk": None if state["dirk"] is None else {"tiles": state["dirk"],
                                                    "due": state["dirk_due"]},
        "leftovers": state["leftovers"],
    }


def _buy_text(state, who, action) -> str:
    i = market.space(action["space"])
    tile, pay = state["market"][i], [parse_card(c) for c in action["pay"]]
    extra = money.total(pay) - tile["price"]
    how = "exactly: another action" if extra == 0 else f"{extra} too much: no change, turn over"
    return (f"{who} bought the {tile_text(tile)} from the {BANKS[i]} space, paying "
            f"{cards_text(pay)} ({how}).")


def _draw_text(state, action) -> str:
    if action["type"] == "draw_money":
        card = action["card"]
        if isinstance(card, str):
            return f"The table turned up {card_text(card)}: scoring {card} now."
        return f"The table turned up {card_text(parse_card(card))} for the money display."
    tile = tile_text(parse_tile(action["tile"]))
    if next_draw(state) == "dirk":
        return f"The table drew a {tile} for Dirk."
    return f"The table drew a {tile} for the {BANKS[market.next_space(state)]} market space."


def describe(state, seat, action, viewer=None) -> str:
    """One log line for an accepted ``action`` of ``seat`` on ``state`` (before it)."""
    kind = action.get("type")
    if kind in ("draw_money", "draw_tile"):
        return _draw_text(state, action)
    who = name(state, seat)
    if kind == "take_money":
        return f"{who} took {cards_text([parse_card(c) for c in action['cards']])}."
    if kind == "buy":
        return _buy_text(state, who, action)
    if kind == "pass":
        return f"{who} could do nothing and passed."
    tile = tile_text(parse_tile(action["tile"])) if "tile" in action else None
    if kind == "to_reserve":
        return f"{who} put the {tile} into the reserve."
    if kind == "to_dirk":
        return f"{who} gave the {tile} to Dirk."
    pos = position(action)
    old = state["cities"][seat].get(cell_key(pos))
    if kind == "city_to_reserve":
        return f"{who} moved the {tile_text(old)} at {where(pos)} into the reserve."
    if kind == "swap":
        return (f"{who} swapped the {tile_text(old)} at {where(pos)} for the {tile} "
                "from the reserve.")
    source = " from the reserve" if kind == "reserve_to_city" else ""
    return f"{who} built the {tile}{source} at {where(pos)}."
