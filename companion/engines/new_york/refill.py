"""The end of a turn (NY-T-5): refills entered as drawn, scoring cards A and B.

After the player's part of the turn the table refills, one draw per action: the
money display up to 4, then the market in bank order. A scoring card turned up
while refilling the display is scored at once (NY-SC-1); in a two-player game Dirk's
tiles for that scoring are drawn right then, before the display is completed
(NY-2P-2). When nothing more can be drawn the next player starts, or the game ends
if the market stayed short because the bag is empty (NY-E-1, ``end.py``).
"""

from .. import common
from ..errors import IllegalAction
from ..text import N_, _
from . import dirk, end, market, money, scoring
from .catalogue import BANKS, PRICES, SCORING_CARDS, STREET_CHOICES, bank_text, parse_card
from .money import DISPLAY
from .state import card_order, seats

# What the table draws next, for a refusal of another draw.
WANTED = {"dirk": N_("a tile for Dirk"), "money": N_("a money card for the display"),
          "market": N_("a tile for the market")}


def after_actions(state) -> None:
    """The active player's actions are over: bought tiles next, else the refill."""
    if state["pending"][state["active"]]:
        state["phase"] = "place"
    else:
        _refill(state)


def after_placing(state) -> None:
    """A bought or received tile was placed; move on once none is left."""
    if state["phase"] == "place" and not state["pending"][state["active"]]:
        _refill(state)
    elif state["phase"] == "final" and not any(state["pending"].values()):
        end.finish(state)


def next_draw(state) -> str | None:
    """What the table draws next: ``"dirk"``, ``"money"``, ``"market"`` or ``None``."""
    if state["dirk_due"]:
        return "dirk"
    if len(state["display"]) < DISPLAY and (money.deck_size(state) or state["discard"]):
        return "money"
    if market.next_space(state) is not None and market.bag_left(state):
        return "market"
    return None


def _refill(state) -> None:
    state["phase"] = "refill"
    _settle(state)


def _settle(state) -> None:
    """End the turn once nothing is left to draw."""
    if state["phase"] != "refill" or next_draw(state) is not None:
        return
    if end.unfilled(state):
        end.end_game(state)
    else:
        state["active"] = common.next_seat(seats(state), state["active"])
        state["phase"] = "turn"


def _check_draw(state, offered: str, *fits: str) -> None:
    need = next_draw(state)
    if need not in fits:
        raise IllegalAction("NY-T-5", _("Draw {wanted} now, not {offered}.", wanted=_(WANTED[need]),
                                        offered=_(WANTED[offered])), need=need)


def draw_money(state, seat, action) -> None:
    """A card turned up for the display; a scoring card is scored at once."""
    _check_draw(state, "money", "money")
    raw = action.get("card")
    if not money.deck_size(state):  # empty deck: the discards are shuffled into a new one
        state["discard"] = []
    if raw in SCORING_CARDS:
        _turn_scoring_card(state, raw)
    else:
        card = parse_card(raw)
        money.check_available(state, [card])
        state["display"].append(card)
    _settle(state)


def _turn_scoring_card(state, card) -> None:
    if card in state["scoring_cards"]:
        raise IllegalAction("NY-C-2", _("Scoring card {letter} was already turned up.",
                                        letter=card), card=card)
    earlier = SCORING_CARDS[:SCORING_CARDS.index(card)]
    if missing := [c for c in earlier if c not in state["scoring_cards"]]:
        raise IllegalAction("NY-C-2", _("Scoring card {letter} lies deeper in the deck than "
                                        "scoring card {earlier}, so it cannot come first.",
                                        letter=card, earlier=missing[0]), card=card)
    state["scoring_cards"].append(card)
    scoring.score(state, card)
    if state["dirk"] is not None:
        state["dirk_due"] = dirk.due_after(card, market.bag_left(state))


def draw_tile(state, seat, action) -> None:
    """A tile drawn from the bag, for Dirk or for the first empty market space."""
    _check_draw(state, "market", "dirk", "market")
    tile = market.draw(state, action.get("tile"))
    if state["dirk_due"]:
        state["dirk"].append(tile)
        state["dirk_due"] -= 1
    else:
        state["market"][market.next_space(state)] = tile
    _settle(state)


def draw_options(state, seat) -> tuple[list, list]:
    """What the table may draw now. The money cards come with how many of each the deck
    still holds: for the host's input only, since it follows from the secret hands."""
    need = next_draw(state)
    if need == "money":
        return _money_draws(state), []
    types = [{"type": kind, "left": n, "prices": list(PRICES[kind])}
             for kind, n in market.bag_types(state).items() if n]
    target = {"for": "dirk"} if need == "dirk" else {"for": "market",
                                                     "space": BANKS[market.next_space(state)]}
    return [{"type": "draw_tile", **target, "types": types, "streets": STREET_CHOICES}], []


def _money_draws(state) -> list:
    deck = money.deck(state)
    if not deck and not money.scoring_left(state):  # reshuffled when the next card is drawn
        deck = money.counts(state["discard"])
    cards = [{"type": "draw_money", "card": list(key), "count": deck[key]}
             for key in sorted(deck, key=card_order)]
    left = money.scoring_left(state)
    return cards + [{"type": "draw_money", "card": left[0], "count": 1}] if left else cards


def prompt(state, seat):
    """What the table is asked to draw."""
    need = next_draw(state)
    if need == "money":
        return _("Turn up the next money card for the display.")
    if need == "dirk":
        return _("Draw a tile from the bag for Dirk.")
    return _("Draw a tile from the bag for the {space} market space.",
             space=bank_text(BANKS[market.next_space(state)]))
