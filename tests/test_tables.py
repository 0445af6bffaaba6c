import threading
from dataclasses import replace

import pytest

from companion import snapshots, tables as tables_module
from companion.engines import TABLE, IllegalAction
from companion.engines.text import english
from companion.store import Store
from companion.tables import BadSetup, Refused, Stale, Tables
from tests import rounds, toygame
from tests.conftest import toy_config


@pytest.fixture
def tables(tmp_path):
    return Tables(Store(str(tmp_path / "c.sqlite3")), {"toy": toygame, "rounds": rounds})


def start(tables, n=2):
    """A toy table after every secret and the table's roll of 1: p1 adds next, at move n + 1."""
    row = tables.create("toy", toy_config(n), "Game night")
    tables.act(row.id, "p1", {"type": "secret", "n": 7}, 0)
    for i in range(2, n + 1):
        tables.act(row.id, f"p{i}", {"type": "secret", "n": i}, i - 1)
    tables.act(row.id, TABLE, {"type": "roll", "n": 1}, n)
    return row


def test_create_validates_the_setup_with_the_engine(tables):
    with pytest.raises(BadSetup) as refused:
        tables.create("toy", {"players": []}, "x")
    assert refused.value.rule == "TOY-1" and refused.value.status == 400
    assert tables.store.tables() == []


def test_an_unknown_game_is_no_game(tables):
    with pytest.raises(KeyError):
        tables.create("chess", toy_config(2), "x")


def test_actions_commit_and_a_restart_resumes_exactly(tables, tmp_path):
    row = start(tables)
    tables.act(row.id, "p1", {"type": "add", "n": 3}, 3)
    again = Tables(Store(str(tmp_path / "c.sqlite3")), {"toy": toygame})
    assert again.get(row.id).state == tables.get(row.id).state
    assert again.get(row.id).seq == 4
    assert english(again.get(row.id).lines(None, 1)[0]["text"]) == "P1 added 3: the counter is at 4."


def test_recent_tables_are_those_with_a_move_in_the_last_hours(tmp_path):
    clock = [1_000_000.0]
    tables = Tables(Store(str(tmp_path / "c.sqlite3"), clock=lambda: clock[0]), {"toy": toygame})
    old, idle = start(tables), tables.create("toy", toy_config(2), "No move yet")
    clock[0] += tables_module.RECENT - 60
    latest = start(tables)
    assert tables.recent() == [latest.id, old.id]
    clock[0] += 120  # the old table's last move is now older than RECENT
    assert tables.recent() == [latest.id]
    assert idle.id not in tables.recent(within=10 * tables_module.RECENT)


def test_the_log_keeps_texts_per_viewer(tables):
    row = tables.create("toy", toy_config(2), "x")
    tables.act(row.id, "p2", {"type": "secret", "n": 5}, 0)
    live = tables.get(row.id)
    assert english(live.lines("p2", 1)[0]["text"]) == "You chose the secret number 5."
    assert english(live.lines("p1", 1)[0]["text"]) == english(live.lines(None, 1)[0]["text"]) \
        == "P2 chose a secret number."
    assert [line["seq"] for line in live.lines(None)] == [1]


def test_a_restart_only_applies_the_events_and_writes_lines_when_shown(tables, tmp_path, monkeypatch):
    row = start(tables, 3)
    for seq in range(4, 9):
        tables.act(row.id, tables.get(row.id).to_act[-1].copy().pop(), {"type": "add", "n": 1 + seq % 2}, seq)
    newest = english(tables.get(row.id).lines("p2", 1)[0]["text"])
    described = []
    real = toygame.describe

    def counting(before, after, seat, action, viewer):
        described.append((seat, action["type"], viewer))
        return real(before, after, seat, action, viewer)

    monkeypatch.setattr(toygame, "describe", counting)
    again = Tables(Store(str(tmp_path / "c.sqlite3")), {"toy": toygame})
    live = again.get(row.id)
    assert live.state == tables.get(row.id).state and described == []
    lines = live.lines("p2", 2)
    assert [line["seq"] for line in lines] == [9, 8]
    assert english(lines[0]["text"]) == newest
    assert len(described) == 2 * 4  # two moves, each for its three seats and the table
    assert all(m.before is None and m.after is None for m in live.moves[-2:])


def test_only_the_last_moves_keep_a_log_line(tables, monkeypatch):
    monkeypatch.setattr(tables_module, "LOG_LINES", 3)
    row = start(tables, 3)  # three secrets and a roll
    live = tables.get(row.id)
    live.lines(None)  # written
    tables.act(row.id, "p1", {"type": "add", "n": 1}, 4)
    assert [line["seq"] for line in live.lines(None, 10)] == [5, 4, 3]
    assert all(m.before is None and m.after is None for m in live.moves)
    # nor do older moves keep their lines (the collector's full scans go through them)
    assert [m.seq for m in live.moves if m.texts] == [3, 4, 5]


