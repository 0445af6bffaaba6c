"""The action vocabulary: which action types each step accepts, and ``apply``.

``apply`` refuses actions of seats that are not to act (citing the rule that says
whose turn it is), action types the current step does not take (FA-T-1), and
anything after the end; the step's handler checks the rest and changes a copy.
"""

from .. import TABLE
from ..errors import IllegalAction
from .board import DUMMY
from . import auction, scoring, setup, turn
from .legal import legal, waiting_prompt
from .state import name, sealed, thaw


def _pass(state: dict, seat: str, action: dict) -> None:
    auction.pass_(state, seat, action)


def _pass_choice(state: dict, seat: str, action: dict) -> None:
    auction.pass_choice(state, seat)


def _dummy_bid(state: dict, seat: str, action: dict) -> None:
    auction.dummy_bid(state, action)


#: step -> action type -> handler(state, seat, action)
HANDLERS = {
    "initial": {"place_initial_building": setup.place_initial_building},
    "choose": {"take_buildings": turn.take_buildings, "place_shop": turn.place_shop,
               "take_black": turn.take_black, "score_quarter": turn.score_quarter},
    "take_colored": {"take_colored": turn.take_colored},
    "move_commission": {"move_commission": turn.move_commission},
    "auction": {"bid": auction.bid, "pass": _pass, "dummy_bid": _dummy_bid},
    "cp_color": {"choose_color": auction.choose_color, "pass": _pass_choice},
    "build": {"build": auction.build, "close_quarter": auction.close_quarter},
    "dummy": {"dummy_bid": _dummy_bid},
    "reveal": {"reveal_central_park": scoring.reveal_central_park},
}

#: The rule that says who acts in each step, cited when someone else tries.
TURN_RULES = {
    "initial": "FA-S-4", "choose": "FA-S-5", "take_colored": "FA-T-1",
    "move_commission": "FA-T-1", "auction": "FA-A-2", "cp_color": "FA-A-7", "build": "FA-A-4",
    "dummy": "FA-2P-2", "reveal": "FA-E-1",
}

#: Inputs only the table makes (random draws), with the rule that says what they are.
TABLE_ACTIONS = {"dummy_bid": "FA-2P-2", "reveal_central_park": "FA-E-3"}


def _turn_rule(state: dict) -> str:
    if state["step"] == "auction" and sealed(state):
        return "FA-H-1"
    return TURN_RULES[state["step"]]


def check_turn(state: dict, seat, action) -> None:
    """Refuse what is not this seat's to do now."""
    if state["step"] == "over":
        rule = "FA-SH-5" if state["end"] == "shops" else "FA-X-4"
        raise IllegalAction(rule, "The game is over.", seat=seat)
    if seat == DUMMY:
        raise IllegalAction("FA-2P-1", f"{name(state, DUMMY)} only bids in auctions, and the table "
                            "enters its draws.", seat=seat)
    if seat not in turn.to_act(state):
        waiting = waiting_prompt(state)
        raise IllegalAction(_turn_rule(state), f"Not {name(state, seat)}'s move: "
                            f"{waiting[0].lower()}{waiting[1:]}", seat=seat, step=state["step"])
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("FA-T-1", f"An action is an object with a 'type', got {action!r}.")
    kind = action["type"]
    if (seat == TABLE) != (kind in TABLE_ACTIONS):
        raise IllegalAction(TABLE_ACTIONS.get(kind, "FA-T-1"), f"{kind!r} is not for "
                            f"{name(state, seat)} to do. {legal(state, seat)['prompt']}",
                            type=kind, seat=seat)
    if kind not in HANDLERS[state["step"]]:
        raise IllegalAction("FA-T-1", f"{kind!r} is not possible now. "
                            f"{legal(state, seat)['prompt']}", type=kind, step=state["step"],
                            possible=sorted(HANDLERS[state["step"]]))


def apply(state: dict, seat, action: dict) -> dict:
    """The state after ``seat`` does ``action``; ``state`` itself is left unchanged."""
    check_turn(state, seat, action)
    fresh = thaw(state)
    HANDLERS[state["step"]][action["type"]](fresh, seat, action)
    return fresh
