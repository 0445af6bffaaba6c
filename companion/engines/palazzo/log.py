"""One readable log line per action (``describe``), hiding what the viewer may not see.

Only two things are ever hidden: the cards a phone enters as its starting hand, and a
sealed bid until the last one is in. Everything else is laid out on the table.
"""

from . import money, tiles, turn
from .building import DISCARD, EXTRACT, INSERT, NEW
from .flow import player_name
from .game import apply
from .multiset import without


def _take_money(before, after, seat, action, viewer):
    who = player_name(before, seat)
    return f"{who} takes money; revealed: {money.names(sorted(action['cards']))}"


def _pick(before, after, seat, action, viewer):
    who = player_name(before, seat)
    line = f"{who} took {money.names(action['cards'])}"
    order = before["reveal"]["order"]
    if after["phase"] != "pick" and len(order) == 2:
        last = without(before["reveal"]["cards"], action["cards"])
        line += f"; {player_name(before, order[1])} gets the last card, {money.names(last)}"
    return line


def _draw(before, after, seat, action, viewer):
    who = player_name(before, seat)
    parts, knights = [], before["tiles"]["knights"]
    for i, tile in enumerate(action["tiles"]):
        if tile == tiles.KNIGHT:
            knights += 1
            parts.append(f"a knight ({knights} of {tiles.KNIGHTS})")
        elif i == 0:
            parts.append(f"{tiles.name(tile)} to the supply")
        else:
            quarry = tiles.quarry_for(before["tiles"]["master_builder"], tile)
            parts.append(f"{tiles.name(tile)} to quarry {quarry}")
    line = f"{who} drew {' and '.join(parts)}"
    return line + (": the fifth knight ends the game" if after["phase"] == "over" else "")


def _buy(before, after, seat, action, viewer):
    who = player_name(before, seat)
    return (
        f"{who} bought {tiles.names(action['tiles'])} at {turn.price(before)} each, "
        f"paying {after['building']['paid']} with {money.names(action.get('cards', []))}"
    )


def _auction(before, after, seat, action, viewer):
    who = player_name(before, seat)
    if after["distribution"]:
        quarry = after["distribution"]["quarry"]
        count = len(after["tiles"]["quarries"][quarry])
        return f"{who} moved the master builder to quarry {quarry}: {count} tiles, no auction; " \
               "each player takes one in turn"
    if after["auction"] is None:
        return f"{who} chose to auction, but every quarry is empty: the turn ends"
    quarry = after["auction"]["quarry"]
    lot = tiles.names(after["tiles"]["quarries"][quarry])
    how = "for sealed bids" if after["phase"] == "sealed" else "with the value-3 certificate"
    return f"{who} moved the master builder to quarry {quarry} and opens the auction of {lot} {how}"


def _won(after) -> str:
    build = after["building"]
    return (
        f"{player_name(after, build['seat'])} wins {tiles.names(build['tiles'])} "
        f"for {build['paid']}"
    )


def _raise(before, after, seat, action, viewer):
    who = player_name(before, seat)
    total = after["auction"]["bids"][after["auction"]["leader"]]["value"]
    return f"{who} raises to {total} with {money.names(action['cards'])}"


def _pass(before, after, seat, action, viewer):
    who = player_name(before, seat)
    laid = before["auction"]["bids"].get(seat)
    line = f"{who} passes"
    if laid and laid["cards"]:
        line += f" and takes back {money.names(laid['cards'])}"
    return line + (f"; {_won(after)}" if after["phase"] != "auction" else "")


def _sealed(before, after, seat, action, viewer):
    who = player_name(before, seat)
    if after["phase"] == "sealed":
        line = f"{who} submitted a sealed bid"
        if viewer == seat:
            line += f" ({money.names(action.get('cards', []))})"
        return line
    bids, opener = before["auction"]["bids"], before["auction"]["opener"]
    shown = []
    for s in [p["seat"] for p in before["players"]]:
        if s == seat:
            value = money.decompose(action.get("cards", []), action.get("groups"))["value"]
            value += money.OPENING_BID if s == opener else 0
        else:
            value = bids[s]["value"]
        shown.append(f"{player_name(before, s)} {value or 'passed'}")
    return f"{who} submitted the last sealed bid. Bids: {', '.join(shown)}; {_won(after)}"


def _build(before, after, seat, action, viewer):
    who, tile, to = player_name(before, seat), tiles.name(action["tile"]), action.get("to")
    deal = before["distribution"]
    it = "it" if deal else tile
    if to == NEW:
        what = f"started palace {len(before['palaces'][seat]) + 1} with {it}"
    elif to == DISCARD:
        what = f"put {it} out of the game"
    else:
        what = f"built {it} on palace {to + 1}"
    if not deal:
        return f"{who} {what}"
    line = f"{who} took {tile} from quarry {deal['quarry']} and {what}"
    left = len(before["tiles"]["quarries"][deal["quarry"]]) - 1
    if after["distribution"] is None and left:
        line += f"; the {left} tile(s) left there leave the game"
    return line


def _reconstruct(before, after, seat, action, viewer):
    who = player_name(before, seat)
    i, palaces = action["palace"], before["palaces"][seat]
    move = action["move"]
    if move == EXTRACT:
        what = f"took {tiles.name(action['tile'])} out of palace {i + 1} as a new palace"
    elif move == INSERT:
        what = f"inserted {tiles.name(palaces[i][0])} into palace {action['into'] + 1}"
    else:
        what = f"removed {tiles.name(palaces[i][0])} (palace {i + 1}) from the game"
    return f"{who} paid {money.name(action['card'])} to reconstruct: {what}"


def _enter(before, after, seat, action, viewer):
    line = f"{player_name(before, seat)} entered their starting hand"
    return line + (f": {money.names(sorted(action['cards']))}" if viewer == seat else "")


LINES = {
    "take_money": _take_money, "pick": _pick, "draw_tiles": _draw, "buy": _buy,
    "auction": _auction, "raise": _raise, "pass": _pass, "build": _build,
    "reconstruct": _reconstruct, "sealed_bid": _sealed, "enter_hand": _enter,
}


def describe(state_before, seat, action, viewer=None) -> str:
    """The log line of an action that ``apply`` accepts (it raises IllegalAction otherwise)."""
    after = apply(state_before, seat, action)
    return LINES[action["type"]](state_before, after, seat, action, viewer)
