"""The scripted game of the browser scenario: which action the table needs next.

The test folds the engine over the table's stored events and asks ``next_action``
what to do; the browser then performs that action on the acting seat's phone. The
script is short on purpose: the white commission goes City Hall → 34w → 42w → 52w →
Central Park and back, so a sealed auction round starts on the fifth turn; 34w is
filled with buildings and shops first, so its auction ends in a closure.
"""

from companion.engines import fifth_avenue as engine
from companion.engines.common import state_after
from companion.engines.fifth_avenue.hands import holding

#: Initial buildings: the first round fills 34w, the second goes to 42w.
INITIAL = ["34w:green", "34w:grey", "34w:brown", "42w:green", "42w:brown", "42w:violet"]
#: Shops placed by action B, each on a lot without one: the last free lot of 34w, then
#: lots off the white route.
SHOP_LOTS = ["34w:violet", "34e:grey", "42e:grey", "52e:grey", "34e:brown", "42e:brown"]
WHITE_ROUTE = {"city_hall": "34w", "34w": "42w", "42w": "52w", "52w": "central_park",
               "central_park": "city_hall"}
WHITE_ROUTE_QUARTERS = ["34w", "42w", "52w"]
#: Sealed bids by rank in an auction: (coloured card value, black card values) or None = pass.
BIDS = [(6, [5]), (4, []), None]
#: The two-player dummy's black cards, as the host types them in (a bid of 19).
DUMMY_DRAWS = [4, 6, 5, 4]
TURN_ACTIONS = {"take_buildings", "place_shop", "take_black", "score_quarter"}


def fold(config: dict, events) -> dict:
    return state_after(engine, engine.setup(config), events)


def turns_started(events) -> int:
    """How many turns have chosen an action (A-D) so far."""
    return sum(e.action["type"] in TURN_ACTIONS for e in events)


def auction_number(state: dict) -> int:
    """Which auction of the scripted round this is: 34w, 42w, 52w, then Central Park."""
    quarter = state["auction"]["quarter"]
    return WHITE_ROUTE_QUARTERS.index(quarter) if quarter else len(WHITE_ROUTE_QUARTERS)


def _spot(entry_lots: list[dict], wanted: list[str]) -> dict:
    offered = {f"{s['quarter']}:{s['lot']}" for s in entry_lots}
    quarter, lot = next(w for w in wanted if w in offered).split(":")
    return {"quarter": quarter, "lot": lot}


def _lot(state: dict, spot: str) -> dict:
    quarter, color = spot.split(":")
    return next(l for l in state["quarters"][quarter]["lots"] if l["color"] == color)


def next_action(state: dict, seat: str, events) -> dict:
    """The scripted action of ``seat`` now (one of its legal choices); a dummy bid
    without ``draws`` means the host lets the server draw."""
    entries = {e["type"]: e for e in engine.legal(state, seat)["actions"]}
    if "place_initial_building" in entries:
        return {"type": "place_initial_building", **_spot(entries["place_initial_building"]["lots"], INITIAL)}
    if state["phase"] == "choose":
        if turns_started(events) == 1:  # the second turn scores 34w, where white stands
            return {"type": "score_quarter", "quarter": "34w"}
        entry = entries["place_shop"]
        bare = [w for w in SHOP_LOTS if not _lot(state, w)["shops"]]
        return {"type": "place_shop", "shop": entry["shops"][0], **_spot(entry["lots"], bare)}
    if "take_colored" in entries:
        colors = entries["take_colored"]["colors"][:2]
        return {"type": "take_colored", "cards": [{"color": c} for c in colors]}
    if "move_commission" in entries:
        at = state["commissions"]["white"]["at"]
        return {"type": "move_commission", "commission": "white", "to": WHITE_ROUTE[at]}
    if "choose_color" in entries:
        return {"type": "choose_color", "color": _park_color(state)}
    if "dummy_bid" in entries:  # typed in for the first auction, drawn by the server after
        return {"type": "dummy_bid", "draws": DUMMY_DRAWS if auction_number(state) == 0 else None}
    if state["phase"] == "auction" and state["config"]["auctions"] == "open":
        return {"type": "pass"}  # open rounds are left to the dummy
    if state["phase"] == "auction":
        return _sealed_bid(state, seat, entries.get("bid"))
    if "close_quarter" in entries:
        return {"type": "close_quarter"}
    if "build" in entries:
        return {"type": "build", "count": entries["build"]["max"]}
    raise AssertionError(f"the script has no move for {seat} in {engine.legal(state, seat)}")


def _sealed_bid(state: dict, seat: str, entry: dict | None) -> dict:
    """Bid by rank: the winner of each auction of the round is the next seat in order."""
    order = state["auction"]["order"]
    rank = (order.index(seat) - auction_number(state)) % len(order)
    plan = BIDS[rank]
    if plan is None or entry is None:
        return {"type": "pass"}
    color_value, black_values = plan
    held = entry["held"]
    color = next((c for c in entry["colors"] if held.get(c)), None)
    if color is None:
        return {"type": "pass"}
    blacks = black_values[: held.get("black", 0)]
    return {"type": "bid", "cards": [{"color": color, "value": color_value}]
            + [{"color": "black", "value": v} for v in blacks]}


def _park_color(state: dict) -> str:
    """Central Park's colour: one that every player still holds, if any."""
    seats = state["auction"]["order"]
    return max(engine.legal(state, state["auction"]["chooser"])["actions"][0]["colors"],
               key=lambda c: min(holding(state, s).get(c, 0) for s in seats))
