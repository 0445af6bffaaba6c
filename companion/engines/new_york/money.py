"""Money: the deck, the face-up display, taking money (NY-T-2) and paying (NY-T-3).

Every money card is always in exactly one place: the deck, a hand, the display or
the discard pile. So the deck is what the full set lacks elsewhere, and a card
turned up is checked to be one the deck can still hold (NY-C-2, NY-2P-1).
"""

from collections import Counter
from itertools import combinations

from ..errors import IllegalAction
from .catalogue import SCORING_CARDS, all_cards, card_text, copies, parse_card
from .state import card_order

TAKE_LIMIT = 5  # several cards may be taken if they total at most this
DISPLAY = 4  # face-up money cards on the board (NY-S-4)


def counts(cards) -> Counter:
    return Counter((bank, value) for bank, value in cards)


def total(cards) -> int:
    return sum(value for _, value in cards)


def deck(state) -> Counter:
    """Money cards still in the deck, by (bank, value)."""
    out = Counter(all_cards(state["two_player"]))
    out.subtract(counts(state["display"]))
    out.subtract(counts(state["discard"]))
    for hand in state["hands"].values():
        out.subtract(counts(hand))
    return +out


def scoring_left(state) -> list[str]:
    """Scoring cards still shuffled in the deck."""
    return [c for c in SCORING_CARDS if c not in state["scoring_cards"]]


def deck_size(state) -> int:
    return sum(deck(state).values()) + len(scoring_left(state))


def check_available(state, cards) -> None:
    """Refuse cards the deck cannot supply any more (beyond the copies printed)."""
    have = deck(state)
    for key, n in counts(cards).items():
        if n > have[key]:
            two = state["two_player"] and n <= have[key] + copies(False) - copies(True)
            rule = "NY-2P-1" if two else "NY-C-2"
            raise IllegalAction(rule, f"No more {card_text(key)} cards can come from the deck "
                                f"({copies(state['two_player'])} of each exist"
                                f"{' with two players' if two else ''}).", card=list(key))


def without(pool: list, cards: list) -> list | None:
    """``pool`` minus ``cards`` (a sub-multiset), or ``None`` if they are not all in it."""
    rest = list(pool)
    for card in cards:
        if card not in rest:
            return None
        rest.remove(card)
    return rest


def parse_cards(raw, field: str, rule: str) -> list:
    if not isinstance(raw, list) or not raw:
        raise IllegalAction(rule, f"Give the money cards in {field!r} as a non-empty list.",
                            field=field)
    return [parse_card(c) for c in raw]


def sort_cards(cards) -> list:
    return sorted(cards, key=card_order)


def take_options(display) -> list[list]:
    """Every different choice from the display: one card, or several totalling ≤ 5."""
    found = {}
    for n in range(1, len(display) + 1):
        for combo in combinations(sort_cards(display), n):
            if n == 1 or total(combo) <= TAKE_LIMIT:
                found[tuple(map(tuple, combo))] = [list(c) for c in combo]
    return list(found.values())


def take_problem(display, cards) -> str | None:
    """Why these cards may not be taken together (NY-T-2), or ``None``."""
    if without(display, cards) is None:
        verb = "is" if len(cards) == 1 else "are"
        return f"{cards_in(cards)} {verb} not all face up on the board"
    if len(cards) > 1 and total(cards) > TAKE_LIMIT:
        return (f"{cards_in(cards)} total {total(cards)}; several cards may be taken only "
                f"if they total {TAKE_LIMIT} or less")
    return None


def cards_in(cards) -> str:
    return ", ".join(card_text(c) for c in cards)


def exact_payments(cards, price: int) -> list[list]:
    """Every different set of ``cards`` worth exactly ``price``."""
    values = sorted(Counter(v for _, v in cards).items())
    bank = cards[0][0] if cards else None
    found = []

    def walk(i, left, chosen):
        if left == 0:
            found.append([[bank, v] for v in chosen])
            return
        if i == len(values) or left < 0:
            return
        value, n = values[i]
        for k in range(min(n, left // value), -1, -1):
            walk(i + 1, left - k * value, chosen + [value] * k)

    walk(0, price, [])
    return found
