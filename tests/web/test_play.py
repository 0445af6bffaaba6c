import re

from tests.web.conftest import PUBLIC, create_table, join, seq_of


def events(app, table_id):
    return app.extensions["companion"]["tables"].store.events(table_id)


def test_table_screen_shows_the_board_and_a_join_qr_with_the_public_address(app, client):
    table_id = create_table(client)
    html = client.get(f"/t/{table_id}").get_data(as_text=True)
    code = app.extensions["companion"]["tables"].get(table_id).row.join_code
    assert f"{PUBLIC}j/{code}" in html
    assert "<svg" in html and 'class="fa-board"' in html
    assert "Times Square" in html


def test_join_page_offers_free_seats_and_a_taken_seat_is_refused(app, client):
    table_id = create_table(client)
    code = app.extensions["companion"]["tables"].get(table_id).row.join_code
    html = app.test_client().get(f"/j/{code}").get_data(as_text=True)
    assert all(name in html for name in ("Anna", "Ben", "Cleo"))
    join(app, table_id, "p1")
    other = app.test_client()
    response = other.post(f"/j/{code}", data={"seat": "p1"})
    assert response.status_code == 409 and "already taken" in response.get_data(as_text=True)
    assert other.post(f"/j/{code}", data={"seat": "p9"}).status_code == 409
    assert app.test_client().get("/j/not-a-code").status_code == 404


def test_a_phone_keeps_its_seat_across_reloads(app, client):
    table_id = create_table(client)
    phone = join(app, table_id, "p2")
    code = app.extensions["companion"]["tables"].get(table_id).row.join_code
    again = phone.get(f"/j/{code}")
    assert again.status_code == 302 and again.headers["Location"].endswith(f"/t/{table_id}/me")
    assert "Ben" in phone.get(f"/t/{table_id}/me").get_data(as_text=True)


def test_a_phone_without_a_seat_is_sent_to_join(app, client):
    table_id = create_table(client)
    response = app.test_client().get(f"/t/{table_id}/me")
    assert response.status_code == 302 and "/j/" in response.headers["Location"]
    assert app.test_client().post(f"/t/{table_id}/act", data={"seq": 0, "type": "pass"}).status_code == 403


def test_the_active_seat_places_and_everyone_sees_it(app, client):
    table_id = create_table(client)
    anna = join(app, table_id, "p1")
    html = anna.get(f"/t/{table_id}/me").get_data(as_text=True)
    assert 'data-spot="ts:grey"' in html
    response = anna.post(f"/t/{table_id}/act", data={"seq": seq_of(html), "type": "place_initial_building", "spot": "ts:grey"})
    assert response.status_code == 302
    assert [e.action for e in events(app, table_id)] == [{"type": "place_initial_building", "quarter": "ts", "lot": "grey"}]
    assert "Anna" in client.get(f"/t/{table_id}").get_data(as_text=True).split("What happened")[1]


def test_htmx_actions_get_the_fresh_fragment(app, client):
    table_id = create_table(client)
    anna = join(app, table_id, "p1")
    response = anna.post(f"/t/{table_id}/act", headers={"HX-Request": "true"},
                         data={"seq": 0, "type": "place_initial_building", "spot": "ts:grey"})
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and html.startswith('<div id="main"') and seq_of(html) == 1


def test_an_illegal_action_names_its_rule_and_changes_nothing(app, client):
    table_id = create_table(client)
    anna = join(app, table_id, "p1")
    # Times Square's brown lot holds a set-up shop: not empty (FA-S-4).
    response = anna.post(f"/t/{table_id}/act", headers={"HX-Request": "true"},
                         data={"seq": 0, "type": "place_initial_building", "spot": "ts:brown"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert re.search(r'href="/rules/fifth_avenue#FA-[A-Z]+-\d+"', html)
    assert events(app, table_id) == []


def test_out_of_turn_and_acting_for_another_seat_are_refused(app, client):
    table_id = create_table(client)
    ben = join(app, table_id, "p2")
    response = ben.post(f"/t/{table_id}/act", data={"seq": 0, "type": "place_initial_building", "spot": "ts:grey", "seat": "p1"})
    assert response.status_code == 422 and "FA-" in response.get_data(as_text=True)
    assert events(app, table_id) == []


def test_a_stale_or_replayed_action_is_refused_with_a_fresh_view(app, client):
    table_id = create_table(client)
    anna = join(app, table_id, "p1")
    data = {"seq": 0, "type": "place_initial_building", "spot": "ts:grey"}
    assert anna.post(f"/t/{table_id}/act", data=data).status_code == 302
    replay = anna.post(f"/t/{table_id}/act", data=data, headers={"HX-Request": "true"})
    html = replay.get_data(as_text=True)
    assert replay.status_code == 409 and "moved on" in html and seq_of(html) == 1
    assert len(events(app, table_id)) == 1


def test_malformed_forms_get_a_400_and_change_nothing(app, client):
    table_id = create_table(client)
    anna = join(app, table_id, "p1")
    for data in ({"type": "place_initial_building", "spot": "ts:grey"},            # no seq
                 {"seq": "x", "type": "pass"},                                     # bad seq
                 {"seq": 0, "type": "fly_to_the_moon"},                            # unknown action
                 {"seq": 0, "type": "place_initial_building", "spot": "nonsense"},  # no lot
                 {"seq": 0, "type": "bid", "n_orange_4": "lots"}):                 # not a number
        response = anna.post(f"/t/{table_id}/act", data=data)
        assert response.status_code == 400, data
    assert events(app, table_id) == []


def test_unknown_things_are_404s(client):
    assert client.get("/t/nope").status_code == 404
    assert client.get("/t/nope/me").status_code == 404
    assert client.post("/t/nope/act", data={"seq": 0}).status_code == 404


def test_main_fragment_for_phone_and_table(app, client):
    table_id = create_table(client)
    anna = join(app, table_id, "p1")
    assert 'id="main"' in anna.get(f"/t/{table_id}/main?page=phone").get_data(as_text=True)
    assert app.test_client().get(f"/t/{table_id}/main?page=phone").status_code == 403
    assert 'class="table-main"' in client.get(f"/t/{table_id}/main").get_data(as_text=True)


def test_table_inputs_need_the_host(app, client):
    table_id = create_table(client)
    anna = join(app, table_id, "p1")
    assert anna.post(f"/t/{table_id}/table-act", data={"seq": 0, "type": "dummy_bid", "draws": "4 4"}).status_code == 403
    # The host may post, but nothing is due from the table now: refused by the rules.
    response = client.post(f"/t/{table_id}/table-act", data={"seq": 0, "type": "dummy_bid", "draws": "4 4"})
    assert response.status_code == 422
    assert events(app, table_id) == []
