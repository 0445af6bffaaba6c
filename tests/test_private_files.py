"""The database and its -wal and -shm files are owner-only whatever the umask
(companion/private_files.py, called by create_app), and so are its copies (backups,
the files kept before a restore or an upgrade) and exports."""

import os
import shlex
import shutil
import stat
from pathlib import Path

import pytest

from companion import cli
from companion.archive import backup
from companion.store import Store, copy_path
from companion.web import create_app
from tests.history.helpers import Night
from tests.web.conftest import create_table


@pytest.fixture
def usual_umask():
    old = os.umask(0o022)  # files 0644, folders 0755 unless told otherwise
    yield
    os.umask(old)


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def use(database):
    """Start the app on ``database`` and write to it, as a game night would."""
    app = create_app({"DATABASE": str(database), "PUBLIC_URL": "http://192.0.2.10:8000/"})
    create_table(app.test_client())
    return app


def test_a_new_database_and_its_companions_are_owner_only(tmp_path, usual_umask):
    database = tmp_path / "night" / "companion.sqlite3"
    use(database)
    assert mode(tmp_path / "night") == 0o700
    for suffix in ("", "-wal", "-shm"):
        assert mode(f"{database}{suffix}") == 0o600, suffix


def test_a_database_left_readable_is_tightened_on_start(tmp_path, usual_umask):
    database = tmp_path / "companion.sqlite3"
    use(database)
    for suffix in ("", "-wal", "-shm"):
        os.chmod(f"{database}{suffix}", 0o644)
    app = use(database)
    for suffix in ("", "-wal", "-shm"):
        assert mode(f"{database}{suffix}") == 0o600, suffix
    assert len(app.extensions["companion"]["tables"].store.tables()) == 2  # nothing lost


# Copies of the database and exports hold the same secrets (host and seat links, sealed
# bids, private hands): owner-only too, whatever the umask.

DEPLOY = Path(__file__).resolve().parents[1] / "deploy"


@pytest.fixture
def night(tmp_path):
    night = Night(tmp_path / "c.sqlite3")
    night.table(["Anna", "Ben"], seed=1, moves=12)
    return night


def test_a_backup_is_owner_only(night, tmp_path, usual_umask):
    made = backup.backup(night.store.path, tmp_path / "one.sqlite3")
    assert mode(made.path) == 0o600
    cli.main(["backup", "--db", night.store.path, f"{tmp_path}/kept/", "--keep", "3"])
    assert mode(tmp_path / "kept") == 0o700
    [kept] = (tmp_path / "kept").iterdir()
    assert mode(kept) == 0o600


def test_the_backup_timer_writes_owner_only_backups(night, tmp_path, usual_umask):
    """The timer's service runs ``companion backup`` (the same code as above): its own
    command line, pointed at this test's folders, under a umask that would give 0644."""
    [line] = [v for k, _, v in (l.partition("=") for l in (DEPLOY / "companion-backup.service")
                                .read_text().splitlines()) if k == "ExecStart"]
    program, *argv = shlex.split(line.replace("${COMPANION_BACKUP_KEEP}", "30"))
    assert program.endswith("/.venv/bin/companion") and argv[0] == "backup"
    argv = [a.replace("/var/lib/table-companion", str(tmp_path / "state")) for a in argv]
    assert cli.main(argv + ["--db", night.store.path]) == 0
    [written] = (tmp_path / "state" / "backups").iterdir()
    assert mode(written) == 0o600


def test_restore_keeps_the_replaced_database_owner_only(night, tmp_path, usual_umask):
    saved = backup.backup(night.store.path, tmp_path / "saved.sqlite3").path
    night.table(["Cleo", "Ben"], seed=2, moves=5)
    kept = backup.restore(saved, night.store.path)
    assert mode(kept) == 0o600
    assert mode(night.store.path) == 0o600  # the restored file too


def test_the_copy_kept_before_an_upgrade_is_owner_only(tmp_path, usual_umask):
    old = tmp_path / "old.sqlite3"
    shutil.copy(Path(__file__).resolve().parent / "schema" / "v1.sqlite3", old)
    Store(str(old))  # upgrades, keeping a copy of the version 1 file
    assert mode(copy_path(str(old), 1)) == 0o600


def test_exports_are_owner_only(night, tmp_path, usual_umask):
    cli.main(["export", "--db", night.store.path, str(tmp_path / "out")])
    written = sorted((tmp_path / "out").iterdir())
    assert [p.suffix for p in written] == [".csv", ".json"]
    assert [mode(p) for p in written] == [0o600, 0o600]


def test_a_database_made_by_an_import_is_owner_only(night, tmp_path, usual_umask):
    cli.main(["export", "--db", night.store.path, str(tmp_path / "out")])
    [exported] = (tmp_path / "out").glob("*.json")
    fresh = tmp_path / "elsewhere" / "c.sqlite3"
    assert cli.main(["import", "--db", str(fresh), str(exported)]) == 0
    assert mode(fresh) == 0o600
