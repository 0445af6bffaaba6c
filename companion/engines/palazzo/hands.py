"""Where the money cards are: hands, deck, discards, the face-up reveal (PZ-C-3, PZ-T-1).

The state keeps ``money.unknown``: every card whose place is not public. With private
hands that is the deck (once all hands are entered); with counted hands it is the deck
and every hand together, since the engine then knows only how many cards each seat holds.
The deck's size follows: unknown cards minus the cards of hands held as counts only.
"""

from collections import Counter

from ..common import missing, without
from ..errors import IllegalAction
from ..text import _, ngettext
from . import money


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
    if state["phase"] != "sealed_auction":
        return []
    return [c for s, bid in state["auction"]["bids"].items() if s != seat for c in bid["cards"]]


def possible_cards(state, seat) -> list:
    """The cards ``seat`` may hold: the hand itself, or (counts only) every card whose
    place ``seat`` cannot see."""
    cards = cards_of(state, seat)
    if cards is not None:
        return list(cards)
    return sorted(state["money"]["unknown"] + sealed_away(state, seat))


def take(state, seat, cards: list, rule: str) -> None:
    """Remove ``cards`` from the hand of ``seat``; ``rule`` is cited if they are not there."""
    hand = state["hands"][seat]
    if len(cards) > hand["count"]:
        raise IllegalAction(
            rule,
            ngettext("You hold only {n} card, not the {given} you offered.",
                     "You hold only {n} cards, not the {given} you offered.",
                     hand["count"], given=len(cards)),
            cards=cards,
        )
    pool = hand["cards"] if hand["cards"] is not None else state["money"]["unknown"]
    card = missing(pool, cards)
    if card is not None:
        if hand["cards"] is not None:
            text = _("You hold no {card} (you offered {cards}).",
                     card=money.label(card), cards=money.labels(cards))
        else:
            text = _("{card} cannot be in your hand: every copy is on the table or in the "
                     "discards (you offered {cards}).",
                     card=money.label(card), cards=money.labels(cards))
        raise IllegalAction(rule, text, card=card)
    if hand["cards"] is not None:
        hand["cards"] = without(hand["cards"], cards)
    else:
        state["money"]["unknown"] = without(pool, cards)
    hand["count"] -= len(cards)


def give(state, seat, cards: list) -> None:
    hand = state["hands"][seat]
    if hand["cards"] is not None:
        hand["cards"] = sorted(hand["cards"] + cards)
    else:
        state["money"]["unknown"] = sorted(state["money"]["unknown"] + cards)
    hand["count"] += len(cards)


def discard(state, cards: list) -> None:
    state["money"]["discards"] = sorted(state["money"]["discards"] + cards)


def pay(state, seat, action: dict, rule: str, currency=None, allow_empty=False) -> dict:
    """Take the payment in ``action`` (``cards``, optional ``groups``) from the hand.

    Returns the decomposition (PZ-P-4) with the cards added under ``"cards"``.
    """
    cards = money.check_cards(action.get("cards"), rule)
    if not cards and not allow_empty:
        raise IllegalAction(rule, _("Lay out at least one money card."), cards=cards)
    payment = money.decompose(cards, action.get("groups"), currency)
    take(state, seat, cards, rule)
    return {**payment, "cards": sorted(cards)}


def reveal(state, cards: list) -> None:
    """PZ-T-1: move the revealed cards out of the deck, reshuffling the discards if needed.
    With private hands a refusal rests on the secret hands too (``hidden_cards``): its
    words name no hand, and the screens tell the table that it happened."""
    purse, deck = state["money"], deck_size(state)
    hidden = state["options"]["hands"] == "private"
    unknown, discards = Counter(purse["unknown"]), Counter(purse["discards"])
    if deck >= len(cards):
        card = missing(purse["unknown"], cards)
        if card is not None:
            raise IllegalAction(
                "PZ-T-1",
                _("{card} cannot have come from the money deck: every copy is in a hand, on "
                  "the table or in the discards.", card=money.label(card)),
                card=card, hidden_cards=hidden,
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
                _("{card} is in neither the money deck nor the discards.", card=money.label(k)),
                card=k, hidden_cards=hidden,
            )
    if not sum(low.values()) <= deck <= sum(high.values()):
        raise IllegalAction(
            "PZ-T-1",
            ngettext("The deck held its last {n} card before the discards were reshuffled; "
                     "{cards} cannot be that card plus cards from the discards.",
                     "The deck held its last {n} cards before the discards were reshuffled; "
                     "{cards} cannot be those cards plus cards from the discards.",
                     deck, cards=money.labels(cards)),
            cards=cards, hidden_cards=hidden,
        )
    purse["unknown"] = sorted((unknown + discards - wanted).elements())
    purse["discards"] = []


def enter(state, seat, action) -> None:
    """PZ-S-1 with private hands: a seat's phone records the 4 cards it was dealt. A card
    that cannot be dealt is refused in the same words whether its copies are in other
    hands or were never there (``hidden_cards``: the screens tell the table)."""
    hand = state["hands"][seat]
    cards = money.check_cards(action.get("cards"), "PZ-S-1", hand["count"])
    card = missing(state["money"]["unknown"], cards)
    if card is not None:
        raise IllegalAction(
            "PZ-S-1",
            _("{card} cannot be in your hand: no copy of it is left to deal. Check your cards.",
              card=money.label(card)),
            card=card, hidden_cards=True,
        )
    state["money"]["unknown"] = without(state["money"]["unknown"], cards)
    hand["cards"] = sorted(cards)
    if all(h["cards"] is not None for h in state["hands"].values()):
        state["phase"] = "turn"
