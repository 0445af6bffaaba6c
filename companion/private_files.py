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
