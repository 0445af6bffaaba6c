"""What a due seat may do now, with concrete choices for a phone and reasons: one function
per phase, each its step's ``options`` in ``flow.STEPS``, returning ``(actions, blocked)``;
``legal(state, seat)`` itself is ``common.Flow.legal``.

Card choices for payments (``"cards"``) are the seat's own hand when hands are private;
with counted hands they are every card not publicly placed (public knowledge), and
``"hand_size"`` says how many of them the seat can lay out. A quarry is named by its
number counted from the master builder's quarry (0), as everywhere.
"""

from collections import Counter

from ..text import _
from . import auction, buying, hands, money, reconstruction, tiles
from .building import build_targets, to_build
from .turn import pick_count, reveal_count, too_little_money


def _payment_choices(state, seat) -> dict:
    return {"cards": hands.possible_cards(state, seat), "hand_size": hands.hand_size(state, seat)}


def _blocked(kind, why) -> dict:
    rule, reason = why
    return {"type": kind, "rule": rule, "reason": reason}


def starting_hands(state, seat):
    count = hands.hand_size(state, seat)
    return [{"type": "enter_hand", "count": count, "cards": list(money.KINDS)}], []


def turn(state, seat):
    actions, blocked = [], []
    reason = too_little_money(state)
    if reason is None:
        actions.append({"type": "take_money", "count": reveal_count(state),
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


def pick(state, seat):
    count = pick_count(state, seat)
    return [{"type": "pick", "count": count, "cards": state["reveal"]["cards"]}], []


def buy_or_auction(state, seat):
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


def open_auction(state, seat):
    own = state["auction"]["bids"].get(seat, {"value": 0, "currency": None})
    high = auction.high_bid(state["auction"])
    need = high - own["value"] + 1
    cards, size = hands.cards_of(state, seat), hands.hand_size(state, seat)
    if cards is not None:
        most = money.largest_payment(cards, own["currency"])["value"]
    else:  # counted: no cards it may hold add enough
        most = money.most_of_any(hands.possible_cards(state, seat), size, own["currency"])
    if size == 0 or most < need:
        if cards is None and size == 0:
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


def sealed_auction(state, seat):
    opening = money.OPENING_BID if seat == state["auction"]["opener"] else 0
    return [{"type": "sealed_bid", "opening": opening, **_payment_choices(state, seat)}], []


def build(state, seat):
    palaces = state["palaces"][seat]
    choices = [{"tile": t, "to": build_targets(palaces, t)} for t in sorted(set(to_build(state)))]
    return [{"type": "build", "choices": choices}], []

