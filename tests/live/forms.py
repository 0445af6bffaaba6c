"""Engine actions of Fifth Avenue back into the form fields a phone (or the host) posts:
the inverse of ``companion.web.games.fifth_avenue.action_from_form``."""

from collections import Counter


def _spot(action: dict) -> dict:
    return {"spot": f"{action['quarter']}:{action['lot']}"}


def _value(action: dict) -> dict:
    return {"value": action["value"]} if action.get("value") is not None else {}


def _colored(action: dict) -> dict:
    fields = {"color": [card["color"] for card in action["cards"]]}
    for card in action["cards"]:
        if card.get("value") is not None:
            fields[f"value_{card['color']}"] = card["value"]
    return fields


def _bid(action: dict) -> dict:
    counts = Counter((c["color"], c["value"]) for c in action["cards"])
    return {f"n_{color}_{value}": n for (color, value), n in counts.items()}


_WRITERS = {
    "place_initial_building": _spot,
    "place_shop": lambda a: {"shop": a["shop"], **_spot(a)},
    "take_black": _value,
    "score_quarter": lambda a: {"quarter": a["quarter"]},
    "take_colored": _colored,
    "move_commission": lambda a: {"move": f"{a['commission']}:{a['to']}"},
    "bid": _bid,
    "choose_color": lambda a: {"color": a["color"]},
    "build": lambda a: {"count": a["count"]},
    "dummy_bid": lambda a: {"draws": " ".join(map(str, a["draws"]))},
    "reveal_central_park": lambda a: {"shops": list(a["shops"])},
}


def form_fields(action: dict) -> dict:
    """The form fields (besides ``seq``) that post ``action``; a list value is a repeated field."""
    write = _WRITERS.get(action["type"], lambda a: {})
    return {"type": action["type"], **write(action)}
