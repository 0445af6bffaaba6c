"""Backups and restores of real database files (companion/archive/backup.py, ``companion
backup`` and ``companion restore``)."""

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion import cli, serving
from companion.archive import backup
from companion.store import SCHEMA_VERSION, Store
from tests.history.helpers import Night


def events_in(path) -> list:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT table_id, seq, action FROM events ORDER BY 1, 2").fetchall()
    finally:
        db.close()


class Clock:
    def __init__(self):
        self.now = 1_735_000_000.0

    def __call__(self):
        self.now += 3600
        return self.now


def test_a_backup_is_one_checked_file_with_every_committed_move(night, tmp_path):
    night.table(["Anna", "Ben"], seed=1, moves=30)
    result = backup.backup(night.store.path, tmp_path / "copy.sqlite3")
    assert result.written and result.path == tmp_path / "copy.sqlite3"
    assert events_in(result.path) == events_in(night.store.path)
    assert not (tmp_path / "copy.sqlite3-wal").exists()
    db = sqlite3.connect(result.path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    db.close()
    assert backup.check(result.path) == SCHEMA_VERSION


def test_a_folder_keeps_the_newest_and_skips_copies_of_the_same(night, tmp_path):
    clock, folder = Clock(), tmp_path / "backups"
    made = []
    for seed in range(1, 5):
        night.table(["Anna", "Ben"], seed=seed, moves=5)
        made.append(backup.backup(night.store.path, f"{folder}/", keep=3, clock=clock))
    assert [r.written for r in made] == [True] * 4
    assert made[-1].removed == [made[0].path]
    assert sorted(folder.iterdir()) == [r.path for r in made[1:]]
    same = backup.backup(night.store.path, folder, keep=3, clock=clock)  # nothing moved since
    assert not same.written and same.path == made[-1].path
    assert sorted(folder.iterdir()) == [r.path for r in made[1:]]


def test_backing_up_what_is_not_a_companion_database_is_refused(tmp_path):
    with pytest.raises(backup.BackupError, match="no database"):
        backup.backup(tmp_path / "none.sqlite3", tmp_path / "b.sqlite3")
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all, just bytes" * 100)
    with pytest.raises(backup.BackupError, match="not an SQLite database"):
        backup.backup(junk, tmp_path / "b.sqlite3")
    other = tmp_path / "other.sqlite3"
    sqlite3.connect(other).execute("CREATE TABLE x (y)").connection.close()
    with pytest.raises(backup.BackupError, match="not a Table Companion database"):
        backup.backup(other, tmp_path / "b.sqlite3")
    assert not (tmp_path / "b.sqlite3").exists()


def test_restore_puts_the_backup_in_place_and_keeps_what_it_replaced(tmp_path):
    night = Night(tmp_path / "c.sqlite3")
    night.table(["Anna", "Ben"], seed=1, moves=10)
    saved = backup.backup(night.store.path, tmp_path / "saved.sqlite3").path
    at_backup = events_in(saved)
    night.table(["Cleo", "Ben"], seed=2, moves=10)  # played after the backup
    later = events_in(night.store.path)
    del night  # the server is stopped
    kept = backup.restore(saved, tmp_path / "c.sqlite3")
    assert events_in(tmp_path / "c.sqlite3") == at_backup
    assert events_in(kept) == later
    store = Store(str(tmp_path / "c.sqlite3"))
    assert [r.id for r in store.tables()] == ["t1"]
    store.append("t1", 11, "s1", {"type": "anything"})  # the file takes writes again


def test_restore_into_a_place_with_no_database(tmp_path, night):
    night.table(["Anna", "Ben"], seed=1, moves=3)
    saved = backup.backup(night.store.path, tmp_path / "saved.sqlite3").path
    assert backup.restore(saved, tmp_path / "new" / "c.sqlite3") is None
    assert events_in(tmp_path / "new" / "c.sqlite3") == events_in(saved)


def test_a_damaged_or_foreign_backup_is_not_restored(tmp_path, night):
    night.table(["Anna", "Ben"], seed=1, moves=10)
    before = events_in(night.store.path)
    saved = backup.backup(night.store.path, tmp_path / "saved.sqlite3").path
    damaged = tmp_path / "damaged.sqlite3"
    data = bytearray(saved.read_bytes())
    data[len(data) // 2:len(data) // 2 + 4000] = b"\x00" * 4000
    damaged.write_bytes(bytes(data[:len(data) - 100]))
    newer = tmp_path / "newer.sqlite3"
    newer.write_bytes(saved.read_bytes())
    sqlite3.connect(newer).execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}").connection.close()
    for bad, message in [(damaged, "damaged|not an SQLite"), (newer, "newer version"),
                         (tmp_path / "missing.sqlite3", "no file")]:
        with pytest.raises(backup.BackupError, match=message):
            backup.restore(bad, night.store.path)
    assert events_in(night.store.path) == before
    assert not list(tmp_path.glob("c.sqlite3.before-restore-*"))


HOLD_LOCK = """
import sys
from companion import serving
assert serving.claim_database(sys.argv[1])
print("held", flush=True)
sys.stdin.read()
"""


def test_restore_is_refused_while_a_server_holds_the_database(tmp_path, night, capsys):
    night.table(["Anna", "Ben"], seed=1, moves=3)
    saved = backup.backup(night.store.path, tmp_path / "saved.sqlite3").path
    holder = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, night.store.path],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        assert serving.database_in_use(night.store.path)
        with pytest.raises(SystemExit, match="server is running"):
            cli.main(["restore", "--db", night.store.path, str(saved)])
    finally:
        holder.communicate("")
    assert not serving.database_in_use(night.store.path)
    cli.main(["restore", "--db", night.store.path, str(saved)])
    assert "Restored" in capsys.readouterr().out


