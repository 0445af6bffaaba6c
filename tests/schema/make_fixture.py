"""Writes ``tests/schema/v<N>.sqlite3``: a database as the code of schema version N
leaves it, for the upgrade tests (``test_schema.py``).

Run it once per schema version, with that version's code, and check the file in::

    .venv/bin/python -m tests.schema.make_fixture tests/schema/v2.sqlite3

It uses the store's calls that every version keeps (create a table, append, claim
a seat, undo, set the status, save a profile), so the file holds what a real game
night leaves: a finished game, a game in progress with seats taken and an undone
move, and a saved board profile; from schema 2 on, also a merged name in the roster
and the tables' results; from schema 3 on, the undone move marked as made in a
simultaneous step or not; from schema 4 on, snapshots of the states every few moves;
from schema 5 on, the undone move marked with why it left the log and who took it.
The games are random but seeded.
"""

import random
import sys
from pathlib import Path

from companion import engines
from companion.engines.common import play
from companion.store import Store, TableRow

FINISHED, RUNNING = "fixfinished", "fixrunning"
RUNNING_MOVES = 40


def make(path: Path) -> None:
    if path.exists():
        raise SystemExit(f"{path} exists; remove it first")
    store = Store(str(path))
    engine = engines.get("fifth_avenue")
    playout = __import__(f"{engine.__name__}.playout", fromlist=["random_config"])
    rng = random.Random(16)

    config = playout.random_config(rng, 3, board="5-lot", auctions="open", hands="counts")
    events, _ = play(engine, config, rng)
    _table(store, FINISHED, "Last Friday", config, events)
    store.set_status(FINISHED, "finished")

    config = playout.random_config(rng, 4, board="6-lot", auctions="sealed", hands="private")
    events, _ = play(engine, config, rng)
    _table(store, RUNNING, "Tonight", config, events[:RUNNING_MOVES + 1])
    _undo_last(store)  # the host took the last move back
    for seat in ("s1", "s2"):
        store.claim_seat(RUNNING, seat, f"secret-of-{seat}")
    store.save_profile("fifth_avenue", "our box", {"board": "5-lot", "rings": config["rings"]})
    if hasattr(store, "merge_people"):  # schema 2 and later: a merged name, worked-out results
        from companion.archive import history

        store.merge_people("dieter", "carla")
        history.results(store)


def _undo_last(store) -> None:
    """From schema 3 on through the table service, which marks a move made in a
    simultaneous step as such in the audit trail; before, with the store's call."""
    from companion import store as store_module

    if store_module.SCHEMA_VERSION >= 3:
        from companion.tables import Tables

        Tables(store).undo(RUNNING, 1, RUNNING_MOVES + 1)
    else:
        store.undo(RUNNING, 1)


def _table(store, table_id, title, config, events):
    row = TableRow(table_id, "fifth_avenue", title, config, f"join-{table_id}", f"host-{table_id}",
                   "playing", 1_700_000_000.0)
    store.create_table(row, [p["seat"] for p in config["players"]])
    kept = _snapshots(config, events)
    for seq, (seat, action) in enumerate(events, 1):
        if seq in kept:
            store.append(table_id, seq, seat, action, kept[seq])
        else:
            store.append(table_id, seq, seat, action)


def _snapshots(config, events) -> dict:
    """From schema 4 on: seq -> (rules, state) of the states the table service keeps."""
    try:
        from companion import snapshots
    except ImportError:
        return {}
    engine, kept = engines.get("fifth_avenue"), {}
    state = engine.setup(config)
    for seq, (seat, action) in enumerate(events, 1):
        state = engine.apply(state, seat, action)
        if snapshots.due(seq):
            kept[seq] = (snapshots.fingerprint(engine), snapshots.dump(state))
    return kept


if __name__ == "__main__":
    make(Path(sys.argv[1]))
