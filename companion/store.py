"""The SQLite event store: tables, seats and their append-only event logs.

One connection per thread (a WebSocket handler lives for hours and must not hold
a request's connection), WAL with ``synchronous=FULL`` so a committed event
survives a pulled plug, and short ``BEGIN IMMEDIATE`` write transactions.
"""

import json
import sqlite3
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id          TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    title       TEXT NOT NULL,
    config      TEXT NOT NULL,
    join_code   TEXT NOT NULL UNIQUE,
    host_secret TEXT NOT NULL,
    status      TEXT NOT NULL DEFAULT 'playing',
    created_at  REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id   TEXT NOT NULL REFERENCES tables(id),
    seat       TEXT NOT NULL,
    secret     TEXT,
    claimed_at REAL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq      INTEGER NOT NULL,
    seat     TEXT NOT NULL,
    action   TEXT NOT NULL,
    at       REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
);
CREATE TABLE IF NOT EXISTS undone (
    table_id  TEXT NOT NULL,
    seq       INTEGER NOT NULL,
    seat      TEXT NOT NULL,
    action    TEXT NOT NULL,
    at        REAL NOT NULL,
    undone_at REAL NOT NULL,
    sealed    INTEGER  -- 1: made in a simultaneous step; NULL: undone before this was kept
);
CREATE TABLE IF NOT EXISTS profiles (
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game, name)
);
"""


@dataclass(frozen=True)
class TableRow:
    id: str
    game: str
    title: str
    config: dict
    join_code: str
    host_secret: str
    status: str
    created_at: float


@dataclass(frozen=True)
class Event:
    seq: int
    seat: str
    action: dict
    at: float


class Conflict(Exception):
    """The write lost a race: the log no longer ends where the caller thought."""


class Store:
    def __init__(self, path: str):
        self.path = path
        self._local = threading.local()
        self.db().executescript(SCHEMA)  # runs in its own transaction
        self._add_column("undone", "sealed", "INTEGER")  # a database from before it

    def _add_column(self, table: str, column: str, kind: str) -> None:
        columns = {r["name"] for r in self.db().execute(f"PRAGMA table_info({table})")}
        if column not in columns:
            self.db().execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")

    def db(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.path, isolation_level=None, timeout=10)
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA busy_timeout=10000")
            conn.execute("PRAGMA foreign_keys=ON")
            self._local.conn = conn
        return conn

    def release(self) -> None:
        """Close the calling thread's connection; the next use opens a new one. Under
        the gevent worker every connection is a greenlet of its own, so a socket
        handler that idles for hours would otherwise keep its connection open."""
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            self._local.conn = None
            conn.close()

    @contextmanager
    def write(self):
        """One short write transaction; it is committed when the block ends."""
        db = self.db()
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    # tables ---------------------------------------------------------------

    def create_table(self, row: TableRow, seats: list[str]) -> None:
        with self.write() as db:
            db.execute(
                "INSERT INTO tables VALUES (?,?,?,?,?,?,?,?)",
                (row.id, row.game, row.title, json.dumps(row.config), row.join_code,
                 row.host_secret, row.status, row.created_at),
            )
            db.executemany(
                "INSERT INTO seats (table_id, seat) VALUES (?,?)", [(row.id, s) for s in seats]
            )

    def table(self, table_id: str) -> TableRow | None:
        row = self.db().execute("SELECT * FROM tables WHERE id=?", (table_id,)).fetchone()
        return _table(row) if row else None

    def table_by_code(self, code: str) -> TableRow | None:
        row = self.db().execute("SELECT * FROM tables WHERE join_code=?", (code,)).fetchone()
        return _table(row) if row else None

    def tables(self) -> list[TableRow]:
        rows = self.db().execute("SELECT * FROM tables ORDER BY created_at DESC").fetchall()
        return [_table(r) for r in rows]

    def set_status(self, table_id: str, status: str) -> None:
        with self.write() as db:
            db.execute("UPDATE tables SET status=? WHERE id=?", (status, table_id))

    # seats ----------------------------------------------------------------

    def seats(self, table_id: str) -> dict[str, str | None]:
        rows = self.db().execute(
            "SELECT seat, secret FROM seats WHERE table_id=?", (table_id,)
        ).fetchall()
        return {r["seat"]: r["secret"] for r in rows}

    def claim_seat(self, table_id: str, seat: str, secret: str, *, replace: bool = False) -> bool:
        """Give a seat a new secret; unless ``replace``, only if it is free."""
        free = "" if replace else " AND secret IS NULL"
        with self.write() as db:
            cur = db.execute(
                f"UPDATE seats SET secret=?, claimed_at=? WHERE table_id=? AND seat=?{free}",
                (secret, time.time(), table_id, seat),
            )
        return cur.rowcount == 1

    def free_seat(self, table_id: str, seat: str) -> None:
        with self.write() as db:
            db.execute(
                "UPDATE seats SET secret=NULL, claimed_at=NULL WHERE table_id=? AND seat=?",
                (table_id, seat),
            )

    # events ---------------------------------------------------------------

    def events(self, table_id: str) -> list[Event]:
        rows = self.db().execute(
            "SELECT seq, seat, action, at FROM events WHERE table_id=? ORDER BY seq", (table_id,)
        ).fetchall()
        return [Event(r["seq"], r["seat"], json.loads(r["action"]), r["at"]) for r in rows]

    def append(self, table_id: str, seq: int, seat: str, action: dict) -> Event:
        """Commit event number ``seq``; ``Conflict`` unless the log ends at ``seq - 1``."""
        event = Event(seq, seat, action, time.time())
        with self.write() as db:
            last = db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM events WHERE table_id=?", (table_id,)
            ).fetchone()[0]
            if last != seq - 1:
                raise Conflict(f"log ends at {last}, not {seq - 1}")
            db.execute(
                "INSERT INTO events VALUES (?,?,?,?,?)",
                (table_id, seq, seat, json.dumps(action), event.at),
            )
        return event

    def undo(self, table_id: str, count: int, sealed: set[int] = frozenset()) -> list[Event]:
        """Move the last ``count`` events into the audit trail, those numbered in
        ``sealed`` marked as made in a simultaneous step; returns them."""
        with self.write() as db:
            rows = db.execute(
                "SELECT seq, seat, action, at FROM events WHERE table_id=? "
                "ORDER BY seq DESC LIMIT ?", (table_id, count),
            ).fetchall()
            now = time.time()
            db.executemany(
                "INSERT INTO undone VALUES (?,?,?,?,?,?,?)",
                [(table_id, r["seq"], r["seat"], r["action"], r["at"], now, int(r["seq"] in sealed))
                 for r in rows],
            )
            db.executemany(
                "DELETE FROM events WHERE table_id=? AND seq=?", [(table_id, r["seq"]) for r in rows]
            )
        return [Event(r["seq"], r["seat"], json.loads(r["action"]), r["at"]) for r in rows]

    def undone(self, table_id: str) -> list[dict]:
        rows = self.db().execute(
            "SELECT * FROM undone WHERE table_id=? ORDER BY undone_at, seq", (table_id,)
        ).fetchall()
        return [dict(r) | {"action": json.loads(r["action"])} for r in rows]

    # board profiles (saved physical set-ups, reusable across tables) ----------

    def save_profile(self, game: str, name: str, data: dict) -> None:
        with self.write() as db:
            db.execute(
                "INSERT INTO profiles VALUES (?,?,?) ON CONFLICT(game, name) DO UPDATE SET data=excluded.data",
                (game, name, json.dumps(data)),
            )

    def profiles(self, game: str) -> dict[str, dict]:
        rows = self.db().execute(
            "SELECT name, data FROM profiles WHERE game=? ORDER BY name", (game,)
        ).fetchall()
        return {r["name"]: json.loads(r["data"]) for r in rows}


def _table(row: sqlite3.Row) -> TableRow:
    return TableRow(**(dict(row) | {"config": json.loads(row["config"])}))
