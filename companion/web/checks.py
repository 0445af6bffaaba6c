"""The table check: what should physically be on the table at this moment, laid out the
way the box is laid out, so a group can compare the record with the table in a minute.

A game's *sheet* (``SHEETS[game](view)``) turns the table screen's view
(``engine.view(state, None)``: nothing secret) into sections of lines. A line is one
thing to compare (a lot, a quarry, a palace, a player's reserve): an ``id`` that stays
the same for that thing all game, a ``label`` and a ``value``, both engine texts
(``companion.engines.text``), shown in each reader's language with the ``say`` filter.

A line marked "differs" lists the moves that touched it (``touched``): those after
which its value on the sheet changed, and those whose public fields name it
(``NAMED[game](action, seat)``: a lot, a quarter, a city, a square, a quarry...). Both
come from what the table screen may see: the views of the states around each move,
and fields of moves that the table is shown anyway (never a sealed bid's cards or a
hand's values).
"""

from collections.abc import Callable
from dataclasses import dataclass

from ..engines.text import Text, _, ngettext
from ..engines.fifth_avenue.board import COMMISSION_NAMES, colour_text, place_text, shop_text
from ..engines.manhattan.pieces import colour_name, height_text
from ..engines.new_york.catalogue import bank_text, card_text, tile_text
from ..engines.palazzo import money as pz_money, tiles as pz_tiles


@dataclass(frozen=True)
class Line:
    id: str
    label: Text | str  # a player's name is shown as it is
    value: list  # texts, shown one after another


@dataclass(frozen=True)
class Section:
    id: str
    title: Text | str
    lines: list
    layout: str = "list"  # "grid3": three lines a row, as a 3×3 city of lots


def values(sections: list[Section]) -> dict[str, list]:
    """Line id -> value: what a move is compared by."""
    return {line.id: line.value for section in sections for line in section.lines}


def find(sections: list[Section], line_id: str) -> Line | None:
    return next((line for s in sections for line in s.lines if line.id == line_id), None)


def _names(view: dict) -> dict[str, str]:
    return {p["seat"]: p["name"] for p in view.get("players") or []}


def _nothing() -> list:
    return [_("nothing")]


# Fifth Avenue -----------------------------------------------------------------------

def fifth_avenue(view: dict) -> list[Section]:
    names = _names(view)
    sections = []
    for q, quarter in view["quarters"].items():
        lines = []
        for lot in quarter["lots"]:
            value = []
            if lot["shops"]:
                value.append(_("shops: {shops}", shops=[shop_text(s) for s in lot["shops"]]))
            if lot["buildings"]:
                value.append(ngettext("{owner}: {n} building", "{owner}: {n} buildings", lot["buildings"],
                                      owner=names.get(lot["owner"], lot["owner"])))
            lines.append(Line(f"fa-{q}-{lot['color']}", _("{colour} lot", colour=colour_text(lot["color"])),
                              value or [_("empty")]))
        if quarter["closed"]:
            lines.append(Line(f"fa-{q}-closed", _("Closure sign"), [_("this quarter is closed")]))
        sections.append(Section(f"fa-{q}", quarter["name"], lines))
    park = view["central_park"]
    built = [ngettext("{owner}: {n} building", "{owner}: {n} buildings", n, owner=names.get(s, s))
             for s, n in park["buildings"].items() if n]
    shops = ([_("revealed: {shops}", shops=[shop_text(s) for s in park["revealed"]])] if park["revealed"]
             else [ngettext("{n} shop face down", "{n} shops face down", len(park["shops"]))])
    sections.append(Section("fa-park", _("Central Park"), [
        Line("fa-park-buildings", _("Buildings"), built or _nothing()),
        Line("fa-park-shops", _("Shops"), shops)]))
    sections.append(Section("fa-commissions", _("Commissions"), [
        Line(f"fa-commission-{c}", _("{colour} commission", colour=_(COMMISSION_NAMES[c])),
             [_("at {place}", place=place_text(v["at"]))]
             + ([_("markers: {places}", places=[place_text(m) for m in v["markers"]])] if v["markers"] else []))
        for c, v in view["commissions"].items()]))
    left = sum(1 for s in view["display"] if s)
    sections.append(Section("fa-display", _("Shop display"), [
        Line("fa-display", _("Shops left in the display"),
             [ngettext("{n} shop", "{n} shops", left)])]))
    sections.append(Section("fa-piles", _("Card piles"), [
        Line(f"fa-pile-{colour}", _("{colour} cards", colour=colour_text(colour)),
             [ngettext("{n} card", "{n} cards", n)])
        for colour, n in view["piles"].items()]))
    for p in view["players"]:
        lines = [
            Line(f"fa-{p['seat']}-reserve", _("Buildings in front of the player"),
                 [ngettext("{n} building", "{n} buildings", p["reserve"])]),
            Line(f"fa-{p['seat']}-supply", _("Buildings left in the supply"),
                 [ngettext("{n} building", "{n} buildings", p["supply"])]),
        ]
        if not p.get("dummy"):
            lines.append(Line(f"fa-{p['seat']}-hand", _("Cards in hand"),
                              [ngettext("{n} card", "{n} cards", p["hand_size"])]))
        sections.append(Section(f"fa-{p['seat']}", p["name"], lines))
    return sections


