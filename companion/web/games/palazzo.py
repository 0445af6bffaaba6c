"""Palazzo screens: the set-up wizard's form and profile, the pictures' geometry (four
quarries around the material supply, palaces as stacks of floors), what the payment
composer needs, and the action forms (each reader beside its writer).

The wizard's ``draws`` ("typed" or "server") is kept in the config for the screens only
(the engine ignores it): with "server" the phones offer to let the server draw the tiles,
the money turned up and the starting hands (``engine.seat_draw``) before typing them.
"""

import random
import sys
from collections import Counter

from ...engines import palazzo as engine
from ...engines.palazzo import building, money, playout, reconstruction, scoring, tiles
from ...engines.palazzo.setup import BIDDING, COLOURS as ENGINE_COLOURS, HANDS
from ...engines.text import N_, _
from ..forms import number as read_number
from . import Form, FormError, names_from_form, placed, profile_name_from_form, title_from_form

COLOURS = list(ENGINE_COLOURS)
COLOUR_WORDS = {"red": N_("red"), "blue": N_("blue"), "yellow": N_("yellow"), "green": N_("green"),
                "black": N_("black"), "white": N_("white")}
MATERIAL_WORDS = dict(tiles.MATERIALS)
TILE_KINDS = list(tiles.KINDS)  # every building tile, no knight
CARD_KINDS = list(money.KINDS)  # a3 ... c7, w2
CURRENCIES = list(money.CURRENCIES)
VALUES = list(money.VALUES)
DRAWS = ("typed", "server")
SEATS = [f"p{i}" for i in range(1, 5)]
PROFILE_FIELDS = ["bidding", "hands", "draws", "start"] + [
    f"{key}_{i}" for i in range(1, 5) for key in ("name", "colour")]

# Picture geometry (SVG user units). The quarries lie around the supply at four board
# places, numbered clockwise from where the master builder stood at setup (top first).
TILE_W, TILE_H, GAP = 72, 50, 8
FLOOR_H = 38  # a floor of a palace: a tile drawn flatter
BOARD_W, BOARD_H = 1000, 760
PLACES = [(500, 84), (820, 330), (500, 590), (180, 330)]  # where each place's tiles start
QUARRY_W = 330
PALACES_PER_ROW = 4
ROW_FOOT = 40  # under a row of palaces: their numbers and values
QUARRY_COLUMNS = 4
SUPPLY_COLUMNS = 3

#: The final screen's kinds of scoring (by rule), and each move's kind as an undo names it.
SCORE_KINDS = {"PZ-E-2": N_("Palaces"), "PZ-E-3": N_("Tie-break")}


# the set-up wizard ---------------------------------------------------------------

def setup_context(tables, args=None) -> dict:
    """Template data for the wizard: a saved profile's fields (``profile``) and, when
    asked (``draw``, a GET of the whole form: all typed so far stays), the five set-up
    tiles drawn by the server for the host to lay out."""
    args = args or {}
    profiles = tables.profiles(engine.NAME)
    form = dict(profiles.get(args.get("profile"), {}))
    if args.get("draw"):
        form |= {key: value for key, value in args.items() if key not in ("draw", "profile")}
        form |= drawn_tiles(random.SystemRandom())
    return {"form": form, "profiles": profiles, "colours": COLOURS, "tile_kinds": TILE_KINDS,
            "ui": sys.modules[__name__]}


def drawn_tiles(rng) -> dict:
    """The five set-up tiles, drawn at random, as wizard fields."""
    dealt = playout.random_config(rng, 2)["tiles"]
    fields = {"supply": dealt["supply"]}
    fields |= {f"quarry_{i}": tile for i, tile in enumerate(dealt["quarries"])}
    return fields


