"""A real backup taken while a real server takes moves, then restored: every backup
is a consistent snapshot (the moves of some moment, none half-written), and a
restored backup resumes the table at that moment and play goes on."""

import random
import re
import subprocess
import threading
import time

from companion import engines
from companion.engines import TABLE
from companion.engines.common import state_after
from companion.engines.fifth_avenue import playout
from companion.store import Store
from tests.history.test_backup import events_in
from companion.web.games import fifth_avenue as fifth_avenue_ui
from companion.web.games import form_fields
from tests.test_cli import COMPANION, free_port, stop
from tests.test_durability import Browser, seq, serve
from tests.web.conftest import fa_form

BACKUPS = 4
MOVES_DURING_BACKUP = 25  # at most: four backups stay well within one game
WAIT = 60  # seconds, for conditions that take a few moves


class Players:
    """The host and one phone per seat, playing random legal moves over HTTP."""

    def __init__(self, base, db_path):
        self.host = Browser(base)
        url, _ = self.host.post("/new/fifth_avenue", fa_form(names=("Anna", "Ben", "Cleo")))
        self.table = url.rsplit("/", 1)[1]
        store = Store(str(db_path))
        row = store.table(self.table)
        self.engine = engines.get("fifth_avenue")
        self.state, self.seq = self.engine.setup(row.config), 0
        self.phones = {}
        for player in row.config["players"]:
            self.phones[player["seat"]] = Browser(base)
            self.phones[player["seat"]].post(f"/j/{row.join_code}", {"seat": player["seat"]})
        self.rng = random.Random(16)
        self.error = None
        self.allowed = 0  # the mover plays up to this move, then waits for more
        self.gate = threading.Condition()

    def allow(self, more):
        with self.gate:
            self.allowed = self.seq + more
            self.gate.notify_all()

    def move(self):
        seat = self.rng.choice(sorted(self.engine.to_act(self.state)))
        action = playout.random_action(self.state, seat, self.rng)
        device, path = (self.host, "table-act") if seat == TABLE else (self.phones[seat], "act")
        _, page = device.post(f"/t/{self.table}/{path}", pairs({"seq": self.seq, **form_fields(fifth_avenue_ui, action)}))
        assert seq(page) == self.seq + 1, page[:500]
        self.state, self.seq = self.engine.apply(self.state, seat, action), self.seq + 1

    def play(self, stop):
        try:
            while not self.engine.is_over(self.state) and not stop.is_set():
                with self.gate:
                    self.gate.wait_for(lambda: self.seq < self.allowed or stop.is_set())
                if not stop.is_set():
                    self.move()
        except Exception as error:  # reported by the test thread
            self.error = error


def pairs(fields: dict) -> list[tuple]:
    """Form fields as (name, value) pairs: a list value is a repeated field."""
    return [(k, v) for k, values in fields.items() for v in (values if isinstance(values, list) else [values])]


def moved_since_last_backup(players, mover, moves):
    players.allow(moves)
    wait_for(lambda: players.seq >= players.allowed or not mover.is_alive(), "moves")
    assert mover.is_alive(), players.error


def wait_for(condition, what):
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def run(*argv):
    return subprocess.run([str(COMPANION), *argv], capture_output=True, text=True, timeout=60)


def test_backups_while_moves_are_made_then_a_restore(tmp_path):
    port, db = free_port(), tmp_path / "night.sqlite3"
    base = f"http://127.0.0.1:{port}"
    process = serve(port, db, tmp_path)
    backups = []
    try:
        players = Players(base, db)
        done = threading.Event()
        mover = threading.Thread(target=players.play, args=(done,))
        mover.start()
        try:
            for _ in range(BACKUPS):
                moved_since_last_backup(players, mover, 3)
                start = players.seq
                players.allow(MOVES_DURING_BACKUP)  # the moves go on while the backup is taken
                backup = subprocess.Popen([str(COMPANION), "backup", "--db", str(db), f"{tmp_path}/backups/"],
                                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
                output, _ = backup.communicate(timeout=WAIT)
                end = players.seq
                players.allow(0)  # a pause (after the move in flight, if any)
                assert backup.returncode == 0 and "Backup written" in output, (output, players.error)
                backups.append((re.search(r"Backup written: (\S+)", output)[1], start, end))
        finally:
            done.set()
            with players.gate:
                players.gate.notify_all()
            mover.join()
        assert players.error is None, players.error
        refused = run("restore", "--db", str(db), backups[2][0])
        assert refused.returncode != 0 and "server is running" in refused.stderr
        final = events_in(db)
    finally:
        returncode, output = stop(process)
    assert returncode == 0 and "Traceback" not in output, output

    counts = []
    for path, start, end in backups:
        saved = events_in(path)
        assert saved == final[:len(saved)]  # a snapshot of some moment: a prefix of the log
        assert start < end  # moves were made while the backup was taken
        assert start <= len(saved) <= end + 1  # + the move in flight as the backup ended
        counts.append(len(saved))
    assert counts == sorted(set(counts)) and counts[2] < len(final)

    chosen = backups[2][0]
    restored = run("restore", "--db", str(db), chosen)
    assert restored.returncode == 0, restored.stderr
    process = serve(port, db, tmp_path)
    try:
        _, screen = players.host.get(f"/t/{players.table}")
        assert seq(screen) == counts[2]
        restored_db = Store(str(db))
        players.state = state_after(players.engine, players.engine.setup(restored_db.table(players.table).config),
                                    restored_db.events(players.table))
        players.seq = counts[2]
        players.move()  # play goes on from the restored move, phones still seated
        assert events_in(db)[:counts[2]] == final[:counts[2]]
    finally:
        returncode, output = stop(process)
    assert returncode == 0 and "Traceback" not in output, output