def fifth_avenue_named(action: dict, seat: str) -> set[str]:
    kind = action["type"]
    if kind in ("place_initial_building", "place_shop"):
        return {f"fa-{action['quarter']}-{action['lot']}"}
    if kind == "move_commission":
        return {f"fa-commission-{action['commission']}"}
    if kind == "close_quarter":
        return {f"fa-{action['quarter']}-closed"}
    return set()


# Palazzo ----------------------------------------------------------------------------

def palazzo(view: dict) -> list[Section]:
    pile = view["tiles"]
    quarries = []
    for number, tiles in enumerate(pile["quarries"]):
        where = (number + pile["master_builder"]) % pz_tiles.QUARRIES  # its place on the table
        label = (_("Quarry {n} (master builder)", n=number) if number == 0
                 else _("Quarry {n}", n=number))
        quarries.append(Line(f"pz-quarry-{where}", label, [pz_tiles.label(t) for t in tiles] or [_("empty")]))
    quarries.append(Line("pz-supply", _("Material supply"),
                         [pz_tiles.label(t) for t in pile["supply"]] or [_("empty")]))
    quarries.append(Line("pz-draw", _("Tiles still to draw"), [
        ngettext("{n} tile", "{n} tiles", pile["to_draw"]),
        _("knights drawn: {n} of 5", n=pile["knights"])]))
    sections = [Section("pz-quarries", _("Quarries and material supply"), quarries)]
    money = view["money"]
    cash = [Line("pz-deck", _("Money deck"), [ngettext("{n} card", "{n} cards", money["deck"])]),
            Line("pz-discards", _("Discards"), [ngettext("{n} card", "{n} cards", len(money["discards"]))])]
    if view["reveal"]:
        cash.append(Line("pz-reveal", _("Money cards face up"),
                         [pz_money.label(c) for c in view["reveal"]["cards"]] or _nothing()))
    sections.append(Section("pz-money", _("Money"), cash))
    if view["acquired"]:
        a = view["acquired"]
        sections.append(Section("pz-acquired", _("Tiles waiting to be built"), [
            Line("pz-acquired", _names(view).get(a["seat"], a["seat"]),
                 [pz_tiles.label(t) for t in a["tiles"]] or _nothing())]))
    for p in view["players"]:
        lines = [Line(f"pz-{p['seat']}-hand", _("Money cards in hand"),
                      [ngettext("{n} card", "{n} cards", p["hand_size"])])]
        for i, palace in enumerate(p["palaces"]):
            lines.append(Line(f"pz-{p['seat']}-palace-{i}", _("Palace {n}", n=i + 1),
                              [_("floor {n}: {tile}", n=f, tile=pz_tiles.label(t))
                               for f, t in enumerate(palace, 1)]))
        sections.append(Section(f"pz-{p['seat']}", p["name"], lines))
    return sections


