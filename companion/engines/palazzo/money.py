"""Money cards and payments (PZ-C-3, PZ-P) in the engine's notation.

A money card is a short string: currency letter + value. The three currencies are
``a``, ``b`` and ``c`` (the table agrees once which colour is which), values 3-7,
three copies of each: ``"a3"`` ... ``"c7"``. ``"w2"`` is a value-2 certificate (the
neutral joker, ten copies). The value-3 opening certificate never enters a hand or a
payment; an auction opening simply counts 3.

A payment is offered as a list of cards, optionally with declared ``groups`` (lists of
three cards each); the cards not in a group are loose. Without declared groups the
engine uses the decomposition worth the most (PZ-P-4).

>>> decompose(["a4", "b4", "c4", "b6", "w2"])["value"]
23
>>> largest_payment(["a7", "a7", "b3", "w2"])["value"]
16
"""

from collections import Counter

from ..errors import IllegalAction
from ..text import _, ngettext

CURRENCIES = ("a", "b", "c")
VALUES = range(3, 8)
CERTIFICATE = "w2"
OPENING_BID = 3
GROUP_VALUE = 15
KINDS = [f"{c}{v}" for c in CURRENCIES for v in VALUES] + [CERTIFICATE]
DECK = sorted([k for k in KINDS if k != CERTIFICATE for _copy in range(3)] + [CERTIFICATE] * 10)
_VALUE = {k: int(k[1]) for k in KINDS}
_SAME_VALUE = {v: tuple(f"{c}{v}" for c in CURRENCIES) for v in VALUES}  # one group's cards


def value(card: str) -> int:
    return _VALUE[card]


def currency_of(card: str):
    """The currency letter of a card; None for a certificate."""
    return None if card == CERTIFICATE else card[0]


def label(card: str):
    """A card as people say it: ``"A5"`` (a code, the same in every language), or the
    text "certificate 2"."""
    return _("certificate 2") if card == CERTIFICATE else card.upper()


def labels(cards):
    """Several cards as one text parameter ("no cards" for none)."""
    return [label(c) for c in cards] if cards else _("no cards")


def check_cards(cards, rule: str, count=None) -> list:
    """A list of valid card strings (of ``count`` cards if given), else ``IllegalAction(rule)``."""
    if not isinstance(cards, list):
        raise IllegalAction(rule, _("The cards come as a list, such as ['a5', 'w2']; you sent "
                                    "{cards}.", cards=repr(cards)), cards=cards)
    for card in cards:
        if not isinstance(card, str) or card not in _VALUE:
            raise IllegalAction(
                "PZ-C-3",
                _("{card} is not a money card: write currency a/b/c and value 3-7 (b5), "
                  "or w2 for a certificate.", card=repr(card)),
                card=card,
            )
    if count is not None and len(cards) != count:
        raise IllegalAction(
            rule,
            ngettext("Give exactly {n} card; you gave {given}.",
                     "Give exactly {n} cards; you gave {given}.", count, given=len(cards)),
            cards=cards,
        )
    return cards


def is_group(cards) -> bool:
    """PZ-P-2: three certificates, or one card of each currency with the same value."""
    if len(cards) != 3:
        return False
    if all(c == CERTIFICATE for c in cards):
        return True
    return (
        CERTIFICATE not in cards
        and len({value(c) for c in cards}) == 1
        and sorted(currency_of(c) for c in cards) == list(CURRENCIES)
    )


def _payment(groups: list, loose: list) -> dict:
    currencies = {currency_of(c) for c in loose} - {None}
    return {
        "value": GROUP_VALUE * len(groups) + sum(value(c) for c in loose),
        "groups": sorted(sorted(g) for g in groups),
        "loose": sorted(loose),
        "currency": currencies.pop() if currencies else None,
    }


def decompose(cards: list, groups=None, currency=None) -> dict:
    """The payment made by ``cards``: ``{"value", "groups", "loose", "currency"}``.

    ``groups`` are the groups the player declares (else the best split is found);
    ``currency`` forces the currency of the loose cards (an auction raise must keep it).
    Raises PZ-P-2 for a declared non-group, PZ-P-1 for loose cards of two currencies.
    """
    check_cards(cards, "PZ-P-1")
    if groups is None:
        return _best(cards, currency)
    if not isinstance(groups, list) or not all(isinstance(g, list) for g in groups):
        raise IllegalAction("PZ-P-2", _("Declare each group as a list of three cards; you "
                                        "sent {groups}.", groups=repr(groups)), groups=groups)
    rest = Counter(cards)
    for group in groups:
        check_cards(group, "PZ-P-2")
        if not is_group(group):
            raise IllegalAction(
                "PZ-P-2",
                _("{cards} is not a group: a group is three certificates or three cards of one "
                  "value in all three currencies.", cards=labels(group)),
                group=group,
            )
        if Counter(group) - rest:
            raise IllegalAction(
                "PZ-P-2",
                _("Your group {cards} uses cards that are not in your payment.",
                  cards=labels(group)),
                group=group,
            )
        rest -= Counter(group)
    payment = _payment(groups, list(rest.elements()))
    _check_loose(payment["loose"], currency)
    return payment