def config_from_form(form) -> tuple[dict, str, dict | None]:
    """The wizard's form as an engine config, a title, and a profile to save: the group
    (names, colours, seating, who starts) and its options."""
    names = names_from_form(form, 4)
    players = [{"seat": f"p{i}", "name": name, "colour": _one_of(form, f"colour_{i}", COLOURS)}
               for i, name in enumerate(names, 1) if name]
    if not 2 <= len(players) <= 4:
        raise FormError(_("Palazzo is for 2 to 4 players: write their names."))
    colours = [p["colour"] for p in players]
    shared = next((c for c in colours if colours.count(c) > 1), None)
    if shared:
        raise FormError(_("Two players have the colour {colour}: give each their own.",
                          colour=_(COLOUR_WORDS[shared])))
    seats = [p["seat"] for p in players]
    start = form.get("start", "p1")
    if start not in seats:
        raise FormError(_("The start player must be one of the players."))
    at = seats.index(start)
    config = {
        "players": players[at:] + players[:at],  # clockwise from the start player
        "tiles": {"supply": _tile(form, "supply"),
                  "quarries": [_tile(form, f"quarry_{i}") for i in range(tiles.QUARRIES)]},
        "bidding": _one_of(form, "bidding", list(BIDDING)),
        "hands": _one_of(form, "hands", list(HANDS)),
        "draws": _one_of(form, "draws", list(DRAWS)),
    }
    name = profile_name_from_form(form)
    profile = {"name": name, "data": {k: form.get(k, "") for k in PROFILE_FIELDS}} if name else None
    return config, title_from_form(form), profile


def _tile(form, key: str) -> str:
    tile = form.get(key, "")
    if tile not in TILE_KINDS:
        raise FormError(_("Choose the tile lying on {place} (got {value}).",
                          place=_place(key), value=repr(tile[:20])))
    return tile


def _place(key: str):
    if key == "supply":
        return _("the material supply")
    return _("quarry {number}", number=key.rsplit("_", 1)[1])


def _one_of(form, key: str, allowed: list[str]) -> str:
    value = form.get(key, "")
    if value not in allowed:
        raise FormError(_("{field}: choose one of {allowed} (got {value}).",
                          field=key.replace("_", " "), allowed=allowed, value=repr(value[:40])))
    return value


def server_draws(config: dict) -> bool:
    """Whether the group lets the server draw what comes up at random."""
    return config.get("draws") == "server"


# pictures --------------------------------------------------------------------------

def grid(items: list, columns: int, x0: float, y0: float, w=TILE_W, h=TILE_H) -> list[dict]:
    """``items`` laid out in rows of ``columns``, centred on ``x0``, from ``y0`` down."""
    rows = []
    for i, item in enumerate(items):
        row, col = divmod(i, columns)
        in_row = min(columns, len(items) - row * columns)
        left = x0 - (in_row * (w + GAP) - GAP) / 2
        rows.append({"item": item, "x": round(left + col * (w + GAP)), "y": round(y0 + row * (h + GAP))})
    return rows


def _box(x: float, y: float, width: float, height: float) -> dict:
    return placed(x, y, width, height, (BOARD_W, BOARD_H))


