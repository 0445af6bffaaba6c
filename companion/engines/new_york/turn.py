"""A player's turn: one action (NY-T-1 … NY-T-4), then the bought tiles (NY-T-5).

Every handler gets a fresh copy of the state, changes it, and hands over to
``refill`` when the player's part of the turn is over.
"""

from ..errors import IllegalAction
from . import city, dirk, market, refill
from .legal import turn_options
from .catalogue import BANKS, tile_text
from .money import cards_in, parse_cards, sort_cards, take_problem, total, without
from .state import cell_key, grid, pick, position, where


def _refuse_square(rule_reason, tile, pos):
    rule, reason = rule_reason
    subject = f"The {tile_text(tile)}" if tile else "That tile"
    raise IllegalAction(rule, f"{subject} cannot go to {where(pos)}: {reason}.", x=pos[0], y=pos[1],
                        tile=tile)


# -- the one action --------------------------------------------------------

def take_money(state, seat, action) -> None:
    """Take one face-up card, or several totalling at most 5 (NY-T-2); ends the turn."""
    cards = parse_cards(action.get("cards"), "cards", "NY-T-2")
    if problem := take_problem(state["display"], cards):
        raise IllegalAction("NY-T-2", f"You cannot take that money: {problem}.", cards=cards,
                            display=state["display"])
    state["display"] = without(state["display"], cards)
    state["hands"][seat] = sort_cards(state["hands"][seat] + cards)
    refill.after_actions(state)


def buy(state, seat, action) -> None:
    """Buy a market tile with money of its space's bank, no change (NY-T-3).

    Exact payment earns another action; paying more ends the turn.
    """
    i = market.space(action.get("space"))
    bank, tile = BANKS[i], state["market"][i]
    if tile is None:
        raise IllegalAction("NY-T-3", f"The {bank} market space is empty until the end of the "
                            "turn.", space=bank)
    pay = parse_cards(action.get("pay"), "pay", "NY-T-3")
    if wrong := [c for c in pay if c[0] != bank]:
        raise IllegalAction("NY-T-3", f"The {tile_text(tile)} on the {bank} space is paid with "
                            f"{bank} money only, not {cards_in(wrong)}.", space=bank, pay=pay)
    rest = without(state["hands"][seat], pay)
    if rest is None:
        raise IllegalAction("NY-T-3", f"You do not hold {cards_in(pay)}.", pay=pay)
    if total(pay) < tile["price"]:
        raise IllegalAction("NY-T-3", f"The {tile_text(tile)} costs {tile['price']}; "
                            f"{cards_in(pay)} make only {total(pay)}.", pay=pay,
                            price=tile["price"])
    state["hands"][seat] = rest
    state["discard"] += pay
    state["market"][i] = None
    state["pending"][seat].append(tile)
    if total(pay) > tile["price"]:
        refill.after_actions(state)


def reserve_to_city(state, seat, action) -> None:
    """Develop: build a reserve tile into the city (NY-T-4, NY-B); ends the turn."""
    _build_from(state, seat, action, "reserves", "in your reserve", "NY-T-4")
    refill.after_actions(state)


def _build_from(state, seat, action, pile: str, found: str, rule: str) -> None:
    """Move the named tile of one of the seat's piles into its city, where NY-B allows."""
    i = pick(state[pile][seat], action.get("tile"), found, rule)
    tile, pos = state[pile][seat][i], position(action)
    if problem := city.placement_problem(grid(state, seat), pos, city.mask(tile["streets"])):
        _refuse_square(problem, tile, pos)
    state[pile][seat].pop(i)
    state["cities"][seat][cell_key(pos)] = tile


def city_to_reserve(state, seat, action) -> None:
    """Develop: take a tile out of the city into the reserve (NY-T-4, NY-B); ends the turn."""
    pos = position(action)
    if problem := city.removal_problem(grid(state, seat), pos):
        rule, reason = problem
        raise IllegalAction(rule, f"The tile at {where(pos)} cannot leave your city: {reason}.",
                            x=pos[0], y=pos[1])
    state["reserves"][seat].append(state["cities"][seat].pop(cell_key(pos)))
    refill.after_actions(state)


def swap(state, seat, action) -> None:
    """Develop: a reserve tile takes exactly the place of a city tile (NY-T-4); ends the turn."""
    i = pick(state["reserves"][seat], action.get("tile"), "in your reserve", "NY-T-4")
    tile, pos = state["reserves"][seat][i], position(action)
    if problem := city.swap_problem(grid(state, seat), pos, city.mask(tile["streets"])):
        _refuse_square(problem, tile, pos)
    state["reserves"][seat][i] = state["cities"][seat][cell_key(pos)]
    state["cities"][seat][cell_key(pos)] = tile
    refill.after_actions(state)


def pass_turn(state, seat, action) -> None:
    """Nothing at all is possible (no money face up, nothing affordable, nothing to develop)."""
    if turn_options(state, seat)[0]:
        raise IllegalAction("NY-T-1", "You must take money, buy a tile or develop your city.")
    refill.after_actions(state)


# -- the bought tiles ------------------------------------------------------

def place(state, seat, action) -> None:
    """Build a bought (or, at the end, received) tile into the city (NY-T-5, NY-B)."""
    _build_from(state, seat, action, "pending", "waiting beside your city", "NY-T-5")
    refill.after_placing(state)


def to_reserve(state, seat, action) -> None:
    """Put a bought tile into the reserve instead (NY-T-5)."""
    i = pick(state["pending"][seat], action.get("tile"), "waiting beside your city", "NY-T-5")
    state["reserves"][seat].append(state["pending"][seat].pop(i))
    refill.after_placing(state)


def to_dirk(state, seat, action) -> None:
    """Two players: give a bought tile to Dirk (NY-2P-4)."""
    dirk.check_gift(state, seat)
    i = pick(state["pending"][seat], action.get("tile"), "waiting beside your city", "NY-T-5")
    state["dirk"].append(state["pending"][seat].pop(i))
    refill.after_placing(state)
