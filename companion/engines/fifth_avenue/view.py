"""What one seat (or the table screen, ``seat=None``) may see (FA-H-1, FA-H-2).

Everything on the board is public. Hidden: card values in hands (a seat sees only its
own, and only with private hands) and sealed submissions until the reveal.

What every seat sees is made once per state and shared by the views (``_public``), and the
quarters once for as long as a state's quarters are the same object; ``last_auction`` is
the state's own. This is safe because handlers never change a state in place (see
``common``); so a view is read, never changed.
"""

from .. import common
from ..text import Text, _
from .board import BLOCKS, DUMMY, QUARTERS, place_text
from .flow import auction_place, to_act
from .scoring import next_special
from .shops import current_block
from .state import bidders, name, private_hands, sealed


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
    if seat == DUMMY:
        return common.player(DUMMY, name(state, DUMMY), 0, cfg["dummy"]["color"], dummy=True,
                             hand_size=0, reserve=0, supply=state["supply"][DUMMY],
                             on_board=built.get(DUMMY, 0), central_park=0)
    return common.player(seat, name(state, seat), state["score"][seat], cfg["colors"][seat],
                         hand_size=hand_size(state, seat), reserve=state["reserve"][seat],
                         supply=state["supply"][seat], on_board=built.get(seat, 0),
                         central_park=state["central_park"][seat])


#: Quarter names as texts, made once (like ``state.THE_TABLE``: texts are never changed).
_QUARTER_NAMES = {q: place_text(q) for q in QUARTERS}


@common.once_per_state
def _quarters(quarters: dict) -> dict:
    """The quarters as the views show them, made once for as long as a state's quarters
    stay the same object (a move that leaves them alone shares them with the state before)."""
    return {q: {"name": _QUARTER_NAMES[q], "closed": quarters[q]["closed"],
                "lots": [dict(l, shops=list(l["shops"])) for l in quarters[q]["lots"]]}
            for q in QUARTERS}


def _auction(state: dict, viewer) -> dict | None:
    a = state["auction"]
    if a is None:
        return None
    public = {k: a[k] for k in ("kind", "quarter", "color", "opener", "full", "chooser")}
    public.update(order=list(a["order"]), sealed=sealed(state),
                  round_queue=list(state["round"]["queue"]), commission=state["round"]["commission"])
    if sealed(state):  # before the reveal a seat sees only its own submission
        own = a["bids"].get(viewer)
        public.update(bids={viewer: common.clone(own)} if own else {},
                      submitted=list(a["submitted"]),
                      passed=[viewer] if viewer in a["passed"] else [], highest=None, turn=None)
    else:
        public.update(bids=common.clone(a["bids"]), submitted=[], passed=list(a["passed"]),
                      highest=a["highest"] and dict(a["highest"]), turn=a["turn"])
    return public


def status(state: dict, due: list[str] | None = None) -> Text:
    """Whom the table waits for, and for what (the table screen's line); ``due``: the
    sorted ``to_act`` if the caller has it already."""
    who = [name(state, s) for s in (sorted(to_act(state)) if due is None else due)]
    return _STATUS[state["phase"]](state, who)


_STATUS = {
    "initial": lambda state, who: _("Waiting for {who} to place an initial building.", who=who),
    "choose": lambda state, who: _("Waiting for {who} to choose an action (A, B, C or D).", who=who),
    "take_colored": lambda state, who: _("Waiting for {who} to take coloured cards.", who=who),
    "move_commission": lambda state, who: _("Waiting for {who} to move a commission.", who=who),
    "auction": lambda state, who: (
        _("Waiting for sealed bids on {place} from {who}.", place=auction_place(state), who=who)
        if sealed(state) else
        _("Waiting for {who} to bid or pass on {place}.", who=who, place=auction_place(state))),
    "cp_color": lambda state, who: _("Waiting for {who} to name Central Park's colour.", who=who),
    "build": lambda state, who: _("Waiting for {who} to build.", who=who),
    "dummy": lambda state, who: _("Waiting for the table to turn {dummy}'s black cards.",
                                  dummy=name(state, DUMMY)),
    "reveal": lambda state, who: _("Waiting for the table to reveal the shops under Central Park."),
    "over": lambda state, who: _("The game is over."),
}


def view(state: dict, seat=None) -> dict:
    """A JSON-able picture of the game for ``seat`` (``None``: the table screen)."""
    result = dict(_public(state), auction=_auction(state, seat))
    if seat in state["hands"] and private_hands(state):
        result["hand"] = [dict(c) for c in state["hands"][seat]]
    return result


@common.once_per_state
def _public(state: dict) -> dict:
    """Everything but the auction and the hand: the same for every seat, made once per state."""
    cfg = state["config"]
    built = on_board(state)
    due = sorted(to_act(state))
    return {
        "game": "fifth_avenue",
        "phase": state["phase"],
        "players": [_player(state, s, built) for s in bidders(state)],
        "start_player": cfg["seats"][0],
        "active": state["active"],
        "to_act": due,
        "status": status(state, due),  # the table screen's line: whom the game waits for
        "chosen": state["chosen"],
        "board": cfg["board"],
        "auctions": cfg["auctions"],
        "hands": cfg["hands"],
        "quarters": _quarters(state["quarters"]),
        "commissions": {c: {"at": v["at"], "markers": list(v["markers"])}
                        for c, v in state["commissions"].items()},
        "display": list(state["display"]),
        "blocks": [list(b) for b in BLOCKS],
        "current_block": current_block(state),
        "shops_placed": state["shops_placed"],
        "next_special": next_special(state),
        "central_park": {"buildings": dict(state["central_park"]), "shops": list(state["cp_shops"]),
                         "revealed": state["revealed"] and list(state["revealed"])},
        "supply": {(cfg["dummy"]["color"] if s == DUMMY else cfg["colors"][s]): n
                   for s, n in state["supply"].items()},
        "piles": dict(state["piles"]),
        "closed": list(state["closed"]),
        "round": state["round"] and {"commission": state["round"]["commission"],
                                     "opener": state["round"]["opener"],
                                     "queue": list(state["round"]["queue"])},
        "build": state["build"] and dict(state["build"]),
        "last_auction": state["last_auction"],  # shared: replaced whole, never changed in place
        "over": state["phase"] == common.OVER,
        "end": state["end"],
        "winners": list(state["winners"]),
    }
