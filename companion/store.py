"""The SQLite event store: tables, seats and their append-only event logs.

One connection per thread (a WebSocket handler lives for hours and must not hold
a request's connection), WAL with ``synchronous=FULL`` so a committed event
survives a pulled plug, and short ``BEGIN IMMEDIATE`` write transactions, one at a
time in the process. Under the gevent worker a commit waits for its disk (the fsync
that makes it durable) in a thread of gevent's pool, not on the event loop: a slow
SD card delays the move being written, not every other table's pages. A thread
done with its connection hands it back (``release``) for the next to take: under the
gevent worker every request is a greenlet of its own, and opening a connection cost
each move about a millisecond.

The file records its schema version (``PRAGMA user_version``). Opening an older
file upgrades it step by step, each step in one transaction, after a copy of the
file is kept beside it; a file from a newer version of the program is refused.
"""

import json
import os
import sqlite3
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from gevent import get_hub
from gevent.monkey import is_module_patched

from .private_files import create_private

# Schema version 1 is the schema of the first release, which did not record a
# version: a file with tables but user_version 0 is a version 1 file.
V1 = [
    """CREATE TABLE IF NOT EXISTS tables (
        id          TEXT PRIMARY KEY,
        game        TEXT NOT NULL,
        title       TEXT NOT NULL,
        config      TEXT NOT NULL,
        join_code   TEXT NOT NULL UNIQUE,
        host_secret TEXT NOT NULL,
        status      TEXT NOT NULL DEFAULT 'playing',
        created_at  REAL NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS seats (
        table_id   TEXT NOT NULL REFERENCES tables(id),
        seat       TEXT NOT NULL,
        secret     TEXT,
        claimed_at REAL,
        PRIMARY KEY (table_id, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS events (
        table_id TEXT NOT NULL REFERENCES tables(id),
        seq      INTEGER NOT NULL,
        seat     TEXT NOT NULL,
        action   TEXT NOT NULL,
        at       REAL NOT NULL,
        PRIMARY KEY (table_id, seq)
    )""",
    """CREATE TABLE IF NOT EXISTS undone (
        table_id  TEXT NOT NULL,
        seq       INTEGER NOT NULL,
        seat      TEXT NOT NULL,
        action    TEXT NOT NULL,
        at        REAL NOT NULL,
        undone_at REAL NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS profiles (
        game TEXT NOT NULL,
        name TEXT NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (game, name)
    )""",
]

# Version 2: the roster of players across nights, and each table's result.
V2 = [
    # A name as typed, folded (case, spaces) -> the folded name of the person it
    # was merged into. Names without a row are people of their own.
    """CREATE TABLE aliases (
        name   TEXT PRIMARY KEY,
        person TEXT NOT NULL
    )""",
    # A table's outcome (players, scores, winners), worked out from its events and
    # kept until the log changes: ``seq`` and ``last_at`` name the last event seen.
    """CREATE TABLE results (
        table_id TEXT PRIMARY KEY REFERENCES tables(id),
        seq      INTEGER NOT NULL,
        last_at  REAL NOT NULL,
        outcome  TEXT NOT NULL
    )""",
]

# Version 3: an undone move remembers whether it was made in a simultaneous step, so
# the audit trail names it only a "sealed submission" (not a bid or a pass). A move
# undone before version 3 has NULL: nothing is known of it, so it shows as a "move".
V3 = [
    "ALTER TABLE undone ADD COLUMN sealed INTEGER",
]

# Version 4: now and then the state after a move, so a table is rebuilt after a restart
# from there rather than from its first move (``companion.snapshots``). The events stay
# the truth: a snapshot of other rules (``rules``, their fingerprint) is not used, and
# those after a move taken back go with it.
V4 = [
    """CREATE TABLE snapshots (
        table_id TEXT NOT NULL REFERENCES tables(id),
        seq      INTEGER NOT NULL,
        rules    TEXT NOT NULL,
        state    TEXT NOT NULL,
        PRIMARY KEY (table_id, seq)
    )""",
]

