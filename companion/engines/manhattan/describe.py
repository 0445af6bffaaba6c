"""One log line per accepted action, read from the state after it.

``LINES`` holds the line templates, keyed by action type (and, for a placement, by what
it did to the tower). Only a drawn card is secret (MH-H-2): its owner reads which card
it was, everyone else that a card was drawn.
"""

from ..text import Text, _, ngettext
from .board import card_name, storeys, where
from .pieces import colour_name, height_text
from .state import names, pick_order

LINES = {
    "pick": lambda f: _("{name} picked {colour} pieces {heights} for round {round}.", **f),
    "place": lambda f: ngettext("{name} played the {card} card and built a {n}-storey {colour} "
                                "piece on {place}.",
                                "{name} played the {card} card and built a {n}-storey {colour} "
                                "piece on {place}.", f.pop("height"), **f),
    "place_own": lambda f: ngettext(
        "{name} played the {card} card and added a {storeys} {colour} piece to the tower "
        "on {place} (now {n} storey).",
        "{name} played the {card} card and added a {storeys} {colour} piece to the tower "
        "on {place} (now {n} storeys).", f.pop("n"), **_storeys(f)),
    "take": lambda f: ngettext(
        "{name} played the {card} card and built a {storeys} {colour} piece on {place}, "
        "taking the tower from {owner} (now {n} storey).",
        "{name} played the {card} card and built a {storeys} {colour} piece on {place}, "
        "taking the tower from {owner} (now {n} storeys).", f.pop("n"), **_storeys(f)),
    "pass": lambda f: ngettext("{name} could not build: showed the {card} card and set a "
                               "{n}-storey {colour} piece aside.",
                               "{name} could not build: showed the {card} card and set a "
                               "{n}-storey {colour} piece aside.", f.pop("height"), **f),
    "draw": lambda f: _("{name} entered a card drawn.", **f),
    "draw_own": lambda f: _("You drew the {card} card.", **f),
}


def _storeys(facts: dict) -> dict:
    """The facts with the piece's height as a text ("2-storey") for a line that already
    counts something else (the tower's storeys)."""
    facts = dict(facts)
    facts["storeys"] = height_text(facts.pop("height"))
    return facts


def describe(before: dict, after: dict, seat: str, action: dict, viewer: str | None) -> Text | None:
    """The log line for ``action`` taken by ``seat``, as ``viewer`` may read it."""
    key, facts = FACTS[action["type"]](before, after, seat, action, viewer)
    return LINES[key]({"name": names(after)[seat], **facts})


def _pick(before, after, seat, action, viewer):
    colour = pick_order(before)[before["picks_made"]]
    return "pick", {"colour": colour_name(colour), "heights": after["colours"][colour]["picked"],
                    "round": before["round"]}


def _placed(before, after, seat, action, viewer):
    last = after["last"]
    tower = after["board"][last["city"]][last["lot"]]
    facts = {"card": card_name(last["card"]), "height": last["height"],
             "colour": colour_name(last["colour"]), "place": where(last["city"], last["lot"])}
    if len(tower) == 1:
        return "place", facts
    was = tower[-2][0]
    if was == last["colour"]:
        return "place_own", {**facts, "n": storeys(tower)}
    return "take", {**facts, "owner": colour_name(was), "n": storeys(tower)}


def _passed(before, after, seat, action, viewer):
    last = after["last"]
    return "pass", {"card": card_name(last["card"]), "height": last["height"],
                    "colour": colour_name(last["colour"])}


def _drew(before, after, seat, action, viewer):
    if viewer == seat:
        return "draw_own", {"card": card_name(after["hands"][seat][-1])}
    return "draw", {}


FACTS = {"pick": _pick, "place": _placed, "pass": _passed, "draw": _drew}
