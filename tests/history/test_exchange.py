"""Export and import (companion/archive/exchange.py and the CLI): an export imported into a
fresh database replays to the same scores; hostile files are refused with a clear
message and change nothing."""

import copy
import csv
import io
import json
import re

import pytest

from companion import cli
from companion.archive import exchange, history
from companion.store import Store
from tests.history.helpers import Night, dump, final_scores


@pytest.fixture
def exported(night):
    """A finished three-player game, exported."""
    row, events = night.table(["Anna", "Ben", "Cleo"], seed=7, status="finished")
    return exchange.export_table(night.store, row), row, events


def test_an_export_imported_into_a_fresh_database_replays_to_the_same_scores(exported, tmp_path):
    data, row, events = exported
    fresh = Store(str(tmp_path / "fresh.sqlite3"))
    done = exchange.import_table(fresh, json.dumps(data))
    assert done.over and done.moves == len(events)
    copy_ = fresh.table(row.id)
    assert (copy_.game, copy_.title, copy_.config, copy_.status) == (row.game, row.title, row.config, row.status)
    assert copy_.join_code != row.join_code and copy_.host_secret != row.host_secret
    assert fresh.seats(row.id) == {p["seat"]: None for p in row.config["players"]}
    assert [(e.seat, e.action) for e in fresh.events(row.id)] == events
    [game] = history.results(fresh)
    totals, winners, _ = final_scores(row.config, events)
    assert {p.seat: p.score for p in game.players} == totals == data["scores"]["totals"]
    assert [p.seat for p in game.winners] == winners


def test_the_export_holds_no_platform_secrets(exported):
    data, row, _ = exported
    text = json.dumps(data)
    assert row.host_secret not in text and row.join_code not in text
    assert set(data) == {"format", "version", "program", "id", "game", "title", "status", "created_at",
                         "config", "events", "scores"}


def test_score_texts_are_exported_in_english(exported):
    data, _, _ = exported
    for event in data["scores"]["events"]:
        assert isinstance(event["title"], str)
        assert all(isinstance(line["text"], str) for line in event["lines"])


def test_csv_has_points_by_kind_and_player_and_the_totals(exported, night):
    data, row, _ = exported
    rows = list(csv.reader(io.StringIO(exchange.export_csv(night.store, row))))
    assert rows[0] == ["rule", "kind", "Anna", "Ben", "Cleo"]
    body, total = rows[1:-1], rows[-1]
    assert total[:2] == ["", "total"]
    seats = [p["seat"] for p in row.config["players"]]
    assert [int(x) for x in total[2:]] == [data["scores"]["totals"][s] for s in seats]
    for column in range(2, 5):  # every player's kinds add up to their total
        assert sum(int(r[column]) for r in body) == int(total[column])
    assert {r[0] for r in body} == {e["rule"] for e in data["scores"]["events"]}
    assert all(r[1] and r[1] != r[0] for r in body)  # a kind in words, from the rules page


def test_csv_never_lets_a_name_run_as_a_spreadsheet_formula(night):
    row, _ = night.table(["=HYPERLINK(\"x\")", "+1", "Ben"], seed=3, moves=20)
    header = next(csv.reader(io.StringIO(exchange.export_csv(night.store, row))))
    assert header[2:] == ["'=HYPERLINK(\"x\")", "'+1", "Ben"]


def test_a_running_game_exports_and_imports_and_goes_on(night, tmp_path):
    row, events = night.table(["Anna", "Ben"], seed=5, moves=25)
    fresh = Store(str(tmp_path / "fresh.sqlite3"))
    done = exchange.import_table(fresh, json.dumps(exchange.export_table(night.store, row)))
    assert not done.over and done.row.status == "playing" and done.moves == 25


def test_importing_the_same_table_twice_is_refused(exported, tmp_path):
    data, _, _ = exported
    fresh = Store(str(tmp_path / "fresh.sqlite3"))
    exchange.import_table(fresh, json.dumps(data))
    before = dump(tmp_path / "fresh.sqlite3")
    with pytest.raises(exchange.ImportRefused, match="already holds table"):
        exchange.import_table(fresh, json.dumps(data))
    assert dump(tmp_path / "fresh.sqlite3") == before


# hostile files ---------------------------------------------------------------------

def set_(path, value):
    """A change that spoils a good export: the value at ``path`` replaced."""
    def change(doc):
        *parents, last = path
        target = doc
        for key in parents:
            target = target[key]
        target[last] = value
    return change


def illegal_move(doc):
    """The fourth move replaced by a move of the first one (a lot already taken)."""
    doc["events"][3]["action"] = copy.deepcopy(doc["events"][0]["action"])
    doc["events"][3]["seat"] = doc["events"][0]["seat"]


def drop_move(doc):
    del doc["events"][5]


def swap_moves(doc):
    events = doc["events"]
    events[4]["action"], events[5]["action"] = events[5]["action"], events[4]["action"]


