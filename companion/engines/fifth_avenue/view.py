"""What one seat (or the table screen, ``seat=None``) may see (FA-H-1, FA-H-2).

Everything on the board is public. Hidden: card values in hands (a seat sees only its
own, and only with private hands) and sealed submissions until the reveal.
"""

from .board import BLOCKS, DUMMY, QUARTERS
from .legal import waiting_prompt
from .scoring import next_special
from .shops import current_block
from .state import bidders, copy_of, name, private_hands, sealed
from .turn import to_act


def on_board(state: dict) -> dict:
    """Buildings each owner has standing in the quarters."""
    counts = {}
    for quarter in state["quarters"].values():
        for lot in quarter["lots"]:
            if lot["owner"]:
                counts[lot["owner"]] = counts.get(lot["owner"], 0) + lot["buildings"]
    return counts


def hand_size(state: dict, seat: str) -> int:
    """Cards in hand; a sealed bid not yet revealed still counts, so sizes leak nothing."""
    a = state["auction"]
    hidden = a["bids"].get(seat) if a and sealed(state) else None
    return len(state["hands"][seat]) + (len(hidden["cards"]) if hidden else 0)


def _player(state: dict, seat: str, built: dict) -> dict:
    cfg = state["config"]
    on_board = built.get(seat, 0)
    if seat == DUMMY:
        return {**cfg["dummy"], "score": 0, "hand_size": 0, "reserve": 0,
                "supply": state["supply"][DUMMY], "on_board": on_board, "central_park": 0}
    return {"seat": seat, "name": name(state, seat), "color": cfg["colors"][seat],
            "score": state["score"][seat], "hand_size": hand_size(state, seat),
            "reserve": state["reserve"][seat], "supply": state["supply"][seat],
            "on_board": on_board, "central_park": state["central_park"][seat]}


def _quarters(state: dict) -> dict:
    return {q: {"name": QUARTERS[q], "closed": state["quarters"][q]["closed"],
                "lots": [dict(l, shops=list(l["shops"])) for l in state["quarters"][q]["lots"]]}
            for q in QUARTERS}


def _auction(state: dict, viewer) -> dict | None:
    a = state["auction"]
    if a is None:
        return None
    public = {k: copy_of(a[k]) for k in ("kind", "quarter", "color", "opener", "order", "full",
                                         "chooser")}
    public["sealed"] = sealed(state)
    public["round_queue"] = list(state["round"]["queue"])
    public["commission"] = state["round"]["commission"]
    if sealed(state):  # before the reveal a seat sees only its own submission
        own = a["bids"].get(viewer)
        public.update(bids={viewer: copy_of(own)} if own else {}, submitted=list(a["submitted"]),
                      passed=[viewer] if viewer in a["passed"] else [], highest=None, turn=None)
    else:
        public.update(bids=copy_of(a["bids"]), submitted=[], passed=list(a["passed"]),
                      highest=copy_of(a["highest"]), turn=a["turn"])
    return public


def view(state: dict, seat=None) -> dict:
    """A JSON-able picture of the game for ``seat`` (``None``: the table screen)."""
    cfg = state["config"]
    built = on_board(state)
    result = {
        "game": "fifth_avenue",
        "players": [_player(state, s, built) for s in bidders(state)],
        "start_player": cfg["seats"][0],
        "active": state["active"],
        "step": state["step"],
        "to_act": sorted(to_act(state)),
        "prompt": waiting_prompt(state),
        "turn": state["turn"],
        "board": cfg["board"],
        "auctions": cfg["auctions"],
        "hands": cfg["hands"],
        "quarters": _quarters(state),
        "commissions": {c: {"at": v["at"], "markers": list(v["markers"])}
                        for c, v in state["commissions"].items()},
        "display": list(state["display"]),
        "blocks": [list(b) for b in BLOCKS],
        "current_block": current_block(state),
        "shops_placed": state["shops_placed"],
        "next_special": next_special(state),
        "central_park": {"buildings": dict(state["central_park"]), "shops": list(state["cp_shops"]),
                         "revealed": state["revealed"]},
        "supply": {(cfg["dummy"]["color"] if s == DUMMY else cfg["colors"][s]): n
                   for s, n in state["supply"].items()},
        "piles": dict(state["piles"]),
        "closed": list(state["closed"]),
        "round": state["round"] and {"commission": state["round"]["commission"],
                                     "opener": state["round"]["opener"],
                                     "queue": list(state["round"]["queue"])},
        "auction": _auction(state, seat),
        "build": copy_of(state["build"]),
        "last_auction": copy_of(state["last_auction"]),
        "over": state["step"] == "over",
        "end": state["end"],
        "winners": list(state["winners"]),
    }
    if seat in state["hands"] and private_hands(state):
        result["hand"] = [dict(c) for c in state["hands"][seat]]
    return result
