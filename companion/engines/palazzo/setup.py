"""The config checks and the initial state (PZ-S-1).

Config (what the host enters; all public)::

    {"players": [{"seat", "name", "colour"?}, ...],  # 2-4, clockwise; the first starts;
                                                  # colour: one of COLOURS (for pictures)
     "tiles": {"supply": tile, "quarries": [4 tiles]},  # quarry 0 (the master builder's),
                                                  # then quarries 1, 2, 3 clockwise
     "hands": "counts" | "private",               # default "counts"
     "bidding": "open" | "sealed"}                # default "open"; "sealed": PZ-H-1

The state (plain JSON data)::

    players       [{"seat", "name", "colour"}] clockwise (colour None if not given)
    options       {"hands", "bidding"}
    phase         see flow.STEPS
    active        the seat whose turn it is
    tiles         {"unseen": tiles not turned up yet, "knights": drawn so far,
                   "supply": [...], "quarries": [4 lists, numbered from the master
                   builder's], "master_builder": where quarry 0 lies on the board (0-3,
                   clockwise from his place at setup; for pictures only), "out": [...]}
    palaces       {seat: [palace, ...]}, each palace bottom-up
    hands         {seat: {"count", "cards": list | None (counted hands)}}
    money         {"unknown": cards whose place is not public, "discards": [...]}
    reveal        the money turned up and who picks next (phase "pick"), else None
    auction       the running auction (auction.py), else None
    acquired      {"seat", "tiles", "paid"}: tiles bought or won, still to build
    distribution  {"order": seats still to take a tile} (phase "distribute"), else None
"""

from ..common import missing, without
from ..errors import IllegalAction
from ..text import _, ngettext
from . import money, tiles

HAND_SIZE = 4
HANDS = ("counts", "private")
# Palazzo gives players no pieces; a colour only tells them apart on screens.
COLOURS = ("red", "blue", "yellow", "green", "black", "white")
BIDDING = ("open", "sealed")


def _players(config) -> list:
    players = config.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        count = len(players) if isinstance(players, list) else 0
        raise IllegalAction("PZ-S-1", _("Palazzo is for 2 to 4 players, listed clockwise; you "
                                        "listed {count}.", count=count), players=players)
    result = []
    for number, p in enumerate(players, 1):
        if not isinstance(p, dict) or not isinstance(p.get("seat"), str) or not p["seat"]:
            raise IllegalAction("PZ-S-1", _("Player {number} needs a seat name; you sent {got}.",
                                            number=number, got=repr(p)), player=p)
        colour = p.get("colour")
        if colour is not None and colour not in COLOURS:
            raise IllegalAction("PZ-S-1", _("Player {number}'s colour must be one of {colours}; "
                                            "you sent {got}.", number=number,
                                            colours=list(COLOURS), got=repr(colour)),
                                colour=colour)
        result.append({"seat": p["seat"], "name": str(p.get("name") or p["seat"]),
                       "colour": colour})
    seats = [p["seat"] for p in result]
    shared = next((s for s in seats if seats.count(s) > 1), None)
    if shared is not None:
        raise IllegalAction("PZ-S-1", _("Two players share the seat {seat}.", seat=shared),
                            seat=shared)
    return result


def _setup_tiles(config) -> tuple[str, list]:
    dealt = config.get("tiles")
    quarries = dealt.get("quarries") if isinstance(dealt, dict) else None
    if not isinstance(quarries, list) or len(quarries) != tiles.QUARRIES:
        raise IllegalAction(
            "PZ-S-1",
            _("Enter the 5 tiles dealt at setup: one for the supply and one for each quarry, "
              "from the master builder's (quarry 0) clockwise to quarry 3."),
            tiles=dealt,
        )
    laid = [dealt.get("supply")] + quarries
    for tile in laid:
        if tile == tiles.KNIGHT:
            raise IllegalAction(
                "PZ-C-2",
                _("Knights lie in stack III and the setup tiles come from stack I, so no "
                  "knight is dealt at setup."),
                tile=tile,
            )
        tiles.parse(tile)
    extra = missing(tiles.TILES, laid)
    if extra is not None:
        raise IllegalAction(
            "PZ-C-1",
            ngettext("You dealt {tile} more often than it exists: there is {n} such tile.",
                     "You dealt {tile} more often than it exists: there are {n} such tiles.",
                     tiles.TILES.count(extra), tile=tiles.label(extra)),
            tile=extra,
        )
    return laid[0], quarries


def _option(config, key, choices, default, rule):
    got = config.get(key, default)
    if got not in choices:
        raise IllegalAction(rule, _("{key} must be one of {choices}; you sent {got}.",
                                    key=key, choices=list(choices), got=repr(got)), **{key: got})
    return got


def setup(config: dict) -> dict:
    """A new game from the host's config (public information only)."""
    if not isinstance(config, dict):
        raise IllegalAction("PZ-S-1", _("The setup is an object with players and tiles."))
    players = _players(config)
    supply, quarries = _setup_tiles(config)
    private = _option(config, "hands", HANDS, "counts", "PZ-S-1") == "private"
    return {
        "players": players,
        "options": {
            "hands": "private" if private else "counts",
            "bidding": _option(config, "bidding", BIDDING, "open", "PZ-H-1"),
        },
        "phase": "starting_hands" if private else "turn",
        "active": players[0]["seat"],
        "tiles": {
            "unseen": without(tiles.TILES, [supply] + quarries),
            "knights": 0,
            "supply": [supply],
            "quarries": [[t] for t in quarries],
            "master_builder": 0,
            "out": [],
        },
        "palaces": {p["seat"]: [] for p in players},
        "hands": {p["seat"]: {"count": HAND_SIZE, "cards": None} for p in players},
        "money": {"unknown": list(money.DECK), "discards": []},
        "reveal": None,
        "auction": None,
        "acquired": None,
        "distribution": None,
    }
