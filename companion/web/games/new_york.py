"""New York screens: the set-up wizard (hands, money display, market, Dirk, the box's
names for the building types), the geometry of the pictures (cities with their streets,
the squares a phone may tap and why the others not), the majority table, and the action
forms (each reader beside its writer).

Form fields name the game's things in one short notation: a money card ``blue:7`` (a
scoring card ``A``), a tile ``park:8:NE`` (type, price, street sides), a square ``2,-1``.
"""

import random
import re
import sys
from collections import Counter
from functools import lru_cache

from flask_babel import get_locale, gettext
from markupsafe import Markup, escape
from werkzeug.datastructures import MultiDict

from ...engines import new_york as engine
from ...engines.new_york import city, dirk, playout, scoring
from ...engines.new_york.catalogue import (BANK_WORDS, BANKS, COUNTS, HIGH, LOW, POINTS, PRICES,
                                           SCORING_CARDS, SIDES, TYPE_WORDS, TYPES, tile_text,
                                           type_text)
from ...engines.new_york.setup import MAX_PLAYERS, MIN_PLAYERS, START_MONEY, start_candidates
from ...engines.new_york.state import DIRK
from ...engines.text import N_, _
from ..filters import say
from ..forms import LARGEST, number as read_number
from . import Form, FormError, names_from_form, profile_name_from_form, title_from_form, typed

CELL, ROAD = 60, 13  # a city square and the width of a street along its side (SVG units)
NAME_MAX = 24
BANK_LETTERS = {bank[0]: bank for bank in BANKS}  # b, g, y, r: as typed in the wizard
DIRK_TILES = dirk.START_TILES
LOW_PRICE, HIGH_PRICE = min(p[0] for p in PRICES.values()), max(p[1] for p in PRICES.values())


# the table's words: building types as the host's box names them ----------------------

def words(config: dict) -> dict:
    """The type names the host gave at set-up, as renamings of the catalogue's words."""
    names = config.get("type_names") or {}
    return {TYPE_WORDS[kind]: name for kind, name in names.items() if kind in TYPE_WORDS and name}


def labels(names: dict) -> dict:
    """Short labels for the pictures, one per type, from the names shown: the first two
    letters, more when two names begin alike (``{"park": "Pa", ...}``)."""
    out = {}
    for size in range(2, NAME_MAX + 1):
        out = {kind: name[:size].strip().capitalize() or kind[:size] for kind, name in names.items()}
        if len(set(out.values())) == len(out):
            return out
    return {kind: f"{kind[:2]}{i}" for i, kind in enumerate(names, 1)}


def names(words: dict | None) -> dict:
    """The building types and banks as this page names them (in its language, renamed
    by the table's ``words``) and the types' short labels for the pictures."""
    key = (str(get_locale()), tuple(sorted((words or {}).items())))
    if key not in _NAMES:
        if len(_NAMES) > 100:
            _NAMES.clear()
        types = {kind: say(type_text(kind), words) for kind in TYPES}
        _NAMES[key] = {"types": types, "labels": labels(types),
                       "banks": {bank: gettext(BANK_WORDS[bank]) for bank in BANKS}}
    return _NAMES[key]


_NAMES: dict = {}  # (locale, words) -> names: a few entries per table, never many


def tile_words(tile: dict, words: dict | None) -> str:
    """A tile in words ("park 8 (streets: north)") as this page says it."""
    return _tile_words(str(get_locale()), tuple(sorted((words or {}).items())),
                       tile["type"], tile["price"], tile["streets"])


@lru_cache(maxsize=2048)
def _tile_words(locale, words, kind, price, streets) -> str:
    return say(tile_text({"type": kind, "price": price, "streets": streets}), dict(words))


def catalogue() -> list[dict]:
    """The building types as the app knows them, for the host to check against the box."""
    return [{"type": kind, "count": COUNTS[kind], "prices": PRICES[kind],
             "points": {card: POINTS[card][kind] for card in ("A", "B", "C")}} for kind in TYPES]


# the set-up wizard ------------------------------------------------------------------