HOSTILE = {
    "wrong format": (set_(["format"], "something-else"), "not a Table Companion"),
    "future version": (set_(["version"], 99), "version 99"),
    "unknown game": (set_(["game"], "chess"), "Unknown game 'chess'"),
    "path in the id": (set_(["id"], "../../etc"), "id is missing"),
    "long title": (set_(["title"], "x" * 5000), "title must be"),
    "control characters": (set_(["title"], "a\x1b[2Jb"), "control characters"),
    "bad status": (set_(["status"], "hacked"), "status must be"),
    "time as text": (set_(["created_at"], "yesterday"), "start time is not a time"),
    "time far away": (set_(["created_at"], 1e300), "start time is not a time"),
    "no players": (set_(["config", "players"], []), "no list of players"),
    "seat named table": (set_(["config", "players", 0, "seat"], "table"), "needs a seat"),
    "same seat twice": (set_(["config", "players", 1, "seat"], "s1"), "same seat"),
    "name not a text": (set_(["config", "players", 0, "name"], {"x": 1}), "name of seat s1"),
    "bad set-up": (set_(["config", "board"], "9-lot"), "set-up is not valid"),
    "events not a list": (set_(["events"], {"1": {}}), "no list of moves"),
    "move numbers skip": (drop_move, "numbered 7"),
    "move number true": (set_(["events", 0, "seq"], True), "numbered True"),
    "move by a stranger": (set_(["events", 2, "seat"], "mallory"), "'mallory', who has no seat"),
    "move without a type": (set_(["events", 2, "action"], {"lot": "grey"}), "no action with a type"),
    "move with junk": (set_(["events", 2, "action"], {"type": "bid", "cards": "all of them"}), "Move 3"),
    "move of unknown kind": (set_(["events", 2, "action"], {"type": "win_now"}), "Move 3"),
    "illegal move": (illegal_move, "Move 4 .* breaks the rules"),
    "moves in another order": (swap_moves, "breaks the rules|give the scores"),
    "scores changed": (set_(["scores", "totals", "s1"], 999), "give the scores"),
    "move time NaN": (set_(["events", 0, "at"], float("nan")), "not valid JSON|not a time"),
}


@pytest.mark.parametrize("case", HOSTILE, ids=list(HOSTILE))
def test_hostile_files_are_refused_and_change_nothing(exported, tmp_path, case):
    data, _, _ = exported
    change, message = HOSTILE[case]
    bad = copy.deepcopy(data)
    change(bad)
    path = tmp_path / "target.sqlite3"
    target = Store(str(path))
    exchange.import_table(target, json.dumps(other_export(tmp_path)))  # the database is not empty
    before = dump(path)
    with pytest.raises(exchange.ImportRefused, match=message):
        exchange.import_table(target, json.dumps(bad))
    assert dump(path) == before


def other_export(tmp_path):
    """Another table's export, to have something in the target database."""
    other = Night(tmp_path / "other.sqlite3")
    row, _ = other.table(["Dora", "Emil"], seed=11, moves=10, table_id="other")
    return exchange.export_table(other.store, row)


@pytest.mark.parametrize("text, message", [
    (b"", "not valid JSON"),
    (b"\xff\xfe not text", "not valid JSON"),
    (b"[1, 2, 3]", "not a Table Companion"),
    (b"[" * 100_000 + b"]" * 100_000, "not valid JSON"),
    (b'{"format": "table-companion-table", "version": 1, "created_at": NaN}', "not valid JSON"),
])
def test_files_that_are_not_exports_at_all_are_refused(tmp_path, text, message):
    target = Store(str(tmp_path / "t.sqlite3"))
    with pytest.raises(exchange.ImportRefused, match=message):
        exchange.import_table(target, text)
    assert target.tables() == []


def test_too_big_files_and_too_many_moves_are_refused(exported, tmp_path, monkeypatch):
    data, _, _ = exported
    target = Store(str(tmp_path / "t.sqlite3"))
    monkeypatch.setattr(exchange, "MAX_EVENTS", 10)
    with pytest.raises(exchange.ImportRefused, match="at most 10"):
        exchange.import_table(target, json.dumps(data))
    monkeypatch.setattr(exchange, "MAX_BYTES", 1000)
    with pytest.raises(exchange.ImportRefused, match="larger than"):
        exchange.import_table(target, json.dumps(data))
    assert target.tables() == []


# the command line ---------------------------------------------------------------------

def test_companion_export_writes_every_table_and_import_loads_them(night, tmp_path, capsys):
    night.table(["Anna", "Ben"], seed=1, status="finished")
    night.table(["Cleo", "Ben"], seed=2, moves=12)
    folder = tmp_path / "out"
    cli.main(["export", "--db", night.store.path, str(folder)])
    files = sorted(p.name for p in folder.iterdir())
    assert len(files) == 4 and sum(f.endswith(".json") for f in files) == 2
    assert all(f.startswith("2024-12-") for f in files)  # named by the day the table was started
    fresh = tmp_path / "fresh.sqlite3"
    code = cli.main(["import", "--db", str(fresh), *map(str, sorted(folder.glob("*.json")))])
    printed = capsys.readouterr().out
    assert code == 0 and printed.count("imported") == 2
    assert sorted(r.id for r in Store(str(fresh)).tables()) == ["t1", "t2"]


