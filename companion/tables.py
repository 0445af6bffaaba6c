"""The table service: a game's event log, its current state, seats, apply, undo,
corrections and rewinds.

The current state of a table is the fold of ``engine.apply`` over its events. The
latest state is kept in memory and rebuilt from SQLite on first use after a
start, so a restart (even a pulled plug) resumes every table exactly. Rebuilding
starts from a snapshot of a recent state where there is one (``snapshots``) and only
applies the events: a move's log line is written for its readers when a page first
shows it (``Live.lines``), and only the last few moves can be shown.

This service is the web layer's only way to the store. Its refusals carry a text
(``companion.engines.text``), shown in each reader's language, and an HTTP status.
"""

import copy
import itertools
import secrets
import threading
from dataclasses import dataclass, field, replace
from types import ModuleType

from . import engines, snapshots
from .engines import IllegalAction, correct
from .engines.common import replay
from .engines.text import Text, _, english, ngettext
from .secret import matches
from .archive import Archive
from .store import Conflict, Event, Store, TableRow

MAX_UNDO = 20
LOG_LINES = 30  # the most log lines any page shows: older moves keep no line
RECENT = 12 * 3600  # seconds: a table with a move this recent is folded back as a server starts
_versions = itertools.count(1)  # every change of any table gets a new, larger number
_move_keys = itertools.count(1)  # every move this process holds gets a number of its own


class Refused(Exception):
    """A request the platform turns away (a 4xx): ``text`` says why, ``status`` is the
    HTTP status, ``rule`` the rule it cites, if any."""

    status = 409

    def __init__(self, text: Text, status: int | None = None, rule: str | None = None):
        self.text, self.rule = text, rule
        self.message = english(text)
        if status is not None:
            self.status = status
        super().__init__(self.message)


class Stale(Refused):
    """The action was based on an older picture of the table."""

    def __init__(self, seen: int, now: int):
        super().__init__(_("The table moved on (you saw move {seen}, it is now at move {now}). "
                           "Your screen has been refreshed: check and try again.", seen=seen, now=now))


class BadSetup(Refused):
    """A set-up the game's rules refuse."""

    status = 400

    @classmethod
    def from_rules(cls, error: IllegalAction) -> "BadSetup":
        return cls(error.text, rule=error.rule)


@dataclass(frozen=True)
class Correction:
    """What a correction did, for the pages to tell ("Move 23 corrected … scores: Anna
    34 → 31") and for the seat due at a stop to see what it had entered.

    ``seq``: the move corrected, ``original`` that move as it was (an ``Event``), ``seat``
    and ``action`` its replacement, ``by`` who corrected it ("host" or a seat).
    ``sealed``: the move was made in a sealed step, so that pages other than its
    owner's say only that a sealed submission was corrected (neither action is theirs to
    see). ``stopped``: the number the first later move that no longer fits had (None:
    every later move was played again); the table is then at move ``stopped - 1`` and
    that move's seat is due again. ``rule`` and ``reason`` (a text): why it no longer
    fits (``rule`` is None for input the engine no longer expects at all). ``offered``:
    the later moves not played again, oldest first, each ``{"seq" (its number before),
    "seat", "action", "sealed", "rule", "reason"}``, the rule and reason given for the
    first only; a sealed one of a seat other than ``by`` has ``action``, ``rule`` and
    ``reason`` None (``Tables.offered`` gives each seat its own). ``scores``: seat ->
    (total before, total after), for every seat."""

    seq: int
    original: Event
    seat: str
    action: dict
    by: str
    sealed: bool
    stopped: int | None
    rule: str | None
    reason: Text | None
    offered: list[dict]
    scores: dict[str, tuple[int, int]]

    @property
    def score_changes(self) -> dict[str, tuple[int, int]]:
        """The seats whose total the correction changed: seat -> (before, after)."""
        return {seat: totals for seat, totals in self.scores.items() if totals[0] != totals[1]}


@dataclass(eq=False)
class Move:
    """A committed event as a table keeps it. Until its log line has been written for
    every reader, it also holds the states around it (``describe`` reads both)."""

    seq: int
    seat: str
    action: dict
    at: float
    simultaneous: bool  # made in a step the game declares sealed (``Step.sealed``: a sealed bid)
    before: dict | None = None
    after: dict | None = None
    texts: dict | None = None  # reader ("" for the table) -> its log line (a text or None)
    alike: dict | None = None  # reader -> the first reader with the same line (pages share it)
    key: int = field(default_factory=lambda: next(_move_keys))  # tells it from another move