def test_companion_backup_command(night, tmp_path, capsys):
    night.table(["Anna", "Ben"], seed=1, moves=3)
    cli.main(["backup", "--db", night.store.path, str(tmp_path / "b") + "/", "--keep", "2"])
    cli.main(["backup", "--db", night.store.path, str(tmp_path / "b"), "--keep", "2"])
    printed = capsys.readouterr().out
    assert "Backup written" in printed and "Nothing changed since the last backup" in printed
    with pytest.raises(SystemExit, match="no database"):
        cli.main(["backup", "--db", str(tmp_path / "none.sqlite3"), str(tmp_path / "b")])
    with pytest.raises(SystemExit):
        cli.main(["backup", "--keep", "0", str(tmp_path / "b")])


# Only a Table Companion database as the program leaves it is restored: one made or
# changed by other hands would be trusted by the server (a trigger runs on every move).

SCHEMA_FIXTURES = Path(__file__).resolve().parents[1] / "schema"


def tampered(saved, tmp_path, statement) -> Path:
    """A copy of the backup ``saved`` changed by ``statement``."""
    bad = tmp_path / "tampered.sqlite3"
    shutil.copy(saved, bad)
    db = sqlite3.connect(bad)
    db.execute(statement)
    db.commit()
    db.close()
    return bad


def refused_unchanged(bad, database, message):
    """Restoring ``bad`` is refused with ``message``, by the function and the command,
    and leaves the database and its folder as they were."""
    before = sorted(p.name for p in Path(database).parent.iterdir())
    content = Path(database).read_bytes()
    with pytest.raises(backup.BackupError, match=message):
        backup.restore(bad, database)
    with pytest.raises(SystemExit, match=message):
        cli.main(["restore", "--db", str(database), str(bad)])
    assert Path(database).read_bytes() == content
    assert sorted(p.name for p in Path(database).parent.iterdir()) == before  # no .before-restore-*


def test_a_file_that_only_claims_a_schema_version_is_not_restored(tmp_path):
    (tmp_path / "games").mkdir()
    night = Night(tmp_path / "games" / "c.sqlite3")
    night.table(["Anna", "Ben"], seed=1, moves=10)
    empty = tmp_path / "empty.sqlite3"
    sqlite3.connect(empty).execute(f"PRAGMA user_version = {SCHEMA_VERSION}").connection.close()
    refused_unchanged(empty, night.store.path, "table 'tables' is missing")


@pytest.mark.parametrize("statement, said", [
    ("CREATE TRIGGER spy AFTER INSERT ON events BEGIN UPDATE seats SET secret = NULL; END",
     "trigger 'spy' of its own"),
    ("CREATE VIEW secrets AS SELECT host_secret FROM tables", "view 'secrets' of its own"),
    ("CREATE TABLE notes (text)", "table 'notes' of its own"),
    ("CREATE INDEX by_seat ON events (seat)", "index 'by_seat' of its own"),
    ("DROP TABLE snapshots", "table 'snapshots' is missing"),
])
def test_a_backup_changed_by_other_hands_is_not_restored(tmp_path, statement, said):
    (tmp_path / "games").mkdir()
    night = Night(tmp_path / "games" / "c.sqlite3")
    night.table(["Anna", "Ben"], seed=1, moves=10)
    saved = backup.backup(night.store.path, tmp_path / "saved.sqlite3").path
    refused_unchanged(tampered(saved, tmp_path, statement), night.store.path, said)


def test_a_table_made_otherwise_is_not_restored(tmp_path):
    (tmp_path / "games").mkdir()
    night = Night(tmp_path / "games" / "c.sqlite3")
    night.table(["Anna", "Ben"], seed=1, moves=10)
    saved = backup.backup(night.store.path, tmp_path / "saved.sqlite3").path
    bad = tampered(saved, tmp_path, "ALTER TABLE seats ADD COLUMN note TEXT")
    refused_unchanged(bad, night.store.path, "table 'seats' is not made as the program makes it")


@pytest.mark.parametrize("version", range(1, SCHEMA_VERSION + 1))
def test_backups_of_every_schema_version_are_restored(tmp_path, version):
    """Files as each version of the program left them (tests/schema) pass the check and
    are upgraded when opened."""
    old = tmp_path / f"v{version}.sqlite3"
    shutil.copy(SCHEMA_FIXTURES / f"v{version}.sqlite3", old)
    assert backup.check(old) == version
    backup.restore(old, tmp_path / "new" / "c.sqlite3")
    store = Store(str(tmp_path / "new" / "c.sqlite3"))
    assert {r.id for r in store.tables()} == {"fixfinished", "fixrunning"}
