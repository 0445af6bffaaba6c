"""Setup (FA-S, FA-C, FA-V-1): config checks, the initial state, the initial buildings.

A config describes the physical table::

    {"players": [{"seat", "name", "color"}, ...],   # clockwise, first = start player
     "board": "5-lot" | "6-lot",
     "rings": {"34w": ["orange", "grey", ...], ...},  # lot colours clockwise, 7 quarters
     "initial_shops": {"34w": {"lot": "grey", "shop": "jeweler"}, ...},
     "display": [20 shop types, left to right],
     "auctions": "open" | "sealed", "hands": "counts" | "private",
     "dummy": {"name": "Egon"},                       # optional, 2 players only
     "seed": "…"}                                     # optional: picks the dummy's colour

With two players the dummy bidder plays a random unused colour (FA-2P-1). The engine
has no randomness of its own: the colour is drawn from a generator seeded with the
config's ``seed``, or, without one, with the table's shuffled layout (rings, set-up
shops, display), so the same config always gives the same colour.

The game's first phase, ``"initial"``, is the rest of the setup: each player puts
two buildings on the board (FA-S-4, ``place_initial_building``).
"""

import json
from collections import Counter
from random import Random

from ..errors import IllegalAction
from ..text import _, ngettext
from .board import (BLACK, BLACK_DECK, BOARDS, BUILDINGS_PER_COLOR, CITY_HALL, COLORED_DECK,
                    COMMISSIONS, DASHED, DISPLAY_SIZE, DUMMY, DUMMY_NAME, LOT_COLORS, PIECE_COLORS,
                    QUARTERS, SHOP_TYPES, SHOPS_PER_TYPE, START_BLACK_CARDS, START_RESERVE,
                    START_SUPPLY, colour_text, is_empty, place_text, shop_text)
from .state import lot_index, quarter_field

RESERVED_SEATS = ("table", DUMMY)
AUCTION_MODES = ("open", "sealed")
HAND_MODES = ("counts", "private")


def _player(config_players: list, i: int, seen_seats: set, seen_colours: set) -> None:
    player, n = config_players[i], i + 1
    where = f"players[{i}]"
    if not isinstance(player, dict):
        raise IllegalAction("FA-S-3", _("Player {n} needs a seat, a name and a colour.", n=n),
                            field=where)
    seat, colour = player.get("seat"), player.get("color")
    who = player.get("name", seat)
    if not isinstance(seat, str) or not seat or seat in seen_seats:
        raise IllegalAction("FA-S-3", _("Player {n}: the seat {seat} is empty or already taken.",
                                        n=n, seat=repr(seat)), field=f"{where}.seat")
    if seat in RESERVED_SEATS:
        raise IllegalAction("FA-2P-1", _("Player {n}: the seat {seat} is kept for the table and the "
                                         "dummy bidder.", n=n, seat=repr(seat)), field=f"{where}.seat")
    if not isinstance(who, str) or not who.strip():
        raise IllegalAction("FA-S-3", _("Player {n} needs a name.", n=n), field=f"{where}.name")
    if colour not in PIECE_COLORS or colour in seen_colours:
        raise IllegalAction("FA-C-6", _("Player {n}: {colour} is not a free building colour; the "
                                        "colours are {colours}, each used once.", n=n,
                                        colour=repr(colour),
                                        colours=[colour_text(c) for c in PIECE_COLORS]),
                            field=f"{where}.color")
    seen_seats.add(seat)
    seen_colours.add(colour)


def _players(config: dict) -> list[dict]:
    players = config.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        count = len(players) if isinstance(players, list) else 0
        raise IllegalAction("FA-S-3", _("Fifth Avenue is played by 2 to 4 players, not {n}.",
                                        n=count), field="players")
    seen_seats, seen_colours = set(), set()
    for i in range(len(players)):
        _player(players, i, seen_seats, seen_colours)
    return players


def _choice(config: dict, key: str, allowed, default, rule: str) -> str:
    value = config.get(key, default)
    if value not in allowed:
        raise IllegalAction(rule, _("{key} must be one of {allowed}, not {value}.", key=repr(key),
                                    allowed=list(allowed), value=repr(value)), field=key)
    return value


def _ring(quarter: str, ring, board: str) -> None:
    """One quarter's lot colours: each colour of the board once (FA-C-3)."""
    expected = list(LOT_COLORS) + ([DASHED] if board == "6-lot" else [])
    where = {"quarter": place_text(quarter), "board": board}
    if not isinstance(ring, list) or len(ring) != len(expected):
        raise IllegalAction("FA-C-3", ngettext("{quarter}: a ring of the {board} board has {n} lot, "
                                               "not {given}.",
                                               "{quarter}: a ring of the {board} board has {n} lots, "
                                               "not {given}.", len(expected), **where,
                                        given=len(ring) if isinstance(ring, list) else 0),
                            field=f"rings.{quarter}")
    strange = next((c for c in ring if c not in expected), None)
    if strange is not None:
        raise IllegalAction("FA-C-3", _("{quarter}: {value} is not a lot colour of the {board} "
                                        "board; the colours are {colours}.", value=repr(strange),
                                        colours=[colour_text(c) for c in expected], **where),
                            field=f"rings.{quarter}")
    counts = Counter(ring)
    repeated = [colour_text(c) for c in expected if counts[c] > 1]
    if repeated:
        missing = [colour_text(c) for c in expected if not counts[c]]
        raise IllegalAction("FA-C-3", _("{quarter}: each lot colour goes in the ring once; "
                                        "{repeated} appears more than once and {missing} is "
                                        "missing.", repeated=repeated, missing=missing, **where),
                            field=f"rings.{quarter}")


