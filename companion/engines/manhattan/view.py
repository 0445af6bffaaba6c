"""What a screen shows. Manhattan has no secrets the engine knows of (hands are
not tracked; picks are laid out in the open), so every seat sees the table's view
plus which seat it is."""

from collections import Counter

from .board import CARD_LOTS, CITIES, SIDES, SQUARES, card_name, lot_name, owner, square, storeys
from .game import clockwise, to_act
from .pieces import colour_name
from .scoring import scores, towers


def view(state: dict, seat: str | None) -> dict:
    result = scores(state)
    owned = Counter(c for *_, c, _ in towers(state["board"]))
    return {
        "game": "manhattan",
        "you": seat,
        "phase": state["phase"],
        "phases": state["phases"],
        "per_phase": state["per_phase"],
        "step": state["step"],
        "marker": state["marker"],
        "order": clockwise(state),
        "to_act": sorted(to_act(state)),
        "players": [{"seat": p["seat"], "name": p["name"], "side": p["side"],
                     "side_name": SIDES[p["side"]], "colours": list(p["colours"]),
                     "score": result["totals"][p["seat"]],
                     "card_lots": [square(lot) for lot in CARD_LOTS[p["side"]]]}
                    for p in state["players"]],
        "colours": {c: {"name": colour_name(c), "seat": r["seat"], "left": r["left"],
                        "stock": r["stock"], "picked": list(r["hand"]), "towers": owned[c],
                        "score": result["colour_totals"][c]}
                    for c, r in state["colours"].items()},
        "cities": [{"city": city, "name": name,
                    "lots": [_lot(state["board"][city][lot], lot) for lot in SQUARES]}
                   for city, name in CITIES.items()],
        "cards": {"deck": state["cards"]["deck"],
                  "played": [{"card": square(i), "name": card_name(i), "count": n}
                             for i, n in enumerate(state["cards"]["played"])]},
        "winners": result["winners"],
    }


def _lot(tower: list, lot: int) -> dict:
    return {"lot": square(lot), "name": lot_name(lot),
            "pieces": [{"colour": c, "height": h} for c, h in tower],
            "owner": owner(tower), "storeys": storeys(tower)}
