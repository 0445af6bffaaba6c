"""Fifth Avenue screens: the set-up wizard's form, the board picture's geometry, and the
action forms (each reader beside its writer)."""

import math
import random
from collections import Counter

from ...engines import IllegalAction
from ...engines import fifth_avenue as engine
from ...engines.fifth_avenue import board, playout
from ...engines.fifth_avenue import board as board_words  # the game's own words for places and colours
from ...engines.text import N_, _, ngettext
from ..forms import number as read_number
from . import NO_FIELDS, Form, FormError, names_from_form, placed, profile_name_from_form, title_from_form

LOT_COLORS = list(board.LOT_COLORS)
SHOPS = list(board.SHOP_TYPES)
PLAYER_COLORS = list(board.PIECE_COLORS)
QUARTERS = list(board.QUARTERS)  # ids, in board order
SHOP_LETTERS = {"boutique": "B", "jeweler": "J", "gallery": "G", "perfumery": "P"}

# Board picture geometry (SVG user units): columns left to right, quarters top to bottom.
# Each quarter is a ring of lots with its name above it; a column's quarters share its
# height evenly, so names never overlap a ring (the middle column holds three).
WIDTH, HEIGHT = 1000, 830
COLUMN_X = (250, 500, 750)
RING, LOT = 74, 30  # lot centres' distance from the quarter's centre; a lot's radius
OUTER = RING + LOT + 6  # a quarter's radius
LABEL = 36  # room for a quarter's name above its ring
#: Each lot colour carries a short mark besides its colour, for colour-blind eyes.
LOT_MARKS = {"orange": N_("Or"), "green": N_("Gn"), "grey": N_("Gy"), "brown": N_("Br"),
             "violet": N_("Vi"), "dashed": ""}


def display_marks() -> dict[int, dict]:
    """Under which block of the display row each special scoring, and the end, happens:
    a block gives all but its last shop to players (FA-SH-3), so count placed shops."""
    marks, placed = {}, 0
    for index, (start, end) in enumerate(board.BLOCKS):
        placed += end - start - 1
        if placed in board.SPECIAL_SCORINGS:
            quarters, vp = board.SPECIAL_SCORINGS[placed]
            marks[index] = {"shop": placed, "text": _("★ {q} quarters: {vp} VP", q=quarters, vp=vp)}
        elif placed == board.LAST_SHOP:
            marks[index] = {"shop": placed, "text": _("end")}
    return marks


def spots(lots: list[dict]) -> set[str]:
    """``legal()`` lot choices as the board picture's ``quarter:lot`` keys."""
    return {f"{s['quarter']}:{s['lot']}" for s in lots}


def _rows(count: int) -> list[int]:
    """The centres of ``count`` quarters stacked in a column, each with its name above."""
    block = 2 * OUTER + LABEL
    gap = (HEIGHT - count * block) / (count + 1)
    return [round(gap * (i + 1) + block * i + LABEL + OUTER) for i in range(count)]