def _rings(config: dict, board: str) -> dict:
    rings = config.get("rings")
    if not isinstance(rings, dict) or set(rings) != set(QUARTERS):
        raise IllegalAction("FA-C-3", _("The lot colours of all seven quarters are needed: {quarters}.",
                                        quarters=[place_text(q) for q in QUARTERS]), field="rings")
    for quarter, ring in rings.items():
        _ring(quarter, ring, board)
    return rings


def _initial_shops(config: dict, board: str, rings: dict) -> dict:
    shops = config.get("initial_shops")
    if not isinstance(shops, dict) or set(shops) != set(QUARTERS):
        raise IllegalAction("FA-S-1", _("Each of the seven quarters needs its set-up shop."),
                            field="initial_shops")
    for quarter, entry in shops.items():
        where = f"initial_shops.{quarter}"
        if not isinstance(entry, dict) or entry.get("shop") not in SHOP_TYPES:
            value = entry.get("shop") if isinstance(entry, dict) else entry
            raise IllegalAction("FA-C-5", _("{quarter}: the set-up shop must be one of {shops}, not "
                                            "{value}.", quarter=place_text(quarter),
                                            shops=[shop_text(s) for s in SHOP_TYPES],
                                            value=repr(value)), field=where)
        if entry.get("lot") not in rings[quarter]:
            raise IllegalAction("FA-C-3", _("{quarter}: the set-up shop must go on one of the "
                                            "quarter's lots, not on {value}.",
                                            quarter=place_text(quarter),
                                            value=repr(entry.get("lot"))), field=where)
        if board == "6-lot" and entry["lot"] != DASHED:
            raise IllegalAction("FA-V-1", _("On the 6-lot board the set-up shop of {quarter} goes on "
                                            "the dashed lot.", quarter=place_text(quarter)),
                                field=where)
    if board == "5-lot":
        for colour, count in Counter(e["lot"] for e in shops.values()).items():
            if count > 2:
                raise IllegalAction("FA-S-1", ngettext("{n} set-up shop is on {colour} lots; at most "
                                                       "two may share a lot colour.",
                                                       "{n} set-up shops are on {colour} lots; at most "
                                                       "two may share a lot colour.", count,
                                                       colour=colour_text(colour)),
                                    field="initial_shops", color=colour)
    return shops


def _display(config: dict, initial_shops: dict) -> list[str]:
    display = config.get("display")
    if not isinstance(display, list) or len(display) != DISPLAY_SIZE:
        raise IllegalAction("FA-S-2", ngettext("The display row needs {n} shop, left to right.",
                                               "The display row needs {n} shops, left to right.",
                                               DISPLAY_SIZE), field="display")
    for i, shop in enumerate(display):
        if shop not in SHOP_TYPES:
            raise IllegalAction("FA-C-5", _("Display space {n}: {value} is not a shop; the shops "
                                            "are {shops}.", n=i + 1, value=repr(shop),
                                            shops=[shop_text(s) for s in SHOP_TYPES]),
                                field=f"display[{i}]")
    counts = Counter(display) + Counter(e["shop"] for e in initial_shops.values())
    for shop, count in counts.items():
        if count > SHOPS_PER_TYPE:
            raise IllegalAction("FA-C-5", ngettext("The set-up uses {n} {shop} shop; the game has "
                                                   "only {most}.",
                                                   "The set-up uses {n} {shop} shops; the game has "
                                                   "only {most}.", count, shop=shop_text(shop),
                                                   most=SHOPS_PER_TYPE), field="display", shop=shop)
    return display


def _dummy(config: dict, players: list[dict]):
    if len(players) != 2:
        return None
    given = config.get("dummy") or {}
    dummy_name = given.get("name", DUMMY_NAME) if isinstance(given, dict) else DUMMY_NAME
    if not isinstance(dummy_name, str) or not dummy_name.strip():
        raise IllegalAction("FA-2P-1", _("The dummy bidder needs a name."), field="dummy.name")
    used = {p["color"] for p in players}
    colour = Random(_seed(config)).choice([c for c in PIECE_COLORS if c not in used])
    return {"seat": DUMMY, "name": dummy_name, "color": colour, "dummy": True}


def _seed(config: dict) -> str:
    """The config's seed, else its shuffled layout as text (the same config, the same seed)."""
    if config.get("seed") is not None:
        return str(config["seed"])
    return json.dumps([config.get(k) for k in ("rings", "initial_shops", "display")],
                      sort_keys=True)


