"""The log as pages show it (companion/web/log.py): the last moves with the host's undos
and the table's notes among them, in a newest part and an earlier part."""

from companion.tables import LOG_LINES
from companion.web import log
from companion.web.moment import Line


def lines(newest: int, oldest: int) -> tuple:
    return tuple(Line(seq, "p1", at=float(seq), html=str(seq), key=seq) for seq in range(newest, oldest - 1, -1))


def told(entries: list) -> list:
    return [e.seq if isinstance(e, Line) else e["text"] for e in entries]


def test_entries_are_the_lines_and_the_undos_and_notes_since_the_oldest_line_newest_first():
    undos = [{"at": 44.5, "text": "undid 45"}, {"at": 30.5, "text": "undid 31"}, {"at": 3.5, "text": "old"}]
    entries = told(log.entries(lines(45, 16), undos))
    assert entries[:3] == [45, "undid 45", 44] and "old" not in entries
    assert entries.index("undid 31") == entries.index(31) + 1
    assert log.entries((), undos[:1]) == undos[:1]


def test_the_newest_part_holds_the_moves_of_the_latest_block_and_the_earlier_part_those_before_it():
    notes = [{"at": 42.5, "text": "a note after 42"}, {"at": 40.5, "text": "undid 41"},
             {"at": 25.5, "text": "a note after 25"}, {"at": 20.5, "text": "too old"}]
    shown, newest, earlier = log.parts(lines(43, 14), notes, "table")
    assert [line.seq for line in shown] == list(range(43, 20, -1))  # 41-43, and the 20 before them
    assert told(newest) == [43, "a note after 42", 42, 41, "undid 41"]
    assert told(earlier) == [*range(40, 25, -1), "a note after 25", *range(25, 20, -1)]
    shown, newest, earlier = log.parts(lines(43, 14), notes, "phone")
    assert [line.seq for line in shown] == list(range(43, 30, -1))
    assert told(earlier) == list(range(40, 30, -1))


def test_the_earlier_part_stays_as_it_was_until_a_block_of_moves_fills_up():
    def earlier(newest):
        return told(log.parts(lines(newest, max(newest - log.LONGEST["table"] + 1, 1)), [], "table")[2])

    assert earlier(31) == earlier(35) == earlier(40) == list(range(30, 10, -1))
    assert earlier(41) == list(range(40, 20, -1))
    assert [told(log.parts(lines(newest, 1), [], "table")[1]) for newest in (1, 10, 11)] == [
        [1], list(range(10, 0, -1)), [11]]
    assert earlier(5) == [] and log.parts((), [{"at": 1.0, "text": "a note"}], "phone")[1:] == ([{"at": 1.0, "text": "a note"}], [])


def test_no_page_shows_more_moves_than_the_table_keeps_a_line_of():
    assert max(log.LONGEST.values()) <= LOG_LINES
