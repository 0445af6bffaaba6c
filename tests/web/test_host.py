from tests.web.conftest import create_table, join


def tables(app):
    return app.extensions["companion"]["tables"]


def place(phone, table_id, seq, spot):
    response = phone.post(f"/t/{table_id}/act", data={"seq": seq, "type": "place_initial_building", "spot": spot})
    assert response.status_code == 302


def test_host_controls_need_the_host_secret(app, client):
    table_id = create_table(client)
    anna = join(app, table_id, "p1")
    assert client.get(f"/t/{table_id}/host").status_code == 200
    for phone in (anna, app.test_client()):
        assert phone.get(f"/t/{table_id}/host").status_code == 403
        assert phone.post(f"/t/{table_id}/host/undo", data={"count": 1, "confirm": "yes"}).status_code == 403
        assert phone.post(f"/t/{table_id}/host/seat/p2/handover").status_code == 403
        assert phone.post(f"/t/{table_id}/host/status", data={"status": "finished"}).status_code == 403


def test_host_link_opens_host_rights_on_another_device(app, client):
    table_id = create_table(client)
    secret = tables(app).get(table_id).row.host_secret
    tv = app.test_client()
    assert tv.get(f"/t/{table_id}/host/wrong").status_code == 403
    assert tv.get(f"/t/{table_id}/host/{secret}").status_code == 302
    assert tv.get(f"/t/{table_id}/host").status_code == 200


def test_undo_needs_confirmation_and_keeps_an_audit_trail(app, client):
    table_id = create_table(client)
    anna, cleo = join(app, table_id, "p1"), join(app, table_id, "p3")  # counter-clockwise (FA-S-4)
    place(anna, table_id, 0, "ts:grey")
    place(cleo, table_id, 1, "34w:grey")
    assert client.post(f"/t/{table_id}/host/undo", data={"count": 1}).status_code == 400
    assert client.post(f"/t/{table_id}/host/undo", data={"count": "x", "confirm": "yes"}).status_code == 400
    assert client.post(f"/t/{table_id}/host/undo", data={"count": 5, "confirm": "yes"}).status_code == 400
    assert len(tables(app).store.events(table_id)) == 2
    assert client.post(f"/t/{table_id}/host/undo", data={"count": 1, "confirm": "yes"}).status_code == 302
    assert [e.seat for e in tables(app).store.events(table_id)] == ["p1"]
    html = client.get(f"/t/{table_id}/host").get_data(as_text=True)
    trail = html.split("Audit trail")[1]
    assert "place initial building" in trail and "Cleo" in trail
    place(cleo, table_id, 1, "52e:grey")  # Cleo's turn again: she places elsewhere


def test_hand_over_moves_a_seat_to_a_new_phone_and_revokes_the_old(app, client):
    table_id = create_table(client)
    old = join(app, table_id, "p1")
    html = client.post(f"/t/{table_id}/host/seat/p1/handover").get_data(as_text=True)
    assert "<svg" in html
    link = html.split(f"/t/{table_id}/seat/")[1].split('"')[0]
    assert old.get(f"/t/{table_id}/me").status_code == 302  # back to the join page
    new = app.test_client()
    assert new.get(f"/t/{table_id}/seat/{link}").status_code == 302
    assert "Anna" in new.get(f"/t/{table_id}/me").get_data(as_text=True)
    assert app.test_client().get(f"/t/{table_id}/seat/not-it").status_code == 403
    assert client.post(f"/t/{table_id}/host/seat/zz/handover").status_code == 404


def test_freeing_a_seat_lets_someone_else_take_it(app, client):
    table_id = create_table(client)
    join(app, table_id, "p3")
    assert client.post(f"/t/{table_id}/host/seat/p3/release").status_code == 302
    join(app, table_id, "p3")
    assert client.post(f"/t/{table_id}/host/seat/zz/release").status_code == 404


def test_finishing_stops_moves_and_archiving_hides_the_table(app, client):
    table_id = create_table(client)
    anna = join(app, table_id, "p1")
    assert client.post(f"/t/{table_id}/host/status", data={"status": "nonsense"}).status_code == 400
    client.post(f"/t/{table_id}/host/status", data={"status": "finished"})
    response = anna.post(f"/t/{table_id}/act", data={"seq": 0, "type": "place_initial_building", "spot": "ts:grey"})
    assert response.status_code == 409 and "finished" in response.get_data(as_text=True)
    client.post(f"/t/{table_id}/host/status", data={"status": "archived"})
    assert f"/t/{table_id}" not in client.get("/").get_data(as_text=True)
    assert f"/t/{table_id}" in client.get("/?all=1").get_data(as_text=True)


def test_the_audit_trail_names_moves_without_their_contents(app, client):
    """The host usually plays too: an undone move shows only its kind, so an undone
    sealed bid or typed-in card value cannot show up on the host page."""
    table_id = create_table(client, auctions="sealed", hands="private")
    place(join(app, table_id, "p1"), table_id, 0, "ts:violet")
    assert client.post(f"/t/{table_id}/host/undo", data={"count": 1, "confirm": "yes"}).status_code == 302
    html = client.get(f"/t/{table_id}/host").get_data(as_text=True)
    trail = html.split("Audit trail")[1].split("</details>")[0]
    assert "place initial building" in trail and "Anna" in trail
    assert "violet" not in trail and "Times Square" not in trail