def _check_loose(loose: list, currency) -> None:
    currencies = sorted({currency_of(c) for c in loose} - {None})
    if len(currencies) > 1:
        raise IllegalAction(
            "PZ-P-1",
            ngettext("Your loose cards {cards} are in {n} currency: a payment takes loose cards "
                     "of one currency only, plus certificates and whole groups.",
                     "Your loose cards {cards} are in {n} currencies: a payment takes loose "
                     "cards of one currency only, plus certificates and whole groups.",
                     len(currencies), cards=labels(loose)),
            loose=loose,
        )
    if currencies and currency and currencies[0] != currency:
        raise IllegalAction(
            "PZ-P-1",
            _("Your loose cards so far are in currency {currency}; you may add only "
              "{currency} cards, certificates and whole groups, not {cards}.",
              currency=currency.upper(), cards=labels(loose)),
            loose=loose,
            currency=currency,
        )


def _split(counts: Counter, loose_currency: str):
    """Groups and loose cards when every card of the other two currencies sits in a group."""
    groups, loose = [], []
    for v, kinds in _SAME_VALUE.items():
        own = f"{loose_currency}{v}"
        n_1, n_2 = (counts[k] for k in kinds if k != own)
        if n_1 != n_2 or counts[own] < n_1:
            return None
        groups += [list(kinds)] * n_1
        loose += [own] * (counts[own] - n_1)
    return groups, loose


def _best(cards: list, currency) -> dict:
    counts = Counter(cards)
    certificates = counts.pop(CERTIFICATE, 0)
    cert_groups = [[CERTIFICATE] * 3] * (certificates // 3)
    cert_loose = [CERTIFICATE] * (certificates % 3)
    best = None
    for loose_currency in [currency] if currency else CURRENCIES:
        split = _split(counts, loose_currency)
        if split:
            payment = _payment(cert_groups + split[0], cert_loose + split[1])
            if best is None or payment["value"] > best["value"]:
                best = payment
    if best is None:  # name the cards that no grouping can make legal
        _check_loose(list(_form_groups(counts)[1].elements()), currency)
    return best


def _form_groups(counts: Counter) -> tuple[list, Counter]:
    """Every currency group ``counts`` can form, and the cards left over."""
    left, groups = Counter(counts), []
    for kinds in _SAME_VALUE.values():
        n = min(left[k] for k in kinds)
        groups += [list(kinds)] * n
        left.subtract({k: n for k in kinds})
    return groups, left


def most_of_any(cards: list, count: int, currency=None) -> int:
    """At least as much as any ``count`` of ``cards`` can pay at once (with counted hands,
    what the engine can say of a hand it only counts): each group of three is worth 15,
    every other card its own value, loose ones of a single currency (``currency`` if it
    is fixed) or certificates."""
    counts = Counter(cards)
    certificates = counts.pop(CERTIFICATE, 0)
    groups = len(_form_groups(counts)[0]) + certificates // 3
    best = 0
    for loose in [currency] if currency else CURRENCIES:
        values = sorted((value(c) for c in cards if currency_of(c) in (loose, None)), reverse=True)
        for g in range(min(groups, count // 3) + 1):
            best = max(best, GROUP_VALUE * g + sum(values[:count - 3 * g]))
    return best


def largest_payment(hand: list, currency=None) -> dict:
    """PZ-E-3: the most valuable single payment the cards in ``hand`` can make.

    Every possible group is formed (a group is worth 15, more than any card it uses
    could add loose), then the currency with the richest leftovers is paid loose.
    ``currency`` fixes the loose currency (what an auction raise may still add).
    """
    counts = Counter(hand)
    certificates = counts.pop(CERTIFICATE, 0)
    groups, left = _form_groups(counts)
    groups += [[CERTIFICATE] * 3] * (certificates // 3)
    certs = [CERTIFICATE] * (certificates % 3)
    options = [currency] if currency else CURRENCIES
    richest = max(options, key=lambda c: sum(v * left[f"{c}{v}"] for v in VALUES))
    loose = [f"{richest}{v}" for v in VALUES for _copy in range(left[f"{richest}{v}"])]
    return _payment(groups, certs + loose)
