"""What each screen may see.

Everything on the table is public (cities, reserves, tiles waiting beside a city,
the market, face-up money, payments, Dirk's tiles, how many cards each deck or
pile holds); a hand's cards are shown only to their owner, the others see how many
cards it holds. Which money cards the deck still holds follows from the hands, so
no view carries it (only the host's input of a draw, ``legal(state, "table")``).

The public part is made once per state and shared by every view of it; a seat's view
adds its own hand.
"""

from collections import Counter
from functools import lru_cache

from .. import common
from . import market, money
from .catalogue import BANKS
from .flow import to_act
from .scoring import totals
from .state import city_tiles, street_length


def _city(state, seat) -> list[dict]:
    cells = sorted((_yx(key), tile) for key, tile in state["cities"][seat].items())
    return [{"x": x, "y": y, "tile": tile} for (y, x), tile in cells]


@lru_cache(maxsize=4096)
def _yx(key: str) -> tuple[int, int]:
    """``"x,y"`` as ``(y, x)``: cells are listed row by row."""
    x, y = key.split(",")
    return int(y), int(x)


def _player(state, player, score) -> dict:
    seat = player["seat"]
    return common.player(
        seat, player["name"], score, None, active=seat == state["active"],
        city=_city(state, seat), reserve=state["reserves"][seat],
        pending=state["pending"][seat], hand_size=len(state["hands"][seat]),
        buildings=dict(Counter(t["type"] for t in city_tiles(state, seat))),
        street=street_length(state, seat))


def view(state, seat) -> dict:
    shared = _public(state)
    if seat not in state["hands"]:
        return dict(shared)
    hand = state["hands"][seat]
    return dict(shared, players=[dict(p, hand=hand) if p["seat"] == seat else p for p in shared["players"]])


@common.once_per_state
def _public(state) -> dict:
    """What every screen sees: the view of the table screen, made once per state."""
    score = totals(state)
    return {
        "game": "new_york", "phase": state["phase"], "active": state["active"],
        "to_act": sorted(to_act(state)),
        "players": [_player(state, p, score[p["seat"]]) for p in state["players"]],
        "display": state["display"],
        "market": [{"space": bank, "tile": tile} for bank, tile in zip(BANKS, state["market"])],
        "deck_size": money.deck_size(state), "discard_size": len(state["discard"]),
        "bag_size": market.bag_left(state), "bag_types": market.bag_types(state),
        "scoring_cards": state["scoring_cards"],
        "dirk": None if state["dirk"] is None else {"tiles": state["dirk"],
                                                    "due": state["dirk_due"]},
        "leftovers": state["leftovers"],
    }
