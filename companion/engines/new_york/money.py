"""Money: the deck, the face-up display, taking money (NY-T-2) and paying (NY-T-3).

Every money card is always in exactly one place: the deck, a hand, the display or
the discard pile. So the deck is what the full set lacks elsewhere, and a card
turned up is checked to be one the deck can still hold (NY-C-2, NY-2P-1). Which
cards the deck still holds follows from the secret hands, so only the host's input
of a draw (``legal(state, "table")``) lists them; no view does.
"""

from collections import Counter
from itertools import chain, combinations

from .. import common
from ..errors import IllegalAction
from ..text import Text, _, ngettext
from .catalogue import SCORING_CARDS, all_cards, card_text, cards_text, copies, parse_card
from .state import card_order

TAKE_LIMIT = 5  # several cards may be taken if they total at most this
DISPLAY = 4  # face-up money cards on the board (NY-S-4)


def counts(cards) -> Counter:
    return Counter((bank, value) for bank, value in cards)


def total(cards) -> int:
    return sum(value for _bank, value in cards)


def deck(state) -> Counter:
    """Money cards still in the deck, by (bank, value)."""
    held = Counter(map(tuple, chain(state["display"], state["discard"], *state["hands"].values())))
    return Counter({key: n - held[key] for key, n in all_cards(state["two_player"]).items() if held[key] < n})


def scoring_left(state) -> list[str]:
    """Scoring cards still shuffled in the deck."""
    return [c for c in SCORING_CARDS if c not in state["scoring_cards"]]


def deck_size(state) -> int:
    """Cards in the deck, scoring cards included (public: everyone sees the pile)."""
    held = len(state["display"]) + len(state["discard"]) + sum(map(len, state["hands"].values()))
    return sum(all_cards(state["two_player"]).values()) - held + len(scoring_left(state))


def check_available(state, cards) -> None:
    """Refuse cards the deck cannot supply any more (beyond the copies printed). What the
    deck holds follows from the secret hands (``hidden_cards``): the words name no hand,
    and the screens tell the table that such a card was entered."""
    have = deck(state)
    for key, n in counts(cards).items():
        if n > have[key]:
            if state["two_player"] and n <= have[key] + copies(False) - copies(True):
                raise IllegalAction("NY-2P-1", _(
                    "No more {card} cards can come from the deck: with two players only {n} of "
                    "each are in the game.", card=card_text(key), n=copies(True)), card=list(key),
                    hidden_cards=True)
            raise IllegalAction("NY-C-2", _(
                "No more {card} cards can come from the deck: {n} of each exist.",
                card=card_text(key), n=copies(state["two_player"])), card=list(key), hidden_cards=True)


def parse_cards(raw, what: Text, rule: str) -> list:
    """Money cards from a list; ``what`` names the list for the refusal."""
    if not isinstance(raw, list) or not raw:
        raise IllegalAction(rule, _("Give {what} as a non-empty list of money cards, not {raw}.",
                                    what=what, raw=repr(raw)), cards=raw)
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


def take_problem(display, cards) -> Text | None:
    """Why the player may not take these cards together (NY-T-2), or ``None``."""
    if common.missing(display, cards) is not None:
        return ngettext("You cannot take {cards}: it is not face up on the board.",
                        "You cannot take {cards}: they are not all face up on the board.",
                        len(cards), cards=cards_text(cards))
    if len(cards) > 1 and total(cards) > TAKE_LIMIT:
        return _("You cannot take {cards}: they total {total}, and several cards may be taken "
                 "only if they total {limit} or less.", cards=cards_text(cards),
                 total=total(cards), limit=TAKE_LIMIT)
    return None


def exact_payments(cards, price: int) -> list[list]:
    """Every different set of ``cards`` worth exactly ``price``."""
    values = sorted(Counter(v for _bank, v in cards).items())
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
