import json
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from companion.store import Conflict, Store, TableRow

ROOT = Path(__file__).resolve().parents[1]


def row(table_id="t1"):
    return TableRow(table_id, "toy", "Test", {"players": []}, f"code-{table_id}", "hostsecret", "playing", 1.0)


@pytest.fixture
def store(tmp_path):
    return Store(str(tmp_path / "c.sqlite3"))


def test_database_is_durable_wal(store):
    db = store.db()
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_events_append_in_order_and_survive_a_new_connection(store, tmp_path):
    store.create_table(row(), ["a", "b"])
    store.append("t1", 1, "a", {"type": "x"})
    store.append("t1", 2, "b", {"type": "y", "n": [1, 2]})
    again = Store(str(tmp_path / "c.sqlite3"))
    assert [(e.seq, e.seat, e.action) for e in again.events("t1")] == [
        (1, "a", {"type": "x"}), (2, "b", {"type": "y", "n": [1, 2]})]


def test_append_refuses_a_gap_or_a_duplicate(store):
    store.create_table(row(), ["a"])
    store.append("t1", 1, "a", {"type": "x"})
    with pytest.raises(Conflict):
        store.append("t1", 1, "a", {"type": "again"})
    with pytest.raises(Conflict):
        store.append("t1", 3, "a", {"type": "gap"})
    assert len(store.events("t1")) == 1


