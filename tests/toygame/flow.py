"""The steps of a toy game: secrets (all at once, sealed), the table's roll, turns, over;
``to_act``, ``apply``, ``legal`` and ``is_over`` built from them by ``common.Flow``."""

from companion.engines import TABLE, IllegalAction, common
from companion.engines.text import _

from . import legal as options
from .state import ADDS, FACES, SECRETS, TARGET, names, seats, waiting_secrets


def _secret(state: dict, seat: str, action: dict) -> None:
    n = action.get("n")
    if type(n) is not int or n not in SECRETS:
        raise IllegalAction("TOY-2", _("A secret number is 1 to 9, not {n}.", n=repr(n)), n=n)
    state["secrets"][seat] = n
    if not waiting_secrets(state):
        state["phase"] = "roll"


def _roll(state: dict, seat: str, action: dict) -> None:
    n = action.get("n")
    if type(n) is not int or n not in FACES:
        raise IllegalAction("TOY-3", _("A die shows 1 to 6, not {n}.", n=repr(n)), n=n)
    state["counter"] = n
    state["phase"], state["turn"] = "add", seats(state)[0]


def _add(state: dict, seat: str, action: dict) -> None:
    n = action.get("n")
    if type(n) is not int or n not in ADDS:
        raise IllegalAction("TOY-4", _("You add 1, 2 or 3, not {n}.", n=repr(n)), n=n)
    if n == state["last_add"]:
        raise IllegalAction("TOY-5", _("You may not add {n}: the player before you added {n}.", n=n), n=n)
    state["counter"] += n
    state["added"][seat] += n
    state["last_add"] = n
    if state["counter"] >= TARGET:
        state["phase"], state["turn"], state["winner"] = common.OVER, None, seat
    else:
        state["turn"] = common.next_seat(seats(state), seat)


def _prompt(text):
    return lambda state, seat: text


STEPS = {
    "secret": common.Step({"secret": _secret}, out_of_turn="TOY-2", not_now="TOY-6",
                          prompt=_prompt(_("Choose a secret number from 1 to 9.")),
                          due=waiting_secrets, options=options.secret, sealed=True),
    "roll": common.Step({"roll": _roll}, out_of_turn="TOY-3", not_now="TOY-6",
                        prompt=_prompt(_("Roll the die and enter what it shows.")),
                        due=lambda state: {TABLE}, options=options.roll),
    "add": common.Step({"add": _add}, out_of_turn="TOY-4", not_now="TOY-6",
                       prompt=lambda state, seat: _("The counter is at {n}: add 1, 2 or 3.",
                                                    n=state["counter"]),
                       due=lambda state: {state["turn"]}, options=options.add),
    common.OVER: common.Step({}, out_of_turn="TOY-7", prompt=_prompt(_("The game is over."))),
}

FLOW = common.Flow(STEPS, unknown_rule="TOY-6", names=names)
step, to_act, apply, legal, is_over = FLOW.step, FLOW.to_act, FLOW.apply, FLOW.legal, common.is_over