#: Each quarter's centre, and where City Hall and Central Park stand.
CENTRES = {q: (x, y) for x, column in zip(COLUMN_X, board.COLUMNS) for y, q in zip(_rows(len(column)), column)}
PLACES = CENTRES | {board.CITY_HALL: (72, HEIGHT // 2), board.CENTRAL_PARK: (932, HEIGHT // 2)}
DISPLAY = 140  # the display row's band below the map


def box(x: float, y: float, width: float, height: float) -> dict:
    """Where a part of the board picture goes over its ground (the map and the display row)."""
    return placed(x, y, width, height, (WIDTH, HEIGHT + DISPLAY))


def ground() -> dict:
    """The board's ground: its size (the map and the display row), City Hall, Central Park."""
    return {"width": WIDTH, "height": HEIGHT + DISPLAY, "map": HEIGHT,
            "city_hall": PLACES[board.CITY_HALL], "park": PLACES[board.CENTRAL_PARK]}


def quarter(view: dict, i: int) -> dict:
    """Quarter ``i`` (board order): its lots around its ring, its owners' faces, its box."""
    q = QUARTERS[i]
    (x, y), data = CENTRES[q], view["quarters"][q]
    lots = []
    for n, lot in enumerate(data["lots"]):
        angle = -math.pi / 2 + 2 * math.pi * n / len(data["lots"])
        lots.append(lot | {"x": round(x + RING * math.cos(angle)), "y": round(y + RING * math.sin(angle))})
    return {"id": q, "name": data["name"], "closed": data["closed"], "x": x, "y": y, "lots": lots,
            "outer": OUTER, "lot": LOT, "faces": faces(view),
            "box": box(x - OUTER, y - OUTER - LABEL, 2 * OUTER, 2 * OUTER + LABEL)}


def park(view: dict) -> dict:
    """Central Park: its buildings by owner, and its box."""
    x, y = PLACES[board.CENTRAL_PARK]
    return {"x": x, "y": y, "faces": faces(view), "box": box(x - 60, y - 190, 120, 340)}


def places() -> dict:
    """Where the commissions and their markers stand: the map's own units, over all of it."""
    return {"places": PLACES, "box": box(0, 0, WIDTH, HEIGHT)}


def display() -> dict:
    """The display row's band below the map, with the marks under its blocks."""
    return {"y": HEIGHT, "marks": display_marks(), "letters": SHOP_LETTERS, "box": box(0, HEIGHT, WIDTH, DISPLAY)}


def faces(view: dict) -> dict:
    """How a piece shows its owner, by seat: a drawing of a quarter is made again only when
    these or its lots change, not when a score does."""
    return {p["seat"]: {k: p.get(k) for k in ("name", "colour", "initials", "dummy")} for p in view["players"]}


def pick_rings(view: dict, pick, why: dict | None) -> list[dict]:
    """Each quarter for the phone's lot picker, in a 180×190 box: its name, whether it is
    closed, and its lots around a ring (``x``, ``y``), each with its ``spot``, whether
    ``pick`` offers it, and why not if ``why`` says (spot -> reason)."""
    why = why or {}
    rings = []
    for q, data in view["quarters"].items():
        n = len(data["lots"])
        lots = []
        for i, lot in enumerate(data["lots"]):
            angle = -math.pi / 2 + 2 * math.pi * i / n
            spot = f"{q}:{lot['color']}"
            lots.append({"lot": lot, "spot": spot, "offered": spot in pick, "why": why.get(spot),
                         "x": round(90 + 56 * math.cos(angle)), "y": round(105 + 56 * math.sin(angle))})
        rings.append({"name": data["name"], "closed": data["closed"], "lots": lots})
    return rings


def why_not(state: dict, seat: str, entry: dict) -> dict[str, dict]:
    """For a lot-picking action of ``legal()`` (``entry``), why each lot it does not offer
    is refused: ``quarter:lot`` -> {"text", "rule"}, in the rules engine's own words."""
    offered = spots(entry["lots"])
    base = {"type": entry["type"]} | ({"shop": entry["shops"][0]} if entry.get("shops") else {})
    reasons = {}
    for q, quarter in state["quarters"].items():
        for lot in quarter["lots"]:
            spot = f"{q}:{lot['color']}"
            if spot in offered:
                continue
            try:
                engine.apply(state, seat, base | {"quarter": q, "lot": lot["color"]})
            except IllegalAction as refusal:
                reasons[spot] = {"text": refusal.text, "rule": refusal.rule}
            else:  # allowed after all (never expected): say nothing rather than something wrong
                reasons[spot] = {"text": _("Not offered now."), "rule": None}
    return reasons


def explain(state: dict, seat: str, legal: dict) -> dict[str, dict]:
    """The screen contract's ``explain``: for each lot-picking action, why_not."""
    return {a["type"]: why_not(state, seat, a) for a in legal["actions"] if "lots" in a}


def setup_context(tables, args=None) -> dict:
    """Template data for the wizard; ``args`` may ask the server to draw the shops
    (``draw``): the host then lays the physical tiles out as shown."""
    args = args or {}
    profiles = tables.profiles(engine.NAME)
    side = profiles[args["profile"]]["board"] if args.get("profile") in profiles else args.get("board")
    form = {}
    if args.get("draw"):  # everything typed so far stays; the shops are drawn anew
        form = {k: v for k, v in args.items() if k != "draw"} | drawn_shops(args.get("board") or side)
    return {
        "form": form,
        "profiles": profiles,
        "quarters": engine.QUARTERS,
        "lot_colors": LOT_COLORS,
        "shops": SHOPS,
        "player_colors": PLAYER_COLORS,
    }


def drawn_shops(board_side: str) -> dict:
    """The seven set-up shops and the display row drawn at random, as wizard fields."""
    side = board_side if board_side in board.BOARDS else "5-lot"
    config = playout.random_config(random.SystemRandom(), 2, board=side)
    fields = {f"display_{i}": shop for i, shop in enumerate(config["display"], 1)}
    for q, placed in config["initial_shops"].items():
        fields[f"start_shop_{q}"], fields[f"start_lot_{q}"] = placed["shop"], placed["lot"]
    return fields


def config_from_form(form) -> tuple[dict, str, dict | None]:
    """The wizard's form as an engine config, a title, and a board profile to save."""
    players = []
    names = names_from_form(form, 4)
    for i, name in enumerate(names, 1):
        if name:
            players.append({"seat": f"p{i}", "name": name, "color": _one_of(form, f"color_{i}", PLAYER_COLORS)})
    start = form.get("start", "p1")
    seats = [p["seat"] for p in players]
    if start not in seats:
        raise FormError(_("The start player must be one of the players."))
    at = seats.index(start)
    players = players[at:] + players[:at]  # clockwise from the start player

    board = _one_of(form, "board", ["5-lot", "6-lot"])
    lot_choices = LOT_COLORS + (["dashed"] if board == "6-lot" else [])
    rings = {q: _ring(form, q, lot_choices) for q in QUARTERS}
    config = {
        "players": players,
        "board": board,
        "rings": rings,
        "initial_shops": {
            q: {"lot": _one_of(form, f"start_lot_{q}", lot_choices, _("Set-up shop in {quarter}: its lot",
                                                                      quarter=board_words.place_text(q))),
                "shop": _one_of(form, f"start_shop_{q}", SHOPS, _("Set-up shop in {quarter}",
                                                                  quarter=board_words.place_text(q)))}
            for q in QUARTERS
        },
        "display": [_one_of(form, f"display_{i}", SHOPS, _("Display space {n}", n=i)) for i in range(1, 21)],
        "auctions": _one_of(form, "auctions", ["open", "sealed"]),
        "hands": _one_of(form, "hands", ["counts", "private"]),
    }
    profile_name = profile_name_from_form(form)
    profile = {"name": profile_name, "data": {"board": board, "rings": rings}} if profile_name else None
    return config, title_from_form(form), profile


# action forms: each reader beside its writer ---------------------------------------

def _read_spot(form) -> dict:
    quarter, _sep, lot = form.get("spot", "").partition(":")
    if not quarter or not lot:
        raise FormError(_("Tap a lot on the board first."))
    return {"quarter": quarter, "lot": lot}


def _write_spot(action: dict) -> dict:
    return {"spot": f"{action['quarter']}:{action['lot']}"}


def _read_value(text: str | None) -> dict:
    if not text:
        return {}
    value = read_number(text)
    if value is None:
        raise FormError(_("A card value must be 4, 5 or 6, not {value}.", value=repr(text[:20])))
    return {"value": value}


def _write_value(card: dict) -> dict:
    return {"value": card["value"]} if card.get("value") is not None else {}


def _read_colored(form) -> dict:
    """The piles tapped (``color``, one or two), each with its value when hands are private."""
    cards = [{"color": c} | _read_value(form.get(f"value_{c}")) for c in form.getlist("color")]
    if not cards:
        raise FormError(_("Tap the colour of each card you take."))
    return {"cards": cards}


def _write_colored(action: dict) -> dict:
    fields = {"color": [card["color"] for card in action["cards"]]}
    for card in action["cards"]:
        fields |= {f"value_{card['color']}": v for v in _write_value(card).values()}
    return fields


def _read_bid(form) -> dict:
    """Cards laid out now: counts per colour and value (``n_<colour>_<value>``)."""
    cards = []
    for key, text in form.items():
        if not key.startswith("n_"):
            continue
        _n, color, value = (key.split("_") + ["", ""])[:3]
        count, value = read_number(text or "0"), read_number(value)
        if count is None or value is None:
            raise FormError(_("Card counts must be whole numbers, not {text}.", text=repr(text[:20])))
        if count > 30:
            raise FormError(_("That is more cards than the game has."))
        cards += [{"color": color, "value": value}] * count
    if not cards:
        raise FormError(_("Add at least one card to your bid, or pass."))
    return {"cards": cards}


def _write_bid(action: dict) -> dict:
    counts = Counter((c["color"], c["value"]) for c in action["cards"])
    return {f"n_{color}_{value}": n for (color, value), n in counts.items()}


def _read_count(form) -> dict:
    count = read_number(form.get("count", ""))
    if count is None:
        raise FormError(_("Say how many buildings to build."))
    return {"count": count}


def _read_move(form) -> dict:
    commission, _sep, to = form.get("move", "").partition(":")
    if not commission or not to:
        raise FormError(_("Pick a commission move."))
    return {"commission": commission, "to": to}


def _read_draws(form) -> dict:
    draws = [read_number(v) for v in form.get("draws", "").replace(",", " ").split()]
    if None in draws:
        raise FormError(_("Type the drawn black cards as numbers, e.g. 4 6 5 4."))
    return {"draws": draws}


def _field(name: str) -> Form:
    """An action with one field, posted as is."""
    return Form(lambda form: {name: form.get(name, "")}, lambda action: {name: action[name]})


#: What each block of the board reads (``picture._kept``): it is drawn again only when one
#: of these changes.
_FACES = ("view.players.seat", "view.players.name", "view.players.colour", "view.players.initials",
          "view.players.dummy")
BOARD_READS = {"ground": ("words",),
               **{f"quarter_{i}": ("words", f"view.quarters.{q}", *_FACES) for i, q in enumerate(QUARTERS)},
               "park": ("words", "view.central_park", *_FACES),
               "commissions": ("words", "view.commissions"),
               "display": ("words", "view.blocks", "view.current_block", "view.display", "view.next_special")}
#: What sheet.html reads (the screen contract): drawn again only when that changes.
SHEET_READS = ("scores", "me", "view.hand")

#: The kind of each move, as the host's audit trail and the undo notice name it: the
#: engine's own names (the kind only, never what was chosen).
ACTION_NAMES = engine.flow.ACTION_NAMES

FORMS = {
    "place_initial_building": Form(_read_spot, _write_spot),
    "take_buildings": NO_FIELDS,
    "place_shop": Form(lambda form: {"shop": form.get("shop", "")} | _read_spot(form),
                       lambda action: {"shop": action["shop"]} | _write_spot(action)),
    "take_black": Form(lambda form: _read_value(form.get("value")), _write_value),
    "score_quarter": _field("quarter"),
    "take_colored": Form(_read_colored, _write_colored),
    "move_commission": Form(_read_move, lambda action: {"move": f"{action['commission']}:{action['to']}"}),
    "bid": Form(_read_bid, _write_bid),
    "choose_color": _field("color"),
    "build": Form(_read_count, lambda action: {"count": action["count"]}),
    "close_quarter": NO_FIELDS,
    # the host's inputs for the table
    "dummy_bid": Form(_read_draws, lambda action: {"draws": " ".join(map(str, action["draws"]))}),
    "reveal_central_park": Form(lambda form: {"shops": [s for s in form.getlist("shops") if s]},
                                lambda action: {"shops": list(action["shops"])}),
}
# "pass" is a complete action in legal(): its button posts it as it is (read_complete).

#: The kinds of scoring (a score event's "kind"), as the final result names them.
SCORE_KINDS = {"quarter": N_("Quarters scored"), "special": N_("Special scorings"),
               "closure": N_("Closures"), "central_park": N_("Central Park")}


def quarter_names(view: dict) -> dict[str, str]:
    """Quarter ids to their names, from a view."""
    return {q: data["name"] for q, data in view["quarters"].items()}


def _one_of(form, key: str, allowed: list[str], label=None) -> str:
    value = form.get(key, "")
    if value not in allowed:
        field = label or key.replace("_", " ")
        if not value:
            raise FormError(_("{field}: nothing chosen yet.", field=field))
        raise FormError(_("{field}: choose one of {allowed}.", field=field, allowed=allowed))
    return value


def _ring(form, quarter: str, choices: list[str]) -> list[str]:
    """A quarter's lot colours, clockwise from the top; refused in words: which lots have
    no colour yet, which colour is there twice and which is missing (FA-C-3)."""
    colours = [form.get(f"ring_{quarter}_{i}", "") for i in range(len(choices))]
    where = board_words.place_text(quarter)
    blank = [i + 1 for i, c in enumerate(colours) if not c]
    if blank:
        raise FormError(ngettext("{quarter}: lot {lots} has no colour yet.", "{quarter}: lots {lots} have no colour yet.",
                                 len(blank), quarter=where, lots=blank))
    strange = [c for c in colours if c not in choices]
    if strange:
        raise FormError(_("{quarter}: {colour} is not a lot colour of this board.", quarter=where,
                          colour=repr(strange[0][:20])))
    twice = [board_words.colour_text(c) for c in choices if colours.count(c) > 1]
    missing = [board_words.colour_text(c) for c in choices if c not in colours]
    if len(twice) == 1 and len(missing) == 1:
        raise FormError(_("{quarter}: {twice} appears twice and {missing} is missing.", quarter=where,
                          twice=twice[0], missing=missing[0]))
    if twice or missing:
        raise FormError(_("{quarter}: each colour goes once around the ring; repeated: {twice}; missing: "
                          "{missing}.", quarter=where, twice=twice, missing=missing))
    return colours