@dataclass
class Live:
    """A table in memory: its row, engine, state, the moves made and who had to act
    after each one, since move ``first`` (the state it was rebuilt from; 0: the set-up).
    ``version`` grows with every change (a move, an undo, a status)."""

    row: TableRow
    engine: ModuleType
    state: dict
    seq: int = 0
    to_act: list[set] = field(default_factory=list)  # to_act[n - first]: after n events
    moves: list[Move] = field(default_factory=list)  # moves[n - first - 1]: event n
    version: int = field(default_factory=lambda: next(_versions))
    # Made when the table is (not ``default_factory=threading.Lock``, which would keep the
    # Lock of import time): under the gevent worker it is gevent's, so a greenlet that waits
    # for one lets the others run.
    lock: threading.Lock = field(default_factory=lambda: threading.Lock())
    _lines_lock: threading.Lock = field(default_factory=lambda: threading.Lock())

    @property
    def first(self) -> int:
        """The move the table was rebuilt from (0: the set-up); moves since are held."""
        return self.seq - len(self.moves)

    @property
    def seats(self) -> list[str]:
        return [p["seat"] for p in self.row.config["players"]]

    def snapshot(self) -> tuple[dict, int, int, TableRow]:
        """The state, move number, version and row, all of one moment."""
        with self.lock:
            return self.state, self.seq, self.version, self.row

    def lines(self, viewer: str | None, count: int = LOG_LINES, upto: int | None = None) -> list[dict]:
        """The last ``count`` (at most ``LOG_LINES``) log lines as ``viewer`` reads them,
        newest first, of the moves up to ``upto`` (all by default): ``{"seq", "seat",
        "at", "text", "key", "alike"}`` (``text`` may be None; ``key`` tells this move
        from any other this process holds, one that took its number after an undo too;
        ``alike`` is the first reader who reads the same line: "" for a public one)."""
        return [{"seq": m.seq, "seat": m.seat, "at": m.at, "text": self.text(m, viewer),
                 "key": m.key, "alike": m.alike.get(viewer or "", "")} for m in self.recent(count, upto)]

    def recent(self, count: int = LOG_LINES, upto: int | None = None) -> list[Move]:
        """The last ``count`` (at most ``LOG_LINES``) moves up to ``upto``, newest first."""
        moves = self.moves
        if upto is not None and moves and moves[-1].seq > upto:
            moves = [m for m in moves if m.seq <= upto]
        return moves[:-min(count, LOG_LINES) - 1:-1] if count > 0 else []

    def text(self, move: Move, viewer: str | None):
        """``move``'s log line as ``viewer`` reads it (a text or None); ``move.alike`` is
        filled in once it has been asked for."""
        if move.texts is None:
            with self._lines_lock:
                if move.texts is None:
                    # Written for every reader at once, so the states can go.
                    readers = [None] + self.seats
                    texts = {r or "": self.engine.describe(move.before, move.after, move.seat,
                                                           move.action, r) for r in readers}
                    move.alike = {r: next(s for s, t in texts.items() if t == text) for r, text in texts.items()}
                    # readers who read the same line share one: every text is a few
                    # dicts that the garbage collector's full scans go through
                    move.texts = {r: texts[first] for r, first in move.alike.items()}
                    move.before = move.after = None
        return move.texts.get(viewer or "", move.texts.get(""))

    def changed(self) -> None:
        self.version = next(_versions)


