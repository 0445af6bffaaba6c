"""Real games for the history tests: random Fifth Avenue games (seeded) written
into a real SQLite file through the store, as a night of play leaves them."""

import random
import sqlite3
from itertools import count

from companion import engines
from companion.engines import common
from companion.engines.common import play
from companion.store import Store, TableRow

ENGINE = engines.get("fifth_avenue")
DAY = 24 * 3600
START = 1_735_000_000.0  # a Monday evening in December 2024


class Night:
    """A store whose clock is set by the test: each table is played on its own day."""

    def __init__(self, path):
        self.now = START
        self.store = Store(str(path), clock=lambda: self.now)
        self._ids = count(1)

    def table(self, names, seed, moves=None, status="playing", table_id=None, day=None):
        """A random game with players ``names``, played to its end (or ``moves`` moves).
        Returns (row, events as (seat, action))."""
        from importlib import import_module

        playout = import_module(f"{ENGINE.__name__}.playout")
        rng = random.Random(seed)
        config = playout.random_config(rng, len(names), board="5-lot", auctions="open", hands="counts")
        for player, name in zip(config["players"], names):
            player["name"] = name
        events, _ = play(ENGINE, config, rng)
        events = events if moves is None else events[:moves]
        self.now = START + DAY * (day if day is not None else next(self._ids))
        row = TableRow(table_id or f"t{seed}", ENGINE.NAME, f"Game {seed}", config, f"join{seed}",
                       f"host{seed}", "playing", self.now)
        self.store.create_table(row, [p["seat"] for p in config["players"]])
        for seq, (seat, action) in enumerate(events, 1):
            self.now += 30
            self.store.append(row.id, seq, seat, action)
        if status != "playing":
            self.store.set_status(row.id, status)
        return self.store.table(row.id), events


def final_scores(config, events):
    """(totals, winners, over) after ``events``, worked out by the engine directly."""
    state = common.state_after(ENGINE, ENGINE.setup(config), common.moves(events))
    scores = ENGINE.scores(state)
    return scores["totals"], scores["winners"], ENGINE.is_over(state)


def dump(path) -> list:
    """Everything in a database file, to show that a refused change changed nothing."""
    db = sqlite3.connect(path)
    try:
        names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
        return [(n, db.execute(f"SELECT * FROM {n} ORDER BY 1, 2").fetchall()) for n in names]
    finally:
        db.close()
