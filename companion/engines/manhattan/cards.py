"""Building cards: the deck, the played stack (MH-C-2, MH-T-4) and private hands (MH-H).

There are 45 cards, five for each of the nine squares. The played stack is public: the
engine counts it per square, and the draw pile, so without private hands a sixth copy of
a square cannot be played before the stack is reshuffled. *Decision:* the reshuffle
happens when a player must draw from an empty pile; the card just played goes into the
new deck too.

Hands (``state["hands"]``) are ``None`` unless the table plays with private hands
(MH-H-1): then each seat's cards (square numbers), entered by its phone as they are
dealt and drawn. A seat holding fewer than four cards is due to enter the next one.
"""

from ..errors import IllegalAction
from ..text import Text, _, ngettext
from .board import SQUARES, card_name, parse_card, square

TOTAL, COPIES, HAND = 45, 5, 4
HAND_MODES = ("untracked", "private")


def new_cards(hands: int) -> dict:
    """Draw pile after dealing four cards to each of ``hands`` players (MH-S-2)."""
    return {"deck": TOTAL - HAND * hands, "played": [0 for _square in SQUARES]}


def playable(cards: dict, card: int) -> bool:
    return cards["played"][card] < COPIES


def exhausted(card: int) -> Text:
    """Why a sixth copy of ``card`` cannot be played yet (MH-T-4)."""
    return _("All {copies} {card} cards are already on the played stack, which is not "
             "reshuffled until the deck runs out.", copies=COPIES, card=card_name(card))


def check_playable(cards: dict, card: int) -> None:
    if not playable(cards, card):
        raise IllegalAction("MH-T-4", exhausted(card), card=square(card))


def play(cards: dict, card: int) -> None:
    """``card`` goes on the played stack and its player draws a replacement (changes ``cards``)."""
    cards["played"][card] += 1
    if cards["deck"] == 0:  # reshuffle the played stack into a new deck (MH-T-4)
        cards["deck"], cards["played"] = sum(cards["played"]), [0 for _square in SQUARES]
    cards["deck"] -= 1


# private hands (MH-H) -------------------------------------------------------------

def tracked(state: dict) -> bool:
    return state["hands"] is not None


def short(state: dict) -> list[str]:
    """Seats that hold fewer than four cards and must enter the next one (MH-H-1)."""
    hands = state["hands"]
    return [] if hands is None else [s for s, hand in hands.items() if len(hand) < HAND]


def held(state: dict, seat: str) -> list[int]:
    """The distinct card squares ``seat`` may play: its hand, or every square while the
    played stack still lacks copies of it when hands are not tracked."""
    if tracked(state):
        return sorted(set(state["hands"][seat]))
    played = state["cards"]["played"]
    return [card for card in SQUARES if played[card] < COPIES]


def check_held(state: dict, seat: str, card: int) -> None:
    """The seat may play ``card``: it holds it (MH-H-2), or without private hands a copy
    of it is still off the played stack (MH-T-4)."""
    if not tracked(state):
        check_playable(state["cards"], card)
        return
    hand = state["hands"][seat]
    if card not in hand:
        raise IllegalAction("MH-H-2", _("You hold no {card} card; your cards are {hand}.",
                                        card=card_name(card), hand=[card_name(c) for c in hand]),
                            card=square(card), hand=[square(c) for c in hand])


def give_up(state: dict, seat: str, card: int) -> None:
    """The seat plays ``card`` face up: out of its hand (if tracked), onto the stack."""
    if tracked(state):
        state["hands"][seat].remove(card)
    play(state["cards"], card)


def drawable(state: dict, seat: str) -> list[int]:
    """Squares ``seat`` could have drawn: fewer than five copies are on the played stack
    and in its own hand together (other hands are secret, so they do not count)."""
    hand, played = state["hands"][seat], state["cards"]["played"]
    return [card for card in SQUARES if played[card] + hand.count(card) < COPIES]


def draw(state: dict, seat: str, action: dict) -> None:
    """Handler: ``seat`` enters a card dealt to it or drawn (MH-H-1)."""
    if not tracked(state):
        raise IllegalAction("MH-H-1", _("This table plays without private hands: you need not "
                                        "enter the cards you draw."), action=action)
    hand = state["hands"][seat]
    if len(hand) >= HAND:
        raise IllegalAction("MH-H-1", ngettext(
            "You already hold {n} card; enter a card after you play one and draw.",
            "You already hold {n} cards; enter a card after you play one and draw.", HAND),
            hand=[square(c) for c in hand])
    card = parse_card(action.get("card"))
    if card not in drawable(state, seat):
        raise IllegalAction("MH-T-4", all_seen(card), card=square(card))
    hand.append(card)


def all_seen(card: int) -> Text:
    """Why ``card`` cannot have been drawn (MH-T-4)."""
    return _("There are only {copies} {card} cards and the played stack and your hand already "
             "hold them all.", copies=COPIES, card=card_name(card))
