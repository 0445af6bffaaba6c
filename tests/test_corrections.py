"""Corrections and rewinds: the store's one-transaction rewrite of a log with its audit
trail, the table service's ``correct`` and ``rewind``, and the archive reading the
corrected game (history, replay, export and import)."""

import json
import random
from dataclasses import replace
from importlib import import_module

import pytest

from companion import snapshots, tables as tables_module
from companion.archive import exchange, history
from companion.archive.replay import Replays
from companion.engines import TABLE, IllegalAction, common
from companion.store import Conflict, Store, TableRow
from companion.tables import Refused, Stale, Tables
from tests import toygame
from tests.conftest import toy_config
from tests.history.helpers import ENGINE, Night, dump


class Clock:
    def __init__(self):
        self.now = 1_700_000_000.0

    def __call__(self):
        self.now += 1
        return self.now


@pytest.fixture
def store(tmp_path):
    return Store(str(tmp_path / "c.sqlite3"), clock=Clock())


@pytest.fixture
def tables(store):
    return Tables(store, {"toy": toygame})


# the store --------------------------------------------------------------------------

def logged(store, n=5):
    store.create_table(TableRow("t1", "toy", "t", {}, "j", "h", "playing", 1.0), ["a", "b"])
    for seq in range(1, n + 1):
        store.append("t1", seq, "ab"[seq % 2], {"type": "x", "n": seq}, ("rules", "{}") if seq % 2 == 0 else None)


def test_a_rewrite_moves_the_moves_from_a_point_to_the_trail_and_appends_their_replacements(store):
    logged(store)
    removed, appended = store.rewrite("t1", 3, 5, [("b", {"type": "x", "n": 30}), ("a", {"type": "x", "n": 4})],
                                      {3: "correction", 4: "reapplied", 5: "offered"}, "host", sealed={4})
    assert [e.seq for e in removed] == [3, 4, 5] and removed[0].action == {"type": "x", "n": 3}
    assert [(e.seq, e.seat, e.action["n"]) for e in appended] == [(3, "b", 30), (4, "a", 4)]
    assert [(e.seq, e.action["n"]) for e in store.events("t1")] == [(1, 1), (2, 2), (3, 30), (4, 4)]
    assert store.events("t1")[-1].at == appended[-1].at
    trail = store.undone("t1")
    assert [(u["seq"], u["reason"], u["done_by"], u["sealed"], u["action"]["n"]) for u in trail] == [
        (3, "correction", "host", 0, 3), (4, "reapplied", "host", 1, 4), (5, "offered", "host", 0, 5)]
    assert len({u["undone_at"] for u in trail}) == 1  # one change, one moment
    assert [r[0] for r in store.db().execute("SELECT seq FROM snapshots WHERE table_id='t1'")] == [2]
    store.append("t1", 5, "b", {"type": "x"})  # the log goes on from its new end


def test_a_rewind_is_a_rewrite_with_nothing_appended_and_an_undo_says_so_too(store):
    logged(store)
    removed, appended = store.rewrite("t1", 1, 5, [], "rewind", "host")
    assert [e.seq for e in removed] == [1, 2, 3, 4, 5] and appended == [] and store.events("t1") == []
    store.append("t1", 1, "a", {"type": "y"})
    store.undo("t1", 1)
    assert [(u["seq"], u["reason"], u["done_by"]) for u in store.undone("t1")] == \
        [(1, "rewind", "host"), (2, "rewind", "host"), (3, "rewind", "host"), (4, "rewind", "host"),
         (5, "rewind", "host"), (1, "undo", "host")]


def test_a_rewrite_of_a_log_that_moved_on_changes_nothing(store, tmp_path):
    logged(store)
    before = dump(tmp_path / "c.sqlite3")
    for seq, last in ((3, 4), (3, 6), (7, 5), (0, 5)):
        with pytest.raises(Conflict):
            store.rewrite("t1", seq, last, [("a", {"type": "x"})], "correction", "host")
    assert dump(tmp_path / "c.sqlite3") == before


def test_a_rewrite_that_fails_midway_changes_nothing(store, tmp_path):
    """The trail is written and the events deleted before the replacements are inserted:
    a replacement that cannot be stored takes all of it back."""
    logged(store)
    before = dump(tmp_path / "c.sqlite3")
    with pytest.raises(TypeError):
        store.rewrite("t1", 2, 5, [("a", {"type": "x"}), ("b", {"type": "x", "n": object()})],
                      {2: "correction", 3: "reapplied", 4: "reapplied", 5: "reapplied"}, "host")
    with pytest.raises(KeyError):  # a move with no reason given
        store.rewrite("t1", 2, 5, [("a", {"type": "x"})], {2: "correction"}, "host")
    assert dump(tmp_path / "c.sqlite3") == before
    assert [e.seq for e in store.events("t1")] == [1, 2, 3, 4, 5]


