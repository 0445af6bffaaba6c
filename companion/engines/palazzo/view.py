"""What one seat (or the table screen) may see: ``view``.

Built by copying public facts only, never by deleting secrets from a full copy, so a
new secret field in the state cannot leak by accident. Secret: the cards in other
hands, the contents of the deck, and sealed bids until all are in.
"""

from . import auction, hands, turn
from .game import to_act, waiting
from .scoring import scores


def _players(state, seat, totals) -> list:
    players = []
    for p in state["players"]:
        hand = state["hands"][p["seat"]]
        sealed = state["auction"]["bids"].get(p["seat"]) if state["phase"] == "sealed" else None
        entry = {
            "seat": p["seat"],
            "name": p["name"],
            # a sealed bid does not show how many cards went into it
            "hand_size": hand["count"] + (len(sealed["cards"]) if sealed and p["seat"] != seat
                                          else 0),
            "palaces": [list(palace) for palace in state["palaces"][p["seat"]]],
            "points": totals[p["seat"]],
        }
        if p["seat"] == seat and hand["cards"] is not None:
            entry["hand"] = list(hand["cards"])
        players.append(entry)
    return players


def _tiles(state) -> dict:
    pile = state["tiles"]
    return {
        "supply": list(pile["supply"]),
        "price": turn.price(state),
        "quarries": [list(q) for q in pile["quarries"]],
        "master_builder": pile["master_builder"],
        "next_auction": auction.next_quarry(state),
        "knights": pile["knights"],
        "left": len(pile["unseen"]) + 5 - pile["knights"],
        "out": len(pile["out"]),
    }


def _auction(state, seat):
    current = state["auction"]
    if current is None:
        return None
    shown = {
        "quarry": current["quarry"],
        "tiles": list(state["tiles"]["quarries"][current["quarry"]]),
        "opener": current["opener"],
        "sealed": state["phase"] == "sealed",
    }
    if state["phase"] == "sealed":
        shown["submitted"] = sorted(current["bids"])
        if seat in current["bids"]:
            own = current["bids"][seat]
            shown["own"] = {"cards": list(own["cards"]), "value": own["value"]}
        return shown
    shown.update(
        bids={s: {"cards": list(b["cards"]), "value": b["value"], "currency": b["currency"],
                  "opening": b["opening"]} for s, b in current["bids"].items()},
        passed=list(current["passed"]),
        turn=current["turn"],
        leader=current["leader"],
        high=auction.high_bid(current),
    )
    return shown


def view(state, seat=None) -> dict:
    result = scores(state)
    reveal, build, deal = state["reveal"], state["building"], state["distribution"]
    return {
        "game": "palazzo",
        "viewer": seat,
        "step": state["phase"],
        "prompt": waiting(state),
        "active": state["active"],
        "to_act": sorted(to_act(state)),
        "options": dict(state["options"]),
        "players": _players(state, seat, result["totals"]),
        "tiles": _tiles(state),
        "money": {"deck": hands.deck_size(state), "discards": list(state["money"]["discards"])},
        "reveal": reveal and {"cards": list(reveal["cards"]), "order": list(reveal["order"])},
        "auction": _auction(state, seat),
        "building": build and {"seat": build["seat"], "tiles": list(build["tiles"]),
                               "paid": build["paid"]},
        "distribution": deal and {"quarry": deal["quarry"], "order": list(deal["order"])},
        "over": state["phase"] == "over",
        "winners": result["winners"],
    }