def _box_height(count: int, columns: int) -> int:
    """A quarry's or the supply's box: its heading, then rows of ``columns`` tiles (one at least)."""
    return 74 + -(-max(count, 1) // columns) * (TILE_H + GAP)


# The phases in which something else runs (an auction, a distribution: each a phase of its
# own, engines/palazzo/auction.py) or the game is over: no quarry is marked for the next auction.
_BUSY = frozenset({"open_auction", "sealed_auction", "distribute", "over"})


def quarry(view: dict, number: int) -> dict:
    """Quarry ``number`` (counted from the master builder's) on the table picture: it lies
    at board place ``(master_builder + number) % 4``; its tiles, whether it is up for the
    next auction (said while nothing else runs), and its ``box``."""
    pile, busy = view["tiles"], view["phase"] in _BUSY
    lot = pile["quarries"][number]
    x, y = PLACES[(pile["master_builder"] + number) % tiles.QUARRIES]
    height = _box_height(len(lot), QUARRY_COLUMNS)
    return {"number": number, "x": x, "y": y, "tiles": grid(lot, QUARRY_COLUMNS, x, y - 10),
            "height": height, "next": number == pile["next_auction"] and not busy, "distribution": len(lot) >= 4,
            "half": QUARRY_W // 2, "box": _box(x - QUARRY_W // 2, y - 66, QUARRY_W, height)}


def board_size() -> dict:
    """The table picture's measures, the same whatever lies on it (a part of the board
    that needs only these does not read the view)."""
    return {"width": BOARD_W, "height": BOARD_H, "counts": _box(0, 0, BOARD_W, 140)}


def supply_layout(view: dict) -> dict:
    """Where the supply's tiles go (reads the supply only), and its box."""
    supply = grid(view["tiles"]["supply"], SUPPLY_COLUMNS, 500, 258)
    height = _box_height(len(supply), SUPPLY_COLUMNS)
    return {"supply": supply, "height": height, "box": _box(360, 196, 280, height)}


def palaces(stacks: list[list[str]]) -> dict:
    """One player's palaces as columns of floors, bottom up, each with its value now;
    ``PALACES_PER_ROW`` side by side, further palaces in rows below (glyphs stay large)."""
    columns, top = [], 0
    for start in range(0, len(stacks), PALACES_PER_ROW):
        row = stacks[start:start + PALACES_PER_ROW]
        tallest = max(len(p) for p in row)
        base = top + tallest * (FLOOR_H + 4)
        for k, palace in enumerate(row):
            i, value = start + k, scoring.palace_points(palace)
            columns.append({"number": i + 1, "index": i, "x": GAP + k * (TILE_W + GAP), "base": base,
                            "floors": [{"tile": t, "y": base - (n + 1) * (FLOOR_H + 4)}
                                       for n, t in enumerate(palace)],
                            "value": value, "line": scoring.palace_line(value, i)})
        top = base + ROW_FOOT
    width = min(max(len(stacks), 1), PALACES_PER_ROW) * (TILE_W + GAP) + GAP
    return {"columns": columns, "width": width, "height": top, "tile_w": TILE_W, "floor_h": FLOOR_H}


def tile_parts(tile: str, w: int = 72, h: int = 50) -> dict:
    """What a tile's picture (``_glyphs.html`` tile, ``w`` by ``h``) shows and where: its
    material's texture and letter, its floor, a square a window (a knight: its kind only)."""
    if tile == tiles.KNIGHT:
        return {"knight": True, "label": tiles.label(tile)}
    material, floor, windows = tiles.parse(tile)
    step = (h - 6) / 3
    return {"knight": False, "label": tiles.label(tile), "material": material, "floor": floor,
            "texture": _TEXTURES[material](w, h), "letter_y": round(h * 0.38, 1),
            "floor_x": round(w * 0.46, 1), "floor_y": round(h * 0.5 + 9, 1), "windows": windows,
            "window_x": w - 13, "window_ys": [round(3 + i * step + (step - 8) / 2, 1) for i in range(windows)]}


#: Each material's texture on a tile ``w`` by ``h``: brick courses, sandstone grains, a marble vein.
_TEXTURES = {
    "b": lambda w, h: f"M0 {round(h / 3, 1)}h{w}M0 {round(2 * h / 3, 1)}h{w}",
    "s": lambda w, h: f"M6 {h - 6}h1M14 {h - 9}h1M22 {h - 5}h1M30 {h - 8}h1",
    "m": lambda w, h: f"M4 {h - 4}L{round(w * 0.45, 1)} 4",
}


def tile_label(tile: str):
    """A tile in words (a text for ``say``): "brick 3 (2 windows)"."""
    return tiles.label(tile)


def card_label(card: str):
    return money.label(card)


def card_counts(cards: list[str]) -> dict[str, int]:
    return dict(Counter(cards))


# what the phone's forms need -----------------------------------------------------------

def tile_options(offer: dict) -> list[dict]:
    """The tiles that may still be drawn (``draw_tiles``), knight first, then by material."""
    return sorted(offer["tiles"], key=lambda t: (t["tile"] != tiles.KNIGHT, t["tile"]))


def build_targets(view: dict, seat: str, tile: str, targets: list) -> list[dict]:
    """Every palace of ``seat`` for ``tile``: those it fits on top of, and the others
    with the reason it does not (PZ-BLD-1 / PZ-BLD-2)."""
    me = next(p for p in view["players"] if p["seat"] == seat)
    shown = []
    for i, palace in enumerate(me["palaces"]):
        floors = building.floors(palace)
        if i in targets:
            shown.append({"to": i, "palace": palace, "why": None})
        elif tiles.floor(tile) in floors:
            shown.append({"to": i, "palace": palace, "rule": "PZ-BLD-1",
                          "why": _("Palace {number} already has a floor {floor}.",
                                   number=i + 1, floor=tiles.floor(tile))})
        else:
            shown.append({"to": i, "palace": palace, "rule": "PZ-BLD-2",
                          "why": _("Palace {number} ends at floor {top}: a floor {floor} would "
                                   "go underneath, which takes a reconstruction.",
                                   number=i + 1, top=floors[-1], floor=tiles.floor(tile))})
    return shown


def move_value(move: dict) -> str:
    """A reconstruction move as one form value: ``extract:0:b3w2``, ``insert:2:0``, ``remove:1``."""
    if move["move"] == reconstruction.EXTRACT:
        return f"extract:{move['palace']}:{move['tile']}"
    if move["move"] == reconstruction.INSERT:
        return f"insert:{move['palace']}:{move['into']}"
    return f"remove:{move['palace']}"


def move_label(move: dict, palaces_: list[list[str]]):
    """A reconstruction move in words (a text)."""
    number = move["palace"] + 1
    if move["move"] == reconstruction.EXTRACT:
        return _("Take {tile} out of palace {number}: it stands alone", tile=tiles.label(move["tile"]),
                 number=number)
    tile = tiles.label(palaces_[move["palace"]][0])
    if move["move"] == reconstruction.INSERT:
        return _("Put {tile} (palace {number}) into palace {into}", tile=tile, number=number,
                 into=move["into"] + 1)
    return _("Remove {tile} (palace {number}) from the game", tile=tile, number=number)


def composer(offer: dict) -> dict:
    """The payment composer's data: how many of each card may be laid out (``max``) and
    how many cards in all (``hand_size``)."""
    if offer["type"] in ("enter_hand", "take_money"):  # cards turned up or dealt: any copy
        return {"max": dict(Counter(money.DECK)), "hand_size": offer["count"]}
    held = Counter(offer.get("cards", []))
    return {"max": {card: held.get(card, 0) for card in CARD_KINDS},
            "hand_size": offer.get("hand_size", sum(held.values()))}


# action forms: each reader beside its writer --------------------------------------------

MAX_COUNT = 55  # no payment has more cards than the deck


def _read_cards(form) -> list[str]:
    """Cards as counts per kind (``n_<card>``), in the order of the kinds."""
    cards = []
    for card in CARD_KINDS:
        text = form.get(f"n_{card}", "")
        count = read_number(text or "0")
        if count is None:
            raise FormError(_("Card counts must be whole numbers, not {text}.", text=repr(text[:20])))
        if count > MAX_COUNT:
            raise FormError(_("That is more cards than the game has."))
        cards += [card] * count
    unknown = next((k for k in form if k.startswith("n_") and k[2:] not in CARD_KINDS), None)
    if unknown:
        raise FormError(_("{card} is not a money card.", card=repr(unknown[2:22])))
    return cards


def _write_cards(cards: list[str]) -> dict:
    return {f"n_{card}": n for card, n in Counter(cards).items()}


def _cards_form(extra=None) -> Form:
    """An action whose fields are ``cards`` (and ``extra``'s own)."""
    def read(form) -> dict:
        return {"cards": _read_cards(form)} | (extra.read(form) if extra else {})

    def write(action: dict) -> dict:
        return _write_cards(action["cards"]) | (extra.write(action) if extra else {})

    return Form(read, write)


def _read_drawn(form) -> dict:
    first, second = form.get("first", ""), form.get("second", "")
    if not first:
        raise FormError(_("Choose the first tile you drew."))
    return {"tiles": [first] + ([second] if second else [])}


def _write_drawn(action: dict) -> dict:
    drawn = action["tiles"]
    return {"first": drawn[0]} | ({"second": drawn[1]} if len(drawn) > 1 else {})


def _read_quarry(form) -> dict:
    text = form.get("quarry", "")
    if not text:
        return {}
    quarry = read_number(text)
    if quarry is None:
        raise FormError(_("A quarry is numbered 0 to 3, not {text}.", text=repr(text[:20])))
    return {"quarry": quarry}


def _read_build(form) -> dict:
    tile, _sep, to = form.get("build", "").partition("|")
    if not tile or not to:
        raise FormError(_("Choose where the tile goes."))
    palace = read_number(to)
    return {"tile": tile, "to": to if palace is None else palace}


def _read_move(form) -> dict:
    kind, *parts = form.get("move", "").split(":")
    card = form.get("card", "")
    if not card:
        raise FormError(_("Choose the money card that pays for the reconstruction."))
    numbers = [read_number(p) for p in parts]
    if kind == reconstruction.EXTRACT and len(parts) == 2 and numbers[0] is not None:
        move = {"palace": numbers[0], "tile": parts[1]}
    elif kind == reconstruction.INSERT and len(parts) == 2 and None not in numbers:
        move = {"palace": numbers[0], "into": numbers[1]}
    elif kind == reconstruction.REMOVE and len(parts) == 1 and numbers[0] is not None:
        move = {"palace": numbers[0]}
    else:
        raise FormError(_("Choose one of the reconstructions offered."))
    return {"card": card, "move": kind, **move}


def _write_move(action: dict) -> dict:
    return {"card": action["card"], "move": move_value(action)}


#: What each block of the board reads (``picture._kept``): a block is drawn again only
#: when one of these changes.
BOARD_READS = {"yard": ("words",),
               "counts": ("words", "view.money", "view.tiles.knights", "view.tiles.to_draw", "view.tiles.out"),
               "supply": ("words", "view.tiles.supply", "view.tiles.price"),
               **{f"quarry_{n}": ("words", "view.phase", f"view.tiles.quarries.{n}", "view.tiles.master_builder",
                                  "view.tiles.next_auction") for n in range(tiles.QUARRIES)},
               **{f"player_{i}": ("words", f"view.players.{i}") for i in range(len(SEATS))}}
#: What sheet.html reads (the screen contract): drawn again only when that changes.
SHEET_READS = ("scores", "words", "me", "view.options")

#: The kind of each move, as the host's audit trail and the undo notice name it: the
#: engine's own names (the kind only, never what was chosen).
ACTION_NAMES = engine.flow.ACTION_NAMES

FORMS = {
    "enter_hand": _cards_form(),
    "take_money": _cards_form(),
    "pick": Form(lambda form: {"cards": form.getlist("card")}, lambda action: {"card": list(action["cards"])}),
    "draw_tiles": Form(_read_drawn, _write_drawn),
    "buy": _cards_form(Form(lambda form: {"tiles": form.getlist("tile")},
                            lambda action: {"tile": list(action["tiles"])})),
    "auction": Form(_read_quarry, lambda action: {"quarry": action["quarry"]} if "quarry" in action else {}),
    "raise": _cards_form(),
    "sealed_bid": _cards_form(),
    "build": Form(_read_build, lambda action: {"build": f"{action['tile']}|{action['to']}"}),
    "reconstruct": Form(_read_move, _write_move),
}
# "pass" is a complete action in legal(): its button posts it as it is (read_complete).