# the table service -----------------------------------------------------------------------

def start(tables):
    """Secrets 7 and 2 (sealed), the roll of 1; then p1 adds 2, p2 3, p1 1, p2 2 (move 7)."""
    row = tables.create("toy", toy_config(2), "Game night")
    moves = [("p1", {"type": "secret", "n": 7}), ("p2", {"type": "secret", "n": 2}),
             (TABLE, {"type": "roll", "n": 1}), ("p1", {"type": "add", "n": 2}),
             ("p2", {"type": "add", "n": 3}), ("p1", {"type": "add", "n": 1}), ("p2", {"type": "add", "n": 2})]
    for seen, (seat, action) in enumerate(moves):
        tables.act(row.id, seat, action, seen)
    return row, moves


def fresh(moves):
    """The toy game played afresh from its set-up by the engine alone."""
    return common.state_after(toygame, toygame.setup(toy_config(2)), common.moves(moves))


def test_a_correction_that_fits_plays_every_later_move_again(tables):
    row, moves = start(tables)
    heard = []
    tables.listeners.append(heard.append)
    done = tables.correct(row.id, 4, "p1", {"type": "add", "n": 1}, 7)
    assert done.stopped is None and done.offered == [] and done.rule is None
    corrected = [*moves[:3], ("p1", {"type": "add", "n": 1}), *moves[4:]]
    live = tables.get(row.id)
    assert live.seq == 7 and live.state == fresh(corrected)
    assert [(e.seat, e.action) for e in tables.events(row.id)] == corrected
    assert [m.seq for m in live.moves] == list(range(1, 8)) and len(live.to_act) == 8
    assert done.scores == {"p1": (3, 2), "p2": (5, 5)} and done.score_changes == {"p1": (3, 2)}
    assert (done.seq, done.original.action, done.by, done.sealed) == (4, moves[3][1], "host", False)
    assert heard == [row.id]
    trail = tables.undone(row.id)
    assert [(u["seq"], u["reason"], u["by"], u["kind"]) for u in trail] == [(4, "correction", "host", "add")]
    assert [u["reason"] for u in tables.undone(row.id, reapplied=True)] == ["correction"] + ["reapplied"] * 3
    again = Tables(Store(tables.store.path), {"toy": toygame})  # a restart reads the corrected log
    assert again.get(row.id).state == live.state


def test_a_correction_stops_before_the_first_move_that_no_longer_fits(tables):
    row, moves = start(tables)
    done = tables.correct(row.id, 4, "p1", {"type": "add", "n": 3}, 7)
    # p2 added 3 at move 5: now the player before them added 3 too (TOY-5)
    assert done.stopped == 5 and done.rule == "TOY-5" and done.reason["id"].startswith("You may not add")
    assert [(o["seq"], o["seat"], o["action"], o["rule"]) for o in done.offered] == [
        (5, "p2", moves[4][1], "TOY-5"), (6, "p1", moves[5][1], None), (7, "p2", moves[6][1], None)]
    live = tables.get(row.id)
    assert live.seq == 4 and live.state == fresh([*moves[:3], ("p1", {"type": "add", "n": 3})])
    assert toygame.to_act(live.state) == {"p2"}
    assert done.scores == {"p1": (3, 3), "p2": (5, 0)}
    assert [(u["seq"], u["reason"]) for u in tables.undone(row.id)] == \
        [(4, "correction"), (5, "offered"), (6, "offered"), (7, "offered")]
    with pytest.raises(IllegalAction):  # what p2 had entered still does not fit
        tables.act(row.id, "p2", moves[4][1], 4)
    # what each phone is offered back, after a restart too
    again = Tables(Store(tables.store.path), {"toy": toygame})
    for service in (tables, again):
        assert [(o["seq"], o["due"], o["rule"]) for o in service.offered(row.id, "p2")] == \
            [(5, True, "TOY-5"), (7, True, None)]  # p2 is due: its move 7 would fit now
        assert [(o["seq"], o["action"], o["due"]) for o in service.offered(row.id, "p1")] == \
            [(6, moves[5][1], False)]
        assert [o["seq"] for o in service.offered(row.id)] == [5, 6, 7]
    tables.act(row.id, "p2", {"type": "add", "n": 2}, 4)  # p2 enters something else
    assert tables.get(row.id).seq == 5
    assert [(o["seq"], o["due"], o["rule"]) for o in tables.offered(row.id)] == [(6, True, None), (7, False, None)]
    tables.undo(row.id, 1, 5)  # anything taken back since: nothing is offered any more
    assert tables.offered(row.id) == []


