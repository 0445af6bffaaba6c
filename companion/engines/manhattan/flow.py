"""The table of steps (MH-T-2): what may be done in each phase of a round, who is due,
what a due seat is asked and offered; ``to_act``, ``apply``, ``legal`` and ``is_over``,
built from the table by ``common.Flow``.

With private hands (MH-H-1) a seat holding fewer than four cards is due as well, to
enter the card it was dealt or drew; it picks or builds only once it holds four.
"""

from .. import common
from ..text import N_, Text, _, ngettext
from . import legal as options
from .cards import HAND, draw, short, tracked
from .pieces import colour_name
from .state import names, picking, player
from .turns import can_build, due, pass_turn, pick, place


def _draw_prompt(state: dict, seat: str) -> Text:
    missing = HAND - len(state["hands"][seat])
    return ngettext("Enter {n} more card: the one you were dealt or drew.",
                    "Enter {n} more cards: the ones you were dealt or drew, one at a time.", missing)


def _asking(main):
    """A step's prompt, unless the seat must first enter a card (MH-H-1)."""
    def prompt(state: dict, seat: str) -> Text:
        return _draw_prompt(state, seat) if seat in short(state) else main(state, seat)
    return prompt


def _pick_prompt(state: dict, seat: str) -> Text:
    return ngettext("Pick {n} {colour} piece for round {round}.",
                    "Pick {n} {colour} pieces for round {round}.", state["per_round"],
                    colour=colour_name(picking(state)), round=state["round"])


def _build_prompt(state: dict, seat: str) -> Text:
    pieces = [_("{colour} ({heights})", colour=colour_name(c), heights=state["colours"][c]["picked"])
              for c in player(state, seat)["colours"] if state["colours"][c]["picked"]]
    if tracked(state) and not can_build(state, seat):
        return _("No card you hold lets you build: show one card, draw a new one and set one of "
                 "your pieces aside. Your pieces: {pieces}.", pieces=pieces)
    return _("Play a card, build one of your pieces in any city and draw a card; if no card you "
             "hold lets you build, pass. Your pieces: {pieces}.", pieces=pieces)


def _over_prompt(state: dict, seat: str) -> Text:
    return _("The game is over.")


#: How apply copies the state (``common.Copying``): the players are the set-up, never
#: changed; a hand's cards (square numbers) are moved, never changed.
COPYING = common.Copying(shared=("players",), grouped=("hands",))

def _due(state: dict) -> set[str]:
    """Whoever picks or builds now, and every seat that must first enter a card."""
    return due(state) | set(short(state))


STEPS = {
    "pick": common.Step(actions={"pick": pick, "draw": draw}, out_of_turn="MH-T-2",
                        not_now="MH-T-2", prompt=_asking(_pick_prompt), due=_due,
                        options=options.pick),
    "build": common.Step(actions={"place": place, "pass": pass_turn, "draw": draw},
                         out_of_turn="MH-T-2", not_now="MH-T-2", prompt=_asking(_build_prompt),
                         due=_due, options=options.build),
    common.OVER: common.Step(actions={}, out_of_turn="MH-T-1", prompt=_over_prompt),
}


#: Each kind of move in a few words (what a refusal, the undo notice and the audit trail
#: call it; never what was chosen).
ACTION_NAMES = {
    "draw": N_("draw a card"), "pick": N_("pick pieces"), "place": N_("build"), "pass": N_("pass"),
}


FLOW = common.Flow(STEPS, unknown_rule="MH-T-2", names=names, copying=COPYING,
                   action_names=ACTION_NAMES)
step, to_act, apply, legal, is_over = FLOW.step, FLOW.to_act, FLOW.apply, FLOW.legal, common.is_over
