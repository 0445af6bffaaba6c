"""Backups of the SQLite file, safe while the server runs, and restoring one.

A copy is taken with SQLite's online backup API, which reads one consistent
snapshot (moves committed a moment later are simply not in it) while the server
goes on writing. The copy is checked (``PRAGMA integrity_check``), turned into a
single self-contained file (no ``-wal`` beside it) and only then renamed into place,
so a backup file is either whole or absent.

Into a folder, backups are named by date and time (``companion-20250131-221500-123.sqlite3``)
and the oldest are removed beyond ``keep``; a backup identical to the newest one is
not written again, so a timer that runs while nobody plays does not push the last
real game night out of the rotation.
"""

import functools
import hashlib
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from ..private_files import create_private, private_folder
from ..store import MIGRATIONS, SCHEMA_VERSION, schema_version

PREFIX, SUFFIX = "companion-", ".sqlite3"


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says why."""


@dataclass
class Result:
    path: Path
    written: bool  # False: the newest backup already held exactly this
    removed: list[Path]


def backup(database: str | os.PathLike, dest: str | os.PathLike, keep: int | None = None,
           clock=time.time) -> Result:
    """Copy ``database`` to the file ``dest``, or into the folder ``dest`` (keeping the
    newest ``keep`` backups there)."""
    source = _open_source(Path(database))
    into_folder = os.path.isdir(dest) or str(dest).endswith(("/", os.sep))
    dest = Path(dest)
    if into_folder:
        private_folder(dest)
        target = dest / f"{PREFIX}{_stamp(clock(), milliseconds=True)}{SUFFIX}"
    else:
        target = dest
    partial = target.with_name(f".{target.name}.partial")
    try:
        _copy(source, partial)
    finally:
        source.close()
    if into_folder:
        newest = _backups(dest)[-1:] if _backups(dest) else []
        if newest and _digest(newest[0]) == _digest(partial):
            partial.unlink()
            return Result(newest[0], False, [])
    os.replace(partial, target)
    _sync_folder(target.parent)
    removed = _prune(dest, keep) if into_folder and keep else []
    return Result(target, True, removed)


def _stamp(now: float, milliseconds: bool = False) -> str:
    """Local date and time in a file name that sorts by time: 20250131-221500(-123)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    return f"{stamp}-{int(now * 1000) % 1000:03d}" if milliseconds else stamp


def _open_source(path: Path) -> sqlite3.Connection:
    if not path.is_file():
        raise BackupError(f"There is no database at {path}.")
    db = sqlite3.connect(path, timeout=30)
    db.execute("PRAGMA busy_timeout=30000")
    try:
        version = schema_version(db)
    except sqlite3.DatabaseError as error:
        db.close()
        raise BackupError(f"{path} is not an SQLite database ({error}).") from None
    if version < 1:
        db.close()
        raise BackupError(f"{path} is not a Table Companion database.")
    return db


def _copy(source: sqlite3.Connection, target: Path) -> None:
    """One consistent snapshot of ``source`` into a fresh single file, checked. The
    file is owner-only, as the database is: it holds the same secrets."""
    create_private(target)
    copy = sqlite3.connect(target)
    try:
        source.backup(copy)  # all pages in one step: one read transaction, one snapshot
        copy.execute("PRAGMA journal_mode=DELETE")  # a backup is one file, no -wal
        problems = [r[0] for r in copy.execute("PRAGMA integrity_check")]
        if problems != ["ok"]:
            raise BackupError(f"The copy failed its integrity check: {'; '.join(problems[:5])}")
    except BaseException:
        copy.close()
        target.unlink(missing_ok=True)
        raise
    copy.close()
    with open(target, "rb") as written:
        os.fsync(written.fileno())


def _backups(folder: Path) -> list[Path]:
    """The backups in ``folder``, oldest first (their names sort by time)."""
    return sorted(p for p in folder.glob(f"{PREFIX}*{SUFFIX}") if p.is_file())


def _prune(folder: Path, keep: int) -> list[Path]:
    old = _backups(folder)[:-keep]
    for path in old:
        path.unlink()
    return old


