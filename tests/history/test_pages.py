"""The history, statistics, roster, replay and export pages, the browser clock and
the Wi-Fi code (companion/web/history.py, companion/web/wifi.py), with the Flask
test client over a real SQLite file."""

import csv
import html
import io
import json
import re

import pytest

from companion.archive import exchange, history
from companion.engines import common
from companion.engines.text import english
from companion.network import wifi_qr_text
from companion.store import Store
from companion.web import create_app, qr
from tests.history.helpers import ENGINE, Night, final_scores
from tests.web.conftest import PUBLIC, create_table
from tests.web.test_check import MAKERS, play


@pytest.fixture
def night(tmp_path):
    return Night(tmp_path / "c.sqlite3")


@pytest.fixture
def app(night):
    return create_app({"DATABASE": night.store.path, "PUBLIC_URL": PUBLIC, "TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()


def host_of(client, table_id):
    """This browser holds the host link of ``table_id`` (Night's host secrets are host<seed>)."""
    client.set_cookie(f"host_{table_id}", f"host{table_id[1:]}")
    return client


def text(response) -> str:
    return response.get_data(as_text=True)


# the history of finished games ------------------------------------------------------------

def test_history_lists_finished_games_with_players_scores_and_winner(night, client):
    row, events = night.table(["Anna", "Ben", "Cleo"], seed=1)
    night.table(["Dora", "Emil"], seed=2, moves=20)  # still playing: not history
    page = text(client.get("/history"))
    totals, winners, _ = final_scores(row.config, events)
    [line] = re.findall(r'<tr data-table="(\w+)">(.*?)</tr>', page, re.S)
    assert line[0] == "t1"
    names = {p["seat"]: p["name"] for p in row.config["players"]}
    for seat, name in names.items():
        assert re.search(rf">{name}</a> <span class=\"pts\">{totals[seat]}</span>", line[1])
    assert re.search(r'class="winner">([^<]*)<', line[1])[1] == ", ".join(names[w] for w in winners)
    assert "2024-12-" in line[1] and "Fifth Avenue" in line[1]
    assert "Dora" not in page


def test_history_filters_by_game_and_player(night, client):
    night.table(["Anna", "Ben"], seed=1)
    night.table(["Cleo", "Ben"], seed=2)
    tables = lambda url: re.findall(r'<tr data-table="(\w+)">', text(client.get(url)))  # noqa: E731
    assert tables("/history") == ["t2", "t1"]
    assert tables("/history?player=anna") == ["t1"]
    assert tables("/history?player=ben&game=fifth_avenue") == ["t2", "t1"]
    assert tables("/history?game=palazzo") == []
    assert client.get("/history?game=chess").status_code == 404
    assert client.get("/history?player=nobody").status_code == 404
    assert client.get("/history?player=" + "x" * 5000).status_code == 404


def test_statistics_show_each_persons_record_with_charts(night, client):
    played = [night.table(names, seed=seed) for seed, names in enumerate([["Anna", "Ben"], ["anna", "Ben"]], 1)]
    page = text(client.get("/history/stats?game=fifth_avenue"))
    records = history.records(history.results(night.store))["fifth_avenue"]
    for key in ("anna", "ben"):
        row = re.search(rf'<tr data-person="{key}">(.*?)</tr>', page, re.S)[1]
        cells = re.findall(r"<td>(?:<a[^>]*>)?([^<]*)", row)
        record = records[key]
        assert cells[1:] == [str(record.plays), str(record.wins), f"{record.average:.1f}", str(record.best)]
    assert page.count('<svg viewBox') == 2 and 'role="img"' in page
    assert len(played) == records["anna"].plays == 2
    assert "<title" in page and "Wins in Fifth Avenue" in page


def test_a_players_page_has_their_record_and_a_chart_of_their_scores(night, client):
    night.table(["Anna", "Ben"], seed=1)
    night.table(["Anna", "Ben"], seed=2)
    page = text(client.get("/history/players/anna"))
    assert "<h1>Anna</h1>" in page and "polyline" in page
    assert page.count('<tr data-table=') == 2
    assert client.get("/history/players/nobody").status_code == 404


# the roster --------------------------------------------------------------------------------

def test_a_host_merges_two_spellings_and_separates_them(night, client):
    night.table(["Anna", "Ben"], seed=1)
    night.table(["Anna B.", "Ben"], seed=2)
    assert "is the same person as" not in text(client.get("/history/players"))
    assert client.post("/history/players/merge", data={"name": "anna b.", "into": "anna"}).status_code == 403
    host_of(client, "t1")
    assert "is the same person as" in text(client.get("/history/players"))
    response = client.post("/history/players/merge", data={"name": "anna b.", "into": "anna"})
    assert response.status_code == 302
    page = text(client.get("/history/players"))
    assert re.findall(r'<tr data-person="([^"]+)">', page) == ["anna", "ben"]
    assert "Anna B. (1)" in page and "Separate" in page
    assert re.findall(r'<tr data-table="(\w+)">', text(client.get("/history?player=anna"))) == ["t2", "t1"]
    assert client.post("/history/players/split", data={"name": "anna b."}).status_code == 302
    assert re.findall(r'<tr data-person="([^"]+)">', text(client.get("/history/players"))) == ["anna", "anna b.", "ben"]


@pytest.mark.parametrize("form", [
    {"name": "anna", "into": "anna"}, {"name": "anna", "into": "zed"}, {"name": "", "into": ""}, {},
])
def test_bad_merges_are_refused_and_change_nothing(night, client, form):
    night.table(["Anna", "Ben"], seed=1)
    host_of(client, "t1")
    assert client.post("/history/players/merge", data=form).status_code == 400
    assert client.post("/history/players/split", data={"name": "ben"}).status_code == 400
    assert night.store.aliases() == {}


def test_a_wrong_host_cookie_gives_no_rights(night, client):
    night.table(["Anna", "Ben"], seed=1)
    client.set_cookie("host_t1", "guess")
    client.set_cookie("host_nope", "guess")
    assert client.post("/history/players/merge", data={"name": "anna", "into": "ben"}).status_code == 403


# replay ------------------------------------------------------------------------------------

def test_replay_shows_each_moves_line_and_scores(night, client):
    row, events = night.table(["Anna", "Ben", "Cleo"], seed=4)
    last = len(events)
    for move in (0, 1, last // 2, last):
        page = text(client.get(f"/t/t4/replay?move={move}"))
        assert f"Move {move} of {last}" in page
        totals, _, _ = final_scores(row.config, events[:move])
        shown = dict(re.findall(r'<li data-seat="(\w+)"[^>]*><span class="name">[^<]*</span> <span class="score">(\d+)', page))
        assert {s: int(v) for s, v in shown.items()} == totals
        assert 'class="fa-map"' in page and "Scores over the game" in page
    ninth = list(common.replay(ENGINE, ENGINE.setup(row.config), common.moves(events[:9])))[-1]
    expected = english(ENGINE.describe(ninth.before, ninth.after, *events[8], None))
    shown = re.search(r'<li value="9" class="current">([^<]*)</li>', text(client.get("/t/t4/replay?move=9")))[1]
    assert html.unescape(shown) == expected


def test_replay_keeps_within_the_game_and_refuses_junk(night, client):
    _, events = night.table(["Anna", "Ben"], seed=1, moves=12)
    assert "Move 12 of 12" in text(client.get("/t/t1/replay?move=999"))
    assert "Move 0 of 12" in text(client.get("/t/t1/replay?move=-5"))
    assert client.get("/t/t1/replay?move=two").status_code == 400
    assert client.get("/t/nope/replay").status_code == 404


def lines(text: str) -> list[str]:
    """HTML's lines as shown: live pages write a character beyond Latin-1 as a reference."""
    return [line.strip() for line in html.unescape(text).splitlines() if line.strip()]


def test_replay_of_a_running_game_shows_the_table_screens_board(night, client, app):
    night.table(["Anna", "Ben"], seed=1, moves=40)
    board = re.compile(r'<svg class="fa-(?:frame|part).*?</svg>', re.S)  # its pictures, not the live parts' wrappers
    replayed = board.findall(text(client.get("/t/t1/replay?move=40")))
    screen = board.findall(text(client.get("/t/t1")))
    assert len(screen) == 11 and lines("".join(replayed)) == lines("".join(screen))  # live pages drop the indentation


@pytest.mark.parametrize("game", list(MAKERS))
def test_a_replay_loads_the_style_sheets_of_its_games_table_screen(app, client, game):
    """Palazzo's and New York's boards are drawn by their own style sheets."""
    table_id = MAKERS[game](client)
    play(app, table_id, 5)
    sheets = re.compile(r'<link rel="stylesheet" href="([^"?]+)')
    screen = sheets.findall(text(client.get(f"/t/{table_id}")))
    replay = sheets.findall(text(client.get(f"/t/{table_id}/replay?move=5")))
    assert set(screen) <= set(replay), set(screen) - set(replay)


def test_replay_follows_a_game_that_moved_on(night, client):
    _, events = night.table(["Anna", "Ben"], seed=1, moves=10)
    assert "Move 10 of 10" in text(client.get("/t/t1/replay?move=10"))
    seat, action = final_events(night, 1)[10]
    night.store.append("t1", 11, seat, action)
    assert "Move 11 of 11" in text(client.get("/t/t1/replay?move=11"))


def final_events(night, seed):
    """The whole random game ``seed`` would be (Night's tables are cut from it)."""
    other = Night(night.store.path + ".other")
    _, events = other.table(["Anna", "Ben"], seed=seed)
    return events


# exports -----------------------------------------------------------------------------------

def test_export_csv_is_for_everyone(night, client):
    night.table(["Anna", "Ben"], seed=1, moves=30)
    response = client.get("/t/t1/export.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"].startswith('attachment; filename="2024-12-')
    assert next(csv.reader(io.StringIO(text(response))))[:4] == ["rule", "kind", "Anna", "Ben"]


def test_export_json_of_a_running_game_is_for_the_host_only(night, client):
    night.table(["Anna", "Ben"], seed=1, moves=30)
    assert client.get("/t/t1/export.json").status_code == 403
    response = host_of(client, "t1").get("/t/t1/export.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert len(json.loads(text(response))["events"]) == 30


def test_export_json_of_a_finished_game_imports_elsewhere(night, client, tmp_path):
    row, events = night.table(["Anna", "Ben"], seed=2)
    response = client.get("/t/t2/export.json")
    assert response.status_code == 200
    other = Store(str(tmp_path / "other.sqlite3"))
    done = exchange.import_table(other, response.get_data())
    assert done.over and [(e.seat, e.action) for e in other.events("t2")] == events
    assert client.get("/t/nope/export.json").status_code == 404


# links from the existing pages ----------------------------------------------------------------

def test_pages_link_to_history_replay_and_exports(app, client):
    assert 'href="/history"' in text(client.get("/"))
    table_id = create_table(client)
    assert f'href="/t/{table_id}/replay"' in text(client.get(f"/t/{table_id}"))
    host_page = text(client.get(f"/t/{table_id}/host"))
    assert f"/t/{table_id}/export.json" in host_page and f"/t/{table_id}/export.csv" in host_page
    assert "/clock" in text(client.get("/"))


# the browser's clock ------------------------------------------------------------------------

@pytest.fixture
def clock(app):
    """The app's clock, on a machine whose clock is wrong and not synchronised."""
    found = app.extensions["companion"]["clock"]
    found.synchronised = lambda: False
    return found


def test_tables_are_dated_by_the_hosts_browser_when_the_server_has_no_clock(app, client, clock):
    browser_ms = 1_893_456_000_000  # 2030-01-01
    assert client.post("/clock", data={"ms": browser_ms, "utc_offset": 60}).status_code == 204
    table_id = create_table(client)
    row = app.extensions["companion"]["tables"].store.table(table_id)
    assert abs(row.created_at - browser_ms / 1000) < 60
    assert clock.utc_offset == 60


def test_only_a_host_moves_the_clock_once_it_is_set(app, client, clock):
    client.post("/clock", data={"ms": 1_893_456_000_000})
    table_id = create_table(client)  # this browser is now a host
    phone = app.test_client()
    phone.post("/clock", data={"ms": 1_000_000_000_000})  # a phone with a clock in 2001
    assert abs(clock.now() - 1_893_456_000) < 120
    client.post("/clock", data={"ms": 1_900_000_000_000})
    assert abs(clock.now() - 1_900_000_000) < 120
    assert table_id


@pytest.mark.parametrize("form", [{}, {"ms": "soon"}, {"ms": "nan"}, {"ms": "-5"}, {"ms": "1e300"},
                                  {"ms": "1893456000000", "utc_offset": "east"}])
def test_junk_clocks_are_ignored(client, clock, form):
    assert client.post("/clock", data=form).status_code == 204
    assert clock.offset == 0.0 and clock.utc_offset is None


def test_a_synchronised_server_keeps_its_own_clock(app, client):
    found = app.extensions["companion"]["clock"]
    found.synchronised = lambda: True
    client.post("/clock", data={"ms": 1_893_456_000_000})
    assert found.offset == 0.0


# the Wi-Fi code on the table screen -------------------------------------------------------------

def test_the_table_screen_shows_the_wifi_to_join_when_configured(night, tmp_path):
    app = create_app({"DATABASE": night.store.path, "PUBLIC_URL": PUBLIC, "TESTING": True,
                      "WIFI_SSID": "Game; Night", "WIFI_PASSWORD": "p4ss:word"})
    client = app.test_client()
    table_id = create_table(client)
    page = text(client.get(f"/t/{table_id}"))
    assert str(qr.svg(wifi_qr_text("Game; Night", "p4ss:word"))) in page
    assert '<dd class="ssid">Game; Night</dd>' in page and '<dd class="password">p4ss:word</dd>' in page


def test_no_wifi_code_without_a_network_configured(client, monkeypatch):
    monkeypatch.delenv("COMPANION_WIFI_SSID", raising=False)
    table_id = create_table(client)
    assert 'class="wifi"' not in text(client.get(f"/t/{table_id}"))


def test_a_game_that_ends_here_is_in_the_history_without_a_replay(app, night, monkeypatch):
    row, events = night.table(["Anna", "Ben"], seed=1, moves=0)
    _, whole = Night(night.store.path + ".other").table(["Anna", "Ben"], seed=1)
    tables = app.extensions["companion"]["tables"]
    for seq, (seat, action) in enumerate(whole[:-1]):
        tables.act("t1", seat, action, seq)
    assert night.store.results().get("t1", (0,))[0] != len(whole)  # not over yet: nothing kept
    tables.act("t1", *whole[-1], len(whole) - 1)
    monkeypatch.setattr(history, "table_state", lambda *a: pytest.fail("the result was replayed"))
    [game] = history.results(night.store)
    totals, winners, _ = final_scores(row.config, whole)
    assert game.over and {p.seat: p.score for p in game.players} == totals
    assert [p.seat for p in game.winners] == winners


@pytest.mark.parametrize("page", ["/history", "/history/stats", "/history/players", "/history/players/anna"])
def test_the_lists_do_not_read_whole_set_ups(night, client, monkeypatch, page):
    """A set-up can be large (an import once took keys of any size): the lists show
    each table from its own columns and its kept result, and never read its set-up."""
    night.table(["Anna", "Ben"], seed=1)
    night.table(["Cleo", "Anna"], seed=2, status="finished")
    assert client.get(page).status_code == 200  # results worked out once, and kept
    night.store.db().execute("UPDATE tables SET config = json_set(config, '$.notes', ?)",
                             ("x" * 1_000_000,))
    read, loads = [], json.loads
    monkeypatch.setattr(json, "loads", lambda text, *a, **k: read.append(len(text)) or loads(text, *a, **k))
    response = client.get(page)
    assert response.status_code == 200 and "Anna" in response.get_data(as_text=True)
    assert max(read, default=0) < 10_000
