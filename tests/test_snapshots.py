"""A table rebuilt after a restart from a snapshot of a recent state is the table
rebuilt from its first move: same state, same log lines, same sealed moves."""

import random
import sqlite3
from importlib import import_module

import pytest

from companion import engines, snapshots
from companion.engines import common
from companion.store import Store
from companion.tables import LOG_LINES, MAX_UNDO, Stale, Tables

GAMES = engines.available()


def played(tables: Tables, game: str, moves: int, seed: int = 3) -> str:
    """A table of ``game`` with up to ``moves`` random moves made through the service."""
    engine = engines.get(game)
    playout = import_module(f"{engine.__name__}.playout")
    rng = random.Random(seed)
    row = tables.create(game, playout.random_config(rng, engine.PLAYERS[1]), "Snapshots")
    live = tables.get(row.id)
    for _ in range(moves):
        if engine.is_over(live.state):
            break
        seat = rng.choice(sorted(engine.to_act(live.state)))
        tables.act(row.id, seat, playout.random_action(live.state, seat, rng), live.seq)
    return row.id


def without_snapshots(path, tmp_path) -> Tables:
    """The same file with no snapshot: a table there is rebuilt from its first move."""
    copy = tmp_path / "from-the-start.sqlite3"
    copy.unlink(missing_ok=True)
    source, db = sqlite3.connect(path), sqlite3.connect(copy)
    source.backup(db)  # what the log holds so far, its write-ahead part too
    source.close()
    db.execute("DELETE FROM snapshots")
    db.commit()
    db.close()
    return Tables(Store(str(copy)))


def same_table(a, b) -> None:
    assert a.seq == b.seq and a.state == b.state
    assert a.to_act[-MAX_UNDO - 1:] == b.to_act[-MAX_UNDO - 1:]
    recent = lambda live: [(m.seq, m.seat, m.action, m.simultaneous) for m in live.moves[-MAX_UNDO:]]
    assert recent(a) == recent(b)
    for viewer in [None] + a.seats:
        lines = lambda live: [(line["seq"], line["text"]) for line in live.lines(viewer, LOG_LINES)]
        assert lines(a) == lines(b), viewer


@pytest.mark.parametrize("game", GAMES)
def test_a_table_rebuilt_from_a_snapshot_is_the_table_rebuilt_from_the_start(game, tmp_path):
    path = tmp_path / "c.sqlite3"
    table_id = played(Tables(Store(str(path))), game, 3000)
    after_restart = Tables(Store(str(path))).get(table_id)
    last = after_restart.seq
    assert after_restart.first == (last - LOG_LINES) // snapshots.EVERY * snapshots.EVERY > 0
    engine = after_restart.engine
    assert after_restart.state == common.state_after(engine, engine.setup(after_restart.row.config),
                                                     Store(str(path)).events(table_id))
    from_the_start = without_snapshots(path, tmp_path).get(table_id)
    assert from_the_start.first == 0
    same_table(after_restart, from_the_start)


def test_snapshots_are_kept_every_few_moves_with_the_move(tmp_path):
    path = tmp_path / "c.sqlite3"
    table_id = played(Tables(Store(str(path))), "palazzo", 2 * snapshots.EVERY + 3)
    kept = sqlite3.connect(path).execute("SELECT seq FROM snapshots WHERE table_id=?", (table_id,)).fetchall()
    assert kept == [(snapshots.EVERY,), (2 * snapshots.EVERY,)]


def test_an_undo_takes_the_snapshots_after_it_away(tmp_path):
    path = tmp_path / "c.sqlite3"
    tables = Tables(Store(str(path)))
    table_id = played(tables, "manhattan", 3 * snapshots.EVERY + LOG_LINES + 5)
    live = tables.get(table_id)
    end = live.seq
    tables.undo(table_id, MAX_UNDO, end)
    kept = [seq for (seq,) in sqlite3.connect(path).execute("SELECT seq FROM snapshots WHERE table_id=?", (table_id,))]
    assert kept and max(kept) <= end - MAX_UNDO
    # other moves than those taken back, past where the old snapshots were
    engine, rng = live.engine, random.Random(11)
    playout = import_module(f"{engine.__name__}.playout")
    while live.seq < end + snapshots.EVERY and not engine.is_over(live.state):
        seat = rng.choice(sorted(engine.to_act(live.state)))
        tables.act(table_id, seat, playout.random_action(live.state, seat, rng), live.seq)
    same_table(Tables(Store(str(path))).get(table_id), without_snapshots(path, tmp_path).get(table_id))


def test_a_snapshot_of_other_rules_or_unreadable_is_passed_over(tmp_path):
    path = tmp_path / "c.sqlite3"
    table_id = played(Tables(Store(str(path))), "fifth_avenue", 4 * snapshots.EVERY + LOG_LINES)
    expected = without_snapshots(path, tmp_path).get(table_id)
    db = sqlite3.connect(path)
    latest = db.execute("SELECT MAX(seq) FROM snapshots WHERE seq <= ?", (expected.seq - LOG_LINES,)).fetchone()[0]
    db.execute("UPDATE snapshots SET rules='other rules' WHERE seq=?", (latest,))
    db.commit()
    again = Tables(Store(str(path))).get(table_id)
    assert again.first == latest - snapshots.EVERY  # the one before, of these rules
    same_table(again, expected)
    db.execute("UPDATE snapshots SET state='{not json' WHERE seq=?", (latest - snapshots.EVERY,))
    db.commit()
    again = Tables(Store(str(path))).get(table_id)
    assert again.first == 0
    same_table(again, expected)


def test_the_fingerprint_of_the_rules_tells_engines_apart():
    prints = {snapshots.fingerprint(engines.get(game)) for game in GAMES}
    assert len(prints) == len(GAMES)


def test_a_move_based_on_a_page_older_than_the_snapshot_is_stale(tmp_path):
    path = tmp_path / "c.sqlite3"
    table_id = played(Tables(Store(str(path))), "palazzo", 3 * snapshots.EVERY + LOG_LINES)
    tables = Tables(Store(str(path)))
    live = tables.get(table_id)
    assert live.first > 0
    seat = sorted(live.engine.to_act(live.state))[0]
    playout = import_module(f"{live.engine.__name__}.playout")
    with pytest.raises(Stale):
        tables.act(table_id, seat, playout.random_action(live.state, seat, random.Random(1)), live.first - 1)
    assert tables.get(table_id).seq == live.seq
