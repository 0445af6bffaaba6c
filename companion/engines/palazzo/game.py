"""Setup, whose move it is, and applying an action (the engine's state machine).

Steps (``state["phase"]``): ``hands`` (private hands: every phone enters its 4 cards) →
``turn`` (take money / draw tiles / reconstruct) → ``pick`` (everyone takes revealed
money) or ``choose`` (buy or auction) → ``auction`` / ``sealed`` / ``distribute`` →
``build`` → next ``turn``; ``over`` after the fifth knight.
"""

import pickle

from ..errors import IllegalAction
from . import auction, building, hands, money, tiles, turn
from .flow import player_name, seats
from .multiset import missing, without

HAND_SIZE = 4
HANDS = ("counts", "private")
BIDDING = ("open", "sealed")

# step -> (rule cited when the step is out of turn or misused, actions, what it asks)
STEPS = {
    "hands": ("PZ-S-1", {"enter_hand": hands.enter}, "enter the 4 money cards dealt to them"),
    "turn": (
        "PZ-S-1",
        {
            "take_money": turn.take_money,
            "draw_tiles": turn.draw_tiles,
            "reconstruct": building.reconstruct,
        },
        "take money, draw two tiles or reconstruct",
    ),
    "pick": ("PZ-T-1", {"pick": turn.pick}, "take revealed money"),
    "choose": ("PZ-T-2", {"buy": turn.buy, "auction": auction.start}, "buy or auction"),
    "auction": (
        "PZ-A-3", {"raise": auction.raise_bid, "pass": auction.pass_bid}, "raise or pass"
    ),
    "sealed": ("PZ-A-3", {"sealed_bid": auction.sealed_bid}, "submit a sealed bid"),
    "build": ("PZ-BLD-2", {"build": building.build}, "build the acquired tiles"),
    "distribute": ("PZ-A-2", {"build": building.build}, "take a tile from the quarry and build it"),
    "over": ("PZ-E-1", {}, "nothing: the game is over"),
}


def _players(config) -> list:
    players = config.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise IllegalAction("PZ-S-1", "Palazzo is for 2 to 4 players, listed clockwise.")
    result = []
    for p in players:
        if not isinstance(p, dict) or not isinstance(p.get("seat"), str) or not p["seat"]:
            raise IllegalAction("PZ-S-1", f"Each player needs a 'seat' name; got {p!r}.")
        result.append({"seat": p["seat"], "name": str(p.get("name") or p["seat"])})
    if len({p["seat"] for p in result}) != len(result):
        raise IllegalAction("PZ-S-1", "Two players share a seat name.")
    return result


def _setup_tiles(config) -> tuple[str, list]:
    dealt = config.get("tiles")
    quarries = dealt.get("quarries") if isinstance(dealt, dict) else None
    if not isinstance(quarries, list) or len(quarries) != tiles.QUARRIES:
        raise IllegalAction(
            "PZ-S-1",
            "Enter the 5 tiles dealt at setup: {'supply': tile, 'quarries': [4 tiles, "
            "quarry 0 to 3 clockwise]}.",
        )
    laid = [dealt.get("supply")] + quarries
    for tile in laid:
        if tile == tiles.KNIGHT:
            raise IllegalAction(
                "PZ-C-2", "Knights lie in stack III; the setup tiles come from stack I."
            )
        tiles.parse(tile)
    extra = missing(tiles.TILES, laid)
    if extra is not None:
        raise IllegalAction("PZ-C-1", f"There are not that many {tiles.name(extra)} tiles.")
    return laid[0], quarries


def _option(config, key, choices, default, rule):
    got = config.get(key, default)
    if got not in choices:
        raise IllegalAction(rule, f"{key!r} must be one of {', '.join(choices)}; got {got!r}.")
    return got


def setup(config: dict) -> dict:
    """A new game from the host's config (public information only).

    ``{"players": [{"seat", "name"}, ...] (clockwise, first starts),
    "tiles": {"supply": "b1w2", "quarries": [4 tiles]}, "master_builder": 0-3,
    "hands": "counts" | "private", "bidding": "open" | "sealed"}``
    """
    if not isinstance(config, dict):
        raise IllegalAction("PZ-S-1", "The setup is an object with players and tiles.")
    players = _players(config)
    supply, quarries = _setup_tiles(config)
    master_builder = config.get("master_builder")
    if master_builder not in range(tiles.QUARRIES) or isinstance(master_builder, bool):
        raise IllegalAction("PZ-C-4", "Put the master builder on a quarry: 0, 1, 2 or 3.")
    private = _option(config, "hands", HANDS, "counts", "PZ-S-1") == "private"
    return {
        "players": players,
        "options": {
            "hands": "private" if private else "counts",
            "bidding": _option(config, "bidding", BIDDING, "open", "PZ-A-3"),
        },
        "phase": "hands" if private else "turn",
        "active": players[0]["seat"],
        "tiles": {
            "unseen": without(tiles.TILES, [supply] + quarries),
            "knights": 0,
            "supply": [supply],
            "quarries": [[t] for t in quarries],
            "master_builder": master_builder,
            "out": [],
        },
        "palaces": {p["seat"]: [] for p in players},
        "hands": {p["seat"]: {"count": HAND_SIZE, "cards": None} for p in players},
        "money": {"unknown": list(money.DECK), "discards": []},
        "reveal": None,
        "auction": None,
        "building": None,
        "distribution": None,
    }


def _single_actor(state):
    """The one seat that acts in a step where only one does."""
    phase = state["phase"]
    if phase in ("turn", "choose"):
        return state["active"]
    if phase == "pick":
        return state["reveal"]["order"][0]
    if phase == "auction":
        return state["auction"]["turn"]
    if phase == "build":
        return state["building"]["seat"]
    return state["distribution"]["order"][0]


def to_act(state) -> set:
    phase = state["phase"]
    if phase == "over":
        return set()
    if phase == "hands":
        return {s for s, h in state["hands"].items() if h["cards"] is None}
    if phase == "sealed":
        return {s for s in seats(state) if s not in state["auction"]["bids"]}
    return {_single_actor(state)}


def is_over(state) -> bool:
    return state["phase"] == "over"


def waiting(state) -> str:
    """Who must do what now, for people at the table."""
    acting = to_act(state)
    names = [player_name(state, s) for s in seats(state) if s in acting]
    if not names:
        return "The game is over."
    who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"Now {who} must {STEPS[state['phase']][2]}."


def apply(state: dict, seat: str, action: dict) -> dict:
    """A new state with ``action`` by ``seat`` done; IllegalAction if the rules forbid it."""
    rule, handlers, what = STEPS[state["phase"]]
    if state["phase"] == "over":
        raise IllegalAction("PZ-E-1", "The game is over: the fifth knight has been drawn.")
    if seat not in to_act(state):
        raise IllegalAction(rule, f"Not your move. {waiting(state)}", seat=seat)
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction(rule, "An action is an object with a 'type'.", action=action)
    handler = handlers.get(action["type"])
    if handler is None:
        raise IllegalAction(
            rule,
            f"{action['type']!r} is not possible now: {what} "
            f"({', '.join(repr(t) for t in handlers)}).",
            type=action["type"],
            allowed=list(handlers),
        )
    new = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))  # a deep copy, 7x faster
    handler(new, seat, action)
    return new
