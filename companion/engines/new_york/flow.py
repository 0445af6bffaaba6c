"""The table of steps: what may be done in each phase, who is due, what a due seat is
asked and offered; ``to_act``, ``apply``, ``legal`` and ``is_over``, built from the
table by ``common.Flow``.

Phases: ``turn`` (the active player's actions, NY-T-1 … NY-T-4), ``place`` (the
tiles bought this turn, NY-T-5), ``refill`` (the table's draws, NY-T-5), ``final``
(market tiles handed out at the end, NY-E-2) and ``over``.
"""

from .. import common
from ..text import N_, _
from . import legal as options
from . import placing, refill, turn
from .state import names


def _turn_prompt(state, seat):
    if state["pending"][seat]:
        return _("You paid exactly: take another action (take money, buy a tile or develop "
                 "your city).")
    return _("Take money, buy a tile or develop your city.")


def _place_prompt(state, seat):
    return _("Place your bought tiles in your city or reserve.")


def _final_prompt(state, seat):
    return _("Place the market tiles you received in your city or reserve.")


def _over_prompt(state, seat):
    return _("The game is over.")


def _active(state):
    return {state["active"]}


def _holding(state):
    """Everyone still holding a market tile handed out at the end: they place them in
    any order, each seeing the others' (not a sealed step)."""
    return {seat for seat, tiles in state["pending"].items() if tiles}


STEPS = {
    "turn": common.Step(
        actions={"take_money": turn.take_money, "buy": turn.buy,
                 "reserve_to_city": turn.reserve_to_city, "city_to_reserve": turn.city_to_reserve,
                 "swap": turn.swap, "pass": turn.pass_turn},
        out_of_turn="NY-T-1", not_now="NY-T-3", prompt=_turn_prompt, due=_active,
        options=options.turn),
    "place": common.Step(
        actions={"place": placing.place, "to_reserve": placing.to_reserve,
                 "to_dirk": placing.to_dirk},
        out_of_turn="NY-T-1", not_now="NY-T-5", prompt=_place_prompt, due=_active,
        options=options.place),
    "refill": common.Step(
        actions={"draw_money": refill.draw_money, "draw_tile": refill.draw_tile},
        out_of_turn="NY-T-5", prompt=refill.prompt, due=lambda state: {common.TABLE},
        options=options.refill),
    "final": common.Step(
        actions={"place": placing.place, "to_reserve": placing.to_reserve},
        out_of_turn="NY-E-2", prompt=_final_prompt, due=_holding, options=options.final),
    common.OVER: common.Step(actions={}, out_of_turn="NY-E-3", prompt=_over_prompt),
}


#: How apply copies the state (``common.Copying``): the players are the set-up; score
#: events and the discard pile only grow (or the pile is replaced); money cards are
#: moved between hands and piles, never changed.
COPYING = common.Copying(shared=("players",), appended=("events", "discard"), grouped=("hands",))


#: Each kind of move in a few words (what a refusal, the undo notice and the audit trail
#: call it; never what was chosen).
ACTION_NAMES = {
    "take_money": N_("take money"), "buy": N_("buy a tile"), "place": N_("place a tile"),
    "reserve_to_city": N_("tile from the reserve to the city"), "city_to_reserve": N_("tile from the city to the reserve"),
    "to_reserve": N_("tile to the reserve"), "swap": N_("swap tiles"), "to_dirk": N_("tile to Dirk"),
    "pass": N_("pass"), "draw_money": N_("turn up a money card"), "draw_tile": N_("turn up a tile"),
}


FLOW = common.Flow(STEPS, unknown_rule="NY-T-1", names=names, copying=COPYING,
                   action_names=ACTION_NAMES)
step, to_act, apply, legal, is_over = FLOW.step, FLOW.to_act, FLOW.apply, FLOW.legal, common.is_over
