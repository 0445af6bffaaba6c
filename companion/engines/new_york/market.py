"""The building market (NY-C-5), the bag of tiles (NY-C-3/4) and buying (NY-T-3).

The market is a list of four spaces in bank order (blue … red), each a tile or
``None``. The bag is known by what has left it: ``out_of_bag`` counts tiles per
type; a tile drawn is checked to be one the bag can still hold.
"""

from .. import common
from ..errors import IllegalAction
from ..text import _, ngettext
from . import money
from .catalogue import BANKS, COUNTS, TOTAL_TILES, bank_text, cards_text, parse_tile, tile_text, \
    type_text


def bag_left(state) -> int:
    return TOTAL_TILES - sum(state["out_of_bag"].values())


def bag_types(state) -> dict[str, int]:
    """Tiles of each type still in the bag."""
    return {kind: n - state["out_of_bag"].get(kind, 0) for kind, n in COUNTS.items()}


def draw(state, raw) -> dict:
    """Take the tile ``raw`` out of the bag (changes ``state``); refuse a tile the
    bag cannot hold any more."""
    tile = parse_tile(raw)
    kind = tile["type"]
    if state["out_of_bag"].get(kind, 0) >= COUNTS[kind]:
        raise IllegalAction("NY-C-4", ngettext(
            "The only {kind} tile is already out of the bag.",
            "All {n} {kind} tiles are already out of the bag.", COUNTS[kind],
            kind=type_text(kind)), tile=tile)
    state["out_of_bag"][kind] = state["out_of_bag"].get(kind, 0) + 1
    return tile


def space(raw) -> int:
    """Index of a market space named by its bank (or given as 0–3)."""
    if raw in BANKS:
        return BANKS.index(raw)
    if type(raw) is int and 0 <= raw < len(BANKS):
        return raw
    raise IllegalAction("NY-C-5", _("There is no market space {space}; the spaces are {spaces}.",
                                    space=repr(raw), spaces=[bank_text(b) for b in BANKS]),
                        space=raw)


def next_space(state) -> int | None:
    """The first empty market space in bank order (refills go blue → red)."""
    return next((i for i, t in enumerate(state["market"]) if t is None), None)


def payment(state, seat, action) -> tuple[int, list]:
    """The market space and the cards of a ``buy``, checked against NY-T-3."""
    i = space(action.get("space"))
    bank, tile = BANKS[i], state["market"][i]
    if tile is None:
        raise IllegalAction("NY-T-3", _("The {space} market space is empty until the end of the "
                                        "turn.", space=bank_text(bank)), space=bank)
    pay = money.parse_cards(action.get("pay"), _("your payment"), "NY-T-3")
    if wrong := [c for c in pay if c[0] != bank]:
        raise IllegalAction("NY-T-3", _("You pay for the {tile} on the {space} space with {space} "
                                        "money only, not {cards}.", tile=tile_text(tile),
                                        space=bank_text(bank), cards=cards_text(wrong)),
                            space=bank, pay=pay)
    if (card := common.missing(state["hands"][seat], pay)) is not None:
        raise IllegalAction("NY-T-3", _("You do not hold {card} to pay with.",
                                        card=cards_text([card])), pay=pay)
    if money.total(pay) < tile["price"]:
        raise IllegalAction("NY-T-3", _("The {tile} costs {price}: you pay only {total} with "
                                        "{cards}.",
                                        tile=tile_text(tile), price=tile["price"],
                                        cards=cards_text(pay), total=money.total(pay)),
                            pay=pay, price=tile["price"])
    return i, pay


def buy_options(state, seat) -> tuple[list, list]:
    """Market tiles the seat can pay for, with its cards of that bank and every exact
    payment; the others as blocked with the reason."""
    actions, blocked = [], []
    for bank, tile in zip(BANKS, state["market"]):
        if tile is None:
            blocked.append({"type": "buy", "space": bank, "rule": "NY-T-3", "reason": _(
                "The {space} space is empty until the end of the turn.", space=bank_text(bank))})
            continue
        cards = [c for c in state["hands"][seat] if c[0] == bank]
        if money.total(cards) < tile["price"]:
            blocked.append({"type": "buy", "space": bank, "rule": "NY-T-3", "reason": _(
                "The {tile} costs {price} in {space}; you hold {held} in {space}.",
                tile=tile_text(tile), price=tile["price"], space=bank_text(bank),
                held=money.total(cards))})
            continue
        actions.append({"type": "buy", "space": bank, "tile": tile, "price": tile["price"],
                        "bank_cards": cards, "exact": money.exact_payments(cards, tile["price"])})
    return actions, blocked
