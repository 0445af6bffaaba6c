from companion.web import create_app
from tests.web.conftest import PUBLIC, create_table, create_toy, fa_form, toy_form


def test_home_lists_games_and_tables(client):
    html = client.get("/").get_data(as_text=True)
    assert "Fifth Avenue" in html and "/new/fifth_avenue" in html
    assert "/new/toy" not in html  # registered for tests, offered to nobody
    table_id = create_toy(client)
    html = client.get("/").get_data(as_text=True)
    assert f"/t/{table_id}" in html and "Friday" in html


def test_a_test_game_is_unknown_to_an_app_that_did_not_register_it(tmp_path):
    plain = create_app({"DATABASE": str(tmp_path / "p.sqlite3"), "PUBLIC_URL": PUBLIC, "TESTING": True})
    assert plain.test_client().get("/new/toy").status_code == 404
    assert plain.test_client().post("/new/toy", data=toy_form()).status_code == 404


def test_creating_a_table_makes_its_creator_host(app, client):
    assert client.get("/new/toy").status_code == 200
    table_id = create_toy(client)
    assert client.get_cookie(f"host_{table_id}") is not None
    assert app.test_client().get_cookie(f"host_{table_id}") is None
    live = app.extensions["companion"]["tables"].get(table_id)
    assert [p["name"] for p in live.row.config["players"]] == ["Anna", "Ben", "Cleo"]
    assert live.row.title == "Friday"


def test_a_bad_setup_is_shown_again_with_the_reason(app, client):
    response = client.post("/new/toy", data=toy_form(names=("Anna",)))
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "two to four players" in html
    assert 'value="Anna"' in html  # what the host typed is kept
    assert app.extensions["companion"]["tables"].listing() == []


def test_fifth_avenue_wizard_creates_a_table(app, client):
    assert client.get("/new/fifth_avenue").status_code == 200
    table_id = create_table(client)
    assert client.get_cookie(f"host_{table_id}") is not None
    live = app.extensions["companion"]["tables"].get(table_id)
    assert [p["name"] for p in live.row.config["players"]] == ["Anna", "Ben", "Cleo"]
    assert live.row.config["display"][0] == "perfumery"


def test_start_player_reorders_players_clockwise(app, client):
    table_id = create_table(client, start="p2")
    config = app.extensions["companion"]["tables"].get(table_id).row.config
    assert [p["name"] for p in config["players"]] == ["Ben", "Cleo", "Anna"]


def test_a_bad_setup_says_what_is_wrong_and_creates_nothing(app, client):
    form = fa_form()
    del form["display_7"]
    response = client.post("/new/fifth_avenue", data=form)
    assert response.status_code == 400
    assert "Display space 7: nothing chosen yet." in response.get_data(as_text=True)
    form = fa_form(start_lot_34e="orange", start_lot_42w="orange")  # three start shops on orange lots
    response = client.post("/new/fifth_avenue", data=form)
    assert response.status_code == 400 and "FA-S-1" in response.get_data(as_text=True)
    assert app.extensions["companion"]["tables"].store.tables() == []


def test_duplicate_player_colours_are_refused(client):
    response = client.post("/new/fifth_avenue", data=fa_form(color_2="red"))
    assert response.status_code == 400 and "FA-C-6" in response.get_data(as_text=True)


def test_a_board_profile_is_saved_and_loads_into_the_wizard(app, client):
    form = fa_form(profile_name="our box", ring_ts_0="violet", ring_ts_4="orange")
    assert client.post("/new/fifth_avenue", data=form).status_code == 302
    assert app.extensions["companion"]["tables"].store.profiles("fifth_avenue")["our box"]["rings"]["ts"][0] == "violet"
    html = client.get("/new/fifth_avenue?profile=our+box").get_data(as_text=True)
    assert '<option value="violet" selected>' in html.split('name="ring_ts_0"')[1].split("</select>")[0]


def test_unknown_game_is_a_404(client):
    assert client.get("/new/chess").status_code == 404


def test_the_server_can_draw_the_shops_for_the_host(client):
    html = client.get("/new/fifth_avenue?board=5-lot&draw=1").get_data(as_text=True)
    chosen = lambda name: html.split(f'name="{name}"')[1].split("</select>")[0].count(" selected>")  # noqa: E731
    assert all(chosen(f"display_{i}") == 1 for i in range(1, 21))
    assert all(chosen(f"start_shop_{q}") == 1 and chosen(f"start_lot_{q}") == 1
               for q in ("34w", "34e", "42w", "ts", "42e", "52w", "52e"))
    six = client.get("/new/fifth_avenue?board=6-lot&draw=1").get_data(as_text=True)
    assert six.split('name="start_lot_ts"')[1].split("</select>")[0].count('value="dashed" selected') == 1
    plain = client.get("/new/fifth_avenue").get_data(as_text=True)
    assert plain.split('name="display_1"')[1].split("</select>")[0].count(" selected>") == 0


def test_home_lists_only_the_tables_this_browser_hosts(app, client):
    mine = create_table(client)
    other_host = app.test_client()
    theirs = create_table(other_host, title="Saturday")
    html = client.get("/").get_data(as_text=True)
    assert f"/t/{mine}" in html and f"/t/{theirs}" not in html and "Saturday" not in html
    stranger = app.test_client().get("/").get_data(as_text=True)
    assert "/t/" not in stranger and "Friday" not in stranger
    assert "scan the QR code" in stranger
    # a host link gives the other browser the table, and it is listed there too
    secret = app.extensions["companion"]["tables"].get(mine).row.host_secret
    assert other_host.get(f"/t/{mine}/host/{secret}").status_code == 302
    listed = other_host.get("/").get_data(as_text=True)
    assert f"/t/{mine}" in listed and f"/t/{theirs}" in listed


def test_archived_tables_of_this_browser_show_on_request(client):
    table_id = create_table(client)
    assert client.post(f"/t/{table_id}/host/status", data={"status": "archived"}).status_code == 302
    assert f"/t/{table_id}" not in client.get("/").get_data(as_text=True)
    assert f"/t/{table_id}" in client.get("/?all=1").get_data(as_text=True)
