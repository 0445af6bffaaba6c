"""Config checks and the initial state (MH-S, MH-T-1, MH-C-3, MH-H-1).

Config::

    {"players": [{"seat": "a", "name": "Anna", "side": "S", "colours": ["black"]}, ...],
     "start": "a",                                # holder of the start-player marker
     "pieces": {"1": 6, "2": 6, "3": 6, "4": 6},  # optional: the box's counts per height
     "hands": "untracked" | "private"}            # optional: phones keep their cards

Players are listed clockwise; with two players each names two colours.
"""

from .. import common
from ..errors import IllegalAction
from ..text import _, ngettext
from .board import SIDES, empty_board
from .cards import HAND_MODES, new_cards
from .pieces import COLOURS, PLAN, colour_name, new_colour, parse_counts


def setup(config: dict) -> dict:
    if not isinstance(config, dict):
        raise IllegalAction("MH-T-1", _("The setup needs the players, their sides and colours, "
                                        "not {got}.", got=repr(config)))
    players = _players(config.get("players"))
    seats = [p["seat"] for p in players]
    start = config.get("start")
    if start is None:
        raise IllegalAction("MH-S-2", _("Draw a start player and name their seat."))
    if start not in seats:
        raise IllegalAction("MH-C-4", _("The start-player marker goes to a seated player, not to "
                                        "{got}.", got=repr(start)), start=start, seats=seats)
    counts = parse_counts(config.get("pieces"))
    hands = config.get("hands", "untracked")
    if hands not in HAND_MODES:
        raise IllegalAction("MH-H-1", _("The hands option is \"untracked\" or \"private\", not "
                                        "{got}.", got=repr(hands)), hands=hands, modes=HAND_MODES)
    rounds, per_round = PLAN[len(players)]
    return {
        "players": players,
        "rounds": rounds,
        "per_round": per_round,
        "round": 1,
        "phase": "pick",
        "marker": start,
        "picks_made": 0,
        "turn": 0,
        "colours": {c: new_colour(p["seat"], counts) for p in players for c in p["colours"]},
        "board": empty_board(),
        "cards": new_cards(len(players)),
        "hands": {seat: [] for seat in seats} if hands == "private" else None,
        "last": None,
        "scored": [],
    }


def _players(value) -> list[dict]:
    if not isinstance(value, list) or not 2 <= len(value) <= 4:
        raise IllegalAction("MH-T-1", _("Manhattan is for 2 to 4 players, not {got}.",
                                        got=len(value) if isinstance(value, list) else repr(value)),
                            players=value)
    want = 2 if len(value) == 2 else 1
    players, sides, colours = [], set(), set()
    for p in value:
        seat = p.get("seat") if isinstance(p, dict) else None
        if (not isinstance(seat, str) or not seat or seat == common.TABLE
                or seat in {q["seat"] for q in players}):
            raise IllegalAction("MH-T-1", _("Every player needs a seat id of their own, not {got}.",
                                            got=repr(seat)), seat=seat)
        side, mine = p.get("side"), p.get("colours")
        if not isinstance(side, str) or side not in SIDES or side in sides:
            raise IllegalAction("MH-S-1", _("Each player sits at a different side (N, E, S or W); "
                                            "{side} is not free for {seat}.", side=repr(side),
                                            seat=seat), seat=seat, side=side)
        if not isinstance(mine, list) or len(mine) != want:
            raise IllegalAction("MH-T-1", ngettext(
                "With {players} players each plays {n} colour; {seat} names {got}.",
                "With {players} players each plays {n} colours; {seat} names {got}.",
                want, players=len(value), seat=seat, got=repr(mine)), seat=seat, colours=mine)
        for colour in mine:
            if not isinstance(colour, str) or colour not in COLOURS or colour in colours:
                raise IllegalAction("MH-C-3", _("{got} is not a free colour; the colours are "
                                                "{colours}.", got=repr(colour),
                                                colours=[colour_name(c) for c in COLOURS]),
                                    seat=seat, colour=colour)
            colours.add(colour)
        sides.add(side)
        players.append({"seat": seat, "name": str(p.get("name") or seat), "side": side,
                        "colours": list(mine)})
    return players
