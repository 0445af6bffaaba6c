"""Host controls on a toy table: only the host, undo with an audit trail, seats, the
table's status."""

import pytest

from tests.web.conftest import create_toy, events, join, post_action

HOST_ROUTES = [("get", "/host", {}), ("post", "/host/undo", {"count": 1, "confirm": "yes", "seq": 0}),
               ("post", "/host/seat/p2/handover", {}), ("post", "/host/seat/p2/release", {}),
               ("post", "/host/status", {"status": "finished"}),
               ("post", "/table-act", {"seq": 0, "type": "roll", "n": 3})]


def tables(app):
    return app.extensions["companion"]["tables"]


@pytest.mark.parametrize("method, path, data", HOST_ROUTES, ids=[r[1] for r in HOST_ROUTES])
def test_host_controls_need_the_host_secret(app, client, method, path, data):
    table_id = create_toy(client)
    anna = join(app, table_id, "p1")
    for device in (anna, app.test_client()):
        response = getattr(device, method)(f"/t/{table_id}{path}", data=data)
        assert response.status_code == 403 and "Only the host" in response.get_data(as_text=True)
    assert client.get(f"/t/{table_id}/host").status_code == 200
    assert events(app, table_id) == [] and tables(app).get(table_id).row.status == "playing"
    assert tables(app).taken(table_id) == {"p1"}


def test_host_link_opens_host_rights_on_another_device(app, client):
    table_id = create_toy(client)
    secret = tables(app).get(table_id).row.host_secret
    tv = app.test_client()
    assert tv.get(f"/t/{table_id}/host/wrong").status_code == 403
    assert tv.get(f"/t/{table_id}/host/{secret}").status_code == 302
    assert tv.get(f"/t/{table_id}/host").status_code == 200


def test_undo_needs_confirmation_and_keeps_an_audit_trail(app, client):
    table_id = create_toy(client)
    anna, ben = join(app, table_id, "p1"), join(app, table_id, "p2")
    post_action(anna, table_id, 0, {"type": "secret", "n": 4})
    post_action(ben, table_id, 1, {"type": "secret", "n": 6})
    undo = f"/t/{table_id}/host/undo"
    assert client.post(undo, data={"count": 1, "seq": 2}).status_code == 400
    assert client.post(undo, data={"count": "x", "confirm": "yes", "seq": 2}).status_code == 400
    assert client.post(undo, data={"count": 1, "confirm": "yes"}).status_code == 400  # no move number
    assert client.post(undo, data={"count": 5, "confirm": "yes", "seq": 2}).status_code == 400
    assert client.post(undo, data={"count": 99, "confirm": "yes", "seq": 2}).status_code == 400
    assert len(events(app, table_id)) == 2
    assert client.post(undo, data={"count": 1, "confirm": "yes", "seq": 2}).status_code == 302
    assert [e.seat for e in events(app, table_id)] == ["p1"]
    html = client.get(f"/t/{table_id}/host").get_data(as_text=True)
    trail = html.split("Audit trail")[1]
    assert "sealed submission" in trail and "Ben" in trail
    # Ben chooses again: undone moves are gone from the table, not from the trail.
    assert post_action(ben, table_id, 1, {"type": "secret", "n": 1}).status_code == 302
    assert tables(app).get(table_id).state["secrets"]["p2"] == 1


def test_undo_lists_the_moves_in_the_hosts_own_words(app, client):
    table_id = create_toy(client)
    post_action(join(app, table_id, "p3"), table_id, 0, {"type": "secret", "n": 8})
    html = client.get(f"/t/{table_id}/host").get_data(as_text=True)
    undo = html.split('class="undo-list"')[1].split("</ol>")[0]
    assert "Cleo chose a secret number." in undo and "8" not in undo


def test_hand_over_moves_a_seat_to_a_new_phone_and_revokes_the_old(app, client):
    table_id = create_toy(client)
    old = join(app, table_id, "p1")
    html = client.post(f"/t/{table_id}/host/seat/p1/handover").get_data(as_text=True)
    assert "<svg" in html
    link = html.split(f"/t/{table_id}/seat/")[1].split('"')[0]
    assert old.get(f"/t/{table_id}/me").status_code == 302  # back to the join page
    new = app.test_client()
    assert new.get(f"/t/{table_id}/seat/{link}").status_code == 302
    assert '<span class="me color-red">Anna</span>' in new.get(f"/t/{table_id}/me").get_data(as_text=True)
    assert app.test_client().get(f"/t/{table_id}/seat/not-it").status_code == 403
    assert client.post(f"/t/{table_id}/host/seat/zz/handover").status_code == 404


def test_freeing_a_seat_lets_someone_else_take_it(app, client):
    table_id = create_toy(client)
    join(app, table_id, "p3")
    assert client.post(f"/t/{table_id}/host/seat/p3/release").status_code == 302
    join(app, table_id, "p3")
    assert client.post(f"/t/{table_id}/host/seat/zz/release").status_code == 404


