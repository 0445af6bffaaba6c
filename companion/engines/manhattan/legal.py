"""What a seat may do now, for the phone to offer, and why other things are refused.

Hands are not tracked, so a building turn lists every card square: each action is
one (card, city, height, colour) with the lot that card points to from the seat's
side (MH-T-3).
"""

from .board import CITIES, SQUARES, card_name, lot_of, square, where
from .building import needed, refusal
from .cards import COPIES, playable
from .game import is_over, pick_order, player, to_act
from .pieces import available, colour_name, pick_options


def legal(state: dict, seat: str) -> dict:
    if is_over(state):
        return {"step": "over", "prompt": "The game is over.", "actions": [], "blocked": []}
    acting = to_act(state)
    if seat not in acting:
        who = ", ".join(player(state, s)["name"] for s in acting)
        verb = "pick pieces" if state["step"] == "pick" else "build"
        kind = "pick" if state["step"] == "pick" else "place"
        return {"step": "wait", "prompt": f"Waiting for {who} to {verb}.", "actions": [],
                "blocked": [{"type": kind, "rule": "MH-T-2", "reason": f"It is {who}'s turn."}]}
    if state["step"] == "pick":
        return _pick(state)
    return _place(state, seat)


def _pick(state: dict) -> dict:
    colour = pick_order(state)[state["picked"]]
    record, count = state["colours"][colour], state["per_phase"]
    left = available(record, count)
    return {
        "step": "pick",
        "prompt": f"Pick {count} {colour_name(colour)} pieces for phase {state['phase']}.",
        "pick": {"colour": colour, "count": count, "available": left},
        "actions": [{"type": "pick", "colour": colour, "heights": h}
                    for h in pick_options(record, count)],
        "blocked": [{"type": "place", "rule": "MH-T-2",
                     "reason": "Building starts once every colour has picked its pieces."}],
    }


def _place(state: dict, seat: str) -> dict:
    me = player(state, seat)
    side, cards, board = me["side"], state["cards"], state["board"]
    hands = {c: sorted(set(state["colours"][c]["hand"])) for c in me["colours"]
             if state["colours"][c]["hand"]}
    actions, blocked = [], []
    for card in SQUARES:
        if not playable(cards, card):
            blocked.append({"type": "place", "rule": "MH-T-4", "card": square(card),
                            "reason": f"All {COPIES} {card_name(card)} cards are on the played stack."})
            continue
        lot = lot_of(side, card)
        shown, at = square(card), square(lot)
        for colour, heights in hands.items():
            for city in CITIES:
                tower = board[city][lot]
                need = needed(tower, colour)
                actions += [{"type": "place", "colour": colour, "card": shown, "city": city,
                             "lot": at, "height": h} for h in heights if h >= need]
                if heights[0] < need:
                    blocked.append({"type": "place", "colour": colour, "card": shown, "city": city,
                                    "lot": at, "rule": "MH-B-3",
                                    "reason": refusal(tower, colour, city, lot),
                                    "heights": [h for h in heights if h < need]})
    held = "; ".join(f"{colour_name(c)} {', '.join(map(str, state['colours'][c]['hand']))}"
                     for c in hands)
    return {
        "step": "place",
        "prompt": f"Play a card, build one piece ({held}) in any city, then draw a card.",
        "hand": {c: list(state["colours"][c]["hand"]) for c in hands},
        "actions": actions,
        "blocked": blocked,
    }
