"""Schema versions: real database files as each version of the code left them
(``v<N>.sqlite3``, written by ``make_fixture.py``) are upgraded on open, keep every
table, move and seat, and play goes on."""

import json
import random
import shutil
import sqlite3
import threading
from importlib import import_module
from pathlib import Path

import pytest

from companion import store as store_module
from companion.archive import history
from companion.engines import common
from companion.store import SCHEMA_VERSION, NewerDatabase, Store, copy_path, schema_version
from companion.tables import Tables
from tests.schema.make_fixture import FINISHED, RUNNING, RUNNING_MOVES

HERE = Path(__file__).resolve().parent
VERSIONS = list(range(1, SCHEMA_VERSION + 1))
# The columns every version has, table by table (a later version may add some).
KEPT = {"tables": "*", "seats": "*", "events": "*", "profiles": "*",
        "undone": "table_id, seq, seat, action, at, undone_at"}


def fixture(version: int, tmp_path) -> Path:
    """A copy of the version's file to work on (the checked-in one is never opened)."""
    copy = tmp_path / f"v{version}.sqlite3"
    shutil.copy(HERE / f"v{version}.sqlite3", copy)
    return copy


def raw(path, sql):
    db = sqlite3.connect(path)
    try:
        return db.execute(sql).fetchall()
    finally:
        db.close()


def test_there_is_a_file_for_every_schema_version():
    assert sorted(p.name for p in HERE.glob("v*.sqlite3")) == [f"v{v}.sqlite3" for v in VERSIONS]


@pytest.mark.parametrize("version", VERSIONS)
def test_each_file_is_of_its_version(version, tmp_path):
    path = fixture(version, tmp_path)
    assert raw(path, "PRAGMA user_version")[0][0] == (0 if version == 1 else version)
    db = sqlite3.connect(path)
    assert schema_version(db) == version
    db.close()


@pytest.mark.parametrize("version", VERSIONS)
def test_opening_upgrades_and_keeps_everything(version, tmp_path):
    path = fixture(version, tmp_path)
    before = {name: raw(path, f"SELECT {columns} FROM {name} ORDER BY 1, 2") for name, columns in KEPT.items()}
    store = Store(str(path))
    assert raw(path, "PRAGMA user_version")[0][0] == SCHEMA_VERSION
    for name, columns in KEPT.items():
        assert raw(path, f"SELECT {columns} FROM {name} ORDER BY 1, 2") == before[name], name
    assert copy_path(str(path), version).exists() == (version < SCHEMA_VERSION)
    assert store.seats(RUNNING)["s1"] == "secret-of-s1"
    assert store.profiles("fifth_avenue")["our box"]["board"] == "5-lot"


@pytest.mark.parametrize("version", VERSIONS)
def test_play_goes_on_after_the_upgrade(version, tmp_path):
    path = fixture(version, tmp_path)
    tables = Tables(Store(str(path)))
    live = tables.get(RUNNING)
    assert live.seq == RUNNING_MOVES
    assert tables.seat_for(RUNNING, "secret-of-s2") == "s2"
    playout = import_module(f"{live.engine.__name__}.playout")
    rng = random.Random(version)
    for _ in range(5):
        seat = rng.choice(sorted(live.engine.to_act(live.state)))
        tables.act(RUNNING, seat, playout.random_action(live.state, seat, rng), live.seq)
    again = Tables(Store(str(path)))  # a restart: the log replays to the same state
    assert again.get(RUNNING).seq == RUNNING_MOVES + 5
    assert again.get(RUNNING).state == live.state


@pytest.mark.parametrize("version", VERSIONS)
def test_old_games_load_replay_and_score_the_same(version, tmp_path):
    """Each table of the file, opened by this version, is where its moves, replayed
    by the engine alone from the file as it was, lead; with the same scores."""
    path = fixture(version, tmp_path)
    moves = {t: [(seat, json.loads(action)) for seat, action in
                 raw(path, f"SELECT seat, action FROM events WHERE table_id='{t}' ORDER BY seq")]
             for t in (FINISHED, RUNNING)}
    configs = dict(raw(path, "SELECT id, config FROM tables"))
    tables = Tables(Store(str(path)))
    for table_id, events in moves.items():
        live = tables.get(table_id)
        start = live.engine.setup(json.loads(configs[table_id]))
        expected = common.state_after(live.engine, start, common.moves(events))
        assert live.seq == len(events)
        assert live.state == expected
        assert live.engine.scores(live.state) == live.engine.scores(expected)
    assert tables.get(FINISHED).engine.is_over(tables.get(FINISHED).state)


@pytest.mark.parametrize("version", VERSIONS)
def test_the_audit_trail_of_every_version(version, tmp_path):
    """A move undone before schema 3 is not known to be a sealed submission or not: it
    shows as neither a sealed submission nor by its kind. From schema 3 on it is marked."""
    tables = Tables(Store(str(fixture(version, tmp_path))))
    (undone,) = tables.undone(RUNNING)
    assert undone["seq"] == RUNNING_MOVES + 1
    if version < 3:
        assert (undone["sealed"], undone["kind"]) == (None, None)
    else:
        assert (undone["sealed"], undone["kind"]) == (True, None)  # the fixture's last move is a sealed bid
    assert (undone["reason"], undone["by"]) == ("undo", "host")  # NULL before schema 5: an undo
    live = tables.get(RUNNING)
    tables.undo(RUNNING, 1, live.seq)  # and undoing goes on, marked
    assert tables.undone(RUNNING)[-1]["sealed"] is not None
    assert (tables.undone(RUNNING)[-1]["reason"], tables.undone(RUNNING)[-1]["by"]) == ("undo", "host")


