"""Manhattan screens: the set-up wizard's form (with the box's pieces as a profile), the
pictures' geometry (six cities from above, turned to a seat's side on its phone), what
the phone's building form offers, and the action forms (each reader beside its writer).

Cards and lots travel in forms as ``"row-column"`` (``"0-2"``); a piece as
``"colour-height"`` (``"light_blue-3"``).
"""

import random

from flask_babel import get_translations, ngettext

from ...engines.manhattan import board, flow, pieces
from ...engines.manhattan.board import CARD_LOTS, SIDES
from ...engines.text import N_, _, render
from ...engines import text as engine_text  # its ngettext: an engine text with plural forms
from ..forms import field as number_field, number as read_number
from . import Form, FormError, names_from_form, placed, profile_name_from_form, title_from_form

COLOURS = list(pieces.COLOURS)
HEIGHTS = list(pieces.HEIGHTS)
SIDE_ORDER = ["S", "W", "N", "E"]  # clockwise round the table, as the wizard suggests
BOX = dict(pieces.BOX)
INK = {"black": "#222222", "light_blue": "#2a7fc0", "red": "#c8352b", "green": "#2f7d3a"}

# Table picture geometry (SVG user units): three cities across, two down, north up.
LOT = 80
CITY = 3 * LOT
CITY_X = (70, 380, 690)
CITY_Y = (120, 470)
WIDTH, HEIGHT = 1000, 800
# How the sides' labels sit around the picture: x, y, rotation.
SIDE_LABELS = {"N": (WIDTH / 2, 34, 0), "S": (WIDTH / 2, HEIGHT - 14, 0),
               "W": (26, HEIGHT / 2, -90), "E": (WIDTH - 26, HEIGHT / 2, 90)}
# Where north lies on a phone's picture turned to its seat's side (MH-T-3).
NORTH = {"S": "top", "N": "bottom", "E": "right", "W": "left"}

#: The final screen's kinds of scoring (by rule), and each move's kind as an undo names it.
SCORE_KINDS = {"MH-SC-1": N_("tallest tower"), "MH-SC-2": N_("city majorities"), "MH-SC-3": N_("towers owned")}


# squares as form values -------------------------------------------------------------

def key(square) -> str:
    """``[row, column]`` as a form value: ``"0-2"``."""
    return f"{square[0]}-{square[1]}"


def square(text: str | None) -> list[int] | None:
    """A form value back as ``[row, column]`` (None if it is not one)."""
    row, sep, col = (text or "").partition("-")
    row, col = read_number(row), read_number(col)
    if not sep or row is None or col is None:
        return None
    return [row, col]


def index(square) -> int:
    return square[0] * 3 + square[1]


# players and colours ---------------------------------------------------------------

def tags(view: dict) -> dict[str, str]:
    """What a tower shows of its owner besides the colour: the player's initials, with
    a 1 or 2 when a player builds with two colours (two players)."""
    found = {}
    for p in view["players"]:
        two = len(p["colours"]) > 1
        for n, colour in enumerate(p["colours"], 1):
            found[colour] = f"{p['initials']}{n}" if two else p["initials"]
    return found


def owners(view: dict) -> dict[str, dict]:
    """Colour -> its player's entry in ``view["players"]``."""
    return {c: p for p in view["players"] for c in p["colours"]}


def picking(view: dict) -> str | None:
    """The colour that picks now: the first in turn order without its pieces (MH-T-2)."""
    colours = {p["seat"]: p["colours"] for p in view["players"]}
    return next((c for seat in view["order"] for c in colours[seat]
                 if not view["colours"][c]["picked"]), None)


def city_label(city: str):
    return board.city_name(city)


def me(view: dict, seat: str) -> dict:
    return next(p for p in view["players"] if p["seat"] == seat)


# texts -----------------------------------------------------------------------------

def speaker():
    """``say`` for many texts at once: the page's translations looked up once (the
    pictures and the building form render a text per lot, card or reason)."""
    t = get_translations()
    return lambda text: "" if text is None else render(text, t.gettext, t.ngettext)


