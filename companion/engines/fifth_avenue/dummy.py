"""The dummy bidder of the two-player game (FA-2P).

It bids once per auction, third, with black cards turned from the pile until a value
shows for the second time (the table enters the draws); winning a quarter it builds
one building on each most valuable empty lot, or closes the quarter when none is
empty; winning Central Park it builds nothing; it never scores.
"""

from ..errors import IllegalAction
from ..text import _
from .board import BLACK, CARD_VALUES, DUMMY, is_empty, lot_vp
from .closure import close
from .hands import card
from .state import field


def parse_draws(action: dict) -> list[int]:
    """The turned black cards: values 4-6, ending at the first repeated value (FA-2P-2).

    >>> parse_draws({"draws": [4, 6, 5, 4]})
    [4, 6, 5, 4]
    """
    draws = field(action, "draws", list, "FA-2P-2", _("the dummy's turned black cards"))
    if any(v not in CARD_VALUES or isinstance(v, bool) for v in draws):
        raise IllegalAction("FA-2P-2", _("Black cards show 4, 5 or 6, not {draws}.", draws=_spaced(draws)),
                            draws=draws)
    for i, value in enumerate(draws):
        if value in draws[:i]:
            if i != len(draws) - 1:
                raise IllegalAction("FA-2P-2", _("Turning stops at the first repeated value: {stop}, "
                                                 "not {draws}.", stop=_spaced(draws[:i + 1]),
                                                 draws=_spaced(draws)),
                                    draws=draws)
            return draws
    raise IllegalAction("FA-2P-2", _("Keep turning black cards until a value repeats; {draws} has no "
                                     "repeated value yet.", draws=_spaced(draws)), draws=draws)


def _spaced(draws: list[int]) -> str:
    """Turned values as the host types them: "4 6 5 4"."""
    return " ".join(map(str, draws))


def bid_cards(draws: list[int]) -> list[dict]:
    return [card(BLACK, v) for v in draws]


def chosen_lots(state: dict, quarter: str) -> list[int]:
    """The empty lots the dummy builds on: all those of the highest value (FA-2P-3)."""
    lots = state["quarters"][quarter]["lots"]
    empty = [i for i, lot in enumerate(lots) if is_empty(lot)]
    if not empty:
        return []
    best = max(lot_vp(lots, i) for i in empty)
    return [i for i in empty if lot_vp(lots, i) == best]


def win_quarter(state: dict, quarter: str) -> None:
    """The dummy won a quarter: build on the best empty lots, or close it (FA-2P-3)."""
    chosen = chosen_lots(state, quarter)
    if not chosen:
        close(state, quarter, DUMMY)
        return
    lots = state["quarters"][quarter]["lots"]
    for i in chosen:
        if state["supply"][DUMMY]:  # it has 18 buildings; they could run out
            state["supply"][DUMMY] -= 1
            lots[i].update(owner=DUMMY, buildings=1)
