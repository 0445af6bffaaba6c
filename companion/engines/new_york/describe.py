"""One log line per accepted action, as a table of line templates.

Everything an action touches is public, so every viewer reads the same line. The
line is read off the state after the move (the tile bought, the tile moved), with
the state before for what the move took away (the tile a swap replaced, the
market space a draw filled).
"""

from ..text import N_, _
from . import market, refill
from .catalogue import BANKS, bank_text, card_text, cards_text, parse_card, parse_tile, tile_text
from .state import cell_key, player_name, position, square_args

# line kind -> template; a kind is the action type, split where one type has two stories
LINES = {
    "take_money": N_("{player} took {cards}."),
    "buy": N_("{player} bought the {tile} from the {space} space, paying {cards}: {outcome}."),
    "pass": N_("{player} could do nothing and passed."),
    "reserve_to_city": N_("{player} built the {tile} from the reserve at ({x}, {y})."),
    "city_to_reserve": N_("{player} moved the {tile} at ({x}, {y}) into the reserve."),
    "swap": N_("{player} swapped the {old} at ({x}, {y}) for the {tile} from the reserve."),
    "place": N_("{player} built the {tile} at ({x}, {y})."),
    "to_reserve": N_("{player} put the {tile} into the reserve."),
    "to_dirk": N_("{player} gave the {tile} to Dirk."),
    "draw_money": N_("The table turned up {card} for the money display."),
    "draw_scoring": N_("The table turned up scoring card {letter}: scoring {letter} now."),
    "draw_market": N_("The table drew a {tile} for the {space} market space."),
    "draw_dirk": N_("The table drew a {tile} for Dirk."),
}


def _kind(before, action) -> str:
    kind = action["type"]
    if kind == "draw_money" and isinstance(action["card"], str):
        return "draw_scoring"
    if kind == "draw_tile":
        return "draw_dirk" if refill.next_draw(before) == "dirk" else "draw_market"
    return kind


def _built(before, after, seat, action) -> dict:
    pos = position(action)
    return {"tile": tile_text(after["cities"][seat][cell_key(pos)]), **square_args(pos)}


def _buy(before, after, seat, action) -> dict:
    tile, pay = after["pending"][seat][-1], [parse_card(c) for c in action["pay"]]
    extra = sum(value for _bank, value in pay) - tile["price"]
    outcome = (_("the exact price, another action") if extra == 0 else
               _("{extra} too much, no change, the turn is over", extra=extra))
    return {"tile": tile_text(tile), "cards": cards_text(pay), "outcome": outcome,
            "space": bank_text(BANKS[market.space(action["space"])])}


def _to_reserve(before, after, seat, action) -> dict:
    return {"tile": tile_text(after["reserves"][seat][-1])}


def _moved_out(before, after, seat, action) -> dict:
    return {**_to_reserve(before, after, seat, action), **square_args(position(action))}


def _swap(before, after, seat, action) -> dict:
    old = before["cities"][seat][cell_key(position(action))]
    return {**_built(before, after, seat, action), "old": tile_text(old)}


# line kind -> the parameters of its template (besides the player's name)
ARGS = {
    "take_money": lambda b, a, s, act: {"cards": cards_text([parse_card(c) for c in act["cards"]])},
    "buy": _buy,
    "pass": lambda b, a, s, act: {},
    "reserve_to_city": _built,
    "city_to_reserve": _moved_out,
    "swap": _swap,
    "place": _built,
    "to_reserve": _to_reserve,
    "to_dirk": lambda b, a, s, act: {"tile": tile_text(a["dirk"][-1])},
    "draw_money": lambda b, a, s, act: {"card": card_text(parse_card(act["card"]))},
    "draw_scoring": lambda b, a, s, act: {"letter": act["card"]},
    "draw_market": lambda b, a, s, act: {"tile": tile_text(parse_tile(act["tile"])),
                                         "space": bank_text(BANKS[market.next_space(b)])},
    "draw_dirk": lambda b, a, s, act: {"tile": tile_text(a["dirk"][-1])},
}


def describe(before, after, seat, action, viewer=None):
    """The log line of ``seat``'s accepted ``action`` (the same for every viewer)."""
    kind = _kind(before, action)
    args = ARGS[kind](before, after, seat, action)
    return _(LINES[kind], player=player_name(before, seat), **args)
