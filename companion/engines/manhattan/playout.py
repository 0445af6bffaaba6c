"""Random configs and random legal actions (playout tests, benchmarks, demos), ``fill``
and ``hide``. Manhattan has no table draws: every input comes from a player."""

from .board import SIDES, SQUARES
from .flow import legal
from .pieces import COLOURS, HEIGHTS, PIECES

NAMES = ("Anna", "Bruno", "Carla", "Dieter")


def random_config(rng, players: int, pieces: bool | None = None, hands: str | None = None) -> dict:
    """A random table of ``players``. ``pieces=True`` adds random per-height counts (else
    the default box; ``None``: a coin toss); ``hands`` is "untracked", "private" or, if not
    given, a coin toss."""
    sides = rng.sample(list(SIDES), players)
    colours = rng.sample(list(COLOURS), len(COLOURS))
    per_seat = 2 if players == 2 else 1
    config = {
        "players": [{"seat": f"p{i + 1}", "name": NAMES[i], "side": sides[i],
                     "colours": colours[i * per_seat:(i + 1) * per_seat]} for i in range(players)],
        "start": f"p{rng.randrange(players) + 1}",
        "hands": hands or rng.choice(["untracked", "private"]),
    }
    if pieces if pieces is not None else rng.random() < 0.5:
        cuts = sorted(rng.randint(0, PIECES) for _height in HEIGHTS[1:])
        counts = [b - a for a, b in zip([0] + cuts, cuts + [PIECES])]
        config["pieces"] = {str(h): n for h, n in zip(HEIGHTS, counts)}
    return config


def random_action(state: dict, seat: str, rng) -> dict:
    """A random action among those ``legal()`` offers ``seat``; a placement rather than
    a pass whenever one is offered, as players at a table would."""
    actions = legal(state, seat)["actions"]
    if any(a["type"] != "pass" for a in actions):  # stops at the first such action
        while (action := rng.choice(actions))["type"] == "pass":
            continue
        return action
    return rng.choice(actions)


def fill(state: dict, seat: str, entry: dict, rng) -> dict:
    """The action of one entry of ``legal()["actions"]``: each is a whole action already."""
    return dict(entry)


def hide(state: dict, seat: str | None, rng) -> dict:
    """``state`` with what only ``seat`` knows redrawn at random: its cards, with private
    hands. Nothing is unknown to everybody (``seat=None``)."""
    hands = state["hands"]
    if seat is None or not hands or seat not in hands:
        return state
    return {**state, "hands": {**hands, seat: [rng.choice(SQUARES) for _card in hands[seat]]}}