# Version 5: corrections and rewinds. A move leaves the log for the audit trail not only
# by an undo: ``reason`` says why ('undo', 'rewind'; of a correction: 'correction' for
# the move corrected, 'reapplied' for a later move played again on top of it, which is
# back in the log under the same number, 'offered' for a later move that no longer fit
# and was handed back to its seat), ``done_by`` who did it ('host' or a seat). A move
# undone before version 5 has NULL in both: it was undone by the host.
V5 = [
    "ALTER TABLE undone ADD COLUMN reason TEXT",
    "ALTER TABLE undone ADD COLUMN done_by TEXT",
]

MIGRATIONS = [V1, V2, V3, V4, V5]  # MIGRATIONS[n - 1] takes a file to version n
SCHEMA_VERSION = len(MIGRATIONS)


class NewerDatabase(Exception):
    """The file was written by a newer version of the program."""


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


IDLE_KEPT = 8  # released connections kept open for the next thread


class Conflict(Exception):
    """The write lost a race: the log no longer ends where the caller thought."""


class Store:
    def __init__(self, path: str, clock=time.time):
        self.path = path
        self.clock = clock  # seconds since the epoch; see companion.clock
        self._local = threading.local()
        self._idle: list[sqlite3.Connection] = []  # released, for the next thread to take
        self._idle_lock = threading.Lock()
        # one write transaction at a time in this process: a second writer waits here (a
        # greenlet, cooperatively), not in SQLite's busy handler, which sleeps the whole
        # worker while the first one's commit is on the disk
        self._writing = threading.RLock()
        # table id -> its seats and their secrets: read on every move, every push and every
        # page a phone asks for, changed only by claim_seat/free_seat (one server process
        # holds the database, see companion.serving.claim_database). A table without seats
        # is not remembered: ``companion import`` may add it from another process.
        self._seats: dict[str, dict[str, str | None]] = {}
        self._seats_lock = threading.Lock()
        self._seat_writes = 0
        upgrade(self.db(), path)

    def now(self) -> float:
        return self.clock()

    def db(self) -> sqlite3.Connection:
        """The calling thread's connection: one released by another thread, else a new one."""
        conn = getattr(self._local, "conn", None)
        if conn is None:
            with self._idle_lock:
                conn = self._idle.pop() if self._idle else None
            self._local.conn = conn = conn or self._connect()
        return conn

    def _connect(self) -> sqlite3.Connection:
        # used by one thread at a time, though not always the one that opened it
        conn = sqlite3.connect(self.path, isolation_level=None, timeout=10, check_same_thread=False)
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA busy_timeout=10000")
        conn.execute("PRAGMA foreign_keys=ON")
        return conn

    def release(self) -> None:
        """The calling thread is done with its connection for now (a request has been
        answered, a socket handler idles for hours): it goes back for the next thread,
        up to ``IDLE_KEPT`` of them, and is closed beyond."""
        conn = getattr(self._local, "conn", None)
        if conn is None:
            return
        self._local.conn = None
        if conn.in_transaction:  # never hand on a transaction left open
            conn.rollback()
        with self._idle_lock:
            if len(self._idle) < IDLE_KEPT:
                self._idle.append(conn)
                return
        conn.close()

    @contextmanager
    def write(self):
        """One short write transaction; it is committed when the block ends."""
        db = self.db()
        with self._writing:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            _off_the_loop(db.execute, "COMMIT")

    # tables ---------------------------------------------------------------

    def create_table(self, row: TableRow, seats: list[str]) -> None:
        with self._seat_write(row.id) as db:
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

    def set_config(self, table_id: str, config: dict) -> None:
        """Replace a table's settings (the set-up stays as it was: only keys the game's
        engine does not read change, such as ``teach``)."""
        with self.write() as db:
            db.execute("UPDATE tables SET config=? WHERE id=?", (json.dumps(config), table_id))

    # seats ----------------------------------------------------------------

    def seats(self, table_id: str) -> dict[str, str | None]:
        found = self._seats.get(table_id)
        if found is None:
            writes = self._seat_writes
            rows = self.db().execute(
                "SELECT seat, secret FROM seats WHERE table_id=?", (table_id,)
            ).fetchall()
            found = {r["seat"]: r["secret"] for r in rows}
            with self._seats_lock:
                if found and writes == self._seat_writes:  # no seat changed while it was read
                    self._seats[table_id] = found
        return dict(found)

    @contextmanager
    def _seat_write(self, table_id: str):
        """A write that changes a table's seats: what ``seats`` remembers of it goes."""
        try:
            with self.write() as db:
                yield db
        finally:
            with self._seats_lock:
                self._seat_writes += 1
                self._seats.pop(table_id, None)

    def claim_seat(self, table_id: str, seat: str, secret: str, *, replace: bool = False) -> bool:
        """Give a seat a new secret; unless ``replace``, only if it is free."""
        free = "" if replace else " AND secret IS NULL"
        with self._seat_write(table_id) as db:
            cur = db.execute(
                f"UPDATE seats SET secret=?, claimed_at=? WHERE table_id=? AND seat=?{free}",
                (secret, self.now(), table_id, seat),
            )
        return cur.rowcount == 1

    def free_seat(self, table_id: str, seat: str) -> None:
        with self._seat_write(table_id) as db:
            db.execute(
                "UPDATE seats SET secret=NULL, claimed_at=NULL WHERE table_id=? AND seat=?",
                (table_id, seat),
            )

    # events ---------------------------------------------------------------

    def events(self, table_id: str, after: int = 0) -> list[Event]:
        """The table's events, oldest first (those numbered above ``after``)."""
        rows = self.db().execute(
            "SELECT seq, seat, action, at FROM events WHERE table_id=? AND seq>? ORDER BY seq",
            (table_id, after),
        ).fetchall()
        return [_event(r) for r in rows]

    def since_snapshot(self, table_id: str, rules: str, back: int) -> tuple[int, str | None, list[Event]]:
        """What rebuilds a table: its latest snapshot of ``rules`` at least ``back``
        events before the end of its log, and the events after it, as one moment of the
        file: ``(seq, state as JSON, events)``, or ``(0, None, every event)``."""
        db = self.db()
        db.execute("BEGIN")
        try:
            found = db.execute(
                "SELECT seq, state FROM snapshots WHERE table_id=?1 AND rules=?2 AND seq <= "
                "(SELECT COALESCE(MAX(seq), 0) FROM events WHERE table_id=?1) - ?3 "
                "ORDER BY seq DESC LIMIT 1", (table_id, rules, back),
            ).fetchone()
            seq, state = (found["seq"], found["state"]) if found else (0, None)
            events = self.events(table_id, after=seq)
        finally:
            db.execute("COMMIT")
        return seq, state, events

    def append(self, table_id: str, seq: int, seat: str, action: dict,
               snapshot: tuple[str, str] | None = None) -> Event:
        """Commit event number ``seq``; ``Conflict`` unless the log ends at ``seq - 1``.
        ``snapshot``: (rules, state as JSON) after it, kept in the same transaction."""
        event = Event(seq, seat, action, self.now())
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
            if snapshot is not None:
                db.execute("INSERT OR REPLACE INTO snapshots VALUES (?,?,?,?)", (table_id, seq, *snapshot))
        return event

    def undo(self, table_id: str, count: int, sealed: set[int] = frozenset()) -> list[Event]:
        """Move the last ``count`` events into the audit trail, those numbered in
        ``sealed`` marked as made in a simultaneous step; returns them. The snapshots
        of states after them go."""
        with self.write() as db:
            rows = db.execute(
                "SELECT seq, seat, action, at FROM events WHERE table_id=? "
                "ORDER BY seq DESC LIMIT ?", (table_id, count),
            ).fetchall()
            _to_the_trail(db, table_id, rows, self.now(), sealed, "undo", "host")
        return [_event(r) for r in rows]

    def rewrite(self, table_id: str, seq: int, last: int, moves: list[tuple[str, dict]],
                reasons: dict[int, str] | str, by: str,
                sealed: set[int] = frozenset()) -> tuple[list[Event], list[Event]]:
        """A correction or a rewind, in one transaction: the events numbered ``seq`` and
        after go into the audit trail, each marked with why it left (``reasons``: one
        reason for all, or per event number) and who did it (``by``: "host" or a seat),
        those numbered in ``sealed`` marked as made in a simultaneous step; then
        ``moves`` (``(seat, action)`` pairs) are appended as events ``seq``, ``seq + 1``,
        …, all at this moment; the snapshots of states from ``seq`` on go.

        ``Conflict`` unless the log ends at ``last`` and ``1 <= seq <= last + 1``; on
        any failure nothing changes. Returns ``(removed, appended)``."""
        now = self.now()
        appended = [Event(seq + i, seat, action, now) for i, (seat, action) in enumerate(moves)]
        with self.write() as db:
            end = db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM events WHERE table_id=?", (table_id,)
            ).fetchone()[0]
            if end != last or not 1 <= seq <= last + 1:
                raise Conflict(f"log ends at {end}; asked to rewrite from {seq} of a log ending at {last}")
            rows = db.execute(
                "SELECT seq, seat, action, at FROM events WHERE table_id=? AND seq>=? "
                "ORDER BY seq DESC", (table_id, seq),
            ).fetchall()
            _to_the_trail(db, table_id, rows, now, sealed, reasons, by)
            db.executemany(
                "INSERT INTO events VALUES (?,?,?,?,?)",
                [(table_id, e.seq, e.seat, json.dumps(e.action), e.at) for e in appended],
            )
        return [_event(r) for r in reversed(rows)], appended

    def undone(self, table_id: str) -> list[dict]:
        """The audit trail, oldest first: the columns of ``undone`` (``reason`` and
        ``done_by`` are None for a move undone before schema 5: an undo by the host)."""
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


    # imported tables ----------------------------------------------------------------

    def import_table(self, row: TableRow, seats: list[str], events: list[Event]) -> None:
        """Store a whole table with its log in one transaction: all of it or nothing."""
        with self._seat_write(row.id) as db:
            db.execute(
                "INSERT INTO tables VALUES (?,?,?,?,?,?,?,?)",
                (row.id, row.game, row.title, json.dumps(row.config), row.join_code,
                 row.host_secret, row.status, row.created_at),
            )
            db.executemany(
                "INSERT INTO seats (table_id, seat) VALUES (?,?)", [(row.id, s) for s in seats]
            )
            db.executemany(
                "INSERT INTO events VALUES (?,?,?,?,?)",
                [(row.id, e.seq, e.seat, json.dumps(e.action), e.at) for e in events],
            )

    # results and the roster (schema 2) -------------------------------------------------

    def log_ends(self) -> dict[str, tuple[int, float]]:
        """Per table with events: the number and time of its last event."""
        rows = self.db().execute(
            "SELECT table_id, MAX(seq) AS seq, at FROM events GROUP BY table_id"  # ``at`` of the MAX row
        ).fetchall()
        return {r["table_id"]: (r["seq"], r["at"]) for r in rows}

    def results(self) -> dict[str, tuple[int, float, dict]]:
        rows = self.db().execute("SELECT * FROM results").fetchall()
        return {r["table_id"]: (r["seq"], r["last_at"], json.loads(r["outcome"])) for r in rows}

    def save_result(self, table_id: str, seq: int, last_at: float, outcome: dict) -> None:
        self.save_results([(table_id, seq, last_at, outcome)])

    def save_results(self, results: list[tuple[str, int, float, dict]]) -> None:
        """Keep (table id, seq, last_at, outcome) rows, all in one transaction."""
        if not results:
            return
        with self.write() as db:
            db.executemany(
                "INSERT INTO results VALUES (?,?,?,?) ON CONFLICT(table_id) DO UPDATE SET "
                "seq=excluded.seq, last_at=excluded.last_at, outcome=excluded.outcome",
                [(table_id, seq, last_at, json.dumps(outcome)) for table_id, seq, last_at, outcome in results],
            )

    def aliases(self) -> dict[str, str]:
        """Folded name -> the folded name of the person it was merged into."""
        return {r["name"]: r["person"] for r in self.db().execute("SELECT name, person FROM aliases")}

    def merge_people(self, name: str, into: str) -> None:
        """The person ``name`` belongs to (with every name merged into it) becomes part
        of the person ``into`` belongs to. Mappings stay one step deep."""
        with self.write() as db:
            aliases = {r["name"]: r["person"] for r in db.execute("SELECT name, person FROM aliases")}
            source, target = aliases.get(name, name), aliases.get(into, into)
            if source == target:
                return
            db.execute("UPDATE aliases SET person=? WHERE person=?", (target, source))
            db.execute("INSERT INTO aliases VALUES (?,?)", (source, target))

    def split_person(self, name: str) -> None:
        """``name`` stands for a person of its own again."""
        with self.write() as db:
            db.execute("DELETE FROM aliases WHERE name=?", (name,))


