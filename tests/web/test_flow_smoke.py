from tests.web.conftest import create_table, join, seq_of


def test_host_creates_and_phones_join_and_place(app, client):
    table_id = create_table(client)
    screen = client.get(f"/t/{table_id}")
    assert screen.status_code == 200
    anna = join(app, table_id, "p1")
    page = anna.get(f"/t/{table_id}/me")
    assert page.status_code == 200, page.get_data(as_text=True)[:3000]
    html = page.get_data(as_text=True)
    response = anna.post(f"/t/{table_id}/act", data={"seq": seq_of(html), "type": "place_initial_building", "spot": "ts:grey"})
    assert response.status_code in (302, 422), response.get_data(as_text=True)[:3000]