def test_readers_of_the_same_line_share_it(tables):
    row = start(tables, 3)
    tables.act(row.id, "p1", {"type": "add", "n": 1}, 4)
    live = tables.get(row.id)
    move = live.moves[-1]
    texts = [live.text(move, reader) for reader in (None, "p1", "p2", "p3")]
    assert all(text == texts[0] for text in texts)  # an "add" reads the same for everyone
    assert all(text is texts[0] for text in texts)


def test_a_stale_action_is_refused_and_changes_nothing(tables):
    row = start(tables)
    tables.act(row.id, "p1", {"type": "add", "n": 1}, 3)
    before = tables.get(row.id).state
    with pytest.raises(Stale):
        tables.act(row.id, "p2", {"type": "add", "n": 2}, 3)
    assert tables.get(row.id).state == before and tables.get(row.id).seq == 4


def test_a_replayed_action_is_refused(tables):
    row = start(tables)
    tables.act(row.id, "p1", {"type": "add", "n": 1}, 3)
    with pytest.raises(Stale):
        tables.act(row.id, "p1", {"type": "add", "n": 1}, 3)
    assert len(tables.store.events(row.id)) == 4


def test_simultaneous_steps_accept_each_seat_once_in_any_order(tables):
    row = tables.create("toy", toy_config(3), "x")
    tables.act(row.id, "p3", {"type": "secret", "n": 1}, 0)
    tables.act(row.id, "p1", {"type": "secret", "n": 1}, 0)  # based on move 0: still due
    with pytest.raises(Stale):  # p3 already submitted: a replay is refused
        tables.act(row.id, "p3", {"type": "secret", "n": 5}, 0)
    tables.act(row.id, "p2", {"type": "secret", "n": 1}, 1)
    assert tables.get(row.id).seq == 3


def test_a_sealed_submission_is_never_applied_twice(tables):
    """Sealed rounds one after another (like sealed auctions): all three seats submit
    based on move 0, then the third submits again based on move 0. The next round has
    every seat due again, but that submission belongs to the round that is over."""
    row = tables.create("rounds", toy_config(3), "x")
    for seat in ("p1", "p2", "p3"):
        tables.act(row.id, seat, {"type": "submit", "n": 4}, 0)
    for seat in ("p3", "p1"):
        with pytest.raises(Stale):
            tables.act(row.id, seat, {"type": "submit", "n": 4}, 0)
    with pytest.raises(Stale):
        tables.act(row.id, "p2", {"type": "submit", "n": 4}, 1)
    live = tables.get(row.id)
    assert live.seq == 3 and live.state["round"] == 2 and live.state["submitted"] == {}
    tables.act(row.id, "p2", {"type": "submit", "n": 4}, 3)  # the new round, seen as it is
    assert live.state["submitted"] == {"p2": 4}


def test_sealed_submissions_racing_count_each_seat_once_per_round(tables):
    """Every seat presses its button many times at once, based on the round's first move."""
    row = tables.create("rounds", toy_config(3), "x")
    for start in (0, 3, 6):
        accepted = []

        def submit(seat, start=start, accepted=accepted):
            try:
                tables.act(row.id, seat, {"type": "submit", "n": start}, start)
                accepted.append(seat)
            except (Stale, IllegalAction):
                pass

        threads = [threading.Thread(target=submit, args=(seat,)) for seat in ("p1", "p2", "p3") * 8]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(accepted) == ["p1", "p2", "p3"]
    live = tables.get(row.id)
    assert live.seq == 9 and live.state["round"] == 4
    assert [sorted(h.values()) for h in live.state["history"]] == [[0] * 3, [3] * 3, [6] * 3]


def test_an_illegal_action_leaves_no_event(tables):
    row = start(tables)
    with pytest.raises(IllegalAction):
        tables.act(row.id, "p2", {"type": "add", "n": 1}, 3)
    with pytest.raises(Refused):
        tables.act(row.id, "p1", ["not", "a", "dict"], 3)
    assert len(tables.store.events(row.id)) == 3


