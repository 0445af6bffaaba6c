"""Cards in hand and in the piles (FA-C-4, FA-T-2, FA-T-3, house rule FA-H-2).

A hand is a list of cards ``{"color", "value"}``. Colours are always known (the
coloured piles are face up, black cards are black); a value is ``None`` while the
engine does not know it: always with ``"hands": "counts"``, and with ``"private"``
until the owner's phone enters it (a black draw, the cards dealt at setup) or the
card is played in a bid. So the engine always knows each hand's size and colours,
and with private hands the values a seat has told it.
"""

from ..errors import IllegalAction
from .board import BLACK, CARD_COLORS, CARD_VALUES, LOT_COLORS
from .state import name, plural, private_hands


def card(color: str, value) -> dict:
    return {"color": color, "value": value}


def parse_card(raw, need_value: bool) -> dict:
    """A card from an action: a card colour and, when needed, a value 4, 5 or 6 (FA-C-4)."""
    if not isinstance(raw, dict) or raw.get("color") not in CARD_COLORS:
        raise IllegalAction("FA-C-4", f"{raw!r} is not a card: the colours are "
                            f"{', '.join(CARD_COLORS)}.", card=raw)
    value = raw.get("value")
    if value is None and not need_value:
        return card(raw["color"], None)
    if value not in CARD_VALUES or isinstance(value, bool):
        raise IllegalAction("FA-C-4", f"A card's value is 4, 5 or 6, got {value!r}.", card=raw)
    return card(raw["color"], value)


def describe_card(c: dict) -> str:
    return f"{c['color']} {c['value'] if c['value'] is not None else '?'}"


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
            raise IllegalAction("FA-A-3", _not_held_message(state, seat, held, cards, c), card=c)
        hand.pop(match)
    return list(cards)


def _not_held_message(state: dict, seat: str, held: list, cards: list, c: dict) -> str:
    same = [h for h in held if h["color"] == c["color"]]
    who = name(state, seat)
    if not same:
        return f"{who} holds no {c['color']} card."
    if private_hands(state) and all(h["value"] is not None for h in same):
        values = ", ".join(str(h["value"]) for h in same)
        return (f"{who} holds no (further) {describe_card(c)}; {who}'s {c['color']} cards are "
                f"{values}.")
    wanted = sum(1 for x in cards if x["color"] == c["color"])
    return f"{who} holds {plural(len(same), c['color'] + ' card')}, not {wanted}."


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