def _digest(path: Path) -> str:
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def _sync_folder(folder: Path) -> None:
    """Make a rename durable (a power cut right after keeps the new name)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# restore ----------------------------------------------------------------------------

def check(path: str | os.PathLike) -> int:
    """The schema version of a backup file that is fit to restore; BackupError if not.

    Fit means: a whole SQLite file, of a schema version this program knows, holding
    exactly the tables and indexes that version of the program creates. A file made
    or changed by other hands (a trigger, a view, a table of its own, a table missing)
    is refused: the server trusts what it reads from its database."""
    path = Path(path)
    if not path.is_file():
        raise BackupError(f"There is no file {path}.")
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            problems = [r[0] for r in db.execute("PRAGMA integrity_check")]
            version = schema_version(db)
            found = _objects(db)
        finally:
            db.close()
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{path} is not an SQLite database ({error}).") from None
    if problems != ["ok"]:
        raise BackupError(f"{path} is damaged: {'; '.join(problems[:5])}")
    if version < 1:
        raise BackupError(f"{path} is not a Table Companion database.")
    if version > SCHEMA_VERSION:
        raise BackupError(f"{path} was written by a newer version of Table Companion "
                          f"(schema {version}); update this one first.")
    unexpected = _differences(found, expected_objects(version))
    if unexpected:
        raise BackupError(f"{path} is not a Table Companion database as the program leaves one "
                          f"(schema {version}): {unexpected}. It is not restored.")
    return version


def _objects(db: sqlite3.Connection) -> dict[tuple[str, str], str | None]:
    """(type, name) -> the statement that made it (spaces folded) of every table,
    index, view and trigger in the file."""
    rows = db.execute("SELECT type, name, sql FROM sqlite_master").fetchall()
    return {(kind, name): " ".join(sql.split()) if sql else None for kind, name, sql in rows}


@functools.cache
def expected_objects(version: int) -> dict[tuple[str, str], str | None]:
    """What a file of schema ``version`` holds, made by the same statements as the store's."""
    db = sqlite3.connect(":memory:")
    try:
        for migration in MIGRATIONS[:version]:
            for statement in migration:
                db.execute(statement)
        return _objects(db)
    finally:
        db.close()


def _differences(found: dict, expected: dict) -> str:
    """What differs, in words ("" if nothing). Objects of its own are named up to five
    (a file may hold thousands); what is missing or different, always all of it."""
    def ordered(keys):
        return sorted(keys, key=lambda key: (key[0] != "table", key))

    own = [f"it has a {kind} {name!r} of its own" for kind, name in ordered(found.keys() - expected.keys())]
    if len(own) > 5:
        own[5:] = [f"and {len(own) - 5} more objects of its own"]
    missing = [f"its {kind} {name!r} is missing" for kind, name in ordered(expected.keys() - found.keys())]
    changed = [f"its {kind} {name!r} is not made as the program makes it"
               for kind, name in ordered(found.keys() & expected.keys()) if found[kind, name] != expected[kind, name]]
    return "; ".join(own + missing + changed)


def restore(backup_file: str | os.PathLike, database: str | os.PathLike, clock=time.time) -> Path | None:
    """Replace ``database`` with a copy of ``backup_file``. The server must be stopped
    (the caller checks). The database being replaced is kept beside it; returns where
    (None if there was none). The restored file is upgraded when next opened.

    A file that ``check`` refuses changes nothing. The copy is checked again before it
    is put in place: what goes in place is what was checked, whatever happens to the
    backup file meanwhile."""
    check(backup_file)
    database = Path(database)
    database.parent.mkdir(parents=True, exist_ok=True)
    source = sqlite3.connect(f"file:{Path(backup_file)}?mode=ro", uri=True)
    partial = database.with_name(f".{database.name}.partial")
    try:
        _copy(source, partial)
    finally:
        source.close()
    try:
        check(partial)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    kept = None
    if database.exists():
        kept = database.with_name(f"{database.name}.before-restore-{_stamp(clock())}")
        source = _open_source(database)
        try:
            _copy(source, kept)  # includes moves still in the -wal file
        finally:
            source.close()
    for extra in ("-wal", "-shm"):  # they belong to the file being replaced
        Path(f"{database}{extra}").unlink(missing_ok=True)
    os.replace(partial, database)
    _sync_folder(database.parent)
    return kept