def setup_context(tables, args=None) -> dict:
    """Template data for the wizard. ``args`` may carry the form so far (the draw
    buttons send it by GET) and ask the server to draw the money (``draw=money``), the
    tiles (``draw=tiles``) or both (``draw=all``): the host then deals as shown."""
    form = MultiDict(args or {})
    draw, chosen = form.pop("draw", None), form.pop("profile", None)
    profiles = tables.profiles(engine.NAME)
    if chosen in profiles:
        for kind in TYPES:
            form[f"type_name_{kind}"] = profiles[chosen].get("type_names", {}).get(kind, "")
        form["profile_name"] = chosen
    if draw in ("money", "tiles", "all"):
        for key, value in drawn(form, draw).items():
            form.setlist(key, value if isinstance(value, list) else [value])
    return {"form": form, "profiles": profiles, "catalogue": catalogue(), "banks": BANKS,
            "sides": SIDES, "max_players": MAX_PLAYERS, "dirk_tiles": DIRK_TILES,
            "start_money": START_MONEY, "candidates": _candidates(form), "ui": sys.modules[__name__]}


def drawn(form, what: str) -> dict:
    """Wizard fields drawn at random for the players named in ``form`` (two if none)."""
    names = [form.get(f"name_{i}", "").strip() for i in range(1, MAX_PLAYERS + 1)]
    count = max(MIN_PLAYERS, len([n for n in names if n]))
    config = playout.random_config(random.SystemRandom(), count)
    fields = {}
    if what in ("money", "all"):
        named = [i for i, n in enumerate(names, 1) if n] or list(range(1, count + 1))
        for i, seat in zip(named, config["start_money"].values()):
            fields[f"money_{i}"] = cards_notation(seat)
        fields["display"] = cards_notation(config["money_display"])
    if what in ("tiles", "all"):
        for bank, tile in zip(BANKS, config["market"]):
            fields |= tile_fields(f"market_{bank}", tile)
        for i, tile in enumerate(config.get("dirk") or [], 1):
            fields |= tile_fields(f"dirk_{i}", tile)
    return fields


def tile_fields(prefix: str, tile: dict) -> dict:
    return {f"{prefix}_type": tile["type"], f"{prefix}_price": str(tile["price"]),
            f"{prefix}_streets": list(tile["streets"])}


def _candidates(form) -> list[str]:
    """Names of the players who may start by the rule (NY-S-3), once every named row's
    money reads; the host picks among them when several are tied."""
    hands = {}
    for i in range(1, MAX_PLAYERS + 1):
        if form.get(f"name_{i}", "").strip():
            try:
                hands[i] = read_cards(form.get(f"money_{i}", ""), "")
            except FormError:
                return []
            if not hands[i]:
                return []
    if len(hands) < MIN_PLAYERS:
        return []
    return [form.get(f"name_{i}").strip() for i in start_candidates(hands)]


def config_from_form(form) -> tuple[dict, str, dict | None]:
    """The wizard's form as an engine config, a title, and a box profile to save."""
    given = names_from_form(form, MAX_PLAYERS)
    rows = [i for i, name in enumerate(given, 1) if name]
    if not MIN_PLAYERS <= len(rows) <= MAX_PLAYERS:
        raise FormError(_("Write the names of {low} to {high} players, clockwise.",
                          low=MIN_PLAYERS, high=MAX_PLAYERS))
    players = [{"seat": f"p{i}", "name": given[i - 1]} for i in rows]
    money = {f"p{i}": read_cards(form.get(f"money_{i}", ""), _("the money of {player}",
                                                               player=players[n]["name"]))
             for n, i in enumerate(rows)}
    config = {"players": players, "start_money": money,
              "money_display": read_cards(form.get("display", ""), _("the money display")),
              "market": [read_tile(form, f"market_{bank}") for bank in BANKS]}
    start = form.get("start", "")
    if start:
        if start not in [p["seat"] for p in players]:
            raise FormError(_("The start player must be one of the players."))
        config["start_player"] = start
    elif len(tied := start_candidates(money)) > 1:
        who = {p["seat"]: p["name"] for p in players}
        raise FormError(_("{names} have as few cards and as low a total as each other: tick who "
                          "starts (the youngest of them).", names=[who[s] for s in tied]))
    if len(players) == 2:
        config["dirk"] = [read_tile(form, f"dirk_{i}") for i in range(1, DIRK_TILES + 1)]
    names = read_type_names(form)
    if names:
        config["type_names"] = names
    profile_name = profile_name_from_form(form)
    profile = {"name": profile_name, "data": {"type_names": names}} if profile_name else None
    return config, title_from_form(form), profile