class Tables:
    """``games`` adds engines by name besides the installed ones (a test game)."""

    def __init__(self, store: Store, games: dict[str, ModuleType] | None = None):
        self.store = store
        self.archive = Archive(store)  # results, roster, replays and exports
        self.games = dict(games or {})
        self._live: dict[str, Live] = {}
        self._guard = threading.Lock()
        self.listeners: list = []  # callables(table_id), called after every change

    # creating and loading -------------------------------------------------

    def create(self, game: str, config: dict, title: str) -> TableRow:
        """Validate the set-up with the game's engine and store a new table."""
        engine = self.engine(game)
        try:
            engine.setup(config)
        except IllegalAction as error:
            raise BadSetup.from_rules(error) from None
        row = TableRow(
            id=secrets.token_urlsafe(6),
            game=game,
            title=title.strip() or engine.TITLE,
            config=config,
            join_code=secrets.token_urlsafe(9),
            host_secret=secrets.token_urlsafe(24),
            status="playing",
            created_at=self.store.now(),  # the clock corrected from the host's browser
        )
        self.store.create_table(row, [p["seat"] for p in config["players"]])
        return row

    def get(self, table_id: str) -> Live | None:
        with self._guard:
            live = self._live.get(table_id)
            if live is None:
                row = self.store.table(table_id)
                if row is None:
                    return None
                live = self._live[table_id] = self._fold(row)
            return live

    def recent(self, within: float = RECENT) -> list[str]:
        """The tables with a move in the last ``within`` seconds, the latest first: those
        whose pages come back first after a restart."""
        now, ends = self.store.now(), self.store.log_ends()
        latest = sorted(ends, key=lambda table_id: -ends[table_id][1])
        return [table_id for table_id in latest if now - ends[table_id][1] <= within]

    def events(self, table_id: str) -> list[Event]:
        """A table's whole log, oldest first (what is in memory starts at a snapshot)."""
        return self.store.events(table_id)

    def loaded(self) -> set[str]:
        """The tables held in memory (folded since this service started)."""
        with self._guard:
            return set(self._live)

    def engine(self, game: str) -> ModuleType:
        """The rules engine of a game (``KeyError`` for an unknown game)."""
        return self.games[game] if game in self.games else engines.get(game)

    def listing(self) -> list[TableRow]:
        """Every table on this server, newest first."""
        return self.store.tables()

    def by_code(self, code: str) -> TableRow | None:
        """The table a join code opens."""
        return self.store.table_by_code(code)

    def _fold(self, row: TableRow) -> Live:
        """Apply the events since the latest snapshot (the set-up if none); the states
        around the moves a page may still show are kept for writing their log lines."""
        engine = self.engine(row.game)
        rules = snapshots.fingerprint(engine)
        first, kept, events = self.store.since_snapshot(row.id, rules, back=LOG_LINES)
        state = None if kept is None else snapshots.load(kept)
        if state is None:  # none, or one that cannot be read: from the set-up
            if first:
                events = self.store.events(row.id)
            first, state = 0, engine.setup(row.config)
        live = Live(row, engine, state, seq=first)
        live.to_act.append(engine.to_act(live.state))
        lined = len(events) - LOG_LINES
        for n, played in enumerate(replay(engine, live.state, events)):
            self._advance(live, played.move, played.after, keep=n >= lined)
        return live

    @staticmethod
    def _advance(live: Live, event: Event, state: dict, keep: bool = True) -> None:
        """Move a table to the state after ``event``."""
        sealed = live.engine.step(live.state).sealed  # as the game declares the step it was made in
        move = Move(event.seq, event.seat, event.action, event.at, sealed)
        if keep:
            move.before, move.after = live.state, state
        else:
            move.texts, move.alike = {}, {}  # never shown: no line
        live.moves.append(move)
        live.state, live.seq = state, event.seq
        live.to_act.append(live.engine.to_act(state))
        if len(live.moves) > LOG_LINES:  # a move that drops out of the log needs no states or line
            old = live.moves[-LOG_LINES - 1]
            old.before = old.after = None
            old.texts, old.alike = {}, {}

    # acting -----------------------------------------------------------------

    def act(self, table_id: str, seat: str, action, seen: int) -> Event:
        """Apply and commit one action of ``seat`` based on the table at move ``seen``.

        Raises ``Refused``/``Stale`` or the engine's ``IllegalAction``; on any
        refusal nothing changes. Returns the committed event.
        """
        live = self._require(table_id)
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise Refused(_("An action needs a type."), 400)
        with live.lock:
            if live.row.status != "playing":
                raise Refused(_("This table is finished: no more moves."))
            if seen != live.seq and not self._still_waiting(live, seat, seen):
                raise Stale(seen, live.seq)
            state = live.engine.apply(live.state, seat, action)
            kept = None
            if snapshots.due(live.seq + 1):
                kept = (snapshots.fingerprint(live.engine), snapshots.dump(state))
            try:
                event = self.store.append(table_id, live.seq + 1, seat, action, kept)
            except Conflict:
                raise Stale(seen, live.seq) from None
            self._advance(live, event, state)
            live.changed()
        self._changed(table_id)
        return event

    @staticmethod
    def _still_waiting(live: Live, seat: str, seen: int) -> bool:
        """During a simultaneous step (sealed bids) a seat's submission based on an
        older move is still good if that seat has been due to act ever since and has
        not acted since: each seat submits exactly once per step."""
        if not live.first <= seen < live.seq or len(live.to_act[seen - live.first]) < 2:
            return False
        if any(move.seat == seat for move in live.moves[seen - live.first:]):
            return False
        return all(seat in due for due in live.to_act[seen - live.first:])

    # host controls ------------------------------------------------------------

    def undo(self, table_id: str, count: int, seen: int) -> list[Event]:
        """Host: take back the last ``count`` moves, as seen on a page at move ``seen``
        (``Stale`` if the table has moved on since: the host confirmed other moves).
        Moves made in a step the game declares sealed go to the audit trail marked so."""
        live = self._require(table_id)
        if not 1 <= count <= MAX_UNDO:
            raise Refused(ngettext("Undo takes 1 to {n} move at a time.", "Undo takes 1 to {n} moves at a time.",
                                   MAX_UNDO), 400)
        with live.lock:
            if seen != live.seq:
                raise Stale(seen, live.seq)
            if count > live.seq:
                raise Refused(ngettext("There is only {n} move to undo.", "There are only {n} moves to undo.",
                                       live.seq), 400)
            sealed = {m.seq for m in live.moves[-count:] if m.simultaneous}
            removed = self.store.undo(table_id, count, sealed)
            self._refold(live)
            live.changed()
        self._changed(table_id)
        return removed

    def correct(self, table_id: str, seq: int, seat: str, action, seen: int, by: str = "host") -> Correction:
        """Replace move ``seq`` by ``seat`` doing ``action``, as seen on a page at move
        ``seen`` (``Stale`` if the table has moved on since), and play every later move
        again on top, in order, up to the first one that no longer fits: that one and
        those after it are handed back (``Correction.offered``), for their seats to enter
        again. ``by``: who corrects, "host" or a seat. A seat corrects only its own moves,
        as itself; a move made in a sealed step only its own seat corrects (the host has
        never seen it). The moves taken out go to the audit trail: the corrected one
        marked 'correction', those played again 'reapplied', those handed back
        'offered'. Raises ``Refused``/``Stale``, or the engine's ``IllegalAction`` for a
        replacement the rules refuse; on any refusal nothing changes."""
        live = self._require(table_id)
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise Refused(_("An action needs a type."), 400)
        if by != "host" and by not in live.seats:
            raise Refused(_("There is no seat {seat} at this table.", seat=repr(by)), 404)
        with live.lock:
            self._may_rewrite(live, seen)
            if not 1 <= seq <= live.seq:
                raise Refused(ngettext("There is no move {seq} to correct: the table has {n} move.",
                                       "There is no move {seq} to correct: the table has {n} moves.",
                                       live.seq, seq=seq), 400)
            events = self.store.events(table_id)
            sealed = self._sealed_from(live, events, seq)
            original = events[seq - 1]
            if seq in sealed and by != original.seat:
                raise Refused(_("A sealed submission is corrected only from its owner's phone."), 403)
            if by != "host" and (by != original.seat or seat != by):
                raise Refused(_("A player corrects only their own moves; the host corrects the others."), 403)
            if (seat, action) == (original.seat, original.action):
                raise Refused(_("That is the move as it was: there is nothing to correct."), 400)
            result = correct.corrected(live.engine, live.engine.setup(live.row.config), events, seq - 1,
                                       (seat, action))
            reasons = {e.seq: "reapplied" for e in events[seq:]} | {seq: "correction"} \
                | {e.seq: "offered" for e in result.offered}
            before = live.engine.scores(live.state)["totals"]
            try:
                self.store.rewrite(table_id, seq, live.seq, [(m.seat, m.action) for m in result.kept[seq - 1:]],
                                   reasons, by, sealed)
            except Conflict:
                raise Stale(seen, live.seq) from None
            self._refold(live)
            after = live.engine.scores(live.state)["totals"]
            live.changed()
        self._changed(table_id)
        rule, reason = _why(result.refusal)
        offered = [_hidden({"seq": e.seq, "seat": e.seat, "action": e.action, "sealed": e.seq in sealed,
                            "rule": rule if n == 0 else None, "reason": reason if n == 0 else None}, by)
                   for n, e in enumerate(result.offered)]
        return Correction(seq=seq, original=original, seat=seat, action=action, by=by, sealed=seq in sealed,
                          stopped=None if result.stopped is None else result.stopped + 1, rule=rule, reason=reason,
                          offered=offered,
                          scores={s: (before.get(s, 0), after.get(s, 0)) for s in live.seats})

    def rewind(self, table_id: str, to_seq: int, seen: int) -> list[Event]:
        """Host: take the table back to just after move ``to_seq`` (0: the set-up) in one
        step, as seen on a page at move ``seen`` (``Stale`` if it has moved on since).
        The moves after it go to the audit trail marked 'rewind' (and sealed as ``undo``
        marks them); returns them, oldest first."""
        live = self._require(table_id)
        with live.lock:
            self._may_rewrite(live, seen)
            if not 0 <= to_seq < live.seq:
                raise Refused(_("The table is at move {n}: rewind to an earlier move (0 is the set-up).",
                                n=live.seq), 400)
            events = self.store.events(table_id) if to_seq < live.first else []
            sealed = self._sealed_from(live, events, to_seq + 1)
            try:
                removed, _appended = self.store.rewrite(table_id, to_seq + 1, live.seq, [], "rewind", "host", sealed)
            except Conflict:
                raise Stale(seen, live.seq) from None
            self._refold(live)
            live.changed()
        self._changed(table_id)
        return removed

    def offered(self, table_id: str, viewer: str | None = None) -> list[dict]:
        """The moves the latest correction handed back that the table has not reached
        again (their old number is beyond the move the table is at), oldest first, as
        long as nothing else was taken back since: ``{"seq" (its number before), "seat",
        "action", "sealed", "due", "rule", "reason"}``. For a seat that is due now
        (``due``), ``rule`` and ``reason`` say why the move does not fit the table as it
        is, both None if it fits now. ``viewer``: a seat sees its own moves only; None
        (the host, the table screen) sees every one, those made in a sealed step without
        ``action``, ``rule`` or ``reason``."""
        live = self._require(table_id)
        trail = self.store.undone(table_id)
        if not trail:
            return []
        latest = max(r["undone_at"] for r in trail)
        with live.lock:
            state, seq = live.state, live.seq
        due = live.engine.to_act(state)
        found = []
        for r in trail:
            if r["undone_at"] != latest or r["reason"] != "offered" or r["seq"] <= seq:
                continue
            if viewer is not None and r["seat"] != viewer:
                continue
            rule = reason = None
            if r["seat"] in due:
                try:
                    live.engine.apply(state, r["seat"], r["action"])
                except Exception as error:  # refused, or input the engine no longer expects
                    rule, reason = _why(error)
            entry = {"seq": r["seq"], "seat": r["seat"], "action": r["action"], "sealed": bool(r["sealed"]),
                     "due": r["seat"] in due, "rule": rule, "reason": reason}
            found.append(_hidden(entry, viewer))
        return found

    @staticmethod
    def _may_rewrite(live: Live, seen: int) -> None:
        """A correction or a rewind needs a table in play, seen as it is now."""
        if live.row.status != "playing":
            raise Refused(_("This table is finished: no more moves."))
        if seen != live.seq:
            raise Stale(seen, live.seq)

    @staticmethod
    def _sealed_from(live: Live, events: list[Event], seq: int) -> set[int]:
        """The numbers of the moves from ``seq`` on that were made in a step the game
        declares sealed: as the table in memory marked them, or, for moves before it was
        rebuilt from a snapshot, found by replaying ``events`` (the whole log)."""
        if seq > live.first:
            return {m.seq for m in live.moves[seq - live.first - 1:] if m.simultaneous}
        step = live.engine.step
        return {p.move.seq for p in replay(live.engine, live.engine.setup(live.row.config), events)
                if p.move.seq >= seq and step(p.before).sealed}

    def _refold(self, live: Live) -> None:
        """Rebuild a table in memory from its log after the log was rewritten."""
        fresh = self._fold(live.row)
        live.state, live.seq, live.to_act, live.moves = fresh.state, fresh.seq, fresh.to_act, fresh.moves

    def undone(self, table_id: str, reapplied: bool = False) -> list[dict]:
        """The audit trail, oldest first: ``{"seq", "seat", "at", "undone_at", "sealed",
        "kind", "reason", "by"}``. A move made in a sealed step (``Step.sealed``) is ``sealed`` and has no ``kind``:
        what was submitted, even whether it was a bid or a pass, stays secret. Otherwise
        ``kind`` is the action's type (``sealed`` is None, and ``kind`` too, for a move
        undone before moves were marked so). ``reason`` says why the move left the log:
        'undo', 'rewind', 'correction' (the move corrected) or 'offered' (a later move that
        no longer fitted after a correction, handed back to its seat); ``by`` who did it
        ("host" or a seat). A later move played again after a correction ('reapplied')
        is still in the game and is listed only if ``reapplied``."""
        rows = self.store.undone(self._require(table_id).row.id)
        return [{"seq": r["seq"], "seat": r["seat"], "at": r["at"], "undone_at": r["undone_at"],
                 "sealed": None if r["sealed"] is None else bool(r["sealed"]),
                 "kind": r["action"]["type"] if r["sealed"] == 0 else None,
                 "reason": r["reason"] or "undo", "by": r["done_by"] or "host"}
                for r in rows if reapplied or r["reason"] != "reapplied"]

    def set_status(self, table_id: str, status: str) -> None:
        live = self._require(table_id)
        with live.lock:
            self.store.set_status(table_id, status)
            live.row = self.store.table(table_id)
            live.changed()
        self._changed(table_id)

    def update_config(self, table_id: str, change) -> dict:
        """Change a table's settings that the game's engine does not read (a teaching
        card closed, say): ``change(config)`` is given a copy to alter and may return
        False to leave the table as it was. Its pages are drawn again. Returns the config."""
        live = self._require(table_id)
        with live.lock:
            config = copy.deepcopy(live.row.config)
            if change(config) is False:
                return live.row.config
            self.store.set_config(table_id, config)
            live.row = replace(live.row, config=config)
            live.changed()
        self._changed(table_id)
        return config

    # seats ----------------------------------------------------------------------

    def claim(self, table_id: str, seat: str) -> str:
        """Take a free seat; returns the seat's new secret."""
        self._require_seat(table_id, seat)
        secret = secrets.token_urlsafe(24)
        if not self.store.claim_seat(table_id, seat, secret):
            raise Refused(_("That seat is already taken. Ask the host to hand it over."))
        self._changed(table_id)
        return secret

    def hand_over(self, table_id: str, seat: str) -> str:
        """Host: a fresh secret for a seat; the phone holding the old one loses it."""
        self._require_seat(table_id, seat)
        secret = secrets.token_urlsafe(24)
        self.store.claim_seat(table_id, seat, secret, replace=True)
        self._changed(table_id)
        return secret

    def release(self, table_id: str, seat: str) -> None:
        """Host: free a seat for any phone to take."""
        self._require_seat(table_id, seat)
        self.store.free_seat(table_id, seat)
        self._changed(table_id)

    def seat_for(self, table_id: str, secret: str | None) -> str | None:
        """The seat whose secret this is, or None."""
        return self.seat_check(table_id)(secret)

    def seat_check(self, table_id: str):
        """A function from a seat secret to its seat (or None), reading the seats once:
        for checking many open pages at a time."""
        held = {s: h for s, h in self.store.seats(table_id).items() if h}

        def seat_of(secret: str | None) -> str | None:
            if not secret:
                return None
            return next((s for s, h in held.items() if matches(secret, h)), None)

        return seat_of

    def taken(self, table_id: str) -> set[str]:
        """The seats a phone holds."""
        return {seat for seat, held in self.store.seats(table_id).items() if held}

    # board profiles (saved physical set-ups of a game) ------------------------------

    def profiles(self, game: str) -> dict[str, dict]:
        return self.store.profiles(game)

    def save_profile(self, game: str, name: str, data: dict) -> None:
        self.store.save_profile(game, name, data)

    def release_connection(self) -> None:
        """Let the calling greenlet's database connection go (before it idles for hours)."""
        self.store.release()

    # helpers ----------------------------------------------------------------------

    def _require(self, table_id: str) -> Live:
        live = self.get(table_id)
        if live is None:
            raise Refused(_("There is no such table."), 404)
        return live

    def _require_seat(self, table_id: str, seat: str) -> None:
        if seat not in self._require(table_id).seats:
            raise Refused(_("There is no seat {seat} at this table.", seat=repr(seat)), 404)

    def _changed(self, table_id: str) -> None:
        for listener in self.listeners:
            listener(table_id)


def _hidden(entry: dict, viewer: str | None) -> dict:
    """A move handed back as ``viewer`` (a seat, "host" or None) may see it: a sealed
    submission of another seat without what was submitted or why it does not fit."""
    if entry["sealed"] and entry["seat"] != viewer:
        return entry | {"action": None, "rule": None, "reason": None}
    return entry


def _why(refusal: Exception | None) -> tuple[str | None, Text | None]:
    """The rule and the reason a later move no longer fits after a correction."""
    if refusal is None:
        return None, None
    if isinstance(refusal, IllegalAction):
        return refusal.rule, refusal.text
    return None, _("This move no longer fits the game as corrected.")


__all__ = ["Tables", "Live", "Move", "Correction", "Refused", "Stale", "BadSetup", "IllegalAction"]
