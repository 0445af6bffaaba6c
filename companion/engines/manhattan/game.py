"""Setup, turn order and the two actions of a phase (MH-S, MH-T).

A phase has two steps: ``pick`` (each colour, from the marker holder's, picks its
pieces) and ``build`` (seats take turns clockwise from the marker holder, one
piece per turn). After the last piece the phase is scored and the marker passes
to the next seat clockwise (the holder's left). ``apply`` copies only what it
changes, so states share untouched parts; nothing is ever mutated.
"""

from ..errors import IllegalAction
from .board import SIDES, empty_board, lot_of, parse_city, parse_square, where
from .building import build, check_build
from .cards import check_playable, new_cards, play
from .pieces import (COLOURS, PLAN, check_pick, colour_name, new_colour, parse_height,
                     parse_stock, take)
from .scoring import phase_events


def setup(config: dict) -> dict:
    """A new game from ``{"players": [{"seat", "name", "side", "colours"}], "start", "stock"?}``.

    Players are listed clockwise; with two players each names two colours.
    """
    if not isinstance(config, dict):
        raise IllegalAction("MH-T-1", "The setup needs players, their sides and colours.")
    players = _players(config.get("players"))
    seats = [p["seat"] for p in players]
    start = config.get("start")
    if start is None:
        raise IllegalAction("MH-S-2", "Draw a start player and name their seat.")
    if start not in seats:
        raise IllegalAction("MH-C-4", f"The start-player marker goes to a seated player, not "
                                      f"{start!r}.", start=start, seats=seats)
    stock = parse_stock(config.get("stock"))
    phases, per_phase = PLAN[len(players)]
    return {
        "players": players,
        "phases": phases,
        "per_phase": per_phase,
        "phase": 1,
        "marker": start,
        "step": "pick",
        "picked": 0,
        "turn": 0,
        "colours": {c: new_colour(p["seat"], stock) for p in players for c in p["colours"]},
        "board": empty_board(),
        "cards": new_cards(len(players)),
        "events": [],
    }


def _players(value) -> list[dict]:
    if not isinstance(value, list) or not 2 <= len(value) <= 4:
        raise IllegalAction("MH-T-1", "Manhattan is for 2 to 4 players.", players=value)
    want = 2 if len(value) == 2 else 1
    players, sides, colours = [], set(), set()
    for p in value:
        seat = p.get("seat") if isinstance(p, dict) else None
        if not isinstance(seat, str) or not seat or seat in {q["seat"] for q in players}:
            raise IllegalAction("MH-T-1", f"Every player needs a seat id of their own, not {seat!r}.",
                                seat=seat)
        side, mine = p.get("side"), p.get("colours")
        if not isinstance(side, str) or side not in SIDES or side in sides:
            raise IllegalAction("MH-S-1", f"Each player sits at a different side (N, E, S or W); "
                                          f"{side!r} is not free for {seat}.", seat=seat, side=side)
        if not isinstance(mine, list) or len(mine) != want:
            raise IllegalAction("MH-T-1", f"With {len(value)} players each plays {want} colour(s); "
                                          f"{seat} names {mine!r}.", seat=seat, colours=mine)
        for colour in mine:
            if not isinstance(colour, str) or colour not in COLOURS or colour in colours:
                raise IllegalAction("MH-C-3", f"{colour!r} is not a free colour; the colours are "
                                              f"{', '.join(COLOURS)}.", seat=seat, colour=colour)
            colours.add(colour)
        sides.add(side)
        players.append({"seat": seat, "name": str(p.get("name") or seat), "side": side,
                        "colours": list(mine)})
    return players


def clockwise(state: dict) -> list[str]:
    """Seats in turn order for this phase, beginning with the marker holder."""
    seats = [p["seat"] for p in state["players"]]
    i = seats.index(state["marker"])
    return seats[i:] + seats[:i]


def pick_order(state: dict) -> list[str]:
    """Colours in the order they pick this phase (MH-T-2)."""
    player = {p["seat"]: p for p in state["players"]}
    return [c for seat in clockwise(state) for c in player[seat]["colours"]]


def player(state: dict, seat: str) -> dict:
    return next(p for p in state["players"] if p["seat"] == seat)


