"""New York (Dirk Henn): the rules engine.

A pure engine with the shared contract (``companion.engines``): ``setup``,
``apply``, ``to_act``, ``legal``, ``view``, ``scores``, ``is_over``, ``describe``,
plus ``table_draw`` for the server to draw for the table. Random draws (money
turned up, tiles from the bag, scoring cards) are inputs from the pseudo-seat
``"table"``, entered as drawn. Rule IDs are those of the digest (NY-…). The
modules are named after what they hold::

    catalogue   the printed components and their DATA file catalogue.json (NY-C)
    setup       config validation and the initial state (NY-S, NY-2P-1/2)
    city        geometry: building rules, holes, walking, longest street (NY-B, NY-SC-3)
    money       deck, display, taking money and payments (NY-T-2, NY-T-3)
    market      market spaces, the bag, leftovers at the end (NY-C-5, NY-E-2)
    turn        the player's actions and the bought tiles (NY-T)
    refill      end-of-turn draws, scoring cards, the end (NY-T-5, NY-SC-1, NY-E)
    scoring     majorities and streets (NY-SC)
    dirk        the two-player collector (NY-2P)
    legal, view, playout   for phones, screens, logs and random games

>>> from companion.engines import new_york as ny
>>> state = ny.setup({
...     "players": [{"seat": "a", "name": "Anna"}, {"seat": "b", "name": "Ben"},
...                 {"seat": "c", "name": "Carla"}],
...     "start_money": {"a": [["blue", 9], ["red", 9], ["green", 2]],
...                     "b": [["blue", 8], ["red", 8], ["green", 5]],
...                     "c": [["yellow", 9], ["yellow", 8], ["red", 1], ["blue", 2]]},
...     "money_display": [["blue", 1], ["green", 2], ["yellow", 3], ["red", 4]],
...     "market": [["museum", 2, ""], ["park", 8, "N"], ["church", 7, "E"], ["station", 5, ""]]})
>>> state["active"], sorted(ny.to_act(state))
('a', ['a'])
>>> state = ny.apply(state, "a", {"type": "buy", "space": "blue", "pay": [["blue", 9]]})
>>> ny.legal(state, "a")["step"]
'place'
"""

from ..errors import IllegalAction
from . import refill, turn
from .legal import legal, to_act, waiting_for
from .playout import table_draw
from .scoring import totals
from .setup import setup
from .state import clone, name
from .view import describe, view

NAME = "new_york"
TITLE = "New York"
RULE_PREFIX = "NY"
PLAYERS = (2, 6)

__all__ = ["NAME", "TITLE", "RULE_PREFIX", "PLAYERS", "setup", "apply", "to_act", "legal", "view",
           "scores", "is_over", "describe", "table_draw"]

# Why an action is refused outside its phase: (rule, reason).
_ACTION_OVER = ("NY-T-5", "your actions are over: place the tiles waiting beside your city")
_NOT_YET = ("NY-T-3", "bought tiles wait beside the city until the end of the turn")
_NO_REFILL = ("NY-T-5", "the table refills only at the end of a turn")
# action type -> (phases it belongs to, refusal outside them, handler)
_ACTIONS = {
    "take_money": (("turn",), _ACTION_OVER, turn.take_money),
    "buy": (("turn",), _ACTION_OVER, turn.buy),
    "reserve_to_city": (("turn",), _ACTION_OVER, turn.reserve_to_city),
    "city_to_reserve": (("turn",), _ACTION_OVER, turn.city_to_reserve),
    "swap": (("turn",), _ACTION_OVER, turn.swap),
    "pass": (("turn",), _ACTION_OVER, turn.pass_turn),
    "place": (("place", "final"), _NOT_YET, turn.place),
    "to_reserve": (("place", "final"), _NOT_YET, turn.to_reserve),
    "to_dirk": (("place",), ("NY-2P-4", "only a tile bought this turn may go to Dirk, once the "
                             "action is over"), turn.to_dirk),
    "draw_money": (("refill",), _NO_REFILL, refill.draw_money),
    "draw_tile": (("refill",), _NO_REFILL, refill.draw_tile),
}


def apply(state: dict, seat: str, action: dict) -> dict:
    """The state after ``seat`` does ``action``; ``state`` itself is not changed."""
    if not isinstance(action, dict) or action.get("type") not in _ACTIONS:
        kind = action.get("type") if isinstance(action, dict) else action
        raise IllegalAction("NY-T-1", f"{kind!r} is not an action of New York; the actions are "
                            f"{', '.join(_ACTIONS)}.", action=action)
    if state["phase"] == "over":
        raise IllegalAction("NY-E-3", "The game is over.", seat=seat)
    acting = to_act(state)
    if seat not in acting:
        raise IllegalAction("NY-T-1", f"{name(state, seat)} cannot act now: waiting for "
                            f"{waiting_for(state)}.", seat=seat, to_act=sorted(acting))
    phases, (rule, why), handler = _ACTIONS[action["type"]]
    if state["phase"] not in phases:
        what = action["type"].replace("_", " ").capitalize()
        raise IllegalAction(rule, f"{what} is not possible now: {why}.", phase=state["phase"])
    new = clone(state)
    handler(new, seat, action)
    return new


def is_over(state) -> bool:
    return state["phase"] == "over"


def scores(state) -> dict:
    """Totals, the score events (scorings A, B and C) and, once over, the winner(s) (NY-E-3)."""
    result = totals(state)
    best = max(result.values())
    winners = [seat for seat, pts in result.items() if pts == best] if is_over(state) else []
    return {"totals": result, "events": state["events"], "winners": winners}
