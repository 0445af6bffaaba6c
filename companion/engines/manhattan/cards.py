"""Building cards (MH-C-2, MH-T-4).

There are 45 cards, five for each of the nine squares. Hands are not tracked, but
the played stack is public: the engine counts it (per square) and the draw pile,
so a sixth copy of a square cannot be played before the stack is reshuffled.
*Decision:* the reshuffle happens when a player must draw from an empty pile; the
card they just played goes into the new deck too.
"""

from ..errors import IllegalAction
from .board import SQUARES, card_name

TOTAL, COPIES, HAND = 45, 5, 4


def new_cards(hands: int) -> dict:
    """Draw pile after dealing four cards to each of ``hands`` players (MH-S-2)."""
    return {"deck": TOTAL - HAND * hands, "played": [0 for _ in SQUARES]}


def playable(cards: dict, card: int) -> bool:
    return cards["played"][card] < COPIES


def check_playable(cards: dict, card: int) -> None:
    if not playable(cards, card):
        raise IllegalAction("MH-T-4", f"All {COPIES} {card_name(card)} cards are already on the "
                                      "played stack, which is not reshuffled until the deck runs out.",
                            card=card_name(card))


def play(cards: dict, card: int) -> dict:
    """The cards after ``card`` is played and its player draws a replacement."""
    played = list(cards["played"])
    played[card] += 1
    deck = cards["deck"]
    if deck == 0:  # reshuffle the played stack into a new deck (MH-T-4)
        deck, played = sum(played), [0 for _ in SQUARES]
    return {"deck": deck - 1, "played": played}
