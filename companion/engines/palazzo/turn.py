"""Turn actions: take money (PZ-T-1), draw tiles (PZ-T-2) and buy (PZ-B).

Reconstruction, the third turn action, lives in ``building.py``; auctions in
``auction.py``. Random outcomes are inputs: the active player enters the money cards
revealed and the tiles drawn, exactly as they came up on the table.
"""

from ..errors import IllegalAction
from . import hands, money, tiles
from .flow import clockwise, end_turn, field
from .multiset import missing, plus, without

MAX_PRICE = 10
MAX_BUY = 2


def reveal_count(state) -> int:
    """PZ-T-1: one money card more than there are players."""
    return len(state["players"]) + 1


def money_available(state) -> int:
    return hands.deck_size(state) + len(state["money"]["discards"])


def take_money(state, seat, action) -> None:
    count = reveal_count(state)
    if money_available(state) < count:
        raise IllegalAction(
            "PZ-T-1",
            f"Only {money_available(state)} money card(s) remain in the deck and discards; "
            f"taking money needs {count}.",
            available=money_available(state),
        )
    cards = money.check_cards(action.get("cards"), "PZ-T-1", count)
    hands.reveal(state, cards)
    state["reveal"] = {"cards": sorted(cards), "order": clockwise(state, seat)}
    state["phase"] = "pick"


def pick_count(state, seat) -> int:
    """The active player takes 2 of the revealed cards, every other player 1."""
    return 2 if seat == state["active"] else 1


def pick(state, seat, action) -> None:
    reveal = state["reveal"]
    cards = money.check_cards(action.get("cards"), "PZ-T-1", pick_count(state, seat))
    card = missing(reveal["cards"], cards)
    if card is not None:
        raise IllegalAction(
            "PZ-T-1",
            f"{money.name(card)} is not among the revealed cards "
            f"({money.names(reveal['cards'])}).",
            card=card,
        )
    reveal["cards"] = without(reveal["cards"], cards)
    hands.give(state, seat, cards)
    reveal["order"].pop(0)
    if len(reveal["order"]) == 1:  # the last player has no choice: the last card is theirs
        hands.give(state, reveal["order"].pop(), reveal["cards"])
        end_turn(state)


def draw_tiles(state, seat, action) -> None:
    """PZ-T-2: the first drawn tile goes to the supply, the second to its quarry.

    Knights are set aside and not replaced; the fifth ends the game at once (PZ-E-1).
    """
    drawn = field(action, "tiles", list, "PZ-T-2", "['b1w2', 'm3w1']")
    pile = state["tiles"]
    for i, tile in enumerate(drawn):
        if state["phase"] == "over":
            raise IllegalAction(
                "PZ-E-1", "The fifth knight ended the game; nothing is drawn after it.",
                tile=tile,
            )
        if tile == tiles.KNIGHT:
            pile["knights"] += 1
            if pile["knights"] == tiles.KNIGHTS:
                state["phase"] = "over"
            continue
        tiles.parse(tile)
        if missing(pile["unseen"], [tile]) is not None:
            raise IllegalAction(
                "PZ-C-1",
                f"No {tiles.name(tile)} is left to draw: every copy is already in play or "
                "out of the game.",
                tile=tile,
            )
        pile["unseen"] = without(pile["unseen"], [tile])
        if i == 0:
            pile["supply"] = plus(pile["supply"], [tile])
        else:
            quarry = tiles.quarry_for(pile["master_builder"], tile)
            pile["quarries"][quarry] = plus(pile["quarries"][quarry], [tile])
    if state["phase"] != "over":
        if len(drawn) != 2:
            raise IllegalAction(
                "PZ-T-2", f"Enter both drawn tiles in order; got {len(drawn)}.", tiles=drawn
            )
        state["phase"] = "choose"


def price(state) -> int:
    """PZ-B-1: each tile costs 10 minus the number of tiles on the supply (never below 0)."""
    return max(0, MAX_PRICE - len(state["tiles"]["supply"]))


def can_afford_one(state, seat) -> bool:
    """PZ-B-2 as far as the engine can tell (a counted hand is trusted while not empty)."""
    cards = hands.cards_of(state, seat)
    if cards is None:
        return hands.hand_size(state, seat) > 0 or price(state) == 0
    return money.largest_payment(cards)["value"] >= price(state)


def buy(state, seat, action) -> None:
    supply = state["tiles"]["supply"]
    if not supply:
        raise IllegalAction("PZ-B-1", "The material supply is empty: auction instead.")
    if not can_afford_one(state, seat):
        raise IllegalAction(
            "PZ-B-2",
            f"Your cards cannot pay even one tile at {price(state)}: auction instead.",
            price=price(state),
        )
    bought = field(action, "tiles", list, "PZ-B-1", "['b2w1']")
    if not 1 <= len(bought) <= MAX_BUY:
        raise IllegalAction("PZ-B-1", f"Buy one or two tiles, not {len(bought)}.", tiles=bought)
    for tile in bought:
        tiles.parse(tile)
    tile = missing(supply, bought)
    if tile is not None:
        raise IllegalAction(
            "PZ-B-1", f"{tiles.name(tile)} is not on the material supply.", tile=tile
        )
    cost = price(state) * len(bought)
    payment = hands.pay(state, seat, action, "PZ-B-1", allow_empty=cost == 0)
    if payment["value"] < cost:
        raise IllegalAction(
            "PZ-B-1",
            f"{len(bought)} tile(s) at {price(state)} cost {cost}; "
            f"{money.names(payment['cards'])} pay only {payment['value']}.",
            cost=cost,
            value=payment["value"],
        )
    hands.discard(state, payment["cards"])
    state["tiles"]["supply"] = without(supply, bought)
    state["building"] = {"seat": seat, "tiles": sorted(bought), "paid": payment["value"]}
    state["phase"] = "build"
