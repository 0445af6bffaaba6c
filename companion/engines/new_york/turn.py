"""A player's turn (NY-T-1 … NY-T-4): one action, and another after an exact payment.

The actions are taking money (NY-T-2), buying a market tile (NY-T-3) and developing
the city (NY-T-4); passing is allowed only when none of them is possible. Every
handler gets a copy of the state, changes it, and hands over to ``refill`` when the
player's actions are over.
"""

from .. import common
from ..errors import IllegalAction
from ..text import _
from . import city, market, money, placing, refill
from .state import cell_key, grid, pick, position, square_args


def take_money(state, seat, action) -> None:
    """Take one face-up card, or several totalling at most 5 (NY-T-2); ends the turn."""
    cards = money.parse_cards(action.get("cards"), _("the cards you take"), "NY-T-2")
    if problem := money.take_problem(state["display"], cards):
        raise IllegalAction("NY-T-2", problem, cards=cards, display=state["display"])
    state["display"] = common.without(state["display"], cards)
    state["hands"][seat] = money.sort_cards(state["hands"][seat] + cards)
    refill.after_actions(state)


def buy(state, seat, action) -> None:
    """Buy a market tile with money of its space's bank, no change (NY-T-3).

    Exact payment earns another action; paying more ends the turn.
    """
    i, pay = market.payment(state, seat, action)
    tile = state["market"][i]
    state["hands"][seat] = common.without(state["hands"][seat], pay)
    state["discard"] += pay
    state["market"][i] = None
    state["pending"][seat].append(tile)
    if money.total(pay) > tile["price"]:
        refill.after_actions(state)


def reserve_to_city(state, seat, action) -> None:
    """Develop: build a reserve tile into the city (NY-T-4, NY-B); ends the turn."""
    placing.build(state, seat, action, "reserves", "NY-T-4")
    refill.after_actions(state)


def city_to_reserve(state, seat, action) -> None:
    """Develop: take a tile out of the city into the reserve (NY-T-4, NY-B); ends the turn."""
    pos = position(action)
    if problem := city.removal_problem(grid(state, seat), pos):
        rule, reason = problem
        raise IllegalAction(rule, _("You cannot move the tile at ({x}, {y}) out of your city: "
                                    "{reason}.",
                                    reason=reason, **square_args(pos)), x=pos[0], y=pos[1])
    state["reserves"][seat].append(state["cities"][seat].pop(cell_key(pos)))
    refill.after_actions(state)


def swap(state, seat, action) -> None:
    """Develop: a reserve tile takes exactly the place of a city tile (NY-T-4); ends the turn."""
    i = pick(state, seat, "reserves", action.get("tile"), "NY-T-4")
    tile, pos = state["reserves"][seat][i], position(action)
    if problem := city.swap_problem(grid(state, seat), pos, city.mask(tile["streets"])):
        placing.refuse_square(problem, tile, pos)
    state["reserves"][seat][i] = state["cities"][seat][cell_key(pos)]
    state["cities"][seat][cell_key(pos)] = tile
    refill.after_actions(state)


def pass_turn(state, seat, action) -> None:
    """Nothing at all is possible (no money face up, nothing affordable, nothing to develop)."""
    if options(state, seat)[0] != [{"type": "pass"}]:
        raise IllegalAction("NY-T-1", _("You cannot pass: you can still take money, buy a tile "
                                        "or develop your city."), seat=seat)
    refill.after_actions(state)


def options(state, seat) -> tuple[list, list]:
    """The active player's possible actions (NY-T-1) and what is blocked, and why;
    ``pass`` alone when nothing else is possible."""
    actions, blocked = [], []
    takes = money.take_options(state["display"])
    actions += [{"type": "take_money", "cards": cards} for cards in takes]
    if not takes:
        blocked.append({"type": "take_money", "rule": "NY-T-2",
                        "reason": _("No money card is face up.")})
    reserve = state["reserves"][seat]
    for found in (market.buy_options(state, seat),
                  placing.options(state, seat, reserve, "reserve_to_city", city.placements,
                                  "NY-B-2"),
                  placing.options(state, seat, reserve, "swap", city.swaps, "NY-B-2")):
        actions += found[0]
        blocked += found[1]
    removable = city.removals(grid(state, seat))
    if removable:
        actions.append({"type": "city_to_reserve",
                        "positions": [{"x": x, "y": y} for x, y in removable]})
    else:
        blocked.append({"type": "city_to_reserve", "rule": "NY-T-4", "reason": _(
            "No tile can leave your city: Times Square never moves, and no removal may leave "
            "a hole or cut a tile off.")})
    return actions or [{"type": "pass"}], blocked
