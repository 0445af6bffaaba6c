"""The platform's other pages with a Manhattan table: joining, the main region a phone
fetches when it wakes, host controls with an undo, the replay of a finished game, its
exports and the history; good and bad requests alike."""

import csv
import io
import random
import re

from companion.engines.manhattan import playout
from tests.web.conftest import join
from tests.web.manhattan import act, create_mh, live


def played_out(app, client, seed=5) -> str:
    table_id = create_mh(client, names=("Anna", "Bruno"), sides=("W", "E"))
    table, rng = live(app, table_id), random.Random(seed)
    while not table.engine.is_over(table.state):
        seat = rng.choice(sorted(table.engine.to_act(table.state)))
        act(app, table_id, seat, playout.random_action(table.state, seat, rng))
    return table_id


def test_the_join_page_lists_the_players_and_a_taken_seat_is_refused(app, client):
    table_id = create_mh(client)
    code = live(app, table_id).row.join_code
    html = client.get(f"/j/{code}").get_data(as_text=True)
    assert all(f">{name}<" in html for name in ("Anna", "Bruno", "Carla"))
    join(app, table_id, "p2")
    other = app.test_client()
    response = other.post(f"/j/{code}", data={"seat": "p2"})
    assert response.status_code in (403, 409) and 'class="message' in response.get_data(as_text=True)
    assert other.post(f"/j/{code}", data={"seat": "p9"}).status_code in (400, 404)


def test_a_waking_phone_fetches_its_own_main_region(app, client):
    table_id = create_mh(client, hands="private")
    anna = join(app, table_id, "p1")
    act(app, table_id, "p1", {"type": "draw", "card": [2, 0]})
    mine = anna.get(f"/t/{table_id}/main?page=phone").get_data(as_text=True)
    assert mine.startswith('<div id="main" class="phone-main"') and "Your cards (1 of 4)" in mine
    table = client.get(f"/t/{table_id}/main").get_data(as_text=True)
    assert table.startswith('<div id="main" class="table-main"') and "mh-held" not in table
    assert app.test_client().get(f"/t/{table_id}/main?page=phone").status_code == 403


def test_the_host_undoes_a_placement_and_every_page_shows_the_lot_empty_again(app, client):
    table_id = create_mh(client)
    while live(app, table_id).state["phase"] == "pick":
        (seat,) = live(app, table_id).engine.to_act(live(app, table_id).state)
        act(app, table_id, seat, live(app, table_id).engine.legal(live(app, table_id).state, seat)["actions"][0])
    act(app, table_id, "p1", {"type": "place", "colour": "black", "card": [1, 1], "city": "sydney", "height": 1})
    assert 'data-owner="black"' in client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "Anna played the centre card" in client.get(f"/t/{table_id}/host").get_data(as_text=True)
    seq = str(live(app, table_id).seq)
    assert client.post(f"/t/{table_id}/host/undo", data={"count": "1", "seq": seq}).status_code == 400  # unconfirmed
    assert client.post(f"/t/{table_id}/host/undo", data={"count": "one", "confirm": "yes", "seq": seq}).status_code == 400
    assert join(app, table_id, "p2").post(f"/t/{table_id}/host/undo",
                                          data={"count": "1", "confirm": "yes", "seq": seq}).status_code == 403
    assert client.post(f"/t/{table_id}/host/undo", data={"count": "1", "confirm": "yes", "seq": seq}).status_code == 302
    assert 'data-owner="black"' not in client.get(f"/t/{table_id}").get_data(as_text=True)
    assert 'class="act act-place' in join(app, table_id, "p1").get(f"/t/{table_id}/me").get_data(as_text=True)


def test_a_finished_game_replays_move_by_move_and_exports(app, client):
    table_id = played_out(app, client)
    last = live(app, table_id).seq
    start = client.get(f"/t/{table_id}/replay?move=0").get_data(as_text=True)
    assert 'class="mh-map"' in start and "data-owner" not in start
    end = client.get(f"/t/{table_id}/replay?move={last}").get_data(as_text=True)
    assert 'class="mh-map"' in end and "data-owner" in end and "mhb-star" in end
    assert client.get(f"/t/{table_id}/replay?move=x").status_code == 400
    rows = list(csv.reader(io.StringIO(client.get(f"/t/{table_id}/export.csv").get_data(as_text=True))))
    assert rows and any("Anna" in row for row in rows) and any("Bruno" in row for row in rows)
    exported = client.get(f"/t/{table_id}/export.json").get_json()
    assert len(exported["moves"] if "moves" in exported else exported["events"]) == last


def test_the_history_lists_a_finished_manhattan_game(app, client):
    played_out(app, client, seed=6)
    assert "Manhattan" in client.get("/history").get_data(as_text=True)
    assert client.get("/history/stats").status_code == 200
    assert re.search(r"Anna|Bruno", client.get("/history/players").get_data(as_text=True))
