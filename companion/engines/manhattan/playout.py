"""Random configs and random legal actions, for playout tests, benchmarks and demos."""

from .board import SIDES
from .legal import legal
from .pieces import COLOURS, HEIGHTS, PIECES


def random_config(rng, players: int, stock: bool | None = None) -> dict:
    """A random table of ``players``; ``stock`` adds random per-height counts
    (default: a coin toss)."""
    sides = rng.sample(list(SIDES), players)
    colours = rng.sample(list(COLOURS), len(COLOURS))
    per_seat = 2 if players == 2 else 1
    config = {
        "players": [{"seat": f"p{i + 1}", "name": f"Player {i + 1}", "side": sides[i],
                     "colours": colours[i * per_seat:(i + 1) * per_seat]} for i in range(players)],
        "start": f"p{rng.randrange(players) + 1}",
    }
    if stock if stock is not None else rng.random() < 0.5:
        cuts = sorted(rng.randint(0, PIECES) for _ in HEIGHTS[1:])
        counts = [b - a for a, b in zip([0] + cuts, cuts + [PIECES])]
        config["stock"] = {str(h): n for h, n in zip(HEIGHTS, counts)}
    return config


def random_action(state: dict, seat: str, rng) -> dict:
    """A uniformly random action among those ``legal()`` offers ``seat``."""
    return rng.choice(legal(state, seat)["actions"])
