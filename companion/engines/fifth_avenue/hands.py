"""Cards in hand and in the piles (FA-C-4, FA-T-2, FA-T-3, house rule FA-H-2).

A hand is a list of cards ``{"color", "value"}``. Colours are always known (the
coloured piles are face up, black cards are black); a value is ``None`` while the
engine does not know it: always with ``"hands": "counts"``, and with ``"private"``
until the owner's phone enters it (a black draw, the cards dealt at setup) or the
card is played in a bid. So the engine always knows each hand's size and colours,
and with private hands the values a seat has told it.
"""

from ..errors import IllegalAction
from ..text import Text, _, ngettext
from .board import BLACK, CARD_COLORS, CARD_VALUES, LOT_COLORS, colour_text
from .state import private_hands


def card(colour: str, value) -> dict:
    return {"color": colour, "value": value}


def card_text(c: dict) -> Text:
    """"grey 5", or "a grey card" while its value is unknown."""
    if c["value"] is None:
        return _("a {colour} card", colour=colour_text(c["color"]))
    return _("{colour} {value}", colour=colour_text(c["color"]), value=c["value"])


def parse_card(raw, need_value: bool) -> dict:
    """A card from an action: a card colour and, when needed, a value 4, 5 or 6 (FA-C-4)."""
    if not isinstance(raw, dict) or raw.get("color") not in CARD_COLORS:
        raise IllegalAction("FA-C-4", _("{card} is not a card: the card colours are {colours}.",
                                        card=repr(raw), colours=[colour_text(c) for c in CARD_COLORS]),
                            card=raw)
    value = raw.get("value")
    if value is None and not need_value:
        return card(raw["color"], None)
    if value not in CARD_VALUES or isinstance(value, bool):
        raise IllegalAction("FA-C-4", _("A card shows 4, 5 or 6; the {colour} card says {value}.",
                                        colour=colour_text(raw["color"]), value=repr(value)),
                            card=raw)
    return card(raw["color"], value)


def receive(state: dict, seat: str, cards: list[dict]) -> None:
    """Add cards to a hand; values are kept only with private hands."""
    keep = private_hands(state)
    state["hands"][seat].extend(card(c["color"], c["value"] if keep else None) for c in cards)


def draw_black(state: dict, seat: str, count: int, value=None) -> int:
    """Draw up to ``count`` black cards; an empty pile gives nothing (FA-T-3). Returns drawn."""
    drawn = min(count, state["piles"][BLACK])
    state["piles"][BLACK] -= drawn
    receive(state, seat, [card(BLACK, value)] * drawn)
    return drawn


def take_colored(state: dict, seat: str, cards: list[dict]) -> None:
    """Take the top cards of coloured piles into a hand (FA-T-2)."""
    for c in cards:
        state["piles"][c["color"]] -= 1
    receive(state, seat, cards)


def holding(state: dict, seat: str) -> dict:
    """How many cards of each colour a seat holds: public knowledge (FA-H-2)."""
    counts = {}
    for c in state["hands"][seat]:
        counts[c["color"]] = counts.get(c["color"], 0) + 1
    return counts


def take_from_hand(state: dict, seat: str, cards: list[dict]) -> list[dict]:
    """Remove played cards from a hand; returns them with their values.

    A card matches a held card of the same colour and value, or else a held card of
    that colour whose value the engine does not know (the player tells it now).
    """
    hand = state["hands"][seat]
    held = list(hand)
    for c in cards:
        match = next((i for i, h in enumerate(hand) if h == c), None)
        if match is None:
            match = next((i for i, h in enumerate(hand)
                          if h["color"] == c["color"] and h["value"] is None), None)
        if match is None:
            raise IllegalAction("FA-A-3", not_held(held, cards, c["color"]), card=c)
        hand.pop(match)
    return list(cards)


def not_held(held: list, cards: list, colour: str) -> Text:
    """Why a hand cannot supply the ``colour`` cards of ``cards``, said to its owner."""
    mine = [h for h in held if h["color"] == colour]
    wanted = [c for c in cards if c["color"] == colour]
    word = colour_text(colour)
    if not mine:
        return _("You hold no {colour} card.", colour=word)
    if len(wanted) > len(mine):
        held_text = ngettext("{n} {colour} card", "{n} {colour} cards", len(mine), colour=word)
        return _("You hold {held}; this bid needs {needed}.", held=held_text, needed=len(wanted))
    # Enough cards of the colour, but not of these values (private hands).
    return _("You hold {held}; this bid needs {needed}.", held=[_held(h) for h in mine],
             needed=[card_text(c) for c in wanted])


def _held(c: dict) -> Text:
    if c["value"] is None:
        return _("a {colour} card whose value you have not entered", colour=colour_text(c["color"]))
    return card_text(c)


def return_to_hand(state: dict, seat: str, cards: list[dict]) -> None:
    """Laid-out cards go back to their owner's hand (a pass, a lost sealed bid: FA-A-2)."""
    receive(state, seat, cards)


def spend(state: dict, cards: list[dict]) -> None:
    """A winner's cards go under the pile of their colour (FA-T-3, FA-A-4)."""
    for c in cards:
        state["piles"][c["color"]] += 1


def nonempty_piles(state: dict) -> list[str]:
    """Colours whose coloured pile still has cards (FA-T-3: never reshuffled)."""
    return [c for c in LOT_COLORS if state["piles"][c] > 0]