def test_concurrent_appends_from_threads_never_double_or_lose(tmp_path):
    path = str(tmp_path / "c.sqlite3")
    Store(path).create_table(row(), ["a"])
    results = []

    def writer():
        local = Store(path)
        for _ in range(30):
            seq = len(local.events("t1")) + 1
            try:
                local.append("t1", seq, "a", {"type": "x"})
                results.append(seq)
            except Conflict:
                pass

    threads = [threading.Thread(target=writer) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seqs = [e.seq for e in Store(path).events("t1")]
    assert seqs == list(range(1, len(seqs) + 1))
    assert sorted(results) == seqs


def test_undo_moves_events_to_the_audit_trail(store):
    store.create_table(row(), ["a"])
    for seq in (1, 2, 3):
        store.append("t1", seq, "a", {"type": "x", "n": seq})
    removed = store.undo("t1", 2)
    assert [e.seq for e in removed] == [3, 2]
    assert [e.seq for e in store.events("t1")] == [1]
    assert sorted(u["seq"] for u in store.undone("t1")) == [2, 3]
    store.append("t1", 2, "a", {"type": "redo"})  # the log goes on from the undo point
    assert store.events("t1")[-1].action == {"type": "redo"}


def test_a_failed_write_changes_nothing(store):
    store.create_table(row(), ["a"])
    with pytest.raises(sqlite3.IntegrityError):
        store.create_table(row(), ["a"])
    assert len(store.tables()) == 1


def test_seats_claim_once_and_hand_over(store):
    store.create_table(row(), ["a", "b"])
    assert store.claim_seat("t1", "a", "s1")
    assert not store.claim_seat("t1", "a", "s2")
    assert store.claim_seat("t1", "a", "s3", replace=True)
    assert store.seats("t1") == {"a": "s3", "b": None}
    store.free_seat("t1", "a")
    assert store.seats("t1")["a"] is None


def test_seats_are_read_from_the_file_once_until_they_change(store):
    store.create_table(row(), ["a", "b"])
    reads = []
    store.db().set_trace_callback(lambda sql: reads.append(sql) if "FROM seats" in sql else None)
    for change in (lambda: store.claim_seat("t1", "a", "s1"),
                   lambda: store.claim_seat("t1", "a", "s2", replace=True),
                   lambda: store.free_seat("t1", "a")):
        before = store.seats("t1")
        assert store.seats("t1") == before
        change()
        assert store.seats("t1") != before  # every change is seen at once
    assert store.seats("t1") == {"a": None, "b": None}
    assert len(reads) == 4  # once at first, then once after each change
    store.seats("t1")["a"] = "changed by a caller"
    assert store.seats("t1")["a"] is None


def test_a_table_another_process_adds_is_seen_with_its_seats(store, tmp_path):
    assert store.seats("t2") == {}  # not there yet
    Store(str(tmp_path / "c.sqlite3")).create_table(row("t2"), ["a"])  # companion import, say
    assert store.seats("t2") == {"a": None}


def in_thread(work):
    """``work()`` run on a thread of its own; its answer."""
    answer = []
    thread = threading.Thread(target=lambda: answer.append(work()))
    thread.start()
    thread.join()
    return answer[0]


def test_a_released_connection_is_taken_by_the_next_thread_with_no_transaction_left(store, monkeypatch):
    opened = []
    connect = store._connect
    monkeypatch.setattr(store, "_connect", lambda: opened.append(1) or connect())
    store.create_table(row(), ["a"])

    def left_open():  # a write given up halfway, its connection handed back
        db = store.db()
        db.execute("BEGIN IMMEDIATE")
        db.execute("UPDATE tables SET title='Half' WHERE id='t1'")
        store.release()
        return db

    def read():
        db = store.db()
        title = db.execute("SELECT title FROM tables").fetchone()[0]
        store.release()
        return db, db.in_transaction, title

    held = in_thread(left_open)
    assert in_thread(read) == (held, False, "Test")
    assert len(opened) == 1  # the first thread's connection, passed on


def test_released_connections_beyond_those_kept_are_closed(store, monkeypatch):
    monkeypatch.setattr("companion.store.IDLE_KEPT", 2)
    connections = []
    ready, done = threading.Barrier(4), threading.Event()

    def hold():  # three threads hold a connection each at once, then hand them back
        connections.append(store.db())
        ready.wait()
        done.wait()
        store.release()

    threads = [threading.Thread(target=hold) for _ in range(3)]
    for t in threads:
        t.start()
    ready.wait()
    done.set()
    for t in threads:
        t.join()
    assert len(store._idle) == 2
    closed = [c for c in connections if c not in store._idle]
    with pytest.raises(sqlite3.ProgrammingError):
        closed[0].execute("SELECT 1")


def test_profiles_are_saved_and_replaced(store):
    store.save_profile("g", "box", {"rings": 1})
    store.save_profile("g", "box", {"rings": 2})
    assert store.profiles("g") == {"box": {"rings": 2}}
    assert store.profiles("other") == {}


# Under the gevent worker (monkey-patched), with a disk that takes a second per commit:
# two tables append a move each at once while a third greenlet ticks.
SLOW_DISK = """
import json
import sys
from gevent import monkey
monkey.patch_all()
import sqlite3
import time
import gevent

hold_the_thread = monkey.get_original("time", "sleep")  # as an fsync does: no yielding

commits = []  # (start, end) of every commit's hold on the disk

class SlowDisk(sqlite3.Connection):
    def execute(self, sql, *args):
        if sql == "COMMIT":
            began = time.monotonic()
            hold_the_thread(1.0)
            commits.append((began, time.monotonic()))
        return super().execute(sql, *args)

connect = sqlite3.connect
sqlite3.connect = lambda *a, **k: connect(*a, factory=SlowDisk, **k)

from companion.store import Store
from tests.test_store import row

store = Store(sys.argv[1])
for table in ("t1", "t2"):
    store.create_table(row(table), ["a"])
ticks = []

def tick():
    while True:
        ticks.append(time.monotonic())
        gevent.sleep(0.01)

gevent.spawn(tick)
gevent.sleep(0.05)
start = time.monotonic()
gevent.joinall([gevent.spawn(store.append, t, 1, "a", {"type": "x"}) for t in ("t1", "t2")],
               raise_error=True)
end = time.monotonic()
moves = [c for c in commits if start < c[0]]  # not the tables' creation
print(json.dumps({"took": end - start, "commits": moves, "ticks": ticks}))
"""


def test_a_slow_commit_under_gevent_holds_its_writer_only_and_writers_take_turns(tmp_path):
    path = str(tmp_path / "slow.sqlite3")
    out = subprocess.run([sys.executable, "-c", SLOW_DISK, path], capture_output=True, text=True,
                         cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout)
    assert seen["took"] >= 2.0 and len(seen["commits"]) == 2  # one commit after the other
    # The ticker (every 10 ms) went on during each second-long commit. It stops for a
    # whole commit when the commit holds the event loop, or when the other writer waits
    # in SQLite's busy handler on it; counting ticks inside each commit, rather than
    # timing the gaps between them, holds on a machine too busy to tick on time.
    for began, ended in seen["commits"]:
        assert any(began < tick < ended for tick in seen["ticks"]), (began, ended)
    assert [len(Store(path).events(t)) for t in ("t1", "t2")] == [1, 1]
