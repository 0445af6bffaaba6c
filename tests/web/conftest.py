import re

import pytest

from companion.web import create_app

LOTS = ["orange", "green", "grey", "brown", "violet"]
SHOPS = ["boutique", "jeweler", "gallery", "perfumery"]
QUARTERS = ["34w", "34e", "42w", "ts", "42e", "52w", "52e"]
PUBLIC = "http://192.0.2.10:8000/"


def fa_form(names=("Anna", "Ben", "Cleo"), **options):
    """The set-up wizard filled in as a host would: rings as printed, seven start shops,
    twenty display shops in draw order."""
    form = {"title": "Friday", "board": "5-lot", "start": "p1", "auctions": "open", "hands": "counts"}
    colors = ["red", "blue", "yellow", "green"]
    for i, name in enumerate(names, 1):
        form[f"name_{i}"], form[f"color_{i}"] = name, colors[i - 1]
    for qi, q in enumerate(QUARTERS):
        for i, lot in enumerate(LOTS):
            form[f"ring_{q}_{i}"] = lot
        form[f"start_lot_{q}"] = LOTS[qi % 5]
        form[f"start_shop_{q}"] = SHOPS[qi % 4]
    for i in range(1, 21):
        form[f"display_{i}"] = SHOPS[(i + 2) % 4]
    form.update(options)
    return form


TEST_GAMES = ["tests.toygame"]
TOY_NAMES = ("Anna", "Ben", "Cleo")


def toy_form(names=TOY_NAMES, title="Friday") -> dict:
    """The toy game's set-up wizard: players in playing order."""
    return {"title": title, **{f"name_{i}": name for i, name in enumerate(names, 1)}}


@pytest.fixture
def app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "c.sqlite3"), "PUBLIC_URL": PUBLIC, "TESTING": True,
                       "TEST_GAMES": TEST_GAMES})


@pytest.fixture
def client(app):
    return app.test_client()


def create_table(client, **options):
    """Create a Fifth Avenue table as host; returns its id."""
    return _created(client.post("/new/fifth_avenue", data=fa_form(**options)))


def create_toy(client, names=TOY_NAMES):
    """Create a toy table as host; returns its id."""
    return _created(client.post("/new/toy", data=toy_form(names)))


def _created(response) -> str:
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    return response.headers["Location"].rsplit("/", 1)[1]


def join(app, table_id, seat):
    """A new phone (its own cookie jar) that scans the QR code and takes ``seat``."""
    phone = app.test_client()
    code = app.extensions["companion"]["tables"].get(table_id).row.join_code
    response = phone.post(f"/j/{code}", data={"seat": seat})
    assert response.status_code == 302
    return phone


def seq_of(html: str) -> int:
    return int(re.search(r'data-seq="(\d+)"', html)[1])


def post_action(device, table_id: str, seq: int, action: dict, ui=None, htmx: bool = False, table: bool = False):
    """Post ``action`` through the forms a page would post it with (the toy game's unless
    ``ui`` is another adapter); ``table``: as the host's input for the table."""
    from companion.web.games import form_fields
    from tests.toygame import screen

    data = {"seq": seq, **form_fields(ui or screen, action)}
    return device.post(f"/t/{table_id}/{'table-act' if table else 'act'}", data=data,
                       headers={"HX-Request": "true"} if htmx else {})


def events(app, table_id: str) -> list:
    """The table's committed events, as the store holds them."""
    return app.extensions["companion"]["tables"].store.events(table_id)


def final_screen(html: str) -> dict:
    """The shared final screen of a page, read back: ``ranking`` best first as
    ``(place, name, winner, total)``, ``totals`` (name -> the total in the table by kind of
    scoring), its ``kinds`` (column heads after the total) and the chart's ``lines``."""
    found = re.search(r'<section class="final".*?</section>', html, re.S)
    assert found, "the page has no final screen"
    final = found[0]
    ranking = [(int(place), name, bool(badge), int(total)) for place, name, badge, total in re.findall(
        r'<span class="rank">(\d+)\.</span>\s*<span class="name">(.*?)</span>( <span class="badge">winner</span>)?'
        r'.*?<span class="total">(-?\d+) points?</span>', final, re.S)]
    table = re.search(r'<table class="by-kind">.*?</table>', final, re.S)[0]
    heads = re.findall(r'<th scope="col">(.*?)</th>', table)
    totals = {name: int(total) for name, total in
              re.findall(r'<tr><th scope="row">(.*?)</th><td class="total">(-?\d+)</td>', table)}
    chart = re.search(r'<svg [^>]*class="chart lines".*?</svg>', final, re.S)
    return {"ranking": ranking, "totals": totals, "kinds": heads[2:],
            "lines": chart[0].count("<polyline") if chart else 0,
            "chart_title": re.search(r"<title[^>]*>(.*?)</title>", chart[0])[1] if chart else None}