def to_act(state: dict) -> set[str]:
    if state["step"] == "pick":
        return {state["colours"][pick_order(state)[state["picked"]]]["seat"]}
    if state["step"] == "build":
        order = clockwise(state)
        return {order[state["turn"] % len(order)]}
    return set()


def is_over(state: dict) -> bool:
    return state["step"] == "over"


def apply(state: dict, seat: str, action: dict) -> dict:
    """The state after ``seat`` takes ``action``; refuses with IllegalAction."""
    kind = action.get("type") if isinstance(action, dict) else None
    if kind not in ("pick", "place"):
        raise IllegalAction("MH-T-2", f"Unknown action {kind!r}: a seat picks pieces or places one.",
                            action=action)
    if is_over(state):
        raise IllegalAction("MH-T-1", f"The game ended after phase {state['phases']}.")
    if not isinstance(seat, str) or seat not in to_act(state):
        turn = ", ".join(player(state, s)["name"] for s in to_act(state))
        raise IllegalAction("MH-T-2", f"It is {turn}'s turn, not {seat}'s.", seat=seat)
    if kind == "pick":
        if state["step"] != "pick":
            raise IllegalAction("MH-T-2", "Pieces are picked at the start of a phase, before building.")
        return _pick(state, action)
    if state["step"] != "build":
        raise IllegalAction("MH-T-2", "Building starts once every colour has picked its pieces.")
    return _place(state, seat, action)


def _pick(state: dict, action: dict) -> dict:
    colour = pick_order(state)[state["picked"]]
    if action.get("colour", colour) != colour:
        raise IllegalAction("MH-T-2", f"{colour_name(colour).capitalize()} picks now, not "
                                      f"{action.get('colour')!r}.", colour=action.get("colour"))
    record = state["colours"][colour]
    heights = check_pick(colour, record, action.get("heights"), state["per_phase"])
    new = {**state, "colours": {**state["colours"], colour: take(record, heights)},
           "picked": state["picked"] + 1}
    if new["picked"] == len(new["colours"]):
        new["step"] = "build"
    return new


def placing_colour(state: dict, seat: str, action: dict) -> str:
    """The colour a placement uses: named, or the seat's only colour (MH-T-1)."""
    mine = player(state, seat)["colours"]
    colour = action.get("colour", mine[0] if len(mine) == 1 else None)
    if colour not in mine:
        raise IllegalAction("MH-T-1", f"{player(state, seat)['name']} builds with "
                                      f"{' or '.join(colour_name(c) for c in mine)}; name one of "
                                      f"them, not {colour!r}.", colour=colour)
    return colour


def _place(state: dict, seat: str, action: dict) -> dict:
    colour = placing_colour(state, seat, action)
    record = state["colours"][colour]
    height = parse_height(colour, record["hand"], action.get("height"))
    card = parse_square(action.get("card"), "MH-C-2", "card")
    check_playable(state["cards"], card)
    city = parse_city(action.get("city"))
    lot = lot_of(player(state, seat)["side"], card)
    if "lot" in action and parse_square(action["lot"], "MH-T-3", "lot") != lot:
        raise IllegalAction("MH-T-3", f"Seen from the {SIDES[player(state, seat)['side']]} side "
                                      f"this card points to {where(city, lot)}, not the lot "
                                      f"{action['lot']!r}.", lot=action["lot"])
    tower = state["board"][city][lot]
    check_build(tower, colour, height, city, lot)
    lots = list(state["board"][city])
    lots[lot] = build(tower, colour, height)
    hand = list(record["hand"])
    hand.remove(height)
    new = {**state,
           "board": {**state["board"], city: lots},
           "colours": {**state["colours"], colour: {**record, "hand": hand}},
           "cards": play(state["cards"], card),
           "turn": state["turn"] + 1}
    if not any(r["hand"] for r in new["colours"].values()):
        _end_phase(new)
    return new


def _end_phase(new: dict) -> None:
    """Score the phase, then pass the marker or end the game (fills a fresh copy)."""
    new["events"] = new["events"] + phase_events(new)
    if new["phase"] == new["phases"]:
        new["step"] = "over"
        return
    new.update(phase=new["phase"] + 1, marker=clockwise(new)[1], step="pick", picked=0, turn=0)

