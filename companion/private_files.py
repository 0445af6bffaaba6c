"""The database is for this server's user alone.

It holds every host and seat secret and every sealed bid, so the SQLite file and
its ``-wal`` and ``-shm`` companions are made owner-only (0600) whatever the umask:
the file is created 0600 before SQLite opens it, and SQLite gives the companions
it creates the mode of the database file. A file left readable by an older
version is tightened on start.
"""

import os
from pathlib import Path

PRIVATE = 0o600
COMPANIONS = ("-wal", "-shm", "-journal")


def prepare_database(path: str) -> None:
    """Make ``path`` ready for SQLite: its folder (0700 if created here) and the
    file itself, owner-only, with any companion file left from an earlier run."""
    folder = Path(path).parent
    if not folder.exists():
        folder.mkdir(mode=0o700, parents=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, PRIVATE)
    try:
        os.fchmod(fd, PRIVATE)  # creation obeyed the umask; an old file kept its mode
    finally:
        os.close(fd)
    for suffix in COMPANIONS:
        try:
            os.chmod(path + suffix, PRIVATE)
        except FileNotFoundError:
            pass


# Copies of the database (backups, the file kept before a restore or an upgrade) and
# exports hold the same secrets: they are made owner-only the same way.

def create_private(path: str | os.PathLike, replace: bool = True) -> None:
    """A new, empty, owner-only file at ``path``, for SQLite to write a copy of the
    database into: SQLite keeps the mode of a file it opens. A file already there is
    replaced, or with ``replace=False`` left alone (``FileExistsError``)."""
    path = Path(path)
    if replace:
        path.unlink(missing_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE)  # never through a link
    try:
        os.fchmod(fd, PRIVATE)  # creation obeyed the umask
    finally:
        os.close(fd)


def write_private(path: str | os.PathLike, text: str) -> None:
    """``text`` into an owner-only file at ``path``, whole or not at all (written
    beside it, then renamed into place)."""
    path = Path(path)
    partial = path.with_name(f".{path.name}.partial")
    create_private(partial)
    try:
        with open(partial, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        os.replace(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise


def private_folder(path: str | os.PathLike) -> None:
    """``path`` made if missing, owner-only when made here (an existing folder is the
    owner's to set)."""
    path = Path(path)
    if not path.exists():
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
