"""What a due seat may do now, for the phone to offer, and why other things are refused:
``pick`` and ``build``, the ``options`` of the steps in ``flow.STEPS`` (``legal(state,
seat)`` itself is ``common.Flow.legal``); a seat that must first enter a card is offered
only that, in either step.

A building turn lists one action per (colour, card, city, height) with the lot that
card points to from the seat's side (MH-T-3): every card whose copies are not all on
the played stack, or with private hands the cards the seat holds (MH-H-2). Passing
(MH-T-5) is offered too: always when the app cannot see the cards, and with private
hands only when no card held lets the seat build.
"""

from ..text import _
from .board import SQUARES, lot_of, square, where
from .building import needed, refusal
from .cards import all_seen, drawable, exhausted, held, playable, short, tracked
from .pieces import colour_name, pick_options
from .state import picking, player
from .turns import due, no_pass


def pick(state: dict, seat: str) -> tuple[list, list]:
    return _draw(state, seat) if seat in short(state) else _pick(state)


def build(state: dict, seat: str) -> tuple[list, list]:
    return _draw(state, seat) if seat in short(state) else _build(state, seat)


def _draw(state: dict, seat: str) -> tuple[list, list]:
    may = drawable(state, seat)
    actions = [{"type": "draw", "card": square(card)} for card in may]
    blocked = [{"type": "draw", "card": square(card), "rule": "MH-T-4", "reason": all_seen(card)}
               for card in SQUARES if card not in may]
    if seat in due(state):
        kind = "pick" if state["phase"] == "pick" else "place"
        blocked.append({"type": kind, "rule": "MH-H-1",
                        "reason": _("First enter the cards you were dealt or drew.")})
    return actions, blocked


def _pick(state: dict) -> tuple[list, list]:
    colour = picking(state)
    actions = [{"type": "pick", "colour": colour, "heights": heights}
               for heights in pick_options(state["colours"][colour], state["per_round"])]
    blocked = [{"type": "place", "rule": "MH-T-2",
                "reason": _("Building starts once every colour has picked its pieces.")}]
    return actions, blocked


def _build(state: dict, seat: str) -> tuple[list, list]:
    me = player(state, seat)
    side, board, colours = me["side"], state["board"], state["colours"]
    pieces = {c: sorted(set(colours[c]["picked"])) for c in me["colours"] if colours[c]["picked"]}
    labels = {c: colour_name(c) for c in colours}  # colour texts shared by the reasons below
    cards = held(state, seat)
    actions, blocked = [], []
    if not tracked(state):
        blocked += [{"type": "place", "rule": "MH-T-4", "card": square(card),
                     "reason": exhausted(card)}
                    for card in SQUARES if not playable(state["cards"], card)]
    offer = actions.append  # plain loops: this is the engine's hottest code
    for card in cards:
        lot = lot_of(side, card)
        shown, at = square(card), square(lot)
        for city, lots in board.items():
            tower = lots[lot]
            for colour, heights in pieces.items():
                need = 1 if tower is None or tower[-1][0] == colour else needed(tower, colour)
                for h in heights:
                    if h >= need:
                        offer({"type": "place", "colour": colour, "card": shown, "city": city,
                               "lot": at, "height": h})
                if heights[0] < need:
                    blocked.append({"type": "place", "colour": colour, "card": shown, "city": city,
                                    "lot": at, "rule": "MH-B-3",
                                    "reason": refusal(tower, colour, city, lot, need,
                                                      where(city, lot), labels),
                                    "heights": [h for h in heights if h < need]})
    if tracked(state) and actions:
        blocked.append({"type": "pass", "rule": "MH-T-5", "reason": no_pass()})
    else:
        actions += [{"type": "pass", "colour": colour, "card": square(card)}
                    for card in cards for colour in pieces]
    return actions, blocked
