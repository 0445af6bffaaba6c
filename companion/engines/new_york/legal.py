"""Who acts now and what they may do, with concrete choices for the phone.

``legal(state, seat)`` returns ``{"step", "prompt", "actions", "blocked"}``.
Actions a phone can send as they are carry every field (``take_money``,
``to_reserve``, ``draw_money``); the others list the choices to fill in:
``positions`` for squares, ``bank_cards``/``exact`` for a payment, ``types``/
``streets`` for a tile drawn from the bag.
"""

from itertools import combinations

from .. import TABLE
from . import city, market, money, refill
from .catalogue import BANKS, MAX_STREETS, PRICES, SIDES, tile_text
from .state import card_order, distinct, grid, name, seats

STREET_CHOICES = ["".join(c) for n in range(MAX_STREETS + 1) for c in combinations(SIDES, n)]


def to_act(state) -> set[str]:
    phase = state["phase"]
    if phase == "over":
        return set()
    if phase == "refill":
        return {TABLE}
    if phase == "final":
        return {seat for seat, tiles in state["pending"].items() if tiles}
    return {state["active"]}


def waiting_for(state) -> str:
    """Who the game waits for, for people: "the table", "Anna", "Anna and Ben"."""
    acting = to_act(state)
    if acting == {TABLE}:
        return "the table"
    return " and ".join(name(state, seat) for seat in seats(state) if seat in acting)


def _squares(cells) -> list[dict]:
    return [{"x": x, "y": y} for x, y in cells]


def _building(state, seat, tiles, action_type, finder, rule, blocked_reason) -> tuple[list, list]:
    """One action per different tile with the squares ``finder`` allows for it."""
    actions, blocked = [], []
    tiles = distinct(tiles)
    spots = finder(grid(state, seat), [city.mask(t["streets"]) for t in tiles])
    for tile in tiles:
        squares = spots[city.mask(tile["streets"])]
        if squares:
            actions.append({"type": action_type, "tile": tile, "positions": _squares(squares)})
        else:
            blocked.append({"type": action_type, "tile": tile, "rule": rule,
                            "reason": f"The {tile_text(tile)} {blocked_reason}."})
    return actions, blocked


def _buy_options(state, seat) -> tuple[list, list]:
    actions, blocked = [], []
    for bank, tile in zip(BANKS, state["market"]):
        if tile is None:
            blocked.append({"type": "buy", "space": bank, "rule": "NY-T-3",
                            "reason": f"The {bank} space is empty until the end of the turn."})
            continue
        cards = [c for c in state["hands"][seat] if c[0] == bank]
        if money.total(cards) < tile["price"]:
            blocked.append({"type": "buy", "space": bank, "rule": "NY-T-3",
                            "reason": f"The {tile_text(tile)} costs {tile['price']} in {bank}; "
                                      f"you hold {money.total(cards)} in {bank}."})
            continue
        actions.append({"type": "buy", "space": bank, "tile": tile, "price": tile["price"],
                        "bank_cards": cards, "exact": money.exact_payments(cards, tile["price"])})
    return actions, blocked


def turn_options(state, seat) -> tuple[list, list]:
    """The active player's possible actions (NY-T-1) and what is blocked."""
    actions, blocked = [], []
    takes = money.take_options(state["display"])
    actions += [{"type": "take_money", "cards": cards} for cards in takes]
    if not takes:
        blocked.append({"type": "take_money", "rule": "NY-T-2",
                        "reason": "No money card is face up."})
    reserve = state["reserves"][seat]
    for found in (_buy_options(state, seat),
                  _building(state, seat, reserve, "reserve_to_city", city.placements, "NY-B-2",
                            "fits on no square of your city"),
                  _building(state, seat, reserve, "swap", city.swaps, "NY-B-2",
                            "can replace no tile of your city")):
        actions += found[0]
        blocked += found[1]
    removable = city.removals(grid(state, seat))
    if removable:
        actions.append({"type": "city_to_reserve", "positions": _squares(removable)})
    else:
        blocked.append({"type": "city_to_reserve", "rule": "NY-T-4",
                        "reason": "No tile can leave your city (Times Square never moves, "
                                  "and no removal may leave a hole or cut a tile off)."})
    return actions, blocked


def _placing_options(state, seat) -> tuple[list, list]:
    pending = state["pending"][seat]
    actions, blocked = _building(state, seat, pending, "place", city.placements, "NY-B-2",
                                 "fits on no square of your city: reserve it")
    actions += [{"type": "to_reserve", "tile": t} for t in distinct(pending)]
    if state["dirk"] is not None and state["phase"] == "place":
        actions += [{"type": "to_dirk", "tile": t} for t in distinct(pending)]
    return actions, blocked


def _draw_options(state, need) -> list:
    if need == "money":
        deck = money.deck(state)
        if not deck and not money.scoring_left(state):  # reshuffled when the next card is drawn
            deck = money.counts(state["discard"])
        cards = [{"type": "draw_money", "card": list(key), "count": deck[key]}
                 for key in sorted(deck, key=card_order)]
        left = money.scoring_left(state)
        return cards + [{"type": "draw_money", "card": left[0], "count": 1}] if left else cards
    types = [{"type": kind, "left": n, "prices": list(PRICES[kind])}
             for kind, n in market.bag_types(state).items() if n]
    target = {"for": "dirk"} if need == "dirk" else {"for": "market",
                                                     "space": BANKS[market.next_space(state)]}
    return [{"type": "draw_tile", **target, "types": types, "streets": STREET_CHOICES}]


_DRAW_PROMPTS = {
    "money": "Turn up the next money card for the display.",
    "market": "Draw a tile from the bag for the {space} market space.",
    "dirk": "Draw a tile from the bag for Dirk.",
}


def legal(state, seat) -> dict:
    acting = to_act(state)
    if state["phase"] == "over":
        return {"step": "over", "prompt": "The game is over.", "actions": [], "blocked": []}
    if seat not in acting:
        who = waiting_for(state)
        return {"step": "wait", "prompt": f"Waiting for {who}.", "actions": [],
                "blocked": [{"type": "any", "rule": "NY-T-1",
                             "reason": f"It is not your turn: waiting for {who}."}]}
    if state["phase"] == "refill":
        need = refill.next_draw(state)
        actions = _draw_options(state, need)
        space = actions[0].get("space", "")
        return {"step": f"draw_{need}", "prompt": _DRAW_PROMPTS[need].format(space=space),
                "actions": actions, "blocked": []}
    if state["phase"] == "turn":
        actions, blocked = turn_options(state, seat)
        if not actions:
            actions = [{"type": "pass"}]
        again = " (another action: you paid exactly)" if state["pending"][seat] else ""
        return {"step": "turn", "prompt": f"Take money, buy a tile or develop your city{again}.",
                "actions": actions, "blocked": blocked}
    actions, blocked = _placing_options(state, seat)
    prompt = ("Place your bought tiles in your city or reserve." if state["phase"] == "place"
              else "Place the market tiles you received in your city or reserve.")
    return {"step": "place", "prompt": prompt, "actions": actions, "blocked": blocked}
