"""The table of steps: per phase its actions and handlers, the rule cited when a seat
acts out of turn or out of place, whom it waits for, what a due seat is asked and
offered (``legal``), what the table is told, and which steps are sealed; ``to_act``,
``apply``, ``legal`` and ``is_over``, built from the table by ``common.Flow``.

Phases (``state["phase"]``): ``starting_hands`` (private hands: every phone enters its
4 cards) → ``turn`` (take money / draw tiles / reconstruct) → ``pick`` (everyone takes
revealed money) or ``buy_or_auction`` → ``open_auction`` / ``sealed_auction`` /
``distribute`` → ``build`` → the next seat's ``turn``; ``over`` after the fifth knight.
"""

from .. import common
from ..common import OVER, Step
from ..text import N_, _, ngettext
from . import auction, buying, hands, reconstruction, tiles, turn
from . import legal as options
from .building import build
from .state import names, seats


def _status(template):
    """``extra["status"]``: what the table screen says while ``names`` are due."""
    return {"status": template}


STEPS = {
    "starting_hands": Step(
        actions={"enter_hand": hands.enter},
        out_of_turn="PZ-S-1", not_now="PZ-S-1",
        prompt=lambda state, seat: ngettext(
            "Enter the {n} money card you were dealt.", "Enter the {n} money cards you were dealt.",
            hands.hand_size(state, seat)),
        due=lambda state: {s for s, h in state["hands"].items() if h["cards"] is None},
        options=options.starting_hands, sealed=True,
        extra=_status(lambda who: _("Waiting for {names} to enter their starting hands.",
                                    names=who)),
    ),
    "turn": Step(
        actions={"take_money": turn.take_money, "draw_tiles": turn.draw_tiles,
                 "reconstruct": reconstruction.reconstruct},
        out_of_turn="PZ-S-1", not_now="PZ-S-1",
        prompt=lambda state, seat: _("Take money, draw two tiles or reconstruct."),
        due=lambda state: {state["active"]}, options=options.turn,
        extra=_status(lambda who: _("{names}: take money, draw two tiles or reconstruct.",
                                    names=who)),
    ),
    "pick": Step(
        actions={"pick": turn.pick},
        out_of_turn="PZ-T-1", not_now="PZ-T-1",
        prompt=lambda state, seat: ngettext(
            "Take {n} of the revealed money cards.", "Take {n} of the revealed money cards.",
            turn.pick_count(state, seat)),
        due=lambda state: {state["reveal"]["order"][0]}, options=options.pick,
        extra=_status(lambda who: _("{names}: take revealed money.", names=who)),
    ),
    "buy_or_auction": Step(
        actions={"buy": buying.buy, "auction": auction.start},
        out_of_turn="PZ-T-2", not_now="PZ-T-2",
        prompt=lambda state, seat: _("Buy from the material supply at {price} a tile, or "
                                     "auction.", price=buying.price(state)),
        due=lambda state: {state["active"]}, options=options.buy_or_auction,
        extra=_status(lambda who: _("{names}: buy or auction.", names=who)),
    ),
    "open_auction": Step(
        actions={"raise": auction.raise_bid, "pass": auction.pass_bid},
        out_of_turn="PZ-A-3", not_now="PZ-A-3",
        prompt=lambda state, seat: _("Raise above {high}, or pass.",
                                     high=auction.high_bid(state["auction"])),
        due=lambda state: {state["auction"]["to_bid"]}, options=options.open_auction,
        extra=_status(lambda who: _("{names}: raise or pass.", names=who)),
    ),
    "sealed_auction": Step(
        actions={"sealed_bid": auction.sealed_bid},
        out_of_turn="PZ-H-1", not_now="PZ-H-1",
        prompt=lambda state, seat: _("Submit your sealed bid; no cards means you pass."),
        due=lambda state: {s for s in seats(state) if s not in state["auction"]["bids"]},
        options=options.sealed_auction, sealed=True,
        extra=_status(lambda who: _("Waiting for sealed bids from {names}.", names=who)),
    ),
    "build": Step(
        actions={"build": build},
        out_of_turn="PZ-BLD-2", not_now="PZ-BLD-2",
        prompt=lambda state, seat: _(
            "Build {tiles}: each on top of a palace, as a new palace, or out of the game.",
            tiles=tiles.labels(state["acquired"]["tiles"])),
        due=lambda state: {state["acquired"]["seat"]}, options=options.build,
        extra=_status(lambda who: _("{names}: build the acquired tiles.", names=who)),
    ),
    "distribute": Step(
        actions={"build": build},
        out_of_turn="PZ-A-2", not_now="PZ-A-2",
        prompt=lambda state, seat: _("Take a tile from the master builder's quarry and build "
                                     "it."),
        due=lambda state: {state["distribution"]["order"][0]}, options=options.build,
        extra=_status(lambda who: _("{names}: take a tile from the master builder's quarry.",
                                    names=who)),
    ),
    OVER: Step(
        actions={},
        out_of_turn="PZ-E-1",
        prompt=lambda state, seat: _("The game is over."),
        extra=_status(lambda who: _("The game is over: the fifth knight has been drawn.")),
    ),
}


def status(state):
    """Who must do what now, for the table screen (a text)."""
    due = to_act(state)
    who = [name for seat, name in names(state).items() if seat in due]
    return STEPS[state["phase"]].extra["status"](who)


#: Each kind of move in a few words (what a refusal, the undo notice and the audit trail
#: call it; never what was chosen).
ACTION_NAMES = {
    "enter_hand": N_("enter the starting hand"), "take_money": N_("take money"), "pick": N_("pick cards"),
    "draw_tiles": N_("draw two tiles"), "buy": N_("buy"), "auction": N_("auction"), "raise": N_("raise"),
    "pass": N_("pass"), "sealed_bid": N_("sealed bid"), "build": N_("build"), "reconstruct": N_("reconstruct"),
}


FLOW = common.Flow(STEPS, unknown_rule="PZ-S-1", names=names, action_names=ACTION_NAMES)
step, to_act, apply, legal, is_over = FLOW.step, FLOW.to_act, FLOW.apply, FLOW.legal, common.is_over
