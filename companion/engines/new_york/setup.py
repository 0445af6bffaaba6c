"""Setting up the table (NY-S, NY-2P-1/2) from what was dealt and drawn.

Config::

    {"players": [{"seat": "a", "name": "Anna"}, ...],      # clockwise, 2–6
     "start_money": {"a": [["blue", 7], ...], ...},        # as dealt face up
     "start_player": "a",              # may be left out when NY-S-3 alone decides
     "money_display": [[bank, value] × 4],
     "market": [tile × 4],             # blue … red
     "dirk": [tile × 6]}               # two players only

State::

    {"players", "two_player", "hands": {seat: [card]}, "cities": {seat: {"x,y": tile}},
     "reserves": {seat: [tile]}, "pending": {seat: [tile]},   # bought, not yet placed
     "display": [card], "discard": [card], "scoring_cards": ["A", ...],
     "market": [tile | None × 4], "out_of_bag": {type: n}, "dirk": [tile] | None,
     "dirk_due": n, "active": seat, "phase": "turn" | "place" | "refill" | "final" | "over",
     "leftovers": [{"space", "tile", "to"}], "events": [score event]}
"""

from ..common import TABLE
from ..errors import IllegalAction
from ..text import _, ngettext
from . import dirk, market
from .catalogue import BANKS, SCORING_CARDS, START_TILE
from .money import DISPLAY, check_available, parse_cards, sort_cards, total
from .state import DIRK, cell_key

MIN_PLAYERS, MAX_PLAYERS = 2, 6
START_MONEY = 20


def _players(raw) -> list[dict]:
    if not isinstance(raw, list) or not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        given = len(raw) if isinstance(raw, list) else repr(raw)
        raise IllegalAction("NY-C-1", _("New York is for {low} to {high} players (one start tile "
                                        "each), not {given}.", low=MIN_PLAYERS, high=MAX_PLAYERS,
                                        given=given), players=raw)
    players = []
    for p in raw:
        seat = p.get("seat") if isinstance(p, dict) else p
        if not isinstance(seat, str) or not seat or seat in (TABLE, DIRK):
            raise IllegalAction("NY-C-1", _("{seat} cannot be a seat name.", seat=repr(seat)),
                                seat=seat)
        if seat in [q["seat"] for q in players]:
            raise IllegalAction("NY-C-1", _("Every player needs a seat of their own; {seat} is "
                                            "given twice.", seat=repr(seat)), seat=seat)
        shown = (p.get("name") if isinstance(p, dict) else None) or seat
        players.append({"seat": seat, "name": str(shown)})
    return players


def _deal(state, player, raw) -> list:
    """A start hand, checked to be what dealing face up until 20 can give (NY-S-2).

    The order of dealing is not entered: the hand is legal if some card can have
    come last, i.e. without its largest card it stays below 20.
    """
    cards = parse_cards(raw, _("the start money of {player}", player=player["name"]), "NY-S-2")
    amount = total(cards)
    largest = max(value for _bank, value in cards)
    if amount < START_MONEY or amount - largest >= START_MONEY:
        raise IllegalAction("NY-S-2", ngettext(
            "The start money of {player} totals {total} in {n} card: cards are dealt until the "
            "total first reaches {limit}, so it must reach {limit} and stay below it without "
            "its last card.",
            "The start money of {player} totals {total} in {n} cards: cards are dealt until the "
            "total first reaches {limit}, so it must reach {limit} and stay below it without "
            "its last card.", len(cards), player=player["name"], total=amount, limit=START_MONEY),
            seat=player["seat"], cards=cards)
    check_available(state, cards)
    return sort_cards(cards)


def start_candidates(hands: dict) -> list[str]:
    """The seats that may start by NY-S-3 before age decides: fewest cards, then the
    lowest total (``hands``: seat -> money cards), in the order given."""
    key = {seat: (len(hand), total(hand)) for seat, hand in hands.items()}
    best = min(key.values())
    return [seat for seat in key if key[seat] == best]


