"""One log line per accepted action (nothing in Manhattan is hidden from anyone)."""

from .board import card_name, lot_of, owner, parse_city, parse_square, storeys, where
from .game import pick_order, placing_colour, player
from .pieces import colour_name


def describe(state: dict, seat: str, action: dict, viewer: str | None) -> str:
    """The log line for ``action`` taken by ``seat`` on ``state`` (the state before it)."""
    me = player(state, seat)
    if action["type"] == "pick":
        colour = pick_order(state)[state["picked"]]
        heights = ", ".join(map(str, sorted(action["heights"])))
        return f"{me['name']} picked {colour_name(colour)} pieces {heights} for phase {state['phase']}."
    colour = placing_colour(state, seat, action)
    card = parse_square(action["card"], "MH-C-2", "card")
    city = parse_city(action["city"])
    lot = lot_of(me["side"], card)
    tower = state["board"][city][lot]
    line = (f"{me['name']} played the {card_name(card)} card and built a {action['height']}-storey "
            f"{colour_name(colour)} piece on {where(city, lot)}")
    before = owner(tower)
    if before is None:
        return f"{line}."
    taken = f", taking it from {colour_name(before)}" if before != colour else ""
    return f"{line}{taken} (now {storeys(tower) + action['height']} storeys)."
