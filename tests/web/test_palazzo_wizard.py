"""Palazzo's set-up wizard: the page, a good set-up, every bad field refused with its
reason and nothing created, the five tiles drawn by the server, and the group's profile."""

import re

import pytest

from tests.web.palazzo_setup import pz_form


def tables_of(app) -> list:
    return app.extensions["companion"]["tables"].listing()


def test_the_wizard_asks_for_players_tiles_and_options(client):
    html = client.get("/new/palazzo").get_data(as_text=True)
    assert "New table: Palazzo" in html
    for field in ("name_4", "colour_4", "supply", "quarry_0", "quarry_3", "bidding", "hands", "draws", "profile_name"):
        assert f'name="{field}"' in html, field
    assert '<option value="m5w3">marble 5 (3 windows)</option>' in html
    assert 'value="knight"' not in html  # knights are never dealt at setup
    assert "css/palazzo.css" in html and "js/palazzo.js" in html


def test_a_good_set_up_makes_a_table_seated_clockwise_from_the_start_player(app, client):
    response = client.post("/new/palazzo", data=pz_form(start="p2", bidding="sealed", hands="private", draws="server"))
    assert response.status_code == 302
    config = tables_of(app)[0].config
    assert [(p["seat"], p["name"], p["colour"]) for p in config["players"]] == [
        ("p2", "Ben", "blue"), ("p3", "Cleo", "green"), ("p1", "Anna", "red")]
    assert config["tiles"] == {"supply": "b1w1", "quarries": ["s1w1", "m2w2", "b2w3", "s4w1"]}
    assert (config["bidding"], config["hands"], config["draws"]) == ("sealed", "private", "server")
    assert tables_of(app)[0].title == "Friday"


@pytest.mark.parametrize("change, says", [
    ({"name_2": "", "name_3": ""}, "2 to 4 players"),
    ({"colour_2": "red"}, "Two players have the colour red"),
    ({"colour_1": "mauve"}, "colour 1"),
    ({"start": "p4"}, "start player"),
    ({"quarry_2": "knight"}, "quarry 2"),
    ({"supply": ""}, "material supply"),
    ({"supply": "s1w1"}, "more often than it exists"),  # s1w1 lies on quarry 0 too, and exists once
    ({"bidding": "whispered"}, "bidding"),
    ({"hands": "shown"}, "hands"),
    ({"draws": "dice"}, "draws"),
    ({"name_2": "ANNA"}, "looks the same"),
    ({"name_2": "\u202eBen"}, "direction"),
])
def test_a_bad_set_up_is_refused_with_its_reason_and_creates_nothing(app, client, change, says):
    response = client.post("/new/palazzo", data=pz_form() | change)
    html = response.get_data(as_text=True)
    assert response.status_code == 400, html[:500]
    error = re.search(r'<div class="message refused" role="alert">(.*?)</div>', html, re.S)[1]
    assert says in error.replace("&#39;", "'"), error
    assert tables_of(app) == []
    assert 'value="Friday"' in html  # what was typed stays in the form


def test_a_tile_dealt_twice_cites_the_component_rule(client):
    html = client.post("/new/palazzo", data=pz_form(quarry_1="s1w1")).get_data(as_text=True)
    assert "(PZ-C-1)" in html


def test_the_server_draws_the_five_set_up_tiles_for_the_host_to_lay_out(client):
    html = client.get("/new/palazzo?draw=1").get_data(as_text=True)
    chosen = re.findall(r'<select name="(supply|quarry_\d)".*?<option value="(\w+)" selected>', html, re.S)
    assert [name for name, _tile in chosen] == ["supply", "quarry_0", "quarry_1", "quarry_2", "quarry_3"]
    assert all(re.fullmatch(r"[bsm][1-5]w[1-3]", tile) for _name, tile in chosen)


def test_the_group_is_saved_as_a_profile_and_loads_again(app, client):
    form = pz_form(names=("Dora", "Emil"), start="p2", bidding="sealed", draws="server", profile_name="Friday group")
    assert client.post("/new/palazzo", data=form).status_code == 302
    html = client.get("/new/palazzo").get_data(as_text=True)
    assert "<option>Friday group</option>" in html
    loaded = client.get("/new/palazzo?profile=Friday+group").get_data(as_text=True)
    assert 'name="name_1" aria-label="Player 1 name" placeholder="Player 1" value="Dora"' in loaded
    assert re.search(r'name="start" value="p2" checked', loaded)
    assert re.search(r'name="bidding" value="sealed" checked', loaded)
    assert re.search(r'name="draws" value="server" checked', loaded)
    assert 'value="blue" selected' in loaded  # Emil's colour
    drawn = client.get("/new/palazzo?profile=Friday+group&draw=1").get_data(as_text=True)
    assert 'value="Dora"' in drawn and re.search(r'<select name="supply".*?selected>', drawn, re.S)


def test_an_unknown_profile_loads_an_empty_form(client):
    html = client.get("/new/palazzo?profile=nobody").get_data(as_text=True)
    assert 'name="name_1" aria-label="Player 1 name" placeholder="Player 1" value=""' in html
