"""New York tables for the web, live, browser and bench tests: the set-up wizard's form
filled in from a config (a random one, or a fixed one dealt by hand)."""

import random

from companion.engines.new_york import playout
from companion.engines.new_york.catalogue import BANKS
from companion.web.games.new_york import cards_notation, tile_fields

NAMES = ("Anna", "Ben", "Cleo", "Dario", "Eva", "Femi")


def ny_config(players: int = 3, seed=1) -> dict:
    """A random physical set-up, with the players named."""
    config = playout.random_config(random.Random(seed), players)
    for p, name in zip(config["players"], NAMES):
        p["name"] = name
    return config


def ny_form(config: dict | None = None, title: str = "Friday", **fields) -> dict:
    """The wizard's fields for ``config`` (a random three-player one by default), as a
    host would fill them in; ``fields`` add to or replace fields."""
    config = config or ny_config()
    form = {"title": title, "display": cards_notation(config["money_display"]),
            "start": config.get("start_player", "")}
    for i, player in enumerate(config["players"], 1):
        assert player["seat"] == f"p{i}", "the wizard names seats p1, p2, ... clockwise"
        form[f"name_{i}"] = player["name"]
        form[f"money_{i}"] = cards_notation(config["start_money"][player["seat"]])
    for bank, tile in zip(BANKS, config["market"]):
        form |= tile_fields(f"market_{bank}", tile)
    for i, tile in enumerate(config.get("dirk") or [], 1):
        form |= tile_fields(f"dirk_{i}", tile)
    form.update(fields)
    return form
