"""Hostile or broken requests: every route answers with a clear 4xx (or its normal
answer) and never a 500, and nothing is written, for the toy game and Fifth Avenue."""

import json
import random
import string

import pytest

from tests.web.conftest import create_table, create_toy, join

FIELDS = {
    "toy": ["n", "title", "name_1"],  # one name: a set-up the wizard refuses
    "fifth_avenue": ["spot", "shop", "quarter", "color", "value", "move", "count", "draws", "shops",
                     "n_orange_4", "n_black_6", "value_grey"],
}
TYPES = {
    "toy": ["secret", "roll", "add"],
    "fifth_avenue": ["place_initial_building", "take_buildings", "place_shop", "take_black",
                     "score_quarter", "take_colored", "move_commission", "bid", "pass", "choose_color",
                     "build", "close_quarter", "dummy_bid", "reveal_central_park"],
}
COMMON = ["type", "seq", "action", "draw", "confirm", "status", "seat"]


def junk(rng):
    return rng.choice(["", "0", "-1", "99999999999999999999", "ts", ":", "52e:", "grey", "4 4",
                       "<script>", "\u00e9\u00df", "null", "[]", "{}", '{"type": 7}',
                       "".join(rng.choice(string.printable) for _ in range(rng.randint(1, 40)))])


def junk_action(rng, types):
    """A complete action as a tampered button might post it: flat, with odd values."""
    fields = {name: rng.choice([junk(rng), rng.randint(-5, 40), None, True, [junk(rng)], {"x": 1}])
              for name in rng.sample(["n", "quarter", "lot", "color", "count", "cards", "shops"], 2)}
    return json.dumps({"type": rng.choice(types + ["", "x" * 300]), **fields})


@pytest.mark.parametrize("game", ["toy", "fifth_avenue"])
def test_random_junk_never_causes_a_500_or_a_write(app, client, game):
    table_id = create_toy(client) if game == "toy" else create_table(client)
    anna = join(app, table_id, "p1")
    store = app.extensions["companion"]["tables"].store
    rng = random.Random(7)
    routes = [(anna, f"/t/{table_id}/act"), (client, f"/t/{table_id}/table-act"),
              (client, f"/t/{table_id}/host/undo"), (client, f"/t/{table_id}/host/status"),
              (client, f"/t/{table_id}/host/seat/{junk(rng)}/release"),
              (app.test_client(), f"/new/{game}"), (app.test_client(), "/j/" + "x" * 12)]
    names = FIELDS[game] + COMMON
    for _ in range(400):
        device, url = rng.choice(routes)
        form = {name: junk(rng) for name in rng.sample(names, rng.randint(0, len(names)))}
        if rng.random() < 0.7:
            form["type"] = rng.choice(TYPES[game] + ["", "x" * 300])
        if rng.random() < 0.3:
            form["action"] = junk_action(rng, TYPES[game])
        if "status" in url and form.get("status") in ("finished", "archived"):
            continue  # a legal host command, not junk
        response = device.post(url, data=form, headers={"HX-Request": "true"} if rng.random() < 0.5 else {})
        assert response.status_code < 500, (url, form)
    assert store.events(table_id) == []
    assert len(store.tables()) == 1


def test_oversized_requests_are_refused(app, client):
    table_id = create_toy(client)
    anna = join(app, table_id, "p1")
    response = anna.post(f"/t/{table_id}/act", data={"seq": "0", "type": "secret", "pad": "x" * 100_000})
    assert response.status_code == 413 and "too large" in response.get_data(as_text=True)


# --- secrets that are not ASCII (secrets.compare_digest raises on them) ----------------------

NON_ASCII = "\u00e9"


def test_a_non_ascii_host_link_is_a_403(app, client):
    table_id = create_toy(client)
    response = app.test_client().get(f"/t/{table_id}/host/%C3%A9")
    assert response.status_code == 403


def test_a_non_ascii_seat_link_is_a_403(app, client):
    table_id = create_toy(client)
    join(app, table_id, "p1")  # a seat with a secret to compare against
    assert app.test_client().get(f"/t/{table_id}/seat/%C3%A9").status_code == 403


def test_a_non_ascii_host_cookie_gives_no_host_rights(app, client):
    table_id = create_toy(client)
    intruder = app.test_client()
    intruder.set_cookie(f"host_{table_id}", NON_ASCII)
    assert intruder.get(f"/t/{table_id}/host").status_code == 403
    assert intruder.post(f"/t/{table_id}/host/status", data={"status": "finished"}).status_code == 403
    page = intruder.get(f"/t/{table_id}")
    assert page.status_code == 200 and "Host controls" not in page.get_data(as_text=True)


def test_a_non_ascii_seat_cookie_holds_no_seat(app, client):
    table_id = create_toy(client)
    join(app, table_id, "p1")
    intruder = app.test_client()
    intruder.set_cookie(f"seat_{table_id}", NON_ASCII)
    assert intruder.get(f"/t/{table_id}/me").status_code == 302  # to the join page
    assert intruder.post(f"/t/{table_id}/act", data={"seq": "0", "type": "pass"}).status_code == 403
    assert intruder.get(f"/t/{table_id}/main?page=phone").status_code == 403
    store = app.extensions["companion"]["tables"].store
    assert store.events(table_id) == []