def _lot(colour: str, setup_shop: dict) -> dict:
    shops = [setup_shop["shop"]] if colour == setup_shop["lot"] else []
    return {"color": colour, "shops": shops, "owner": None, "buildings": 0}


def placement_order(seat_list: list[str]) -> list[str]:
    """Initial building order (FA-S-4): start player, then counter-clockwise; then reversed.

    >>> placement_order(["lucia", "flori", "michele", "arianna"])
    ['lucia', 'arianna', 'michele', 'flori', 'flori', 'michele', 'arianna', 'lucia']
    """
    first = seat_list[:1] + seat_list[:0:-1]
    return first + first[::-1]


def setup(config: dict) -> dict:
    """The initial state for a valid config; IllegalAction names any bad field."""
    if not isinstance(config, dict):
        raise IllegalAction("FA-S-3", _("The set-up is missing."), field="config")
    players = _players(config)
    board = _choice(config, "board", tuple(BOARDS), None, "FA-C-3")
    rings = _rings(config, board)
    initial_shops = _initial_shops(config, board, rings)
    display = _display(config, initial_shops)
    seat_list = [p["seat"] for p in players]
    dummy = _dummy(config, players)
    frozen = {
        "seats": seat_list,
        "names": {p["seat"]: p.get("name", p["seat"]) for p in players},
        "colors": {p["seat"]: p["color"] for p in players},
        "dummy": dummy,
        "board": board,
        "auctions": _choice(config, "auctions", AUCTION_MODES, "open", "FA-H-1"),
        "hands": _choice(config, "hands", HAND_MODES, "counts", "FA-H-2"),
    }
    quarters = {q: {"closed": False, "lots": [_lot(c, initial_shops[q]) for c in rings[q]]}
                for q in QUARTERS}
    everyone = seat_list + ([DUMMY] if dummy else [])
    n = len(seat_list)
    colored_per_pile = sum(COLORED_DECK.values()) - n
    return {
        "config": frozen,
        "phase": "initial",
        "active": seat_list[0],
        "placing": placement_order(seat_list),
        "chosen": None,       # the action chosen this turn, "A".."D" (FA-T-1)
        "pending": [],        # the phases of that action still to come
        "quarters": quarters,
        "commissions": {c: {"at": CITY_HALL, "markers": []} for c in COMMISSIONS},
        "display": list(display),
        "cp_shops": [],
        "shops_placed": 0,
        "shops_removed": 0,
        "reserve": {s: START_RESERVE for s in seat_list},
        "supply": {**{s: START_SUPPLY for s in seat_list},
                   **({DUMMY: BUILDINGS_PER_COLOR} if dummy else {})},
        "central_park": {s: 0 for s in seat_list},
        "removed": {s: 0 for s in everyone},
        "hands": {s: [{"color": c, "value": None} for c in LOT_COLORS]
                  + [{"color": BLACK, "value": None} for _card in range(START_BLACK_CARDS)]
                  for s in seat_list},
        "piles": {**{c: colored_per_pile for c in LOT_COLORS},
                  BLACK: sum(BLACK_DECK.values()) - START_BLACK_CARDS * n},
        "round": None,
        "auction": None,
        "build": None,
        "closed": [],
        "score": {s: 0 for s in seat_list},
        "events": [],
        "revealed": None,
        "last_auction": None,
        "end": None,
        "winners": [],
    }


# --- the initial buildings (phase "initial") -----------------------------------------------

def initial_lots(state: dict, seat: str) -> list[dict]:
    """Lots where ``seat`` may put an initial building now (FA-S-4)."""
    return [{"quarter": q, "lot": lot["color"]}
            for q, quarter in state["quarters"].items()
            if not any(l["owner"] == seat for l in quarter["lots"])
            for lot in quarter["lots"] if is_empty(lot)]


def place_initial_building(state: dict, seat: str, action: dict) -> None:
    """One initial building on an empty lot, in a quarter new to this player (FA-S-4)."""
    quarter = quarter_field(state, action)
    lots = state["quarters"][quarter]["lots"]
    lot = lots[lot_index(state, quarter, action.get("lot"))]
    where = {"lot": colour_text(lot["color"]), "quarter": place_text(quarter)}
    if lot["color"] == DASHED:
        raise IllegalAction("FA-C-3", _("The dashed lot takes shops only."), quarter=quarter,
                            lot=DASHED)
    if lot["shops"]:
        raise IllegalAction("FA-S-4", _("Initial buildings go on empty lots; the {lot} lot of "
                                        "{quarter} holds a shop.", **where),
                            quarter=quarter, lot=lot["color"])
    if lot["buildings"]:
        raise IllegalAction("FA-S-4", _("Initial buildings go on empty lots; the {lot} lot of "
                                        "{quarter} holds a building.", **where),
                            quarter=quarter, lot=lot["color"])
    if any(l["owner"] == seat for l in lots):
        raise IllegalAction("FA-S-4", _("You already have a building in {quarter}; your two initial "
                                        "buildings go to two different quarters.", **where),
                            quarter=quarter)
    lot["owner"], lot["buildings"] = seat, 1
    state["placing"].pop(0)
    if not state["placing"]:
        state["phase"] = "choose"
