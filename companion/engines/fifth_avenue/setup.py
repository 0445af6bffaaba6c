"""Setup (FA-S, FA-C, FA-V-1): config validation, the initial state, initial buildings.

A config describes the physical table::

    {"players": [{"seat", "name", "color"}, ...],   # clockwise, first = start player
     "board": "5-lot" | "6-lot",
     "rings": {"34w": ["orange", "grey", ...], ...},  # lot colours clockwise, 7 quarters
     "initial_shops": {"34w": {"lot": "grey", "shop": "jeweler"}, ...},
     "display": [20 shop types, left to right],
     "auctions": "open" | "sealed", "hands": "counts" | "private",
     "dummy": {"name": "Egon"}}                       # optional, 2 players only
"""

from collections import Counter

from ..errors import IllegalAction
from .board import (BLACK, BOARDS, COLORED_DECK, BLACK_DECK, COMMISSIONS, DASHED,
                    DISPLAY_SIZE, DUMMY, DUMMY_NAME, BUILDINGS_PER_COLOR, LOT_COLORS,
                    PIECE_COLORS, QUARTERS, SHOP_TYPES, SHOPS_PER_TYPE, START_BLACK_CARDS,
                    START_RESERVE, START_SUPPLY, CITY_HALL, is_empty)
from .state import lot_index, name, quarter_field

RESERVED_SEATS = ("table", DUMMY)
AUCTION_MODES = ("open", "sealed")
HAND_MODES = ("counts", "private")


def _refuse(rule: str, message: str, **details):
    raise IllegalAction(rule, message, **details)


def _players(config: dict) -> list[dict]:
    players = config.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        _refuse("FA-S-3", "Fifth Avenue needs a list of 2 to 4 players ('players').",
                field="players")
    seen_seats, seen_colors = set(), set()
    for i, player in enumerate(players):
        where = f"players[{i}]"
        if not isinstance(player, dict):
            _refuse("FA-S-3", f"{where} must be an object with seat, name and color.", field=where)
        seat, color = player.get("seat"), player.get("color")
        who = player.get("name", seat)
        if not isinstance(seat, str) or not seat or seat in seen_seats:
            _refuse("FA-S-3", f"{where}.seat must be a non-empty seat id used once, got {seat!r}.",
                    field=f"{where}.seat")
        if seat in RESERVED_SEATS:
            _refuse("FA-2P-1", f"{where}.seat {seat!r} is reserved for the table and the dummy "
                    "bidder.", field=f"{where}.seat")
        if not isinstance(who, str) or not who.strip():
            _refuse("FA-S-3", f"{where}.name must be a non-empty name.", field=f"{where}.name")
        if color not in PIECE_COLORS or color in seen_colors:
            _refuse("FA-C-6", f"{where}.color must be one of {', '.join(PIECE_COLORS)}, each "
                    f"used once; got {color!r}.", field=f"{where}.color")
        seen_seats.add(seat)
        seen_colors.add(color)
    return players


def _choice(config: dict, key: str, allowed, default, rule: str) -> str:
    value = config.get(key, default)
    if value not in allowed:
        _refuse(rule, f"{key!r} must be one of {', '.join(allowed)}, got {value!r}.", field=key)
    return value


def _rings(config: dict, board: str) -> dict:
    rings = config.get("rings")
    if not isinstance(rings, dict) or set(rings) != set(QUARTERS):
        _refuse("FA-C-3", f"'rings' must give the lot colours of all 7 quarters "
                f"({', '.join(QUARTERS)}).", field="rings")
    expected = sorted(LOT_COLORS + ((DASHED,) if board == "6-lot" else ()))
    for quarter, ring in rings.items():
        if not isinstance(ring, list) or sorted(map(str, ring)) != expected:
            _refuse("FA-C-3", f"rings.{quarter} must list each of {', '.join(expected)} once "
                    f"(clockwise) on the {board} board, got {ring!r}.", field=f"rings.{quarter}")
    return rings


