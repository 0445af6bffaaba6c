"""The table of phases (FA-T, FA-A, FA-E): what may be done in each, by whom, and
what a due seat is asked and offered (``legal``); ``to_act``, ``apply``, ``legal`` and
``is_over``, built from the table by ``common.Flow``.

Phases in play order: ``initial`` (initial buildings), then turns: ``choose`` (step 1
of an action A-D), ``take_colored`` and ``move_commission`` (its later steps); an
auction round interrupts a turn with ``cp_color`` (sealed Central Park colour),
``auction`` (bids), ``dummy`` (the table turns the dummy's cards) and ``build``
(the winner builds or closes); the end brings ``reveal`` (Central Park's shops)
and ``over``.
"""

from dataclasses import replace

from .. import TABLE, common
from . import legal as options
from ..errors import IllegalAction
from ..text import N_, _, ngettext
from . import auction, scoring, setup, turn
from .board import DUMMY, colour_text, place_text
from .commissions import standing_in_quarters
from .shops import any_shop_lot, available_shops
from .state import name, names, sealed


# --- whom each phase waits for ----------------------------------------------------------

def _placing(state):
    return {state["placing"][0]}


def _active(state):
    return {state["active"]}


def _bidders(state):
    return {TABLE if s == DUMMY else s for s in auction.due(state)}


def _winner(state):
    return {state["build"]["seat"]}


def _table(state):
    return {TABLE}


# --- what a due seat is asked ------------------------------------------------------------

def auction_place(state: dict):
    a = state["auction"]
    return _("Central Park") if a["kind"] == "central_park" else place_text(a["quarter"])


def _initial_prompt(state, seat):
    if state["placing"].count(seat) == 1:
        return _("Place your second initial building on an empty lot in another quarter.")
    return _("Place your first initial building on an empty lot.")


def _choose_prompt(state, seat):
    choices = [ngettext("A take {n} building", "A take {n} buildings",
                        turn.buildings_to_take(state, seat))]
    if available_shops(state) and any_shop_lot(state):
        choices.append(_("B place a shop"))
    choices.append(_("C draw a black card"))
    if standing_in_quarters(state):
        choices.append(_("D score a quarter"))
    return _("Choose your action: {choices}.", choices=choices)


def _take_colored_prompt(state, seat):
    return ngettext("Take {n} coloured card.", "Take {n} coloured cards of different colours.",
                    turn.colored_count(state))


def _move_prompt(state, seat):
    if state["chosen"] == "C" and "take_colored" in state["pending"]:
        return _("Move a commission (step 1).")
    return _("Move a commission (step 3).")


def _auction_prompt(state, seat):
    place = auction_place(state)
    if seat == TABLE:
        return _("Turn black cards for {dummy}'s sealed bid on {place} until a value repeats.",
                 dummy=name(state, DUMMY), place=place)
    if sealed(state):
        return _("Submit a sealed bid for {place}, or pass.", place=place)
    high = state["auction"]["highest"]
    if high:
        return _("Bid for {place} above {total} ({name}), or pass.", place=place,
                 total=high["total"], name=name(state, high["seat"]))
    return _("Open the bidding for {place}, or pass.", place=place)


def _cp_color_prompt(state, seat):
    return _("Name Central Park's colour for the sealed bids, or pass the choice on.")


def _build_prompt(state, seat):
    offer, most = state["build"], auction.build_max(state)
    if not offer["can_build"]:
        return _("You won {quarter}: close it.", quarter=place_text(offer["quarter"]))
    if offer["kind"] == "central_park":
        return _("You won: build up to {n} on Central Park.", n=most)
    facts = {"n": most, "lot": colour_text(offer["color"]), "quarter": place_text(offer["quarter"])}
    if offer["can_close"]:
        return _("You won: build up to {n} on the {lot} lot of {quarter}, or close the quarter.",
                 **facts)
    return _("You won: build up to {n} on the {lot} lot of {quarter}.", **facts)


def _dummy_prompt(state, seat):
    return _("Turn black cards for {dummy} until a value repeats, and enter them.",
             dummy=name(state, DUMMY))


def _reveal_prompt(state, seat):
    return ngettext("Shuffle the shops under Central Park face down and reveal {n}.",
                    "Shuffle the shops under Central Park face down and reveal {n}.",
                    scoring.reveal_count(state))


def _over_prompt(state, seat):
    return _("The game is over.")


# --- the table -------------------------------------------------------------------------------
# An action of another phase is refused citing FA-T-1 (an action's steps come in order).

