"""One log line per action (``describe``), as a table of line templates per action type.

A line reads the state before and after the move; it never re-applies the move. Only
two things are ever hidden: the cards a phone enters as its starting hand, and a sealed
bid until the last one is in. Everything else is laid out on the table. Quarries are
numbered from where the master builder stands at that moment (his own is quarry 0).
"""

from ..common import without
from ..text import _, ngettext
from . import auction, buying, money, tiles
from .building import DISCARD, NEW
from .reconstruction import EXTRACT, INSERT
from .state import name_of, seats


def _enter_hand(before, after, seat, action, viewer):
    name = name_of(before, seat)
    if viewer == seat:
        return _("{name} entered their starting hand: {cards}", name=name,
                 cards=money.labels(sorted(action["cards"])))
    return _("{name} entered their starting hand", name=name)


def _take_money(before, after, seat, action, viewer):
    return _("{name} takes money; turned up: {cards}", name=name_of(before, seat),
             cards=money.labels(sorted(action["cards"])))


def _pick(before, after, seat, action, viewer):
    name, cards = name_of(before, seat), money.labels(action["cards"])
    order = before["reveal"]["order"]
    if after["phase"] == "pick" or len(order) != 2:
        return _("{name} took {cards}", name=name, cards=cards)
    last = without(before["reveal"]["cards"], action["cards"])
    return _("{name} took {cards}; {other} gets the last card, {last}", name=name, cards=cards,
             other=name_of(before, order[1]), last=money.labels(last))


def _drawn(tile, i, knights):
    """Where one drawn tile went (a phrase); ``knights`` counts the knights so far."""
    if tile == tiles.KNIGHT:
        return _("a knight ({count} of {all})", count=knights, all=tiles.KNIGHTS)
    if i == 0:
        return _("{tile} to the supply", tile=tiles.label(tile))
    return _("{tile} to quarry {quarry}", tile=tiles.label(tile), quarry=tiles.quarry_for(tile))


def _draw_tiles(before, after, seat, action, viewer):
    knights, parts = before["tiles"]["knights"], []
    for i, tile in enumerate(action["tiles"]):
        knights += tile == tiles.KNIGHT
        parts.append(_drawn(tile, i, knights))
    name = name_of(before, seat)
    if after["phase"] != "over":
        return _("{name} drew {first} and {second}", name=name, first=parts[0], second=parts[1])
    if len(parts) == 1:
        return _("{name} drew {first}: the fifth knight ends the game", name=name, first=parts[0])
    return _("{name} drew {first} and {second}: the fifth knight ends the game", name=name,
             first=parts[0], second=parts[1])


def _buy(before, after, seat, action, viewer):
    return ngettext("{name} bought {tiles} for {price}, paying {paid} with {cards}",
                    "{name} bought {tiles} at {price} each, paying {paid} with {cards}",
                    len(action["tiles"]), name=name_of(before, seat),
                    tiles=tiles.labels(action["tiles"]), price=buying.price(before),
                    paid=after["acquired"]["paid"], cards=money.labels(action.get("cards", [])))


def _auction(before, after, seat, action, viewer):
    name, number = name_of(before, seat), auction.next_quarry(before)
    if number is None:
        return _("{name} chose to auction, but every quarry is empty: the turn ends", name=name)
    where = (_("quarry {number}", number=number) if number
             else _("his own quarry, after a full circle"))
    lot = after["tiles"]["quarries"][0]
    if after["phase"] == "distribute":
        return ngettext("{name} moved the master builder on to {where}: {n} tile, no auction; "
                        "each player in turn takes one",
                        "{name} moved the master builder on to {where}: {n} tiles, no auction; "
                        "each player in turn takes one", len(lot), name=name, where=where)
    if after["phase"] == "sealed_auction":
        return _("{name} moved the master builder on to {where} and asks for sealed bids for "
                 "{tiles}", name=name, where=where, tiles=tiles.labels(lot))
    return _("{name} moved the master builder on to {where} and opens the auction of {tiles} "
             "with the value-3 certificate", name=name, where=where, tiles=tiles.labels(lot))


def _raise(before, after, seat, action, viewer):
    return _("{name} raises to {total} with {cards}", name=name_of(before, seat),
             total=after["auction"]["bids"][seat]["value"], cards=money.labels(action["cards"]))


def _won(after) -> dict:
    """The parameters of an auction's result: who won which tiles for how much."""
    acquired = after["acquired"]
    return {"winner": name_of(after, acquired["seat"]), "tiles": tiles.labels(acquired["tiles"]),
            "paid": acquired["paid"]}