def _initial_shops(config: dict, board: str, rings: dict) -> dict:
    shops = config.get("initial_shops")
    if not isinstance(shops, dict) or set(shops) != set(QUARTERS):
        _refuse("FA-S-1", "'initial_shops' must name one shop for each of the 7 quarters.",
                field="initial_shops")
    for quarter, entry in shops.items():
        where = f"initial_shops.{quarter}"
        if not isinstance(entry, dict) or entry.get("shop") not in SHOP_TYPES:
            _refuse("FA-C-5", f"{where}.shop must be one of {', '.join(SHOP_TYPES)}.", field=where)
        if entry.get("lot") not in rings[quarter]:
            _refuse("FA-C-3", f"{where}.lot must be a lot colour of that quarter, got "
                    f"{entry.get('lot')!r}.", field=where)
        if board == "6-lot" and entry["lot"] != DASHED:
            _refuse("FA-V-1", f"On the 6-lot board the setup shop of {QUARTERS[quarter]} goes on "
                    "the dashed lot.", field=where)
    if board == "5-lot":
        for color, count in Counter(e["lot"] for e in shops.values()).items():
            if count > 2:
                _refuse("FA-S-1", f"{count} setup shops are on {color} lots; at most two setup "
                        "shops may share a lot colour.", field="initial_shops", color=color)
    return shops


def _display(config: dict, initial_shops: dict) -> list[str]:
    display = config.get("display")
    if not isinstance(display, list) or len(display) != DISPLAY_SIZE:
        _refuse("FA-S-2", f"'display' must list the {DISPLAY_SIZE} shops of the row, left to "
                "right.", field="display")
    for i, shop in enumerate(display):
        if shop not in SHOP_TYPES:
            _refuse("FA-C-5", f"display[{i}] must be one of {', '.join(SHOP_TYPES)}, got {shop!r}.",
                    field=f"display[{i}]")
    counts = Counter(display) + Counter(e["shop"] for e in initial_shops.values())
    for shop, count in counts.items():
        if count > SHOPS_PER_TYPE:
            _refuse("FA-C-5", f"The setup uses {count} {shop} shops; the game has only "
                    f"{SHOPS_PER_TYPE}.", field="display", shop=shop)
    return display


def _dummy(config: dict, players: list[dict]):
    if len(players) != 2:
        return None
    given = config.get("dummy") or {}
    dummy_name = given.get("name", DUMMY_NAME) if isinstance(given, dict) else DUMMY_NAME
    if not isinstance(dummy_name, str) or not dummy_name.strip():
        _refuse("FA-2P-1", "dummy.name must be a non-empty name.", field="dummy.name")
    used = {p["color"] for p in players}
    color = next(c for c in PIECE_COLORS if c not in used)
    return {"seat": DUMMY, "name": dummy_name, "color": color, "dummy": True}


def _lot(color: str, setup_shop: dict) -> dict:
    shops = [setup_shop["shop"]] if color == setup_shop["lot"] else []
    return {"color": color, "shops": shops, "owner": None, "buildings": 0}


def placement_order(seat_list: list[str]) -> list[str]:
    """Initial building order (FA-S-4): start player, then counter-clockwise; then reversed.

    >>> placement_order(["lucia", "flori", "michele", "arianna"])
    ['lucia', 'arianna', 'michele', 'flori', 'flori', 'michele', 'arianna', 'lucia']
    """
    first = seat_list[:1] + seat_list[:0:-1]
    return first + first[::-1]


def setup(config: dict) -> dict:
    """The initial state for a validated config; IllegalAction names any bad field."""
    if not isinstance(config, dict):
        _refuse("FA-S-3", "The setup must be an object.", field="config")
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
        "step": "initial",
        "active": seat_list[0],
        "placing": placement_order(seat_list),
        "turn": None,
        "pending": [],
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
                  + [{"color": BLACK, "value": None}] * START_BLACK_CARDS for s in seat_list},
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
    where = f"the {lot['color']} lot of {QUARTERS[quarter]}"
    if lot["color"] == DASHED:
        _refuse("FA-C-3", "The dashed lot takes shops only.", quarter=quarter, lot=DASHED)
    if not is_empty(lot):
        _refuse("FA-S-4", f"Initial buildings go on empty lots; {where} already holds "
                f"{'a shop' if lot['shops'] else 'a building'}.", quarter=quarter, lot=lot["color"])
    if any(l["owner"] == seat for l in lots):
        _refuse("FA-S-4", f"{name(state, seat)} already has a building in {QUARTERS[quarter]}; the "
                "two initial buildings go to two different quarters.", quarter=quarter)
    lot["owner"], lot["buildings"] = seat, 1
    state["placing"].pop(0)
    if not state["placing"]:
        state["step"] = "choose"
