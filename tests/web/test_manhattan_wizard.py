"""Manhattan's set-up wizard: players with their sides and colours, the start player (named
or drawn), the box's pieces per height saved as a box profile, private hands; every bad
set-up is refused with its reason and creates nothing."""

import re

import pytest

from tests.web.manhattan import create_mh, live, mh_form


def tables_of(app) -> list:
    return app.extensions["companion"]["tables"].listing()


def test_the_home_page_offers_manhattan(client):
    assert 'href="/new/manhattan"' in client.get("/").get_data(as_text=True)


def test_the_wizard_asks_for_sides_colours_start_pieces_and_hands(client):
    html = client.get("/new/manhattan").get_data(as_text=True)
    assert 'name="name_4"' in html and 'name="side_1"' in html and 'name="colour2_2"' in html
    for h in (1, 2, 3, 4):
        assert f'name="pieces_{h}"' in html and re.search(rf'name="pieces_{h}"[^>]*value="6"', html)
    assert 'value="private"' in html and 'name="draw_start"' in html
    assert '<option value="light_blue" selected>light blue</option>' in html  # the second row's colour
    assert "css/manhattan.css" in html


def test_a_three_player_table_is_set_up_as_typed(app, client):
    table_id = create_mh(client, start="p2", pieces=(8, 6, 6, 4), hands="private")
    config = live(app, table_id).row.config
    assert config["players"] == [
        {"seat": "p1", "name": "Anna", "side": "S", "colours": ["black"]},
        {"seat": "p2", "name": "Bruno", "side": "W", "colours": ["light_blue"]},
        {"seat": "p3", "name": "Carla", "side": "N", "colours": ["red"]}]
    assert config["start"] == "p2" and config["hands"] == "private"
    assert config["pieces"] == {"1": 8, "2": 6, "3": 6, "4": 4}
    assert live(app, table_id).row.title == "Friday"


def test_two_players_each_build_with_two_colours(app, client):
    table_id = create_mh(client, names=("Anna", "Bruno"), sides=("S", "N"))
    players = live(app, table_id).row.config["players"]
    assert [p["colours"] for p in players] == [["black", "red"], ["light_blue", "green"]]


def test_unused_rows_may_sit_anywhere_in_the_list(app, client):
    form = mh_form(names=("Anna", "Bruno", "Carla")) | {"name_2": "", "name_4": "Dieter", "side_4": "E",
                                                        "colour_4": "green"}
    response = client.post("/new/manhattan", data=form)
    assert response.status_code == 302
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    assert [p["seat"] for p in live(app, table_id).row.config["players"]] == ["p1", "p3", "p4"]


def test_the_box_counts_are_saved_as_a_profile_and_load_again(app, client):
    create_mh(client, pieces=(9, 7, 5, 3), profile_name="Our box")
    assert app.extensions["companion"]["tables"].profiles("manhattan") == {"Our box": {"pieces": {"1": 9, "2": 7, "3": 5, "4": 3}}}
    html = client.get("/new/manhattan?profile=Our+box").get_data(as_text=True)
    for h, n in zip((1, 2, 3, 4), (9, 7, 5, 3)):
        assert re.search(rf'name="pieces_{h}"[^>]*value="{n}"', html), h
    assert "<option selected>Our box</option>" in html


def test_the_box_counts_are_enforced(app, client):
    table_id = create_mh(client, pieces=(24, 0, 0, 0))
    table = live(app, table_id)
    (seat,) = table.engine.to_act(table.state)
    assert [a["heights"] for a in table.engine.legal(table.state, seat)["actions"]] == [[1, 1, 1, 1]]


def test_the_wizard_draws_a_start_player_among_the_names_typed(client):
    form = mh_form(names=("Anna", "Bruno")) | {"draw_start": "1", "name_3": "", "start": "p1"}
    starts = set()
    for _ in range(30):
        html = client.get("/new/manhattan", query_string=form).get_data(as_text=True)
        start = re.search(r'name="start" value="(p\d)" checked', html)[1]
        name = {"p1": "Anna", "p2": "Bruno"}[start]
        assert f"The app drew {name} to start" in html
        assert 'value="Anna"' in html and 'value="Bruno"' in html  # what was typed stays
        starts.add(start)
        if starts == {"p1", "p2"}:
            break
    assert starts == {"p1", "p2"}


@pytest.mark.parametrize("change,status,says", [
    ({"name_2": "", "name_3": ""}, 400, "two to four players"),
    ({"side_2": "S"}, 400, "MH-S-1"),
    ({"side_2": "up"}, 400, "side 2"),
    ({"colour_3": "black"}, 400, "MH-C-3"),
    ({"colour_2": "pink"}, 400, "colour 2"),
    ({"pieces_1": "7"}, 400, "add up to 25"),
    ({"pieces_2": "many"}, 400, "from 0 to 24"),
    ({"pieces_4": "-1"}, 400, "from 0 to 24"),
    ({"start": "p4"}, 400, "start player"),
    ({"hands": "open"}, 400, "hands"),
    ({"name_2": "Anna"}, 400, "Anna"),
    ({"name_2": "Bru\u202eno"}, 400, "Player 2"),
])
def test_a_bad_set_up_is_refused_with_its_reason_and_creates_nothing(app, client, change, status, says):
    response = client.post("/new/manhattan", data=mh_form() | change)
    html = response.get_data(as_text=True)
    assert response.status_code == status, html[:1500]
    assert says in html and 'class="message refused"' in html
    assert 'value="Anna"' in html  # the wizard comes back as it was filled in
    assert tables_of(app) == []


def test_two_players_need_their_second_colours(app, client):
    form = mh_form(names=("Anna", "Bruno")) | {"colour2_1": "light_blue"}
    response = client.post("/new/manhattan", data=form)
    assert response.status_code == 400 and "MH-C-3" in response.get_data(as_text=True)
    assert tables_of(app) == []
