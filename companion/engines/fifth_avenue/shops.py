"""Shops: the display row and its blocks, placing a shop, the Central Park shelf (FA-SH)."""

from ..errors import IllegalAction
from ..text import _
from .board import BLOCKS, SHOP_TYPES, colour_text, place_text, shop_text
from .scoring import end_game, is_last_shop, special_scoring
from .state import lot_index, quarter_field


def current_block(state: dict):
    """Index of the leftmost block that still holds shops (FA-SH-1), or None."""
    display = state["display"]
    return next((b for b, (lo, hi) in enumerate(BLOCKS) if any(display[lo:hi])), None)


def available_shops(state: dict) -> list[str]:
    """Shop types that may be taken now: those of the current block (FA-SH-1)."""
    block = current_block(state)
    if block is None:
        return []
    lo, hi = BLOCKS[block]
    return [t for t in SHOP_TYPES if t in state["display"][lo:hi]]


def takes_shop(lot: dict) -> bool:
    """A lot with no building and at most one shop (FA-SH-2)."""
    return not lot["buildings"] and len(lot["shops"]) < 2


def shop_lots(state: dict) -> list[dict]:
    """Every lot a shop may go on now (FA-SH-2)."""
    return [{"quarter": q, "lot": lot["color"]}
            for q, quarter in state["quarters"].items() if not quarter["closed"]
            for lot in quarter["lots"] if takes_shop(lot)]


def any_shop_lot(state: dict) -> bool:
    return any(takes_shop(lot) for quarter in state["quarters"].values() if not quarter["closed"]
               for lot in quarter["lots"])


def place_shop(state: dict, action: dict) -> None:
    """Step 1 of B: a shop of the current block onto a lot (FA-SH-1..5)."""
    shop = action.get("shop")
    if shop not in SHOP_TYPES:
        raise IllegalAction("FA-C-5", _("{shop} is not a shop; the shops are {shops}.",
                                        shop=repr(shop), shops=[shop_text(t) for t in SHOP_TYPES]),
                            shop=shop)
    offered = available_shops(state)
    if shop not in offered:
        raise IllegalAction("FA-SH-1", _("The current block of the display has no {shop}; it offers "
                                         "{offered}.", shop=shop_text(shop),
                                         offered=[shop_text(t) for t in offered]),
                            shop=shop, offered=offered)
    quarter = quarter_field(state, action)
    lot = state["quarters"][quarter]["lots"][lot_index(state, quarter, action.get("lot"))]
    where = {"lot": colour_text(lot["color"]), "quarter": place_text(quarter)}
    if lot["buildings"]:
        raise IllegalAction("FA-SH-2", _("The {lot} lot of {quarter} holds buildings; shops never "
                                         "share a lot with buildings.", **where),
                            quarter=quarter, lot=lot["color"])
    if len(lot["shops"]) >= 2:
        raise IllegalAction("FA-SH-2", _("The {lot} lot of {quarter} already holds two shops.",
                                         **where), quarter=quarter, lot=lot["color"])
    block = current_block(state)
    lo, hi = BLOCKS[block]
    display = state["display"]
    display[display.index(shop, lo, hi)] = None
    lot["shops"].append(shop)
    left = [i for i in range(lo, hi) if display[i]]
    if len(left) == 1:  # the block's last shop goes under Central Park (FA-SH-3)
        state["cp_shops"].append(display[left[0]])
        display[left[0]] = None
    state["shops_placed"] += 1
    special_scoring(state)
    if is_last_shop(state):
        end_game(state, "shops")  # FA-SH-5: no steps 2 and 3