# the table's picture ------------------------------------------------------------------

def frame(view: dict) -> dict:
    """The map's ground: its size, and who sits at which side."""
    sides = [{"side": p["side"], "name": p["name"], "label": p["side_label"],
              "xyr": SIDE_LABELS[p["side"]]} for p in view["players"]]
    return {"width": WIDTH, "height": HEIGHT, "sides": sides}


def city(view: dict, i: int) -> dict:
    """City ``i`` of the map: its corner, its lots with their towers (the tallest marked),
    who leads it, the owners' tags, and ``box``, where on the map its picture goes (SVG
    units and percentages of the map: the board draws each city as a part of its own)."""
    tallest, last, say, tag, who = _tallest(view), view["last"], speaker(), tags(view), owners(view)
    colour = {c: say(r["label"]) for c, r in view["colours"].items()}
    here_city = view["cities"][i]
    x, y, name = CITY_X[i % 3], CITY_Y[i // 3], say(here_city["label"])
    lots = []
    for lot in here_city["lots"]:
        r, c = lot["lot"]
        here = (here_city["city"], index(lot["lot"]))
        lots.append(lot | {"x": x + c * LOT, "y": y + r * LOT, "tallest": here in tallest,
                           "last": bool(last and last.get("city") == here_city["city"]
                                        and last.get("lot") == lot["lot"]),
                           "title": lot["owner"] and _tower_title(say, name, lot, colour, who)})
    leads = lead(here_city)
    left, top, width, height = x - 8, y - 72, CITY + 16, CITY + 80  # the name and the lead above
    box = placed(left, top, width, height, (WIDTH, HEIGHT))
    return {"id": here_city["city"], "label": name, "x": x, "y": y, "lots": lots, "size": CITY, "tags": tag,
            "lead": leads, "leaders": ", ".join(tag[c] for c in leads["colours"]), "box": box}


def legend(view: dict) -> dict:
    """What the board's legend says of the map: the owners' tags, and whether one tower
    alone is the tallest."""
    return {"tags": tags(view), "unique_tallest": len(_tallest(view)) == 1}


def _tower_title(say, city: str, lot: dict, colour: dict, who: dict) -> str:
    """'Cairo, north-west: 5 storeys, black (Anna) · black 2, red 3': the lot, the tower's
    storeys, its owner, and its pieces from the bottom up."""
    pieces_up = ", ".join(f"{colour[p['colour']]} {p['height']}" for p in lot["pieces"])
    storeys = ngettext("%(num)s storey", "%(num)s storeys", lot["storeys"])
    return f"{city}, {say(lot['label'])}: {storeys}, {colour[lot['owner']]} ({who[lot['owner']]['name']}) · {pieces_up}"


def _tallest(view: dict) -> set[tuple[str, int]]:
    best, where = 0, set()
    for city in view["cities"]:
        for lot in city["lots"]:
            if lot["storeys"] > best:
                best, where = lot["storeys"], set()
            if lot["storeys"] and lot["storeys"] == best:
                where.add((city["city"], index(lot["lot"])))
    return where


def lead(city: dict) -> dict:
    """Who owns the most towers of a city now: ``{"colours": [...], "count", "tie"}``
    (no colours: no towers)."""
    count = {}
    for lot in city["lots"]:
        if lot["owner"]:
            count[lot["owner"]] = count.get(lot["owner"], 0) + 1
    if not count:
        return {"colours": [], "count": 0, "tie": False}
    most = max(count.values())
    leaders = [c for c in COLOURS if count.get(c) == most]
    return {"colours": leaders, "count": most, "tie": len(leaders) > 1}


def stack(lot: dict, top: float, size: float) -> list[dict]:
    """The pieces of a tower as segments of a bar ``size`` high, bottom up."""
    total = lot["storeys"] or 1
    segments, y = [], top + size
    for piece in lot["pieces"]:
        h = size * piece["height"] / total
        y -= h
        segments.append({"colour": piece["colour"], "y": round(y, 1), "h": round(h, 1),
                         "height": piece["height"]})
    return segments


# a seat's pictures on its phone -----------------------------------------------------

def seat_cities(view: dict, side: str) -> list[dict]:
    """The cities as the player at ``side`` sees them: position ``p`` of each picture
    (row-major, row 0 farthest away) holds the lot a card marked at ``p`` points to."""
    say = speaker()
    return [{"id": city["city"], "label": say(city["label"]),
             "cells": [city["lots"][lot] | {"pos": pos} for pos, lot in enumerate(CARD_LOTS[side])]}
            for city in view["cities"]]


def card_label(square):
    """'far left': a card by the square it marks, as its player holds it (a text)."""
    return board.card_name(index(square))


def lot_label(square):
    """'north-west': a lot by its place in the city, north up (a text)."""
    return _(board.LOT_NAMES[index(square)])


def build_options(legal: dict) -> dict:
    """What the building form offers, from ``legal()``: the cards to play, per card and
    city the heights each colour may build, and the reasons for the rest (MH-B-3)."""
    places = [a for a in legal["actions"] if a["type"] == "place"]
    cards, fits, why, lots = [], {}, {}, {}
    for a in places:
        card = key(a["card"])
        if card not in fits:
            cards.append(card)
            fits[card] = {}
        lots[card] = key(a["lot"])
        fits[card].setdefault(a["city"], {}).setdefault(a["colour"], []).append(a["height"])
    no_place = {}
    for b in legal["blocked"]:
        if b["type"] != "place" or "card" not in b:
            continue
        card = key(b["card"])
        if "city" in b:
            why.setdefault(card, {}).setdefault(b["city"], {})[b["colour"]] = b
            if card not in fits:
                cards.append(card)
                fits[card] = {}
                lots[card] = key(b["lot"])
        else:
            no_place[card] = b  # every copy is on the played stack (MH-T-4)
    return {"cards": sorted(cards, key=lambda k: index(square(k))), "fits": fits, "why": why,
            "lots": lots, "exhausted": no_place}


def build_data(options: dict) -> dict:
    """What the building form's script needs, JSON-able, its reasons in the reader's
    language: per card and city, each colour's heights that fit and why the others not."""
    say = speaker()
    why = {card: {city: {colour: {"text": say(b["reason"]), "rule": b["rule"], "heights": b["heights"]}
                         for colour, b in colours.items()}
                  for city, colours in cities.items()}
           for card, cities in options["why"].items()}
    return {"fits": options["fits"], "why": why}


def my_pieces(view: dict, seat: str) -> list[dict]:
    """The seat's colours that still have pieces this round, with their distinct heights."""
    return [{"colour": c, "label": view["colours"][c]["label"], "heights": sorted(set(view["colours"][c]["picked"]))}
            for c in me(view, seat)["colours"] if view["colours"][c]["picked"]]


def pick_limits(legal: dict) -> dict:
    """The pick form: the colour, how many pieces, and the most of each height the
    supply allows (from the picks ``legal()`` offers)."""
    options = [a for a in legal["actions"] if a["type"] == "pick"]
    first = options[0]
    return {"colour": first["colour"], "count": len(first["heights"]),
            "most": {h: max(a["heights"].count(h) for a in options) for h in HEIGHTS}}


def pass_options(legal: dict) -> dict:
    """The cards a seat may show to pass, and the colours it may set a piece aside of."""
    passes = [a for a in legal["actions"] if a["type"] == "pass"]
    cards = sorted({key(a["card"]) for a in passes}, key=lambda k: index(square(k)))
    colours = list(dict.fromkeys(a["colour"] for a in passes))
    return {"cards": cards, "colours": colours, "alone": all(a["type"] == "pass" for a in legal["actions"])}


def draw_options(legal: dict) -> dict:
    """Cards a seat may enter as drawn, and why not the others (MH-T-4)."""
    offered = [key(a["card"]) for a in legal["actions"] if a["type"] == "draw"]
    refused = {key(b["card"]): b for b in legal["blocked"] if b["type"] == "draw" and "card" in b}
    return {"offered": offered, "refused": refused,
            "all": [key(board.square(sq)) for sq in board.SQUARES]}


def forms(legal: dict) -> list[dict]:
    """One action of each type: one form offers every pick, placement, pass or card
    entry that ``legal()`` lists (see the screen contract)."""
    first = {}
    for action in legal["actions"]:
        first.setdefault(action["type"], action)
    return list(first.values())


# scores ---------------------------------------------------------------------------

PARTS = {"MH-SC-1": "tallest", "MH-SC-2": "majorities", "MH-SC-3": "towers"}


def by_kind(view: dict, scores: dict) -> list[dict]:
    """Each colour's points by kind of scoring, best total first (the end, two players)."""
    rows = {c: {"colour": c, "tallest": 0, "majorities": 0, "towers": 0,
                "total": view["colours"][c]["score"]} for c in view["colours"]}
    for event in scores["events"]:
        kind = PARTS.get(event["rule"])
        for colour, points in event.get("by_colour", {}).items():
            if kind:
                rows[colour][kind] += points
    return sorted(rows.values(), key=lambda r: (-r["total"], COLOURS.index(r["colour"])))


def last_round(scores: dict) -> list[dict]:
    """The events of the latest scored round (three: MH-SC-1, 2, 3)."""
    return scores["events"][-3:]


# the set-up wizard ------------------------------------------------------------------

def setup_context(tables, args=None) -> dict:
    """Template data for the wizard. ``args`` may load a box profile (``profile``) or,
    from the wizard's own button, ask the server to draw the start player among the
    names typed so far (``draw_start``): the wizard comes back filled in as it was."""
    args = args or {}
    profiles = tables.profiles("manhattan")
    form, drawn = {}, None
    if args.get("draw_start"):
        form = {k: v for k, v in args.items() if k != "draw_start"}
        filled = [i for i in range(1, 5) if form.get(f"name_{i}", "").strip()]
        if filled:
            drawn = random.SystemRandom().choice(filled)
            form["start"] = f"p{drawn}"
    if args.get("profile") in profiles:
        form |= {f"pieces_{h}": n for h, n in profiles[args["profile"]].get("pieces", {}).items()}
        form["profile_name"] = args["profile"]
    return {"form": form, "profiles": profiles, "drawn": drawn, "colours": COLOURS,
            "colour_labels": pieces.COLOURS, "sides": SIDE_ORDER, "side_labels": SIDES,
            "heights": HEIGHTS, "box": BOX, "total": pieces.PIECES}


def config_from_form(form) -> tuple[dict, str, dict | None]:
    """The wizard's form as an engine config, a title, and a box profile to save."""
    names = names_from_form(form, 4)
    rows = [i for i, name in enumerate(names, 1) if name]
    if not 2 <= len(rows) <= 4:
        raise FormError(_("Write the names of two to four players."))
    players = []
    for i in rows:
        colours = [_one_of(form, f"colour_{i}", COLOURS)]
        if len(rows) == 2:
            colours.append(_one_of(form, f"colour2_{i}", COLOURS))
        players.append({"seat": f"p{i}", "name": names[i - 1], "side": _one_of(form, f"side_{i}", list(SIDES)),
                        "colours": colours})
    start = form.get("start", "")
    if start not in {p["seat"] for p in players}:
        raise FormError(_("The start player must be one of the players."))
    counts = _counts(form)
    config = {"players": players, "start": start, "pieces": counts,
              "hands": _one_of(form, "hands", ["untracked", "private"])}
    name = profile_name_from_form(form)
    profile = {"name": name, "data": {"pieces": counts}} if name else None
    return config, title_from_form(form), profile


def _counts(form) -> dict:
    counts = {}
    for h in HEIGHTS:
        text = form.get(f"pieces_{h}", "").strip()
        count = read_number(text, 0, pieces.PIECES)
        if count is None:
            raise FormError(engine_text.ngettext(
                "Pieces of {n} storey: type how many one colour has, from 0 to {most} (got {got}).",
                "Pieces of {n} storeys: type how many one colour has, from 0 to {most} (got {got}).",
                h, most=pieces.PIECES, got=repr(text[:20])))
        counts[str(h)] = count
    return counts


def _one_of(form, field: str, allowed: list[str]) -> str:
    value = form.get(field, "")
    if value not in allowed:
        raise FormError(_("{field}: choose one of {allowed} (got {value}).",
                          field=field.replace("_", " "), allowed=allowed, value=repr(value[:40])))
    return value


# action forms: each reader beside its writer -------------------------------------

def _read_card(form) -> list[int]:
    card = square(form.get("card"))
    if card is None or board.as_square(card) is None:
        raise FormError(_("Tap one of your cards first."))
    return card


def _read_colour(form) -> str:
    colour = form.get("colour", "")
    if colour not in COLOURS:
        raise FormError(_("Say which of your colours this is for."))
    return colour


def _read_pick(form) -> dict:
    heights = []
    for h in HEIGHTS:
        label = engine_text.ngettext("Pieces of {n} storey", "Pieces of {n} storeys", h)
        count = number_field(form, f"n_{h}", label, 0, pieces.PIECES, blank=0)
        heights += [h] * count
    return {"colour": _read_colour(form), "heights": heights}


def _write_pick(action: dict) -> dict:
    return {"colour": action["colour"], **{f"n_{h}": str(action["heights"].count(h)) for h in HEIGHTS}}


def _read_place(form) -> dict:
    card = _read_card(form)
    city = form.get("city", "")
    if city not in board.CITIES:
        raise FormError(_("Tap the city you build in."))
    colour, sep, height = form.get("piece", "").rpartition("-")
    height = read_number(height)
    if colour not in COLOURS or height is None:
        raise FormError(_("Tap the piece you build."))
    action = {"colour": colour, "card": card, "city": city, "height": height}
    if form.get("lot"):
        lot = square(form.get("lot"))
        if lot is None:
            raise FormError(_("The lot {got} is not a square of a city.", got=repr(form.get("lot")[:20])))
        action["lot"] = lot  # the engine checks it is where the card points (MH-T-3)
    return action


def _write_place(action: dict) -> dict:
    fields = {"card": key(action["card"]), "city": action["city"],
              "piece": f"{action['colour']}-{action['height']}"}
    return fields | ({"lot": key(action["lot"])} if "lot" in action else {})


#: What each block of the board reads (``picture._kept``): a block is drawn again only
#: when one of these changes (``city`` reads all of its own).
_TAGS = ("view.players.initials", "view.players.colours")
_CITY = ("words", "view.cities", "view.colours", "view.last", "view.players.name", *_TAGS)
BOARD_READS = {"frame": ("words", "view.players.name", "view.players.side", "view.players.side_label"),
               **{f"city_{i}": _CITY for i in range(len(CITY_X) * len(CITY_Y))},
               "legend": ("words", "view.cities", "view.colours", "view.players.name", *_TAGS),
               "supply": ("words", "view.colours", "view.heights", *_TAGS)}
#: The same for the seat's sheet: its side, its colours' pieces, its cards, the scores.
SHEET_READS = ("scores", "words", "view.players.seat", "view.players.side_label", "view.colours",
               "view.heights", "view.hand", *_TAGS)

#: The kind of each move, as the host's audit trail and the undo notice name it: the
#: engine's own names (the kind only, never what was chosen).
ACTION_NAMES = flow.ACTION_NAMES

FORMS = {
    "pick": Form(_read_pick, _write_pick),
    "place": Form(_read_place, _write_place),
    "pass": Form(lambda form: {"colour": _read_colour(form), "card": _read_card(form)},
                 lambda action: {"colour": action["colour"], "card": key(action["card"])}),
    "draw": Form(lambda form: {"card": _read_card(form)}, lambda action: {"card": key(action["card"])}),
}
