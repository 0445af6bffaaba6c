"""What a screen shows. Everything on the table is public: the towers, the picked pieces,
the played stack. The one secret is a seat's cards with private hands (MH-H-2): its own
view lists them, every other seat and the table screen see only how many it holds."""

import marshal
from collections import Counter
from functools import lru_cache

from .. import common
from .board import CARD_LOTS, CITIES, LOT_NAMES, SIDES, card_name, square
from .cards import HAND, tracked
from .flow import to_act
from .pieces import HEIGHTS, colour_name, left
from .scoring import points
from .state import order
from ..text import _


def view(state: dict, seat: str | None) -> dict:
    hands = state["hands"]
    return dict(_public(state), you=seat,
                hand=[square(c) for c in hands[seat]] if hands and seat in hands else None)


@common.once_per_state
def _public(state: dict) -> dict:
    """What every screen sees, made once per state (``view`` adds the reader's own)."""
    result = points(state)
    cities = _cities(state["board"])
    owned = Counter(lot["owner"] for city in cities for lot in city["lots"] if lot["owner"])
    return {
        "game": "manhattan",
        "you": None,
        "phase": state["phase"],
        "round": state["round"],
        "rounds": state["rounds"],
        "per_round": state["per_round"],
        "marker": state["marker"],
        "order": order(state),
        "to_act": sorted(to_act(state)),
        "players": [_player(state, p, result["totals"][p["seat"]]) for p in state["players"]],
        "colours": {c: {"label": colour_name(c), "seat": r["seat"], "supply": dict(r["supply"]),
                        "left": left(r), "picked": list(r["picked"]), "aside": r["aside"],
                        "towers": owned[c], "score": result["colour_totals"][c]}
                    for c, r in state["colours"].items()},
        "heights": list(HEIGHTS),
        "cities": cities,
        "cards": {"deck": state["cards"]["deck"],
                  "played": [{"card": square(i), "label": card_name(i), "count": n}
                             for i, n in enumerate(state["cards"]["played"])]},
        "private_hands": tracked(state),
        "hand": None,
        "last": _last(state["last"]),
        "winners": result["winners"],
    }


def _player(state: dict, p: dict, score: int) -> dict:
    hands = state["hands"]
    return common.player(
        p["seat"], p["name"], score, p["colours"][0],
        side=p["side"], side_label=_(SIDES[p["side"]]), colours=list(p["colours"]),
        card_lots=[square(lot) for lot in CARD_LOTS[p["side"]]],
        cards_held=len(hands[p["seat"]]) if hands else HAND)


#: Lot and city names as texts, made once (texts are never changed).
_LOT_LABELS = tuple(_(name) for name in LOT_NAMES)
_CITY_LABELS = {city: _(name) for city, name in CITIES.items()}


def _lot(tower: list | None, lot: int) -> dict:
    if tower is None:
        return {"lot": [lot // 3, lot % 3], "label": _LOT_LABELS[lot], "pieces": [],
                "owner": None, "storeys": 0}
    return {"lot": [lot // 3, lot % 3], "label": _LOT_LABELS[lot],
            "pieces": [{"colour": c, "height": h} for c, h in tower],
            "owner": tower[-1][0], "storeys": sum([h for _c, h in tower])}


def _cities(board: dict) -> list[dict]:
    return [_city(city, marshal.dumps(lots)) for city, lots in board.items()]


@lru_cache(maxsize=1024)
def _city(city: str, lots: bytes) -> dict:
    """A city as screens see it, made once per layout of its towers (a move builds on
    one lot of one city; the other cities and lots stay as they were)."""
    return {"city": city, "label": _CITY_LABELS[city],
            "lots": [_lot(tower, lot) for lot, tower in enumerate(marshal.loads(lots))]}


def _last(last: dict | None) -> dict | None:
    """The last card played and what it did (public: cards are played face up)."""
    if last is None:
        return None
    shown = {**last, "card": square(last["card"])}
    if "lot" in last:
        shown["lot"] = square(last["lot"])
    return shown
