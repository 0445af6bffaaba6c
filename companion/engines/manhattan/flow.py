"""The table of steps (MH-T-2): what may be done in each phase of a round, who is due,
and ``apply`` through ``common.advance``.

With private hands (MH-H-1) a seat holding fewer than four cards is due as well, to
enter the card it was dealt or drew; it picks or builds only once it holds four.
"""

from .. import common
from ..text import N_, Text, _, ngettext
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
    return _("Pick {count} {colour} pieces for round {round}.", count=state["per_round"],
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

STEPS = {
    "pick": common.Step(actions={"pick": pick, "draw": draw}, out_of_turn="MH-T-2",
                        not_now="MH-T-2", prompt=_asking(_pick_prompt)),
    "build": common.Step(actions={"place": place, "pass": pass_turn, "draw": draw},
                         out_of_turn="MH-T-2", not_now="MH-T-2", prompt=_asking(_build_prompt)),
    common.OVER: common.Step(actions={}, out_of_turn="MH-T-1", prompt=_over_prompt),
}


def to_act(state: dict) -> set[str]:
    if state["phase"] == common.OVER:
        return set()
    return due(state) | set(short(state))


def is_over(state: dict) -> bool:
    return state["phase"] == common.OVER


#: Each kind of move in a few words (what a refusal, the undo notice and the audit trail
#: call it; never what was chosen).
ACTION_NAMES = {
    "draw": N_("draw a card"), "pick": N_("pick pieces"), "place": N_("build"), "pass": N_("pass"),
}


def apply(state: dict, seat: str, action: dict) -> dict:
    """The state after ``seat`` takes ``action``; refuses with IllegalAction."""
    return common.advance(STEPS, state, seat, action, to_act(state), names,
                          unknown_rule="MH-T-2", copying=COPYING, action_names=ACTION_NAMES)