def test_companion_import_refuses_a_bad_file_and_loads_the_good_one(exported, tmp_path, capsys):
    data, _, _ = exported
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(data))
    spoiled = copy.deepcopy(data)
    illegal_move(spoiled)
    bad.write_text(json.dumps(spoiled))
    target = tmp_path / "t.sqlite3"
    code = cli.main(["import", "--db", str(target), str(bad), str(good), str(tmp_path / "missing.json")])
    printed = capsys.readouterr().out
    assert code == 1
    assert f"{bad}: refused: Move 4" in printed
    assert f"{good}: imported" in printed
    assert "missing.json: refused: cannot read it" in printed
    assert [r.id for r in Store(str(target)).tables()] == [data["id"]]


def test_companion_export_of_one_table(night, tmp_path, capsys):
    night.table(["Anna", "Ben"], seed=1, moves=3)
    night.table(["Cleo", "Ben"], seed=2, moves=3)
    cli.main(["export", "--db", night.store.path, "--table", "t2", str(tmp_path / "out")])
    assert [p.suffix for p in sorted((tmp_path / "out").iterdir())] == [".csv", ".json"]
    with pytest.raises(SystemExit, match="no table nope"):
        cli.main(["export", "--db", night.store.path, "--table", "nope", str(tmp_path / "out")])


# what the set-up wizard refuses, an import refuses ----------------------------------------

NOT_FROM_THE_WIZARD = {
    "15 MB key of its own": (set_(["config", "notes"], "x" * 15_000_000), "wizard writes no 'notes'"),
    "key in a player": (set_(["config", "players", 0, "secret"], "x"), "writes no 'secret'"),
    "key in a set-up shop": (set_(["config", "initial_shops", "34w", "junk"], [0] * 1000), "writes no 'junk'"),
    "long text in a known key": (set_(["config", "display", 0], "x" * 1_000_000), "text of at most 64"),
    "right-to-left override": (set_(["config", "players", 0, "name"], "Anna\u202e"), "direction of the text"),
    "lookalike names": (set_(["config", "players", 1, "name"], "\u0410nna"), "looks the same as player 1"),
    "100 characters": (set_(["config", "players", 0, "name"], "A" * 100), "has 100 characters"),
    "invisible character": (set_(["config", "players", 0, "name"], "An\u200bna"), "not as the wizard keeps it"),
    "title with an override": (set_(["title"], "Friday\u202e"), "direction of the text"),
    "title of 100 characters": (set_(["title"], "F" * 100), "1 to 60 characters"),
}


@pytest.mark.parametrize("case", NOT_FROM_THE_WIZARD, ids=list(NOT_FROM_THE_WIZARD))
def test_what_the_wizard_would_not_write_is_refused_and_stores_nothing(exported, tmp_path, case, capsys):
    data, _, _ = exported
    change, message = NOT_FROM_THE_WIZARD[case]
    bad = copy.deepcopy(data)
    change(bad)
    path = tmp_path / "target.sqlite3"
    exchange.import_table(Store(str(path)), json.dumps(other_export(tmp_path)))
    before = dump(path)
    with pytest.raises(exchange.ImportRefused, match=message):
        exchange.import_table(Store(str(path)), json.dumps(bad))
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(bad))
    assert cli.main(["import", "--db", str(path), str(file)]) == 1
    assert re.search(f"bad.json: refused: .*{message}", capsys.readouterr().out)
    assert dump(path) == before


def wizard_tables():
    """A table of every game as its wizard makes it: (game, form)."""
    from tests.web.conftest import fa_form
    from tests.web.manhattan import mh_form
    from tests.web.new_york import ny_config, ny_form
    from tests.web.palazzo_setup import pz_form
    from tests.web.test_random_games import six_lot

    return [("fifth_avenue", fa_form()), ("fifth_avenue", six_lot(fa_form(names=("Anna", "Ben"), board="6-lot"))),
            ("palazzo", pz_form(draws="server")), ("manhattan", mh_form()),
            ("manhattan", mh_form(names=("Anna", "Bruno"))),
            ("new_york", ny_form(type_name_museum="Pinacoteca", type_name_park="Giardino")),
            ("new_york", ny_form(ny_config(players=2)))]


@pytest.mark.parametrize("game, form", wizard_tables(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_table_a_wizard_makes_is_imported(tmp_path, game, form):
    from companion.web import create_app
    from tests.web.conftest import PUBLIC, _created

    app = create_app({"DATABASE": str(tmp_path / "c.sqlite3"), "PUBLIC_URL": PUBLIC, "TESTING": True})
    client = app.test_client()
    table_id = _created(client.post(f"/new/{game}", data=form))
    exported_ = client.get(f"/t/{table_id}/export.json")  # this browser is the host
    assert exported_.status_code == 200
    done = exchange.import_table(Store(str(tmp_path / "fresh.sqlite3")), exported_.get_data())
    assert done.row.config == json.loads(exported_.get_data())["config"]