def palazzo_named(action: dict, seat: str) -> set[str]:
    if action["type"] == "build" and isinstance(action.get("to"), int):
        return {f"pz-{seat}-palace-{action['to']}"}
    return set()


# New York ---------------------------------------------------------------------------

def _square(seat: str, x: int, y: int) -> str:
    return f"ny-{seat}-x{x}y{y}"


def new_york(view: dict) -> list[Section]:
    sections = []
    for p in view["players"]:
        lines = [Line(_square(p["seat"], c["x"], c["y"]), _("Square ({x}, {y})", x=c["x"], y=c["y"]),
                      [tile_text(c["tile"])]) for c in p["city"]]
        lines.append(Line(f"ny-{p['seat']}-count", _("Tiles in the city"),
                          [ngettext("{n} tile", "{n} tiles", len(p["city"]))]))
        lines.append(Line(f"ny-{p['seat']}-reserve", _("Reserve"), [tile_text(t) for t in p["reserve"]] or _nothing()))
        if p["pending"]:
            lines.append(Line(f"ny-{p['seat']}-pending", _("Bought, not yet placed"),
                              [tile_text(t) for t in p["pending"]]))
        lines.append(Line(f"ny-{p['seat']}-hand", _("Money cards in hand"),
                          [ngettext("{n} card", "{n} cards", p["hand_size"])]))
        sections.append(Section(f"ny-{p['seat']}", _("City of {name}", name=p["name"]), lines))
    sections.append(Section("ny-market", _("Market"), [
        Line(f"ny-market-{m['space']}", _("{colour} space", colour=bank_text(m["space"])),
             [tile_text(m["tile"]) if m["tile"] else _("empty")]) for m in view["market"]]))
    money = [Line("ny-display", _("Money display"), [card_text(c) for c in view["display"]] or _nothing()),
             Line("ny-deck", _("Money deck"), [ngettext("{n} card", "{n} cards", view["deck_size"]),
                                                _("discards: {n}", n=view["discard_size"])])]
    if view["scoring_cards"]:
        money.append(Line("ny-scoring", _("Scoring cards turned up"), [card_text(c) for c in view["scoring_cards"]]))
    sections.append(Section("ny-money", _("Money"), money))
    supply = [Line("ny-bag", _("Tiles in the bag"), [ngettext("{n} tile", "{n} tiles", view["bag_size"])])]
    if view["dirk"] is not None:
        supply.append(Line("ny-dirk", _("Dirk's tiles"), [tile_text(t) for t in view["dirk"]["tiles"]] or _nothing()))
    sections.append(Section("ny-supply", _("Supply"), supply))
    return sections


def new_york_named(action: dict, seat: str) -> set[str]:
    named = set()
    if isinstance(action.get("x"), int) and isinstance(action.get("y"), int):
        named.add(_square(seat, action["x"], action["y"]))
    if action["type"] == "buy" and isinstance(action.get("space"), str):
        named.add(f"ny-market-{action['space']}")
    return named


# Manhattan --------------------------------------------------------------------------

def _lot_id(city: str, lot) -> str:
    return f"mh-{city}-{lot[0]}{lot[1]}"