def test_moves_handed_back_from_a_sealed_step_stay_their_seats_own(tables, monkeypatch):
    """With the toy game's turns declared sealed: p1 corrects its move 4, p2's move 5 no
    longer fits; only p2 sees what it was and why."""
    monkeypatch.setitem(toygame.flow.STEPS, "add", replace(toygame.flow.STEPS["add"], sealed=True))
    row, moves = start(tables)
    with pytest.raises(Refused):
        tables.correct(row.id, 4, "p1", {"type": "add", "n": 3}, 7)
    done = tables.correct(row.id, 4, "p1", {"type": "add", "n": 3}, 7, by="p1")
    assert done.sealed and done.rule == "TOY-5"  # the first refused move's rule: its seat is named
    assert [(o["seq"], o["action"], o["rule"], o["reason"]) for o in done.offered] == \
        [(5, None, None, None), (6, moves[5][1], None, None), (7, None, None, None)]
    assert [(o["seq"], o["action"], o["rule"]) for o in tables.offered(row.id, "p2")] == \
        [(5, moves[4][1], "TOY-5"), (7, moves[6][1], None)]
    assert all(o["action"] is None and o["reason"] is None for o in tables.offered(row.id))
    trail = tables.undone(row.id, reapplied=True)
    assert all(u["sealed"] and u["kind"] is None for u in trail)


def test_a_stale_or_illegal_or_unfit_correction_changes_nothing(tables):
    row, moves = start(tables)
    path = tables.store.path
    before = dump(path)
    with pytest.raises(Stale):  # the host saw move 6; move 7 was made since
        tables.correct(row.id, 4, "p1", {"type": "add", "n": 1}, 6)
    with pytest.raises(IllegalAction) as refused:  # adding 4 is against the rules
        tables.correct(row.id, 4, "p1", {"type": "add", "n": 4}, 7)
    assert refused.value.rule == "TOY-4"
    with pytest.raises(IllegalAction):  # p2 was not due at move 4
        tables.correct(row.id, 4, "p2", {"type": "add", "n": 1}, 7)
    for seq, seat, action, by, status in [
            (8, "p1", {"type": "add", "n": 1}, "host", 400),  # no move 8
            (0, "p1", {"type": "add", "n": 1}, "host", 400),
            (4, "p1", moves[3][1], "host", 400),  # the move as it was
            (4, "p1", {"type": "add", "n": 1}, "p2", 403),  # p2 corrects p1's move
            (5, "p1", {"type": "add", "n": 1}, "p2", 403),  # p2 corrects its own move as p1
            (1, "p1", {"type": "secret", "n": 3}, "host", 403),  # a sealed secret, by the host
            (2, "p2", {"type": "secret", "n": 3}, "p1", 403),  # ... by another seat
            (4, "p1", {"type": "add", "n": 1}, "nobody", 404)]:
        with pytest.raises(Refused) as refused:
            tables.correct(row.id, seq, seat, action, 7, by)
        assert refused.value.status == status, (seq, by)
    with pytest.raises(Refused):
        tables.correct(row.id, 4, "p1", "add", 7)
    assert dump(path) == before and tables.get(row.id).seq == 7


def test_a_finished_table_is_neither_corrected_nor_rewound(tables):
    row, _ = start(tables)
    tables.set_status(row.id, "finished")
    with pytest.raises(Refused):
        tables.correct(row.id, 4, "p1", {"type": "add", "n": 1}, 7)
    with pytest.raises(Refused):
        tables.rewind(row.id, 3, 7)
    assert tables.get(row.id).seq == 7 and tables.undone(row.id) == []


def test_a_sealed_submission_is_corrected_by_its_owner_and_stays_sealed_in_the_trail(tables):
    row, moves = start(tables)
    done = tables.correct(row.id, 1, "p1", {"type": "secret", "n": 8}, 7, by="p1")
    assert done.sealed and done.stopped is None and done.by == "p1"
    assert tables.get(row.id).state == fresh([("p1", {"type": "secret", "n": 8}), *moves[1:]])
    trail = {u["seq"]: u for u in tables.undone(row.id, reapplied=True)}
    assert (trail[1]["reason"], trail[1]["by"], trail[1]["sealed"], trail[1]["kind"]) == ("correction", "p1", True, None)
    assert (trail[2]["reason"], trail[2]["sealed"], trail[2]["kind"]) == ("reapplied", True, None)
    assert (trail[3]["sealed"], trail[3]["kind"]) == (False, "roll")
    # a player corrects their own move that is not sealed; sealed flags hold after a rewind too
    done = tables.correct(row.id, 5, "p2", {"type": "add", "n": 1}, 7, by="p2")
    assert done.stopped == 6 and done.by == "p2"  # p1 added 1 at move 6, as p2 now did
    tables.rewind(row.id, 0, 5)
    rewound = [u for u in tables.undone(row.id) if u["reason"] == "rewind"]
    assert [(u["seq"], u["sealed"], u["kind"]) for u in rewound[:3]] == [(1, True, None), (2, True, None),
                                                                         (3, False, "roll")]


