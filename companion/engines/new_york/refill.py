"""The end of a turn (NY-T-5): refills entered as drawn, scorings A and B, the end.

After the player's part of the turn the table refills, one draw per action, in
this order: Dirk's tiles if a scoring just gave him some (NY-2P-2), the money
display up to 4 (a scoring card is scored at once, NY-SC-1), then the market in
bank order. When nothing more can be drawn the next player starts, or the game
ends if the market stayed short because the bag is empty (NY-E-1).
"""

from ..errors import IllegalAction
from . import dirk, market, money, scoring
from .catalogue import BANKS, SCORING_CARDS, card_text, parse_card
from .money import DISPLAY
from .state import seats


def after_actions(state) -> None:
    """The active player's action is over: bought tiles next, else the refill."""
    if state["pending"][state["active"]]:
        state["phase"] = "place"
    else:
        _refill(state)


def after_placing(state) -> None:
    """A bought or received tile was placed; move on once none is left."""
    if state["phase"] == "place" and not state["pending"][state["active"]]:
        _refill(state)
    elif state["phase"] == "final" and not any(state["pending"].values()):
        _finish(state)


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
    if market.next_space(state) is not None:
        _end_game(state)
    else:
        order = seats(state)
        state["active"] = order[(order.index(state["active"]) + 1) % len(order)]
        state["phase"] = "turn"


def draw_money(state, seat, action) -> None:
    """A card turned up for the display; a scoring card is scored at once."""
    need = next_draw(state)
    if need != "money":
        raise IllegalAction("NY-T-5", _wrong_draw(need, "money card"), need=need)
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
        raise IllegalAction("NY-C-2", f"Scoring card {card} was already turned.", card=card)
    earlier = SCORING_CARDS[:SCORING_CARDS.index(card)]
    if missing := [c for c in earlier if c not in state["scoring_cards"]]:
        raise IllegalAction("NY-C-2", f"Scoring card {card} lies deeper in the deck than "
                            f"{card_text(missing[0])}, so it cannot come first.", card=card)
    state["scoring_cards"].append(card)
    scoring.score(state, card)
    if state["dirk"] is not None:
        state["dirk_due"] = dirk.due_after(card, market.bag_left(state))


def draw_tile(state, seat, action) -> None:
    """A tile drawn from the bag, for Dirk or for the first empty market space."""
    need = next_draw(state)
    if need not in ("dirk", "market"):
        raise IllegalAction("NY-T-5", _wrong_draw(need, "tile"), need=need)
    tile = market.draw(state, action.get("tile"))
    if need == "dirk":
        state["dirk"].append(tile)
        state["dirk_due"] -= 1
    else:
        state["market"][market.next_space(state)] = tile
    _settle(state)


def _wrong_draw(need, offered) -> str:
    wanted = {"dirk": "a tile for Dirk", "money": "a money card for the display",
              "market": "a tile for the market", None: "nothing"}[need]
    return f"The table draws {wanted} now, not a {offered}."


def _end_game(state) -> None:
    """Leftover market tiles go to the richest holder of their bank (NY-E-2)."""
    for i, tile in enumerate(state["market"]):
        if tile is None:
            continue
        receiver = market.leftover_receiver(state, BANKS[i])
        state["leftovers"].append({"space": BANKS[i], "tile": tile, "to": receiver})
        if receiver is not None:
            state["pending"][receiver].append(tile)
            state["market"][i] = None
    state["phase"] = "final"
    if not any(state["pending"].values()):
        _finish(state)


def _finish(state) -> None:
    scoring.score(state, "C")
    state["phase"] = "over"