def _start_player(state, chosen) -> str:
    """Fewest cards, then lowest total; a remaining tie is settled by age (NY-S-3)."""
    tied = start_candidates(state["hands"])
    if chosen is None and len(tied) == 1:
        return tied[0]
    if chosen not in tied:
        who = {p["seat"]: p["name"] for p in state["players"]}
        raise IllegalAction("NY-S-3", _(
            "The start player must be one of {allowed} (fewest cards, then the lowest total, "
            "then the youngest), not {chosen}.", allowed=[who[s] for s in tied],
            chosen=repr(chosen)), start_player=chosen, allowed=tied)
    return chosen


def _market(state, raw) -> list:
    if not isinstance(raw, list) or len(raw) != len(BANKS):
        raise IllegalAction("NY-S-1", ngettext(
            "The market needs exactly {n} tile from the bag, not {given}.",
            "The market needs exactly {n} tiles from the bag, not {given}.", len(BANKS),
            given=_count(raw)), tiles=raw)
    return [market.draw(state, t) for t in raw]


def _dirk(state, raw) -> list:
    if not isinstance(raw, list) or len(raw) != dirk.START_TILES:
        raise IllegalAction("NY-2P-2", ngettext(
            "Dirk starts with exactly {n} tile from the bag, not {given}.",
            "Dirk starts with exactly {n} tiles from the bag, not {given}.", dirk.START_TILES,
            given=_count(raw)), tiles=raw)
    return [market.draw(state, t) for t in raw]


def _count(raw):
    return len(raw) if isinstance(raw, list) else repr(raw)


def _display(state, shown) -> list:
    if not isinstance(shown, list) or len(shown) != DISPLAY:
        raise IllegalAction("NY-S-4", ngettext(
            "Turn {n} money card face up on the board, not {given}.",
            "Turn {n} money cards face up on the board, not {given}.", DISPLAY,
            given=_count(shown)), money_display=shown)
    if scoring_cards := [c for c in shown if c in SCORING_CARDS]:
        raise IllegalAction("NY-S-4", _("Scoring card {letter} cannot be face up at the start: it "
                                        "lies deeper in the deck.", letter=scoring_cards[0]),
                            card=scoring_cards[0])
    cards = parse_cards(shown, _("the money display"), "NY-S-4")
    check_available(state, cards)
    return cards


def setup(config: dict) -> dict:
    if not isinstance(config, dict):
        raise IllegalAction("NY-S-1", _("The setup must be a dictionary of what was dealt."))
    players = _players(config.get("players"))
    seats = [p["seat"] for p in players]
    two = len(players) == 2
    state = {
        "players": players, "two_player": two,
        "hands": {seat: [] for seat in seats},
        "cities": {seat: {cell_key((0, 0)): dict(START_TILE)} for seat in seats},
        "reserves": {seat: [] for seat in seats}, "pending": {seat: [] for seat in seats},
        "display": [], "discard": [], "scoring_cards": [],
        "market": [None] * len(BANKS), "out_of_bag": {}, "dirk": None, "dirk_due": 0,
        "active": None, "phase": "turn", "leftovers": [], "events": [],
    }
    money = config.get("start_money")
    if not isinstance(money, dict) or set(money) != set(seats):
        raise IllegalAction("NY-S-2", _("Enter the start money dealt to each player at the table, "
                                        "no more and no fewer: {players}.",
                                        players=[p["name"] for p in players]),
                            seats=seats)
    for player in players:
        state["hands"][player["seat"]] = _deal(state, player, money[player["seat"]])
    state["display"] = _display(state, config.get("money_display"))
    state["active"] = _start_player(state, config.get("start_player"))
    state["market"] = _market(state, config.get("market"))
    if two:
        state["dirk"] = _dirk(state, config.get("dirk"))
    elif config.get("dirk"):
        raise IllegalAction("NY-2P-2", _("Dirk collects tiles only in a two-player game."),
                            dirk=config.get("dirk"))
    return state