def test_two_phones_acting_at_once_never_double_or_lose(tables):
    row = start(tables)
    outcomes = []

    def press():
        try:
            tables.act(row.id, "p1", {"type": "add", "n": 1}, 3)
            outcomes.append("ok")
        except (Stale, IllegalAction):
            outcomes.append("refused")

    threads = [threading.Thread(target=press) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert outcomes.count("ok") == 1
    assert [e.seq for e in tables.store.events(row.id)] == [1, 2, 3, 4]


def test_undo_rebuilds_the_state_and_keeps_an_audit_trail(tables):
    row = start(tables)
    after_roll = tables.get(row.id).state
    tables.act(row.id, "p1", {"type": "add", "n": 2}, 3)
    tables.act(row.id, "p2", {"type": "add", "n": 3}, 4)
    tables.undo(row.id, 2, 5)
    assert tables.get(row.id).state == after_roll and tables.get(row.id).seq == 3
    assert sorted(u["seq"] for u in tables.undone(row.id)) == [4, 5]
    assert [u["kind"] for u in tables.undone(row.id)] == ["add", "add"]
    with pytest.raises(Refused):
        tables.undo(row.id, 4, 3)
    with pytest.raises(Refused):
        tables.undo(row.id, 0, 3)


def test_undo_based_on_an_older_move_is_refused_as_stale(tables):
    """The host chose "back to before move 4" at move 4; a phone played move 5 meanwhile."""
    row = start(tables)
    tables.act(row.id, "p1", {"type": "add", "n": 2}, 3)
    tables.act(row.id, "p2", {"type": "add", "n": 3}, 4)
    with pytest.raises(Stale):
        tables.undo(row.id, 1, 4)
    assert tables.get(row.id).seq == 5 and tables.undone(row.id) == []


def test_undone_moves_of_a_simultaneous_step_keep_even_their_kind_secret(tables):
    row = start(tables)  # two secrets (made together), then the roll
    tables.undo(row.id, 3, 3)
    trail = {u["seq"]: u for u in tables.undone(row.id)}
    assert trail[1]["sealed"] and trail[1]["kind"] is None
    assert trail[2]["sealed"] and trail[2]["kind"] is None
    assert trail[3]["sealed"] is False and trail[3]["kind"] == "roll"


def test_a_move_after_a_restart_is_sealed_only_if_its_step_is(tables, tmp_path, monkeypatch):
    """A table rebuilt from a snapshot knows nothing of who was due before it; the step's
    declaration still tells that the table's roll after it is no sealed submission."""
    monkeypatch.setattr(snapshots, "EVERY", 2)
    monkeypatch.setattr(tables_module, "LOG_LINES", 1)
    row = start(tables)  # two secrets (the state after them is kept) and the roll
    again = Tables(Store(str(tmp_path / "c.sqlite3")), {"toy": toygame})
    assert again.get(row.id).first == 2
    again.undo(row.id, 1, 3)
    assert [(u["seq"], u["sealed"], u["kind"]) for u in again.undone(row.id)] == [(3, False, "roll")]


def test_several_seats_due_together_make_no_sealed_step_unless_declared(tables, monkeypatch):
    """Rounds where every seat is due at once, but whose step is not declared sealed: an
    undone move names its kind."""
    monkeypatch.setattr(rounds, "SUBMIT", replace(rounds.SUBMIT, sealed=False))
    row = tables.create("rounds", toy_config(3), "x")
    tables.act(row.id, "p1", {"type": "submit", "n": 4}, 0)
    tables.undo(row.id, 1, 1)
    assert [(u["sealed"], u["kind"]) for u in tables.undone(row.id)] == [(False, "submit")]


def test_seats_are_claimed_once_and_handed_over(tables):
    row = tables.create("toy", toy_config(2), "x")
    secret = tables.claim(row.id, "p1")
    assert tables.seat_for(row.id, secret) == "p1"
    with pytest.raises(Refused):
        tables.claim(row.id, "p1")
    with pytest.raises(Refused):
        tables.claim(row.id, "nobody")
    fresh = tables.hand_over(row.id, "p1")
    assert tables.seat_for(row.id, secret) is None
    assert tables.seat_for(row.id, fresh) == "p1"
    assert tables.taken(row.id) == {"p1"}
    tables.release(row.id, "p1")
    assert tables.taken(row.id) == set() and tables.seat_for(row.id, fresh) is None
    assert tables.seat_for(row.id, "") is None
    tables.release(row.id, "p1")
    assert tables.seat_for(row.id, fresh) is None
    with pytest.raises(Refused):
        tables.release(row.id, "nobody")


def test_a_finished_table_takes_no_moves(tables):
    row = start(tables)
    tables.set_status(row.id, "finished")
    with pytest.raises(Refused):
        tables.act(row.id, "p1", {"type": "add", "n": 1}, 3)


def test_listeners_hear_every_change(tables):
    heard = []
    tables.listeners.append(heard.append)
    row = start(tables)
    assert heard == [row.id] * 3  # two secrets and the roll