def default_database() -> str:
    """Where the embedded SQLite file lives unless told otherwise."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return str(Path(base) / "table-companion" / "companion.sqlite3")


def _off_the_loop(call, *args):
    """``call(*args)`` in a thread of gevent's pool under the gevent worker (the greenlet
    waits for it, the others run meanwhile), else here."""
    if is_module_patched("threading"):
        return get_hub().threadpool.apply(call, args)
    return call(*args)


def schema_version(db: sqlite3.Connection) -> int:
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version == 0 and db.execute(
        "SELECT 1 FROM sqlite_master WHERE type='table' AND name='tables'"
    ).fetchone():
        return 1  # written before versions were recorded
    return version


def too_new(path: str) -> str | None:
    """Why this program cannot open the file at ``path`` (a newer schema), else None."""
    if not Path(path).is_file():
        return None
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        found = schema_version(db)
    except sqlite3.DatabaseError:
        return None  # not a database at all: opening it says so
    finally:
        db.close()
    return _newer(path, found) if found > SCHEMA_VERSION else None


def _newer(path: str, found: int) -> str:
    return (f"{path} was written by a newer version of Table Companion (schema {found}; "
            f"this version knows schema {SCHEMA_VERSION} at most). Update Table Companion.")


def upgrade(db: sqlite3.Connection, path: str) -> int:
    """Bring the file to ``SCHEMA_VERSION``; returns the version it had.

    Raises ``NewerDatabase`` for a file this program is too old to understand.
    Before changing a file that holds data, a copy of it is kept beside it."""
    found = schema_version(db)
    if found > SCHEMA_VERSION:
        raise NewerDatabase(_newer(path, found))
    if 0 < found < SCHEMA_VERSION:
        keep_copy(db, path, found)
    for target in range(found + 1, SCHEMA_VERSION + 1):
        db.execute("BEGIN IMMEDIATE")
        try:
            if schema_version(db) < target:  # another process may have just done it
                for statement in MIGRATIONS[target - 1]:
                    db.execute(statement)
                db.execute(f"PRAGMA user_version = {target}")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
    return found


def copy_path(path: str, version: int) -> Path:
    """Where the copy of a schema ``version`` file is kept before an upgrade."""
    return Path(f"{path}.schema-v{version}")


def keep_copy(db: sqlite3.Connection, path: str, version: int) -> None:
    copy = copy_path(path, version)
    if path == ":memory:" or copy.exists():
        return
    try:
        create_private(copy, replace=False)  # owner-only, as the database: the same secrets
    except FileExistsError:
        return  # another process is keeping it at this moment
    target = sqlite3.connect(copy)
    try:
        db.backup(target)
    finally:
        target.close()


def _to_the_trail(db: sqlite3.Connection, table_id: str, rows: list[sqlite3.Row], now: float,
                  sealed: set[int], reasons: dict[int, str] | str, by: str) -> None:
    """Move event ``rows`` (the latest first) of a table into the audit trail, with the
    snapshots of the states from the earliest of them on."""
    if not rows:
        return
    db.executemany(
        "INSERT INTO undone (table_id, seq, seat, action, at, undone_at, sealed, reason, done_by) "
        "VALUES (?,?,?,?,?,?,?,?,?)",
        [(table_id, r["seq"], r["seat"], r["action"], r["at"], now, int(r["seq"] in sealed),
          reasons if isinstance(reasons, str) else reasons[r["seq"]], by) for r in rows],
    )
    db.executemany("DELETE FROM events WHERE table_id=? AND seq=?", [(table_id, r["seq"]) for r in rows])
    db.execute("DELETE FROM snapshots WHERE table_id=? AND seq>=?", (table_id, rows[-1]["seq"]))


def _event(row: sqlite3.Row) -> Event:
    return Event(row["seq"], row["seat"], json.loads(row["action"]), row["at"])


def _table(row: sqlite3.Row) -> TableRow:
    return TableRow(**(dict(row) | {"config": json.loads(row["config"])}))
