"""Where the money cards are: hands, deck, discards, the face-up reveal (PZ-C-3, PZ-T-1).

The state keeps ``money.unknown``: every card whose place is not public. With private
hands that is the deck (once all hands are entered); with counted hands it is the deck
and every hand together, since the engine then knows only how many cards each seat holds.
The deck's size follows: unknown cards minus the cards of hands held as counts only.
"""

from collections import Counter

from ..errors import IllegalAction
from . import money
from .flow import player_name
from .multiset import missing, plus, without


def hand_size(state, seat) -> int:
    return state["hands"][seat]["count"]


def cards_of(state, seat):
    """The cards the engine knows ``seat`` holds (None when only the count is kept)."""
    return state["hands"][seat]["cards"]


def deck_size(state) -> int:
    hidden = sum(h["count"] for h in state["hands"].values() if h["cards"] is None)
    return len(state["money"]["unknown"]) - hidden


def sealed_away(state, seat) -> list:
    """Cards other seats have put into sealed bids not yet revealed (secret to ``seat``)."""
    if state["phase"] != "sealed":
        return []
    return [c for s, bid in state["auction"]["bids"].items() if s != seat for c in bid["cards"]]


def possible_cards(state, seat) -> list:
    """The cards ``seat`` may hold: the hand itself, or (counts only) every card whose
    place ``seat`` cannot see."""
    cards = cards_of(state, seat)
    if cards is not None:
        return list(cards)
    return plus(state["money"]["unknown"], sealed_away(state, seat))


def take(state, seat, cards: list, rule: str) -> None:
    """Remove ``cards`` from the hand of ``seat``; ``rule`` is cited if they are not there."""
    hand, who = state["hands"][seat], player_name(state, seat)
    if len(cards) > hand["count"]:
        raise IllegalAction(
            rule, f"{who} holds only {hand['count']} card(s), not {len(cards)}.", cards=cards
        )
    pool = hand["cards"] if hand["cards"] is not None else state["money"]["unknown"]
    card = missing(pool, cards)
    if card is not None:
        where = "holds no" if hand["cards"] is not None else "cannot hold"
        raise IllegalAction(
            rule, f"{who} {where} {money.name(card)} (offered: {money.names(cards)}).", card=card
        )
    if hand["cards"] is not None:
        hand["cards"] = without(hand["cards"], cards)
    else:
        state["money"]["unknown"] = without(pool, cards)
    hand["count"] -= len(cards)


def give(state, seat, cards: list) -> None:
    hand = state["hands"][seat]
    if hand["cards"] is not None:
        hand["cards"] = plus(hand["cards"], cards)
    else:
        state["money"]["unknown"] = plus(state["money"]["unknown"], cards)
    hand["count"] += len(cards)


def discard(state, cards: list) -> None:
    state["money"]["discards"] = plus(state["money"]["discards"], cards)


def pay(state, seat, action: dict, rule: str, currency=None, allow_empty=False) -> dict:
    """Take the payment in ``action`` (``cards``, optional ``groups``) from the hand.

    Returns the decomposition (PZ-P-4) with the cards added under ``"cards"``.
    """
    cards = money.check_cards(action.get("cards"), rule)
    if not cards and not allow_empty:
        raise IllegalAction(rule, "Lay out at least one money card.", cards=cards)
    payment = money.decompose(cards, action.get("groups"), currency)
    take(state, seat, cards, rule)
    return {**payment, "cards": sorted(cards)}


def reveal(state, cards: list) -> None:
    """PZ-T-1: move the revealed cards out of the deck, reshuffling the discards if needed."""
    purse, deck = state["money"], deck_size(state)
    unknown, discards = Counter(purse["unknown"]), Counter(purse["discards"])
    if deck >= len(cards):
        card = missing(purse["unknown"], cards)
        if card is not None:
            raise IllegalAction(
                "PZ-T-1", f"{money.name(card)} cannot be in the money deck.", card=card
            )
        purse["unknown"] = without(purse["unknown"], cards)
        return
    # The deck runs out: all its cards are revealed, the rest come from the reshuffled discards.
    wanted = Counter(cards)
    low = {k: max(0, n - discards[k]) for k, n in wanted.items()}
    high = {k: min(n, unknown[k]) for k, n in wanted.items()}
    for k in wanted:
        if low[k] > high[k]:
            raise IllegalAction(
                "PZ-T-1",
                f"{money.name(k)} is in neither the money deck nor the discards.",
                card=k,
            )
    if not sum(low.values()) <= deck <= sum(high.values()):
        raise IllegalAction(
            "PZ-T-1",
            f"The deck held its last {deck} card(s) before the discards were reshuffled; "
            f"{money.names(cards)} cannot be those cards plus cards from the discards.",
            cards=cards,
        )
    purse["unknown"] = sorted((unknown + discards - wanted).elements())
    purse["discards"] = []


def enter(state, seat, action) -> None:
    """PZ-S-1 with private hands: a seat's phone records the 4 cards it was dealt."""
    hand = state["hands"][seat]
    cards = money.check_cards(action.get("cards"), "PZ-S-1", hand["count"])
    card = missing(state["money"]["unknown"], cards)
    if card is not None:
        raise IllegalAction(
            "PZ-S-1", f"{money.name(card)} cannot be in your hand: check the cards.", card=card
        )
    state["money"]["unknown"] = without(state["money"]["unknown"], cards)
    hand["cards"] = sorted(cards)
    if all(h["cards"] is not None for h in state["hands"].values()):
        state["phase"] = "turn"
