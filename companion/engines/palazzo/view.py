"""What one seat (or the table screen) may see: ``view``.

Built by copying public facts only, never by deleting secrets from a full copy, so a
new secret field in the state cannot leak by accident. Secret: the cards in other
hands, the contents of the deck, and sealed bids until all are in.

Quarries are listed by their number, counted from the master builder's (quarry 0);
``tiles.master_builder`` says where quarry 0 lies on the board (0-3 clockwise from his
place at setup), so a picture can keep the quarries in place while he moves.

What every seat sees is made once per state and shared by the views of that state
(``common.once_per_state``): a view is read, never changed.
"""

from .. import common
from . import auction, buying, hands, tiles
from .flow import status, to_act
from .scoring import points


def _players(state, seat, totals) -> list:
    players = []
    sealing = state["phase"] == "sealed_auction"
    for p in state["players"]:
        hand = state["hands"][p["seat"]]
        sealed = state["auction"]["bids"].get(p["seat"]) if sealing else None
        more = {
            # a sealed bid does not show how many cards went into it
            "hand_size": hand["count"] + (len(sealed["cards"]) if sealed and p["seat"] != seat
                                          else 0),
            "palaces": [list(palace) for palace in state["palaces"][p["seat"]]],
        }
        if p["seat"] == seat and hand["cards"] is not None:
            more["hand"] = list(hand["cards"])
        players.append(common.player(p["seat"], p["name"], totals[p["seat"]], p.get("colour"),
                                     **more))
    return players


def _tiles(state) -> dict:
    pile = state["tiles"]
    return {
        "supply": list(pile["supply"]),
        "price": buying.price(state),
        "quarries": [list(q) for q in pile["quarries"]],
        "master_builder": pile["master_builder"],
        "next_auction": auction.next_quarry(state),
        "knights": pile["knights"],
        "to_draw": len(pile["unseen"]) + tiles.KNIGHTS - pile["knights"],
        "out": len(pile["out"]),
    }


def _auction(state, seat):
    current = state["auction"]
    if current is None:
        return None
    shown = {
        "tiles": list(state["tiles"]["quarries"][0]),
        "opener": current["opener"],
        "sealed": state["phase"] == "sealed_auction",
    }
    if shown["sealed"]:
        shown["submitted"] = sorted(current["bids"])
        if seat in current["bids"]:
            own = current["bids"][seat]
            shown["own"] = {"cards": list(own["cards"]), "value": own["value"]}
        return shown
    shown.update(
        bids={s: {"cards": list(b["cards"]), "value": b["value"], "currency": b["currency"],
                  "opening": b["opening"]} for s, b in current["bids"].items()},
        passed=list(current["passed"]),
        to_bid=current["to_bid"],
        leader=current["leader"],
        high=auction.high_bid(current),
    )
    return shown


def view(state, seat=None) -> dict:
    return dict(_public(state), viewer=seat, players=_players(state, seat, _points(state)["totals"]),
                auction=_auction(state, seat))


_points = common.once_per_state(points)


@common.once_per_state
def _public(state) -> dict:
    """What every seat sees, made once per state (the seat's own parts are filled in by
    ``view``: None here keeps the keys in their order)."""
    result = _points(state)
    reveal, acquired, deal = state["reveal"], state["acquired"], state["distribution"]
    return {
        "game": "palazzo",
        "viewer": None,
        "phase": state["phase"],
        "status": status(state),
        "active": state["active"],
        "to_act": sorted(to_act(state)),
        "options": dict(state["options"]),
        "players": None,
        "tiles": _tiles(state),
        "money": {"deck": hands.deck_size(state), "discards": list(state["money"]["discards"])},
        "reveal": reveal and {"cards": list(reveal["cards"]), "order": list(reveal["order"])},
        "auction": None,
        "acquired": acquired and {"seat": acquired["seat"], "tiles": list(acquired["tiles"]),
                                  "paid": acquired["paid"]},
        "distribution": deal and {"order": list(deal["order"])},
        "winners": result["winners"],
    }
