"""Answers that may hold a seat's or the host's secrets carry ``Cache-Control:
no-store``, so a phone or laptop passed round the table keeps no copy of a hand, a
sealed bid or a host link; static files, the same for everyone, stay cached a year."""

import pytest

from tests.web.conftest import create_table, fa_form, join

# a value for every parameter of a route; a new parameter makes the walk fail until named here
PARAMS = {"table_id": None, "secret": None, "code": None, "seat": "p2", "key": "anna", "game": "fifth_avenue",
          "rule_id": "FA-A-4", "seq": 1}
NOT_PAGES = {"static", "socket", "home.favicon"}  # files, the live socket, a redirect to a file


def no_store(response) -> bool:
    return response.cache_control.no_store


@pytest.fixture
def night(app, client):
    """A Fifth Avenue table: ``client`` is its host's laptop, ``phone`` holds seat p1."""
    table_id = create_table(client)
    phone = join(app, table_id, "p1")
    row = app.extensions["companion"]["tables"].get(table_id).row
    return {"app": app, "host": client, "phone": phone, "id": table_id, "row": row,
            "seat_secret": phone.get_cookie(f"seat_{table_id}").value}


def get_routes(app, values: dict) -> list[str]:
    """Every page's address (GET routes), filled in with ``values``."""
    addresses = []
    for rule in app.url_map.iter_rules():
        if "GET" in rule.methods and rule.endpoint not in NOT_PAGES:
            assert set(rule.arguments) <= set(values), f"name a value for {rule.rule}"
            addresses.append(rule.build({name: values[name] for name in rule.arguments})[1])
    return addresses


@pytest.mark.parametrize("device", ["host", "phone"])
def test_every_page_asked_by_a_device_that_holds_a_seat_or_host_link_is_not_stored(night, device):
    values = {**PARAMS, "table_id": night["id"], "secret": night["seat_secret"], "code": night["row"].join_code}
    addresses = get_routes(night["app"], values)
    assert len(addresses) > 15
    for address in addresses:
        for query in ("", "?page=phone"):
            response = night[device].get(address + query, headers={"HX-Request": "true"} if query else {})
            assert no_store(response), (address + query, response.status_code, response.headers)


def test_posts_and_their_refusals_by_a_seat_or_the_host_are_not_stored(night):
    host, phone, table_id = night["host"], night["phone"], night["id"]
    answers = [
        phone.post(f"/t/{table_id}/act", data={"seq": "0", "type": "nonsense"}, headers={"HX-Request": "true"}),
        phone.post(f"/t/{table_id}/act", data={"seq": "not a number"}),
        host.post(f"/t/{table_id}/table-act", data={"seq": "0", "type": "nonsense"}, headers={"HX-Request": "true"}),
        host.post(f"/t/{table_id}/host/undo", data={"seq": "0"}),
        host.post(f"/t/{table_id}/host/rewind", data={"seq": "0", "to": "0"}),
        host.post(f"/t/{table_id}/correct/1", data={"seq": "0", "type": "nonsense"}),
        phone.post(f"/t/{table_id}/correct/1", data={"seq": "0"}, headers={"HX-Request": "true"}),
        host.post(f"/t/{table_id}/host/seat/p2/handover"),
        host.post(f"/t/{table_id}/host/seat/p3/release"),
        host.post("/history/players/merge", data={}),
        phone.post(f"/t/{table_id}/host/status", data={"status": "finished"}),  # refused: no host
        host.post(f"/t/{table_id}/host/teach", data={"teach": "on"}),
        phone.post(f"/t/{table_id}/host/teach", data={"teach": "off"}),  # refused: no host
        phone.post(f"/t/{table_id}/teach/close", data={"seq": "0", "step": "initial"}, headers={"HX-Request": "true"}),
        phone.post(f"/t/{table_id}/teach/close", data={"seq": "0", "step": "nonsense"}),
        host.post(f"/t/{table_id}/teach/close", data={"seq": "0", "step": "initial", "for": "table"}),
        phone.post(f"/t/{table_id}/teach/quiet", data={"seq": "0"}),
        phone.post("/clock", data={"ms": "0", "utc_offset": "0"}),
    ]
    assert all(map(no_store, answers)), [(a.request.path, a.status_code) for a in answers if not no_store(a)]


def test_answers_that_hand_out_a_seat_or_host_link_are_not_stored(night, app):
    row, table_id = night["row"], night["id"]

    def stranger():  # a browser that holds nothing yet
        return app.test_client()

    answers = {
        "new table": stranger().post("/new/fifth_avenue", data=fa_form()),
        "join page": stranger().get(f"/j/{row.join_code}"),
        "join": stranger().post(f"/j/{row.join_code}", data={"seat": "p2"}),
        "host link": stranger().get(f"/t/{table_id}/host/{row.host_secret}"),
        "wrong host link": stranger().get(f"/t/{table_id}/host/not-the-secret"),
        "seat link": stranger().get(f"/t/{table_id}/seat/{night['seat_secret']}"),
        "export": stranger().get(f"/t/{table_id}/export.json"),
        "scores": stranger().get(f"/t/{table_id}/export.csv"),
    }
    assert "seat_" in answers["join"].headers["Set-Cookie"] and "host_" in answers["new table"].headers["Set-Cookie"]
    assert [name for name, answer in answers.items() if not no_store(answer)] == []


def test_static_files_stay_cached_for_a_year_even_for_a_seat(night):
    page = night["phone"].get(f"/t/{night['id']}/me").get_data(as_text=True)
    script = page.split('src="/static/js/companion.js', 1)[1].split('"', 1)[0]
    response = night["phone"].get("/static/js/companion.js" + script.replace("&amp;", "&"))
    assert response.status_code == 200
    cache = response.cache_control
    assert not cache.no_store and cache.public and cache.max_age == 365 * 24 * 3600 and cache.immutable


def test_a_browser_holding_no_secret_may_keep_public_pages(app):
    stranger = app.test_client()
    for address in ("/", "/rules/", "/history"):
        response = stranger.get(address)
        assert response.status_code == 200 and not no_store(response), address