def test_rewind_to_the_set_up_and_to_the_move_before_the_last(tables):
    row, moves = start(tables)
    removed = tables.rewind(row.id, 6, 7)
    assert [e.seq for e in removed] == [7]
    live = tables.get(row.id)
    assert live.seq == 6 and live.state == fresh(moves[:6])
    with pytest.raises(Refused):  # the table is at move 6 already
        tables.rewind(row.id, 6, 6)
    with pytest.raises(Refused):
        tables.rewind(row.id, -1, 6)
    with pytest.raises(Stale):
        tables.rewind(row.id, 0, 7)
    removed = tables.rewind(row.id, 0, 6)
    assert [e.seq for e in removed] == [1, 2, 3, 4, 5, 6]
    assert live.seq == 0 and live.state == toygame.setup(toy_config(2)) and live.moves == []
    assert [(u["seq"], u["reason"]) for u in tables.undone(row.id)] == [(7, "rewind")] + \
        [(n, "rewind") for n in range(1, 7)]
    tables.act(row.id, "p1", {"type": "secret", "n": 1}, 0)  # play starts again


def test_corrections_and_rewinds_reach_moves_before_the_snapshot_a_table_was_rebuilt_from(
        store, tmp_path, monkeypatch):
    monkeypatch.setattr(snapshots, "EVERY", 2)
    monkeypatch.setattr(tables_module, "LOG_LINES", 1)
    row, moves = start(Tables(store, {"toy": toygame}))
    tables = Tables(Store(store.path), {"toy": toygame})  # a restart: rebuilt from a snapshot
    assert tables.get(row.id).first > 1
    with pytest.raises(Refused):  # move 1 is still known to be sealed
        tables.correct(row.id, 1, "p1", {"type": "secret", "n": 8}, 7)
    tables.correct(row.id, 1, "p1", {"type": "secret", "n": 8}, 7, by="p1")
    assert tables.get(row.id).state == fresh([("p1", {"type": "secret", "n": 8}), *moves[1:]])
    tables.rewind(row.id, 1, 7)
    assert [(u["seq"], u["sealed"]) for u in tables.undone(row.id) if u["reason"] == "rewind"][:2] == \
        [(2, True), (3, False)]
    assert tables.get(row.id).state == fresh([("p1", {"type": "secret", "n": 8})])


# the archive reads the corrected game -------------------------------------------------------

def test_history_replay_export_and_import_read_the_corrected_game(tmp_path):
    night = Night(tmp_path / "c.sqlite3")
    row, events = night.table(["Anna", "Ben", "Cleo"], seed=7)
    tables = Tables(night.store)
    live = tables.get(row.id)
    assert ENGINE.is_over(live.state)
    history.results(night.store)  # the result of the game as it was is kept
    replays = Replays()
    assert replays.frames(night.store, row)[-1].state == live.state
    playout = import_module(f"{ENGINE.__name__}.playout")
    rng, k = random.Random(1), len(events) - 5
    before = common.state_after(ENGINE, ENGINE.setup(row.config), common.moves(events[:k - 1]))
    seat = events[k - 1][0]
    action = next(a for a in (playout.random_action(before, seat, rng) for _ in range(50)) if a != events[k - 1][1])
    night.now += 60
    done = tables.correct(row.id, k, seat, action, live.seq, seat if ENGINE.step(before).sealed else "host")
    end = len(events) if done.stopped is None else done.stopped - 1
    corrected = [*events[:k - 1], (seat, action), *events[k:end]]
    state = common.state_after(ENGINE, ENGINE.setup(row.config), common.moves(corrected))
    assert live.state == state and live.seq == end
    totals = ENGINE.scores(state)["totals"]

    (game,) = history.results(night.store)
    assert {p.seat: p.score for p in game.players} == totals and game.moves == end
    frames = replays.frames(night.store, row)
    assert frames[-1].state == state and frames[-1].totals == totals and len(frames) == end + 1
    data = exchange.export_table(night.store, row)
    assert [(e["seat"], e["action"]) for e in data["events"]] == [(s, a) for s, a in corrected]
    assert data["scores"]["totals"] == totals
    assert "undone" not in data  # an export carries the game as it stands, not its audit trail
    other = Store(str(tmp_path / "other.sqlite3"))
    exchange.import_table(other, json.dumps(data))
    assert [(e.seat, e.action) for e in other.events(row.id)] == corrected