STEPS = {
    "initial": common.Step({"place_initial_building": setup.place_initial_building},
                           out_of_turn="FA-S-4", not_now="FA-T-1", prompt=_initial_prompt,
                           due=_placing, options=options.initial),
    "choose": common.Step({"take_buildings": turn.take_buildings, "place_shop": turn.place_shop,
                           "take_black": turn.take_black, "score_quarter": turn.score_quarter},
                          out_of_turn="FA-S-5", not_now="FA-T-1", prompt=_choose_prompt,
                          due=_active, options=options.choose),
    "take_colored": common.Step({"take_colored": turn.take_colored}, out_of_turn="FA-T-1",
                                not_now="FA-T-1", prompt=_take_colored_prompt, due=_active,
                                options=options.take_colored),
    "move_commission": common.Step({"move_commission": turn.move_commission},
                                   out_of_turn="FA-T-1", not_now="FA-T-1", prompt=_move_prompt,
                                   due=_active, options=options.move_commission),
    "auction": common.Step({"bid": auction.bid, "pass": auction.pass_,
                            "dummy_bid": auction.dummy_bid},
                           out_of_turn="FA-A-2", not_now="FA-T-1", prompt=_auction_prompt,
                           due=_bidders, options=options.auction),
    "cp_color": common.Step({"choose_color": auction.choose_color, "pass": auction.pass_choice},
                            out_of_turn="FA-A-7", not_now="FA-T-1", prompt=_cp_color_prompt,
                            due=_bidders, options=options.cp_color),
    "build": common.Step({"build": auction.build, "close_quarter": auction.close_quarter},
                         out_of_turn="FA-A-4", not_now="FA-T-1", prompt=_build_prompt,
                         due=_winner, options=options.build),
    "dummy": common.Step({"dummy_bid": auction.dummy_bid}, out_of_turn="FA-2P-2",
                         not_now="FA-T-1", prompt=_dummy_prompt, due=_table,
                         options=options.dummy),
    "reveal": common.Step({"reveal_central_park": scoring.reveal_central_park},
                          out_of_turn="FA-E-1", not_now="FA-T-1", prompt=_reveal_prompt,
                          due=_table, options=options.reveal),
    common.OVER: common.Step({}, out_of_turn="FA-E-1", prompt=_over_prompt),
}

#: How apply copies the state (``common.Copying``): the set-up is never changed; these
#: hold only strings and numbers; score events are only ever appended; cards in hands are
#: never changed, only moved.
COPYING = common.Copying(shared=("config",), appended=("events",), grouped=("hands",),
                         flat=("placing", "pending", "display", "cp_shops", "reserve", "supply",
                               "central_park", "removed", "piles", "closed", "score", "winners"))

#: Sealed bids (FA-H-1): a simultaneous step, everybody bids once, in any order; a second
#: bid cites the house rule.
SEALED_STEPS = {**STEPS, "auction": replace(STEPS["auction"], out_of_turn="FA-H-1", sealed=True)}


#: Each kind of move in a few words (what a refusal, the undo notice and the audit trail
#: call it; never what was chosen).
ACTION_NAMES = {
    "place_initial_building": N_("initial building"), "place_shop": N_("place a shop"),
    "take_buildings": N_("take buildings"), "take_black": N_("take a black card"),
    "score_quarter": N_("score a quarter"), "take_colored": N_("take coloured cards"),
    "move_commission": N_("move a commission"), "choose_color": N_("choose the colour"),
    "reveal_central_park": N_("reveal Central Park"), "dummy_bid": N_("dummy's bid"), "bid": N_("bid"),
    "pass": N_("pass"), "close_quarter": N_("close the quarter"), "build": N_("build"),
}


FLOW = common.Flow(STEPS, unknown_rule="FA-T-1", names=names, copying=COPYING,
                   action_names=ACTION_NAMES,
                   select=lambda state: SEALED_STEPS if sealed(state) else STEPS)
step, to_act, legal, is_over = FLOW.step, FLOW.to_act, FLOW.legal, common.is_over


def apply(state: dict, seat, action: dict) -> dict:
    """The state after ``seat`` does ``action``; ``state`` itself is left unchanged."""
    if state["phase"] == common.OVER:
        raise _game_over(state, seat)
    if seat == DUMMY:
        raise IllegalAction("FA-2P-1", _("{dummy} only bids in auctions, and the table enters its "
                                         "draws.", dummy=name(state, DUMMY)), seat=seat)
    return FLOW.apply(state, seat, action)


def _game_over(state: dict, seat) -> IllegalAction:
    """Nothing more happens once the game has ended (FA-SH-5, FA-X-4)."""
    if state["end"] == "shops":
        return IllegalAction("FA-SH-5", _("The game is over: the last shop of the display has been "
                                          "placed."), seat=seat)
    return IllegalAction("FA-X-4", _("The game is over: two quarters are closed."), seat=seat)