@pytest.mark.parametrize("version", VERSIONS)
def test_old_files_are_corrected_and_rewound_after_the_upgrade(version, tmp_path):
    """Moves undone before schema 5 have no reason in the file (an undo); a correction and
    a rewind of an upgraded file are kept in the trail with theirs, the old row untouched."""
    path = fixture(version, tmp_path)
    tables = Tables(Store(str(path)))
    live = tables.get(RUNNING)
    old = raw(path, "SELECT reason, done_by FROM undone WHERE table_id='fixrunning'")
    assert old == ([(None, None)] if version < 5 else [("undo", "host")])
    events = tables.events(RUNNING)
    start = live.engine.setup(live.row.config)
    playout = import_module(f"{live.engine.__name__}.playout")
    rng, k = random.Random(version), 20
    before = common.state_after(live.engine, start, events[:k - 1])
    seat = events[k - 1].seat
    action = next(a for a in (playout.random_action(before, seat, rng) for _ in range(50))
                  if a != events[k - 1].action)
    by = seat if live.engine.step(before).sealed else "host"
    done = tables.correct(RUNNING, k, seat, action, live.seq, by)
    corrected = common.state_after(live.engine, start, [*events[:k - 1], common.Move(seat, action)])
    assert tables.get(RUNNING).seq == (RUNNING_MOVES if done.stopped is None else done.stopped - 1)
    assert tables.events(RUNNING)[k - 1].action == action
    assert [t["reason"] for t in tables.undone(RUNNING)][:2] == ["undo", "correction"]
    assert common.state_after(live.engine, corrected, events[k:(done.stopped or RUNNING_MOVES + 1) - 1]) \
        == tables.get(RUNNING).state
    end = live.seq
    tables.rewind(RUNNING, 10, end)
    assert tables.get(RUNNING).seq == 10
    assert tables.get(RUNNING).state == common.state_after(live.engine, start, events[:10])
    rewound = [t for t in tables.undone(RUNNING) if t["reason"] == "rewind"]
    assert [t["seq"] for t in rewound] == list(range(11, end + 1))
    assert raw(path, "SELECT reason, done_by FROM undone WHERE table_id='fixrunning' ORDER BY rowid LIMIT 1") \
        == old


@pytest.mark.parametrize("version", VERSIONS)
def test_the_history_reads_every_version(version, tmp_path):
    store = Store(str(fixture(version, tmp_path)))
    games = history.results(store)
    finished = history.finished(games)
    assert [g.row.id for g in finished] == [FINISHED]
    assert finished[0].over and finished[0].winners
    assert {g.row.id for g in games} == {FINISHED, RUNNING}


def test_a_new_file_starts_at_the_latest_version(tmp_path):
    path = tmp_path / "new.sqlite3"
    Store(str(path))
    assert raw(path, "PRAGMA user_version")[0][0] == SCHEMA_VERSION
    assert not copy_path(str(path), 0).exists()


def test_a_file_from_a_newer_program_is_refused_untouched(tmp_path):
    path = fixture(SCHEMA_VERSION, tmp_path)
    raw(path, f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    content = path.read_bytes()
    with pytest.raises(NewerDatabase, match="newer version"):
        Store(str(path))
    assert path.read_bytes() == content


def test_a_failing_upgrade_changes_nothing(tmp_path, monkeypatch):
    path = fixture(1, tmp_path)
    broken = store_module.MIGRATIONS[:1] + [["CREATE TABLE aliases (name TEXT)", "THIS IS NOT SQL"]]
    monkeypatch.setattr(store_module, "MIGRATIONS", broken)
    monkeypatch.setattr(store_module, "SCHEMA_VERSION", 2)
    with pytest.raises(sqlite3.OperationalError):
        Store(str(path))
    assert raw(path, "PRAGMA user_version")[0][0] == 0
    assert raw(path, "SELECT name FROM sqlite_master WHERE name='aliases'") == []
    monkeypatch.undo()
    assert len(Store(str(path)).events(FINISHED)) > 0  # and the real upgrade still works


def test_connections_opening_an_old_file_at_once_upgrade_it_once(tmp_path):
    path = fixture(1, tmp_path)
    errors = []

    def open_it():
        try:
            Store(str(path)).events(FINISHED)
        except Exception as error:  # collected: a thread's exception would be lost
            errors.append(error)

    threads = [threading.Thread(target=open_it) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert raw(path, "PRAGMA user_version")[0][0] == SCHEMA_VERSION


def test_serve_refuses_a_file_from_a_newer_program_with_the_reason(tmp_path):
    from companion import cli

    path = fixture(SCHEMA_VERSION, tmp_path)
    raw(path, f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(SystemExit, match="newer version of Table Companion"):
        cli.main(["serve", "--host", "127.0.0.1", "--port", "0", "--db", str(path)])
    with pytest.raises(SystemExit, match="newer version of Table Companion"):
        cli.main(["tables", "--db", str(path)])
