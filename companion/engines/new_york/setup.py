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

from .. import TABLE
from ..errors import IllegalAction
from . import dirk, market
from .catalogue import BANKS, SCORING_CARDS, START_TILE, card_text
from .money import DISPLAY, check_available, parse_cards, sort_cards, total
from .state import DIRK, cell_key

MIN_PLAYERS, MAX_PLAYERS = 2, 6
START_MONEY = 20


def _players(raw) -> list[dict]:
    if not isinstance(raw, list) or not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        raise IllegalAction("NY-C-1", f"New York is for {MIN_PLAYERS}–{MAX_PLAYERS} players "
                            "(one start tile each).", players=raw)
    players = []
    for p in raw:
        seat = p.get("seat") if isinstance(p, dict) else p
        if not isinstance(seat, str) or not seat or seat in (TABLE, DIRK):
            raise IllegalAction("NY-C-1", f"{seat!r} cannot be a seat name.", seat=seat)
        name = p.get("name") or seat if isinstance(p, dict) else seat
        players.append({"seat": seat, "name": str(name)})
    if len({p["seat"] for p in players}) < len(players):
        raise IllegalAction("NY-C-1", "Every player needs a seat of their own.", players=raw)
    return players


def _deal(state, seat, raw) -> list:
    """A start hand, checked to be what dealing face up until 20 can give (NY-S-2).

    The order of dealing is not entered: the hand is legal if some card can have
    come last, i.e. without its largest card it stays below 20.
    """
    cards = parse_cards(raw, f"start money of {seat}", "NY-S-2")
    amount = total(cards)
    largest = max(value for _, value in cards)
    if amount < START_MONEY or amount - largest >= START_MONEY:
        raise IllegalAction("NY-S-2", f"Start money of {seat} totals {amount} in {len(cards)} "
                            f"cards: cards are dealt until the total first reaches "
                            f"{START_MONEY}, so it must reach {START_MONEY} and stay below it "
                            "without its last card.", seat=seat, cards=cards)
    check_available(state, cards)
    return sort_cards(cards)


def _start_player(state, chosen) -> str:
    """Fewest cards, then lowest total; a remaining tie is settled by age (NY-S-3)."""
    key = {seat: (len(hand), total(hand)) for seat, hand in state["hands"].items()}
    best = min(key.values())
    tied = [seat for seat in key if key[seat] == best]
    if chosen is None and len(tied) == 1:
        return tied[0]
    if chosen not in tied:
        raise IllegalAction("NY-S-3", f"The start player must be {' or '.join(tied)} (fewest "
                            "cards, then the lowest total, then the youngest), not "
                            f"{chosen!r}.", start_player=chosen, allowed=tied)
    return chosen


def _tiles(state, raw, count, rule, what) -> list:
    if not isinstance(raw, list) or len(raw) != count:
        raise IllegalAction(rule, f"{what} needs exactly {count} tiles from the bag.", tiles=raw)
    return [market.draw(state, t) for t in raw]


def setup(config: dict) -> dict:
    if not isinstance(config, dict):
        raise IllegalAction("NY-S-1", "The setup must be a dictionary of what was dealt.")
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
        raise IllegalAction("NY-S-2", "Enter the start money dealt to every player.", seats=seats)
    for seat in seats:
        state["hands"][seat] = _deal(state, seat, money[seat])
    shown = config.get("money_display")
    if not isinstance(shown, list) or len(shown) != DISPLAY:
        raise IllegalAction("NY-S-4", f"{DISPLAY} money cards are turned face up on the board.",
                            money_display=shown)
    if scoring_cards := [c for c in shown if c in SCORING_CARDS]:
        card = scoring_cards[0]
        raise IllegalAction("NY-S-4", f"{card_text(card).capitalize()} cannot be face up at the "
                            "start: it is shuffled deeper into the deck.", card=card)
    cards = parse_cards(shown, "money_display", "NY-S-4")
    check_available(state, cards)
    state["display"] = cards
    state["active"] = _start_player(state, config.get("start_player"))
    state["market"] = _tiles(state, config.get("market"), len(BANKS), "NY-S-1", "The market")
    raw_dirk = config.get("dirk")
    if two:
        state["dirk"] = _tiles(state, raw_dirk, dirk.START_TILES, "NY-2P-2", "Dirk")
    elif raw_dirk:
        raise IllegalAction("NY-2P-2", "Dirk collects tiles only in a two-player game.",
                            dirk=raw_dirk)
    return state