def read_type_names(form) -> dict:
    """The names typed for the building types (blank: the catalogue's own word)."""
    names = {}
    for kind in TYPES:
        name = typed(form, f"type_name_{kind}", NAME_MAX, _("The name of the {type}", type=type_text(kind)))
        if name:
            names[kind] = name
    lowered = [n.casefold() for n in names.values()]
    if len(set(lowered)) < len(lowered):
        raise FormError(_("Give every building type a name of its own."))
    return names


def read_cards(text: str, what) -> list:
    """Money cards typed as ``b7 r9 g2`` (bank letter or word, then value)."""
    cards, rest = [], text.strip()
    for token in re.split(r"[\s,;+]+", rest) if rest else []:
        found = re.fullmatch(r"([a-zA-Z]+)[:\-]?([0-9]+)", token)
        bank = found and (BANK_LETTERS.get(found[1].lower()) if len(found[1]) == 1 else
                          found[1].lower() if found[1].lower() in BANKS else None)
        value = found and read_number(found[2], LOW, HIGH)
        if not found or bank is None or value is None:
            raise FormError(_("{what}: {token} is not a money card; type each card as its "
                              "bank's letter (b, g, y, r) and its value {low}–{high}, e.g. b7 r9 g4.",
                              what=what or _("money"), token=repr(token[:20]), low=LOW, high=HIGH))
        cards.append([bank, value])
    return cards


def cards_notation(cards) -> str:
    """The wizard's way of typing cards: ``b7 r9 g2``."""
    return " ".join(f"{bank[0]}{value}" for bank, value in cards)


def read_tile(form, prefix: str) -> dict:
    """A tile from its three wizard fields (type, price, street sides ticked)."""
    kind, price = form.get(f"{prefix}_type", ""), form.get(f"{prefix}_price", "")
    if kind not in TYPES:
        raise FormError(_("Choose the type of every tile drawn ({field} is missing).",
                          field=prefix.replace("_", " ")))
    value = read_number(price)
    if value is None:
        raise FormError(_("Type the price printed on every tile ({field} is missing).",
                          field=prefix.replace("_", " ")))
    return {"type": kind, "price": value, "streets": _streets(form.getlist(f"{prefix}_streets"))}


def _streets(ticked) -> str:
    """Street sides from the boxes ticked (each a side letter, or several in one value)."""
    letters = "".join(ticked)
    if set(letters) - set(SIDES) or len(set(letters)) != len(letters):
        raise FormError(_("Tick the street sides among N, E, S and W."))
    return "".join(s for s in SIDES if s in letters)


# pictures ------------------------------------------------------------------------------

def grid_of(player: dict) -> dict:
    """A player's city from the view as the engine's geometry reads it."""
    return {(c["x"], c["y"]): city.mask(c["tile"]["streets"]) for c in player["city"]}


def city_picture(player: dict, spots: list | None = None, trail: bool = True) -> dict:
    """Where everything of one city's picture goes: its tiles, the longest outer street
    as a line through tile corners (not while ``spots``, squares a phone may tap, are
    drawn), and the spots."""
    squares = [(c["x"], c["y"]) for c in player["city"]] + [(s["x"], s["y"]) for s in spots or ()]
    xs, ys = [x for x, _y in squares], [y for _x, y in squares]
    pad = CELL // 4
    columns, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    way = city.longest_trail(grid_of(player)) if trail and not spots else []
    return {"box": f"{min(xs) * CELL - pad} {min(ys) * CELL - pad} {columns * CELL + 2 * pad} "
                   f"{rows * CELL + 2 * pad}",
            "columns": columns, "rows": rows,
            "tiles": [{"px": c["x"] * CELL, "py": c["y"] * CELL, **c} for c in player["city"]],
            "way": " ".join(f"{x * CELL},{y * CELL}" for x, y in way), "length": max(len(way) - 1, 0),
            "spots": [dict(s, px=s["x"] * CELL, py=s["y"] * CELL) for s in spots or ()]}


