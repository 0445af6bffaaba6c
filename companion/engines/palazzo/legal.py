"""What a seat may do now (``legal``), with concrete choices for a phone and reasons.

Card choices for payments (``"cards"``) are the seat's own hand when hands are private;
with counted hands they are every card not publicly placed (public knowledge), and
``"hand_size"`` says how many of them the seat can lay out.
"""

from . import auction, building, hands, money, tiles, turn
from .game import STEPS, to_act, waiting


def _payment_choices(state, seat) -> dict:
    return {"cards": hands.possible_cards(state, seat), "hand_size": hands.hand_size(state, seat)}


def _blocked(kind, rule, reason) -> dict:
    return {"type": kind, "rule": rule, "reason": reason}


def _hands(state, seat):
    count = hands.hand_size(state, seat)
    return [{"type": "enter_hand", "count": count, "cards": list(money.KINDS)}], []


def _turn(state, seat):
    actions, blocked = [], []
    count = turn.reveal_count(state)
    if turn.money_available(state) >= count:
        actions.append({"type": "take_money", "count": count, "cards": list(money.KINDS)})
    else:
        blocked.append(_blocked(
            "take_money", "PZ-T-1",
            f"Only {turn.money_available(state)} money card(s) remain in the deck and discards; "
            f"taking money needs {count}.",
        ))
    pile = state["tiles"]
    left = {t: pile["unseen"].count(t) for t in sorted(set(pile["unseen"]))}
    left[tiles.KNIGHT] = tiles.KNIGHTS - pile["knights"]
    actions.append({
        "type": "draw_tiles",
        "count": 2,
        "tiles": [{"tile": t, "left": n} for t, n in left.items() if n],
    })
    moves = building.reconstruction_moves(state["palaces"][seat])
    if hands.hand_size(state, seat) == 0:
        blocked.append(_blocked(
            "reconstruct", "PZ-T-3", "A reconstruction costs a money card; your hand is empty."
        ))
    elif not moves:
        blocked.append(_blocked("reconstruct", "PZ-R-1", "You have no palace to rebuild."))
    else:
        cards = sorted(set(hands.possible_cards(state, seat)))
        actions.append({"type": "reconstruct", "cards": cards, "moves": moves})
    return actions, blocked


def _pick(state, seat):
    count = turn.pick_count(state, seat)
    return [{"type": "pick", "count": count, "cards": state["reveal"]["cards"]}], []


def _choose(state, seat):
    actions, blocked = [], []
    supply, price = state["tiles"]["supply"], turn.price(state)
    if not supply:
        blocked.append(_blocked("buy", "PZ-B-1", "The material supply is empty."))
    elif not turn.can_afford_one(state, seat):
        blocked.append(_blocked(
            "buy", "PZ-B-2", f"Your cards cannot pay even one tile at {price}: auction instead."
        ))
    else:
        actions.append({
            "type": "buy", "price": price, "tiles": supply,
            "max_tiles": min(turn.MAX_BUY, len(supply)), **_payment_choices(state, seat),
        })
    quarry = auction.next_quarry(state)
    lot = state["tiles"]["quarries"][quarry] if quarry is not None else []
    actions.append({
        "type": "auction", "quarry": quarry, "tiles": lot,
        "distribution": len(lot) >= auction.DISTRIBUTION_AT,
    })
    return actions, blocked


def _auction(state, seat):
    own = state["auction"]["bids"].get(seat, {"value": 0, "currency": None})
    high = auction.high_bid(state["auction"])
    need = high - own["value"] + 1
    cards = hands.cards_of(state, seat)
    most = money.largest_payment(cards, own["currency"])["value"] if cards is not None else None
    if hands.hand_size(state, seat) == 0 or (most is not None and most < need):
        reason = f"You would need to add at least {need}"
        reason += f"; your cards can add at most {most}." if most is not None else "."
        return [{"type": "pass"}], [_blocked("raise", "PZ-A-3", reason)]
    raise_ = {
        "type": "raise", "to_beat": high, "bid": own["value"], "at_least": need,
        "currency": own["currency"], **_payment_choices(state, seat),
    }
    return [raise_, {"type": "pass"}], []


def _sealed(state, seat):
    opening = money.OPENING_BID if seat == state["auction"]["opener"] else 0
    return [{"type": "sealed_bid", "opening": opening, **_payment_choices(state, seat)}], []


def _build(state, seat):
    pending = building.to_build(state)
    palaces = state["palaces"][seat]
    choices = [{"tile": t, "to": building.build_targets(palaces, t)} for t in sorted(set(pending))]
    return [{"type": "build", "choices": choices}], []


OPTIONS = {
    "hands": _hands, "turn": _turn, "pick": _pick, "choose": _choose, "auction": _auction,
    "sealed": _sealed, "build": _build, "distribute": _build,
}


def prompt(state, seat) -> str:
    phase = state["phase"]
    if phase == "pick":
        return f"Take {turn.pick_count(state, seat)} of the revealed money cards."
    if phase == "choose":
        return f"Buy from the material supply at {turn.price(state)} a tile, or auction."
    if phase == "auction":
        return f"Raise above {auction.high_bid(state['auction'])}, or pass."
    if phase == "build":
        return f"Build {tiles.names(state['building']['tiles'])}: on a palace, new, or discard."
    return f"{STEPS[phase][2][0].upper()}{STEPS[phase][2][1:]}."


def legal(state, seat) -> dict:
    """``{"step", "prompt", "actions": [...], "blocked": [{"type", "rule", "reason"}]}``."""
    phase = state["phase"]
    if seat not in to_act(state):
        rule = STEPS[phase][0]
        return {
            "step": phase,
            "prompt": waiting(state),
            "actions": [],
            "blocked": [_blocked("*", rule, waiting(state))],
        }
    actions, blocked = OPTIONS[phase](state, seat)
    return {"step": phase, "prompt": prompt(state, seat), "actions": actions, "blocked": blocked}