def test_finishing_stops_moves_and_archiving_hides_the_table(app, client):
    table_id = create_toy(client)
    anna = join(app, table_id, "p1")
    assert client.post(f"/t/{table_id}/host/status", data={"status": "nonsense"}).status_code == 400
    client.post(f"/t/{table_id}/host/status", data={"status": "finished"})
    response = post_action(anna, table_id, 0, {"type": "secret", "n": 4})
    assert response.status_code == 409 and "finished" in response.get_data(as_text=True)
    client.post(f"/t/{table_id}/host/status", data={"status": "archived"})
    assert f"/t/{table_id}" not in client.get("/").get_data(as_text=True)
    assert f"/t/{table_id}" in client.get("/?all=1").get_data(as_text=True)


def test_the_audit_trail_names_moves_without_their_contents(app, client):
    """The host usually plays too: an undone move shows only its kind, so an undone
    secret cannot show up on the host page."""
    table_id = create_toy(client)
    post_action(join(app, table_id, "p1"), table_id, 0, {"type": "secret", "n": 9})
    assert client.post(f"/t/{table_id}/host/undo", data={"count": 1, "confirm": "yes", "seq": 1}).status_code == 302
    html = client.get(f"/t/{table_id}/host").get_data(as_text=True)
    trail = html.split("Audit trail")[1].split("</details>")[0]
    assert "sealed submission" in trail and "Anna" in trail and "9" not in trail.split("·")[2]


def test_undo_carries_the_move_it_was_offered_at_and_is_refused_once_stale(app, client):
    """The host page offers "back to before move 4" at move 4; a phone plays move 5; the
    host confirms: move 5 must not be undone in its place."""
    table_id = create_toy(client)
    phones = {seat: join(app, table_id, seat) for seat in ("p1", "p2", "p3")}
    for n, seat in enumerate(("p1", "p2", "p3")):
        post_action(phones[seat], table_id, n, {"type": "secret", "n": 5})
    assert post_action(client, table_id, 3, {"type": "roll", "n": 2}, table=True).status_code == 302
    page = client.get(f"/t/{table_id}/host").get_data(as_text=True)
    form = page.split('class="undo"')[1].split("</form>")[0]
    assert 'name="seq" value="4"' in form
    assert post_action(phones["p1"], table_id, 4, {"type": "add", "n": 1}).status_code == 302
    refused = client.post(f"/t/{table_id}/host/undo", data={"count": 1, "confirm": "yes", "seq": 4})
    assert refused.status_code == 409 and "The table moved on" in refused.get_data(as_text=True)
    assert len(events(app, table_id)) == 5 and tables(app).undone(table_id) == []
    assert 'name="seq" value="5"' in refused.get_data(as_text=True)  # a fresh form to try again
    assert client.post(f"/t/{table_id}/host/undo", data={"count": 1, "confirm": "yes", "seq": 5}).status_code == 302
    assert [e.action["type"] for e in events(app, table_id)] == ["secret"] * 3 + ["roll"]


def test_the_audit_trail_tells_no_bid_from_a_pass_in_a_simultaneous_step(app, client):
    """Every move of a step where several seats were due together shows only as a sealed
    submission, the last one too (it was due alone, but its kind would still tell)."""
    table_id = create_toy(client)
    phones = {seat: join(app, table_id, seat) for seat in ("p1", "p2", "p3")}
    for n, seat in enumerate(("p2", "p3", "p1")):
        post_action(phones[seat], table_id, n, {"type": "secret", "n": 7})
    post_action(client, table_id, 3, {"type": "roll", "n": 2}, table=True)
    assert client.post(f"/t/{table_id}/host/undo", data={"count": 4, "confirm": "yes", "seq": 4}).status_code == 302
    trail = client.get(f"/t/{table_id}/host").get_data(as_text=True).split("Audit trail")[1].split("</ul>")[0]
    items = trail.split("<li>")[1:]
    assert len(items) == 4
    assert sum("sealed submission" in item for item in items) == 3
    assert sum("roll" in item for item in items) == 1
    assert "secret" not in trail


def test_every_page_is_told_of_an_undo_but_not_what_a_sealed_move_was(app, client):
    """The undo notice and the log line on every page name a move of a simultaneous step
    only as a sealed submission; a move made alone is named by its kind."""
    table_id = create_toy(client)
    phones = {seat: join(app, table_id, seat) for seat in ("p1", "p2", "p3")}
    post_action(phones["p2"], table_id, 0, {"type": "secret", "n": 4})
    assert client.post(f"/t/{table_id}/host/undo", data={"count": 1, "confirm": "yes", "seq": 1}).status_code == 302
    pages = [client.get(f"/t/{table_id}")] + [phone.get(f"/t/{table_id}/me") for phone in phones.values()]
    for page in pages:
        html = page.get_data(as_text=True)
        notice = html.split('undo-notice')[1].split("</div>")[0]
        assert "The host undid move 1 (sealed submission)." in notice
        assert html.count("The host undid move 1 (sealed submission).") == 2  # the notice and the log
        assert "secret" not in notice.lower().replace("sealed", "")