def manhattan(view: dict) -> list[Section]:
    colours = view["colours"]
    sections = []
    for city in view["cities"]:
        lines = []
        for lot in city["lots"]:
            if not lot["pieces"]:
                value = [_("empty")]
            else:
                value = [ngettext("{n} storey", "{n} storeys", lot["storeys"]),
                         _("owner: {colour}", colour=colour_name(lot["owner"])),
                         _("from the ground up: {pieces}",
                           pieces=[_("{height} {colour}", height=height_text(p["height"]),
                                     colour=colour_name(p["colour"])) for p in lot["pieces"]])]
            lines.append(Line(_lot_id(city["city"], lot["lot"]), lot["label"], value))
        sections.append(Section(f"mh-{city['city']}", city["label"], lines, layout="grid3"))
    names = _names(view)
    pieces = []
    for colour, c in colours.items():
        left = [_("{height}: {n}", height=height_text(int(h)), n=n) for h, n in sorted(c["supply"].items())]
        if c["picked"]:
            left.append(_("picked for this round: {heights}", heights=[height_text(h) for h in c["picked"]]))
        if c["aside"]:
            left.append(ngettext("{n} piece set aside", "{n} pieces set aside", c["aside"]))
        pieces.append(Line(f"mh-colour-{colour}", _("{colour} ({name})", colour=c["label"],
                                                     name=names.get(c["seat"], c["seat"])), left))
    sections.append(Section("mh-pieces", _("Pieces left per colour and height"), pieces))
    cards = [Line("mh-deck", _("Card deck"), [ngettext("{n} card", "{n} cards", view["cards"]["deck"])])]
    cards += [Line(f"mh-{p['seat']}-cards", _("Cards held by {name}", name=p["name"]),
                   [ngettext("{n} card", "{n} cards", p["cards_held"])]) for p in view["players"]]
    sections.append(Section("mh-cards", _("Building cards"), cards))
    return sections


def manhattan_named(action: dict, seat: str) -> set[str]:
    named = set()
    if isinstance(action.get("city"), str) and isinstance(action.get("lot"), list) and len(action["lot"]) == 2:
        named.add(_lot_id(action["city"], action["lot"]))
    if isinstance(action.get("colour"), str):
        named.add(f"mh-colour-{action['colour']}")
    return named


SHEETS: dict[str, Callable[[dict], list[Section]]] = {
    "fifth_avenue": fifth_avenue, "palazzo": palazzo, "new_york": new_york, "manhattan": manhattan}
NAMED: dict[str, Callable[[dict, str], set[str]]] = {
    "fifth_avenue": fifth_avenue_named, "palazzo": palazzo_named, "new_york": new_york_named,
    "manhattan": manhattan_named}


def sheet(game: str, view: dict) -> list[Section] | None:
    """The sections of ``game``'s check for the table's ``view`` (None: no sheet)."""
    make = SHEETS.get(game)
    return make(view) if make else None


@dataclass(frozen=True)
class Touch:
    seq: int
    seat: str | None
    line: object  # the move's log line as the table screen reads it (a text)


def touched(game: str, engine, frames: list, events: list, line_id: str) -> list[Touch]:
    """The moves that touched line ``line_id``, newest first: ``frames`` are the replay's
    (``archive.replay.Frame``, one per move after the set-up) and ``events`` the log."""
    named = NAMED[game]
    actions = {e.seq: e.action for e in events}
    sheets = _sheets(game, engine, frames)
    found = []
    for n, frame in enumerate(frames[1:], 1):
        action = actions.get(frame.seq)
        if sheets[n].get(line_id) != sheets[n - 1].get(line_id) or (
                action is not None and line_id in named(action, frame.seat)):
            found.append(Touch(frame.seq, frame.seat, frame.line))
    return found[::-1]


_KEEP = 4  # tables whose sheets move by move are kept (as many as the replay keeps frames)
_kept: dict[int, tuple[list, list]] = {}  # id(frames) -> (frames, the sheet's values after each)


def _sheets(game: str, engine, frames: list) -> list[dict]:
    """The sheet's values after every move (worked out once for a list of frames, which the
    replay keeps until the table's log changes: the lines marked next reuse them)."""
    kept = _kept.get(id(frames))
    if kept is not None and kept[0] is frames:
        return kept[1]
    sheets = [values(SHEETS[game](engine.view(f.state, None))) for f in frames]
    while len(_kept) >= _KEEP:
        _kept.pop(next(iter(_kept)), None)
    _kept[id(frames)] = (frames, sheets)
    return sheets
