"""What a seat may do now (``legal``), with concrete choices for a phone and reasons.

Card choices for payments (``"cards"``) are the seat's own hand when hands are private;
with counted hands they are every card not publicly placed (public knowledge), and
``"hand_size"`` says how many of them the seat can lay out. A quarry is named by its
number counted from the master builder's quarry (0), as everywhere.
"""

from collections import Counter

from .. import common
from ..text import _
from . import auction, buying, hands, money, reconstruction, tiles, turn
from .building import build_targets, to_build
from .flow import STEPS, to_act


def _payment_choices(state, seat) -> dict:
    return {"cards": hands.possible_cards(state, seat), "hand_size": hands.hand_size(state, seat)}


def _blocked(kind, why) -> dict:
    rule, reason = why
    return {"type": kind, "rule": rule, "reason": reason}


def _starting_hands(state, seat):
    count = hands.hand_size(state, seat)
    return [{"type": "enter_hand", "count": count, "cards": list(money.KINDS)}], []


def _turn(state, seat):
    actions, blocked = [], []
    reason = turn.too_little_money(state)
    if reason is None:
        actions.append({"type": "take_money", "count": turn.reveal_count(state),
                        "cards": list(money.KINDS)})
    else:
        blocked.append(_blocked("take_money", ("PZ-T-1", reason)))
    pile = state["tiles"]
    left = sorted(Counter(pile["unseen"]).items())
    left.append((tiles.KNIGHT, tiles.KNIGHTS - pile["knights"]))
    actions.append({
        "type": "draw_tiles",
        "count": 2,
        "tiles": [{"tile": t, "left": n} for t, n in left if n],
    })
    why = reconstruction.why_not(state, seat)
    if why:
        blocked.append(_blocked("reconstruct", why))
    else:
        cards = sorted(set(hands.possible_cards(state, seat)))
        moves = reconstruction.moves(state["palaces"][seat])
        actions.append({"type": "reconstruct", "cards": cards, "moves": moves})
    return actions, blocked


def _pick(state, seat):
    count = turn.pick_count(state, seat)
    return [{"type": "pick", "count": count, "cards": state["reveal"]["cards"]}], []


def _buy_or_auction(state, seat):
    actions, blocked = [], []
    why = buying.why_not(state, seat)
    if why:
        blocked.append(_blocked("buy", why))
    else:
        supply = state["tiles"]["supply"]
        actions.append({
            "type": "buy", "price": buying.price(state), "tiles": supply,
            "max_tiles": min(buying.MAX_BUY, len(supply)), **_payment_choices(state, seat),
        })
    quarry = auction.next_quarry(state)
    lot = state["tiles"]["quarries"][quarry] if quarry is not None else []
    actions.append({
        "type": "auction", "quarry": quarry, "tiles": lot,
        "distribution": len(lot) >= auction.DISTRIBUTION_AT,
    })
    return actions, blocked


def _open_auction(state, seat):
    own = state["auction"]["bids"].get(seat, {"value": 0, "currency": None})
    high = auction.high_bid(state["auction"])
    need = high - own["value"] + 1
    cards = hands.cards_of(state, seat)
    most = money.largest_payment(cards, own["currency"])["value"] if cards is not None else None
    if hands.hand_size(state, seat) == 0 or (most is not None and most < need):
        if most is None:
            reason = _("You would need to add at least {need}, and your hand is empty.", need=need)
        else:
            reason = _("You would need to add at least {need}; your cards can add at most "
                       "{most}.", need=need, most=most)
        return [{"type": "pass"}], [_blocked("raise", ("PZ-A-3", reason))]
    raise_ = {
        "type": "raise", "to_beat": high, "bid": own["value"], "at_least": need,
        "currency": own["currency"], **_payment_choices(state, seat),
    }
    return [raise_, {"type": "pass"}], []


def _sealed_auction(state, seat):
    opening = money.OPENING_BID if seat == state["auction"]["opener"] else 0
    return [{"type": "sealed_bid", "opening": opening, **_payment_choices(state, seat)}], []


def _build(state, seat):
    palaces = state["palaces"][seat]
    choices = [{"tile": t, "to": build_targets(palaces, t)} for t in sorted(set(to_build(state)))]
    return [{"type": "build", "choices": choices}], []


OPTIONS = {
    "starting_hands": _starting_hands, "turn": _turn, "pick": _pick,
    "buy_or_auction": _buy_or_auction, "open_auction": _open_auction,
    "sealed_auction": _sealed_auction, "build": _build, "distribute": _build,
}


def legal(state, seat) -> dict:
    """``{"phase", "prompt", "actions", "blocked", "waiting_for"}`` for ``seat``."""
    phase, due = state["phase"], to_act(state)
    if seat not in due:
        return common.not_due(phase, due)
    actions, blocked = OPTIONS[phase](state, seat)
    return {"phase": phase, "prompt": STEPS[phase].prompt(state, seat), "actions": actions,
            "blocked": blocked, "waiting_for": sorted(due)}