def _pass(before, after, seat, action, viewer):
    name = name_of(before, seat)
    laid = (before["auction"]["bids"].get(seat) or {}).get("cards")
    over = after["phase"] != "open_auction"
    if laid and over:
        return _("{name} passes and takes back {cards}; {winner} wins {tiles} for {paid}",
                 name=name, cards=money.labels(laid), **_won(after))
    if laid:
        return _("{name} passes and takes back {cards}", name=name, cards=money.labels(laid))
    if over:
        return _("{name} passes; {winner} wins {tiles} for {paid}", name=name, **_won(after))
    return _("{name} passes", name=name)


def _sealed_value(before, seat, action) -> int:
    """The value of the sealed bid ``action`` by ``seat`` (the opener's includes the 3)."""
    value = money.decompose(action.get("cards", []), action.get("groups"))["value"]
    return value + (money.OPENING_BID if seat == before["auction"]["opener"] else 0)


def _sealed_bid(before, after, seat, action, viewer):
    name = name_of(before, seat)
    if after["phase"] == "sealed_auction":
        if viewer == seat:
            return _("{name} submitted a sealed bid ({cards})", name=name,
                     cards=money.labels(action.get("cards", [])))
        return _("{name} submitted a sealed bid", name=name)
    bids = dict(before["auction"]["bids"])
    values = {s: bids[s]["value"] if s in bids else _sealed_value(before, seat, action)
              for s in seats(before)}
    shown = [_("{name} {value}", name=name_of(before, s), value=v) if v
             else _("{name} passed", name=name_of(before, s)) for s, v in values.items()]
    return _("{name} submitted the last sealed bid. Bids: {bids}; {winner} wins {tiles} for "
             "{paid}", name=name, bids=shown, **_won(after))


def _placed(before, seat, action):
    """What became of a tile taken in a distribution: a phrase."""
    to = action.get("to")
    if to == NEW:
        return _("started palace {number} with it", number=len(before["palaces"][seat]) + 1)
    if to == DISCARD:
        return _("put it out of the game")
    return _("built it on palace {number}", number=to + 1)


def _built(before, seat, action, name, tile):
    """A bought or won tile built."""
    to = action.get("to")
    if to == NEW:
        return _("{name} started palace {number} with {tile}", name=name, tile=tile,
                 number=len(before["palaces"][seat]) + 1)
    if to == DISCARD:
        return _("{name} put {tile} out of the game", name=name, tile=tile)
    return _("{name} built {tile} on palace {number}", name=name, tile=tile, number=to + 1)


def _build(before, after, seat, action, viewer):
    name, tile = name_of(before, seat), tiles.label(action["tile"])
    if before["phase"] != "distribute":
        return _built(before, seat, action, name, tile)
    did = _placed(before, seat, action)
    left = len(before["tiles"]["quarries"][0]) - 1
    if after["phase"] == "distribute" or not left:
        return _("{name} took {tile} from the master builder's quarry and {did}", name=name,
                 tile=tile, did=did)
    return ngettext("{name} took {tile} from the master builder's quarry and {did}; the {n} "
                    "tile left there leaves the game",
                    "{name} took {tile} from the master builder's quarry and {did}; the {n} "
                    "tiles left there leave the game", left, name=name, tile=tile, did=did)


def _reconstruct(before, after, seat, action, viewer):
    facts = {"name": name_of(before, seat), "card": money.label(action["card"]),
             "number": action["palace"] + 1}
    palace = before["palaces"][seat][action["palace"]]
    if action["move"] == EXTRACT:
        return _("{name} paid {card} to reconstruct: took {tile} out of palace {number} as a "
                 "new palace", tile=tiles.label(action["tile"]), **facts)
    if action["move"] == INSERT:
        return _("{name} paid {card} to reconstruct: inserted {tile} (palace {number}) into "
                 "palace {into}", tile=tiles.label(palace[0]), into=action["into"] + 1, **facts)
    return _("{name} paid {card} to reconstruct: removed {tile} (palace {number}) from the game",
             tile=tiles.label(palace[0]), **facts)


LINES = {
    "enter_hand": _enter_hand, "take_money": _take_money, "pick": _pick,
    "draw_tiles": _draw_tiles, "buy": _buy, "auction": _auction, "raise": _raise,
    "pass": _pass, "sealed_bid": _sealed_bid, "build": _build, "reconstruct": _reconstruct,
}


def describe(before, after, seat, action, viewer=None):
    """The log line of an accepted action, as ``viewer`` may read it (None: the table)."""
    line = LINES.get(action.get("type"))
    return line(before, after, seat, action, viewer) if line else None