def tile_svg(tile: dict, label: str, x: int = 0, y: int = 0) -> Markup:
    """One tile as an SVG group at ``x, y``: its type's label and price, its streets as
    bands with a dashed centre line (drawn once per kind of tile, then reused)."""
    inner = _tile_inner(tile["type"], tile["price"], tile["streets"], label)
    return Markup(f'<g class="ny-tile ny-t-{tile["type"]}" transform="translate({x} {y})">{inner}</g>')


@lru_cache(maxsize=1024)
def _tile_inner(kind: str, price, streets: str, label: str) -> str:
    parts = ['<rect width="60" height="60" class="ny-ground"/>']
    for r in roads(streets):
        (rx, ry, rw, rh), (x1, y1, x2, y2) = r["rect"], r["line"]
        parts.append(f'<rect x="{rx}" y="{ry}" width="{rw}" height="{rh}" class="ny-road"/>'
                     f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" class="ny-lane"/>')
    if kind == "start":
        parts.append(f'<text x="30" y="37" class="ny-label">{escape(label)}</text>')
    else:
        parts.append(f'<text x="30" y="31" class="ny-label">{escape(label)}</text>'
                     f'<text x="30" y="45" class="ny-price">{price}</text>')
    return "".join(parts)


def roads(streets: str) -> list[dict]:
    """The street bands along a tile's sides (tile at 0, 0) with their centre lines."""
    inner, half = CELL - ROAD, ROAD / 2
    out = []
    for side in streets:
        x, y, w, h = {"N": (0, 0, CELL, ROAD), "S": (0, inner, CELL, ROAD),
                      "W": (0, 0, ROAD, CELL), "E": (inner, 0, ROAD, CELL)}[side]
        line = (x, y + half, x + w, y + half) if side in "NS" else (x + half, y, x + half, y + h)
        out.append({"side": side, "rect": (x, y, w, h), "line": line})
    return out


# squares a phone may tap, and why the others not ------------------------------------

def place_spots(player: dict, action: dict) -> list[dict]:
    """Every empty square next to the city for the tile of a ``place`` or
    ``reserve_to_city`` action: the ones ``legal()`` offers, the rest with the reason."""
    grid, tile = grid_of(player), action["tile"]
    offered = {(p["x"], p["y"]) for p in action["positions"]}
    frontier = sorted({cell for pos in grid for _side, cell in city.neighbours(pos)} - set(grid),
                      key=lambda p: (p[1], p[0]))
    spots = []
    for pos in frontier:
        problem = None if pos in offered else city.placement_problem(grid, pos, city.mask(tile["streets"]))
        if problem is None:
            spots.append({"x": pos[0], "y": pos[1], "ok": True})
            continue
        rule, reason = problem
        spots.append({"x": pos[0], "y": pos[1], "ok": False, "rule": rule,
                      "why": _("You cannot put the {tile} on ({x}, {y}): {reason}.",
                               tile=tile_text(tile), reason=reason, x=pos[0], y=pos[1])})
    return spots


def city_spots(player: dict, action: dict) -> list[dict]:
    """The city's tiles for a ``swap`` or ``city_to_reserve``: those offered, the rest
    with the reason (Times Square never moves)."""
    grid = grid_of(player)
    offered = {(p["x"], p["y"]) for p in action["positions"]}
    spots = []
    for pos in sorted(grid, key=lambda p: (p[1], p[0])):
        swap = action["type"] == "swap"
        problem = None if pos in offered else (
            city.swap_problem(grid, pos, city.mask(action["tile"]["streets"])) if swap
            else city.removal_problem(grid, pos))
        if problem is None:
            spots.append({"x": pos[0], "y": pos[1], "ok": True, "on_tile": True})
            continue
        rule, reason = problem
        if swap:
            why = _("You cannot put the {tile} on ({x}, {y}): {reason}.",
                    tile=tile_text(action["tile"]), reason=reason, x=pos[0], y=pos[1])
        else:
            why = _("You cannot move the tile at ({x}, {y}) out of your city: {reason}.",
                    reason=reason, x=pos[0], y=pos[1])
        spots.append({"x": pos[0], "y": pos[1], "ok": False, "rule": rule, "why": why,
                      "on_tile": True})
    return spots


# majorities ---------------------------------------------------------------------------

def next_scoring(view: dict) -> str | None:
    """The scoring to come: A, B, then C at the end (None once the game is over)."""
    if view["phase"] == "over":
        return None
    return next((c for c in SCORING_CARDS if c not in view["scoring_cards"]), "C")


def majorities(view: dict) -> dict:
    """Buildings per type per holder (Dirk too), who leads, and what each holder's
    place would pay if the next scoring came now (NY-SC-2)."""
    holders = [(p["seat"], Counter(p["buildings"])) for p in view["players"]]
    if view["dirk"] is not None:
        holders.append((DIRK, Counter(t["type"] for t in view["dirk"]["tiles"])))
    card = next_scoring(view)
    rows = []
    for kind in TYPES:
        counts = {who: held[kind] for who, held in holders}
        best = max(counts.values())
        won = scoring.places(counts, POINTS[card][kind]) if card else {}
        rows.append({"type": kind, "counts": counts,
                     "leaders": [who for who, n in counts.items() if n == best and n > 0],
                     "points": {who: won[who][0] for who in won},
                     "pays": POINTS[card][kind] if card else []})
    return {"card": card, "holders": [who for who, _held in holders], "rows": rows}


PARTS = {"NY-SC-2": "buildings", "NY-SC-3": "streets"}  # the two halves of a scoring

#: The final screen's kinds of scoring (by rule), and each move's kind as an undo names it.
SCORE_KINDS = {"NY-SC-2": N_("buildings"), "NY-SC-3": N_("streets")}


def per_scoring(view: dict, scores: dict) -> dict:
    """The end of the game: each player's points per scoring card (A, B, C, in the order
    they scored), split into buildings and streets; players in seat order."""
    cards = []
    for event in scores["events"]:
        card = event["title"]["args"]["card"]
        if card not in cards:
            cards.append(card)
    rows = []
    for p in view["players"]:
        per = {card: {"buildings": 0, "streets": 0} for card in cards}
        for event in scores["events"]:
            per[event["title"]["args"]["card"]][PARTS[event["rule"]]] += event["points"].get(p["seat"], 0)
        rows.append({"seat": p["seat"], "name": p["name"], "per": per})
    return {"cards": cards, "rows": rows}


# the host's inputs: every card a draw could show, whatever the deck holds -----------------

def money_draws(view: dict) -> list:
    """What the host may enter for a money draw: every card of the catalogue, and the
    next scoring card. Not ``legal()``'s list: which cards the deck still holds follows
    from the secret hands, so no page shows it."""
    cards = [[bank, value] for bank in BANKS for value in range(LOW, HIGH + 1)]
    left = [c for c in SCORING_CARDS if c not in view["scoring_cards"]]
    return cards + left[:1]


# action forms: each reader beside its writer ------------------------------------------

def read_card(text: str) -> list | str:
    """``blue:7`` as a money card, ``A`` as a scoring card."""
    if text in SCORING_CARDS:
        return text
    bank, _sep, value = (text or "").partition(":")
    number = read_number(value)
    if bank not in BANKS or number is None:
        raise FormError(_("Tap the money cards to use ({card} cannot be read).", card=repr(text[:20])))
    return [bank, number]


def card_field(card) -> str:
    return card if isinstance(card, str) else f"{card[0]}:{card[1]}"


def read_tile_field(text: str) -> dict:
    """``park:8:NE`` as a tile."""
    parts = (text or "").split(":")
    price = read_number(parts[1]) if len(parts) == 3 else None
    if price is None or parts[0] not in TYPES:
        raise FormError(_("Choose a tile first ({tile} cannot be read).", tile=repr(text[:30])))
    return {"type": parts[0], "price": price, "streets": _streets(list(parts[2]))}


def tile_field(tile: dict) -> str:
    return f"{tile['type']}:{tile['price']}:{tile['streets']}"


def read_square(form) -> dict:
    x, _sep, y = form.get("square", "").partition(",")
    x, y = read_number(x, -LARGEST), read_number(y, -LARGEST)
    if x is None or y is None:
        raise FormError(_("Tap a square of your city first."))
    return {"x": x, "y": y}


def _write_square(action: dict) -> dict:
    return {"square": f"{action['x']},{action['y']}"}


def _read_cards_field(form, name: str) -> list:
    return [read_card(token) for value in form.getlist(name) for token in value.split()]


def _read_take(form) -> dict:
    cards = _read_cards_field(form, "card")
    if not cards:
        raise FormError(_("Tick the face-up money cards you take."))
    return {"cards": cards}


def _read_buy(form) -> dict:
    """The cards paid: an exact payment's button (``exact``) or the cards ticked (``pay``)."""
    pay = _read_cards_field(form, "exact") or _read_cards_field(form, "pay")
    if not pay:
        raise FormError(_("Tick the cards you pay with."))
    return {"space": form.get("space", ""), "pay": pay}


def _read_placing(form) -> dict:
    return {"tile": read_tile_field(form.get("tile", "")), **read_square(form)}


def _write_placing(action: dict) -> dict:
    return {"tile": tile_field(action["tile"]), **_write_square(action)}


def _read_draw_tile(form) -> dict:
    return {"tile": read_tile(form, "tile")}


def _write_draw_tile(action: dict) -> dict:
    return tile_fields("tile", action["tile"])


#: What each block of the board reads (``picture._kept``): a block is drawn again only
#: when one of these changes. A city's block reads its own player alone (``view.players.2``).
BOARD_READS = {"top": ("words", "view.bag_size", "view.display", "view.market", "view.scoring_cards"),
               **{f"city_{i}": ("words", f"view.players.{i}") for i in range(6)}, "dirk": ("words", "view.dirk"),
               "majorities": ("words", "view.dirk", "view.phase", "view.scoring_cards", "view.players.seat",
                              "view.players.name", "view.players.buildings"),
               "legend": ("words",)}
#: What sheet.html reads (the screen contract): drawn again only when that changes.
SHEET_READS = ("scores", "words", "me")

#: The kind of each move, as the host's audit trail and the undo notice name it: the
#: engine's own names (the kind only, never what was chosen).
ACTION_NAMES = engine.flow.ACTION_NAMES

FORMS = {
    "take_money": Form(_read_take, lambda a: {"card": [card_field(c) for c in a["cards"]]}),
    "buy": Form(_read_buy, lambda a: {"space": a["space"], "pay": [card_field(c) for c in a["pay"]]}),
    "reserve_to_city": Form(_read_placing, _write_placing),
    "swap": Form(_read_placing, _write_placing),
    "place": Form(_read_placing, _write_placing),
    "city_to_reserve": Form(read_square, _write_square),
    # the host's inputs for the table
    "draw_money": Form(lambda form: {"card": read_card(form.get("card", ""))},
                       lambda a: {"card": card_field(a["card"])}),
    "draw_tile": Form(_read_draw_tile, _write_draw_tile),
}
# "to_reserve", "to_dirk" and "pass" are complete in legal(): their buttons post them as they are.


def label(action: dict):
    """The button of a complete action."""
    if action["type"] == "to_reserve":
        return _("Put the {tile} into your reserve", tile=tile_text(action["tile"]))
    if action["type"] == "to_dirk":
        return _("Give the {tile} to Dirk", tile=tile_text(action["tile"]))
    return _("Pass")


def take_combos(actions: list) -> list[str]:
    """The take-money choices as the phone's script compares them: sorted card fields."""
    return [" ".join(sorted(card_field(c) for c in a["cards"])) for a in actions
            if a["type"] == "take_money"]


def exact_label(pay: list):
    return " + ".join(str(value) for _bank, value in pay)

