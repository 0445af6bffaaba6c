"""The turn (PZ-T): take money (PZ-T-1), draw two tiles (PZ-T-2), and the end of a turn.

A turn begins in the phase ``turn`` with one of three actions: take money, draw tiles
(then buy or auction: ``buying.py``, ``auction.py``) or reconstruct
(``reconstruction.py``). Random outcomes are inputs: the active player enters the money
cards turned up and the tiles drawn, exactly as they came up on the table.
"""

from ..common import missing, next_seat, without
from ..errors import IllegalAction
from ..text import _, ngettext
from . import hands, money, tiles
from .state import clockwise, field, seats


def end_turn(state) -> None:
    """The turn is over: clear its leftovers and hand the turn to the next seat."""
    state.update(phase="turn", reveal=None, auction=None, acquired=None, distribution=None)
    state["active"] = next_seat(seats(state), state["active"])


def reveal_count(state) -> int:
    """PZ-T-1: one money card more than there are players."""
    return len(state["players"]) + 1


def money_available(state) -> int:
    return hands.deck_size(state) + len(state["money"]["discards"])


def too_little_money(state):
    """Why money cannot be taken now (PZ-T-1), or None."""
    count, available = reveal_count(state), money_available(state)
    if available >= count:
        return None
    return ngettext("Only {n} money card is left in the deck and the discards; taking money "
                    "turns up {count}.",
                    "Only {n} money cards are left in the deck and the discards; taking money "
                    "turns up {count}.", available, count=count)


def take_money(state, seat, action) -> None:
    reason = too_little_money(state)
    if reason is not None:
        raise IllegalAction("PZ-T-1", reason, available=money_available(state))
    cards = money.check_cards(action.get("cards"), "PZ-T-1", reveal_count(state))
    hands.reveal(state, cards)
    state["reveal"] = {"cards": sorted(cards), "order": clockwise(state, seat)}
    state["phase"] = "pick"


def pick_count(state, seat) -> int:
    """The active player takes 2 of the revealed cards, every other player 1."""
    return 2 if seat == state["active"] else 1


def pick(state, seat, action) -> None:
    reveal = state["reveal"]
    cards, count = money.check_cards(action.get("cards"), "PZ-T-1"), pick_count(state, seat)
    if len(cards) != count:  # said as taking: check_cards speaks of giving
        raise IllegalAction("PZ-T-1", ngettext("Take exactly {n} card; you took {taken}.",
                                               "Take exactly {n} cards; you took {taken}.", count,
                                               taken=len(cards)), cards=cards)
    card = missing(reveal["cards"], cards)
    if card is not None:
        raise IllegalAction(
            "PZ-T-1",
            _("You took {card}, which is not among the revealed cards ({revealed}).",
              card=money.label(card), revealed=money.labels(reveal["cards"])),
            card=card,
        )
    reveal["cards"] = without(reveal["cards"], cards)
    hands.give(state, seat, cards)
    reveal["order"].pop(0)
    if len(reveal["order"]) == 1:  # the last player has no choice: the last card is theirs
        hands.give(state, reveal["order"].pop(), reveal["cards"])
        end_turn(state)


def draw_tiles(state, seat, action) -> None:
    """PZ-T-2: the first drawn tile goes to the supply, the second to the quarry numbered
    like its windows. Knights are set aside and not replaced; the fifth ends the game at
    once (PZ-E-1)."""
    drawn = field(action, "tiles", list, "PZ-T-2", "['b1w2', 'm3w1']")
    pile = state["tiles"]
    for i, tile in enumerate(drawn):
        if state["phase"] == "over":
            raise IllegalAction(
                "PZ-E-1",
                _("The fifth knight ended the game, so nothing is drawn after it; you entered "
                  "{tile} after it.", tile=repr(tile)),
                tile=tile,
            )
        if tile == tiles.KNIGHT:
            pile["knights"] += 1
            if pile["knights"] == tiles.KNIGHTS:
                state["phase"] = "over"
            continue
        _lay(pile, i, tile)
    if state["phase"] != "over":
        if len(drawn) != 2:
            raise IllegalAction(
                "PZ-T-2",
                _("Enter both drawn tiles in the order drawn; you entered {count}.",
                  count=len(drawn)),
                tiles=drawn,
            )
        state["phase"] = "buy_or_auction"


def _lay(pile, i: int, tile) -> None:
    """The ``i``-th drawn tile (not a knight) goes to the supply (first) or its quarry."""
    tiles.parse(tile)
    if missing(pile["unseen"], [tile]) is not None:
        raise IllegalAction(
            "PZ-C-1",
            _("You cannot have drawn {tile}: every copy is already in play or out of the "
              "game.", tile=tiles.label(tile)),
            tile=tile,
        )
    pile["unseen"] = without(pile["unseen"], [tile])
    if i == 0:
        pile["supply"] = sorted(pile["supply"] + [tile])
    else:
        quarry = tiles.quarry_for(tile)
        pile["quarries"][quarry] = sorted(pile["quarries"][quarry] + [tile])
