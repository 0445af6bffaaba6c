"""The table check (``/t/<id>/check``): for each game after some moves, every thing on the
table is listed with the numbers of the table screen's view (worked out here again from
that view), a line marked "differs" lists exactly the moves that touched it, the page is
translated, and no seat's secret reaches it."""

import copy
import html
import random
import re
from importlib import import_module

import pytest

from companion.engines.text import english
from companion.web import checks
from tests.web.conftest import create_table, events
from tests.web.manhattan import create_mh
from tests.web.new_york import ny_form
from tests.web.palazzo_setup import create_palazzo


def create_ny(client) -> str:
    response = client.post("/new/new_york", data=ny_form())
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    return response.headers["Location"].rsplit("/", 1)[1]


MAKERS = {
    "fifth_avenue": lambda client: create_table(client, auctions="sealed", hands="private"),
    "palazzo": lambda client: create_palazzo(client, bidding="sealed", hands="private"),
    "new_york": create_ny,
    "manhattan": lambda client: create_mh(client, hands="private"),
}
MOVES = {"fifth_avenue": 40, "palazzo": 40, "new_york": 40, "manhattan": 30}


def live(app, table_id):
    return app.extensions["companion"]["tables"].get(table_id)


def play(app, table_id: str, moves: int, seed: int = 1) -> None:
    """``moves`` random legal moves (the engine's own random player) through the table service."""
    tables = app.extensions["companion"]["tables"]
    table = tables.get(table_id)
    playout = import_module(f"{table.engine.__name__}.playout")
    rng = random.Random(seed)
    for _ in range(moves):
        if table.engine.is_over(table.state):
            break
        seat = rng.choice(sorted(table.engine.to_act(table.state)))
        tables.act(table_id, seat, playout.random_action(table.state, seat, rng), table.seq)


@pytest.fixture(params=list(MAKERS))
def game(request, app, client):
    """``(game, table id)`` of a table of each game after a few moves."""
    name = request.param
    table_id = MAKERS[name](client)
    play(app, table_id, MOVES[name])
    return name, table_id


def line_html(page: str, line_id: str) -> str:
    found = re.search(rf'<li class="check-line[^"]*" id="line-{re.escape(line_id)}".*?(?=<li class="check-line|</ul>)',
                      page, re.S)
    assert found, f"no line {line_id}"
    return found[0]


def value_text(page: str, line_id: str) -> str:
    """What a line says is on the table, as plain text."""
    value = re.search(r'<span class="check-value">(.*?)</span>\s*<a', line_html(page, line_id), re.S)[1]
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", value))).strip()


def moves_listed(page: str, line_id: str) -> list[int]:
    return [int(n) for n in re.findall(r'<li data-move="(\d+)">', line_html(page, line_id))]


def check_page(client, table_id, query: str = "", lang: str = "en") -> str:
    response = client.get(f"/t/{table_id}/check{query}", headers={"Accept-Language": lang})
    assert response.status_code == 200
    return response.get_data(as_text=True)


# what is on the table ------------------------------------------------------------------

def expected(game: str, view: dict) -> dict[str, list[str]]:
    """Line id -> fragments its value must show, worked out from the public view."""
    names = {p["seat"]: p["name"] for p in view["players"]}
    plural = lambda n, one, many: f"{n} {one if n == 1 else many}"  # noqa: E731
    want = {}
    if game == "fifth_avenue":
        for q, quarter in view["quarters"].items():
            for lot in quarter["lots"]:
                parts = [f"{names[lot['owner']] if lot['owner'] in names else lot['owner']}: "
                         f"{plural(lot['buildings'], 'building', 'buildings')}"] if lot["buildings"] else []
                parts += [", ".join(lot["shops"])] if lot["shops"] else []
                want[f"fa-{q}-{lot['color']}"] = parts or ["empty"]
        for colour, n in view["piles"].items():
            want[f"fa-pile-{colour}"] = [plural(n, "card", "cards")]
        for p in view["players"]:
            want[f"fa-{p['seat']}-reserve"] = [plural(p["reserve"], "building", "buildings")]
            want[f"fa-{p['seat']}-supply"] = [plural(p["supply"], "building", "buildings")]
            if not p.get("dummy"):
                want[f"fa-{p['seat']}-hand"] = [plural(p["hand_size"], "card", "cards")]
        for c, v in view["commissions"].items():
            want[f"fa-commission-{c}"] = []
    elif game == "palazzo":
        pile = view["tiles"]
        for number, tiles in enumerate(pile["quarries"]):
            where = (number + pile["master_builder"]) % 4
            want[f"pz-quarry-{where}"] = [f"{t[1]}" for t in tiles] or ["empty"]
        want["pz-supply"] = [f"{t[1]}" for t in pile["supply"]] or ["empty"]
        want["pz-deck"] = [plural(view["money"]["deck"], "card", "cards")]
        for p in view["players"]:
            want[f"pz-{p['seat']}-hand"] = [plural(p["hand_size"], "card", "cards")]
            for i, palace in enumerate(p["palaces"]):
                want[f"pz-{p['seat']}-palace-{i}"] = [f"floor {f}: " for f in range(1, len(palace) + 1)]
    elif game == "new_york":
        for p in view["players"]:
            for cell in p["city"]:
                tile = cell["tile"]
                want[f"ny-{p['seat']}-x{cell['x']}y{cell['y']}"] = (
                    ["Times Square"] if tile["type"] == "start" else [f"{tile['type']} {tile['price']}"])
            want[f"ny-{p['seat']}-reserve"] = [f"{t['type']} {t['price']}" for t in p["reserve"]] or ["nothing"]
            want[f"ny-{p['seat']}-hand"] = [plural(p["hand_size"], "card", "cards")]
        for m in view["market"]:
            want[f"ny-market-{m['space']}"] = [f"{m['tile']['type']} {m['tile']['price']}" if m["tile"] else "empty"]
        want["ny-display"] = [f"{bank} {value}" for bank, value in view["display"]] or ["nothing"]
        want["ny-deck"] = [plural(view["deck_size"], "card", "cards")]
    else:
        for city in view["cities"]:
            for lot in city["lots"]:
                line = f"mh-{city['city']}-{lot['lot'][0]}{lot['lot'][1]}"
                want[line] = ([plural(lot["storeys"], "storey", "storeys"),
                               f"owner: {lot['owner'].replace('_', ' ')}"] if lot["pieces"] else ["empty"])
        for colour, c in view["colours"].items():
            want[f"mh-colour-{colour}"] = [f"{h}-storey: {n}" for h, n in sorted(c["supply"].items())]
        for p in view["players"]:
            want[f"mh-{p['seat']}-cards"] = [plural(p["cards_held"], "card", "cards")]
    return want


def test_the_page_lists_what_is_on_the_table_with_the_numbers_of_the_public_view(app, client, game):
    name, table_id = game
    table = live(app, table_id)
    assert table.seq > 5
    view = table.engine.view(table.state, None)
    page = check_page(client, table_id)
    assert f'data-seq="{table.seq}"' in page
    want = expected(name, view)
    assert len(want) > 10
    shown = set(re.findall(r'<li class="check-line[^"]*" id="line-([^"]+)"', page))
    assert set(want) <= shown, set(want) - shown
    for line_id, fragments in want.items():
        text = value_text(page, line_id)
        for fragment in fragments:
            assert fragment in text, (line_id, fragment, text)


def test_each_section_is_laid_out_as_the_box_lays_it_out(app, client, game):
    name, table_id = game
    view = live(app, table_id).engine.view(live(app, table_id).state, None)
    page = check_page(client, table_id)
    titles = [html.unescape(t) for t in re.findall(r'<h2 id="[^"]+-title">(.*?)</h2>', page)]
    if name == "fifth_avenue":
        assert titles[:7] == [english(q["name"]) for q in view["quarters"].values()]
        assert {"Central Park", "Commissions", "Card piles"} <= set(titles)
    elif name == "palazzo":
        assert titles[0] == "Quarries and material supply"
        assert [p["name"] for p in view["players"]] == titles[-len(view["players"]):]
    elif name == "new_york":
        assert titles[:len(view["players"])] == [f"City of {p['name']}" for p in view["players"]]
        assert {"Market", "Money"} <= set(titles)
    else:
        assert titles[:6] == [english(c["label"]) for c in view["cities"]]
        assert "Pieces left per colour and height" in titles


# which moves touched a line ---------------------------------------------------------------

def changed_by(app, table_id: str, game: str, line_id: str) -> list[int]:
    """The moves after which the line's value on the sheet changed, or whose public fields
    name its thing: worked out move by move from a fresh replay of the log."""
    table = live(app, table_id)
    engine = table.engine
    state = engine.setup(table.row.config)
    value = lambda s: checks.values(checks.SHEETS[game](engine.view(s, None))).get(line_id)  # noqa: E731
    found = []
    for event in events(app, table_id):
        after = engine.apply(state, event.seat, event.action)
        if value(after) != value(state) or line_id in checks.NAMED[game](event.action, event.seat):
            found.append(event.seq)
        state = after
    return found[::-1]


def busiest_line(app, table_id: str, game: str) -> str:
    """A line on the board that some moves touched but not all: a lot, a square, a quarry."""
    prefix = {"fifth_avenue": "fa-", "palazzo": "pz-quarry-", "new_york": "ny-p", "manhattan": "mh-"}[game]
    table = live(app, table_id)
    ids = [i for i in checks.values(checks.SHEETS[game](table.engine.view(table.state, None)))
           if i.startswith(prefix) and not i.startswith(("fa-pile", "mh-colour", "mh-deck"))]
    counts = {i: len(changed_by(app, table_id, game, i)) for i in ids}
    best = max((i for i in ids if counts[i] < table.seq), key=lambda i: counts[i])
    assert counts[best] > 0
    return best


def test_a_line_marked_differs_shows_exactly_the_moves_that_touched_it(app, client, game):
    name, table_id = game
    line_id = busiest_line(app, table_id, name)
    page = check_page(client, table_id, f"?differs={line_id}")
    listed = moves_listed(page, line_id)
    assert listed == changed_by(app, table_id, name, line_id)
    assert listed == sorted(listed, reverse=True)
    opened = line_html(page, line_id)
    assert 'aria-expanded="true"' in opened
    frames = [english(f.line) if f.line else "" for f in app.extensions["companion"]["tables"].archive.frames(
        app.extensions["companion"]["replays"], live(app, table_id).row)]
    told = html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", opened)))
    for seq in listed:  # told as the log tells it, linked to its place in the replay
        assert f'href="/t/{table_id}/replay?move={seq}"' in opened
        assert f"Move {seq}: {frames[seq]}" in told, (seq, frames[seq])
    # the other lines stay closed, each with its mark
    assert page.count('<div class="check-moves">') == 1
    assert page.count('aria-expanded="false"') == page.count('<li class="check-line') - 1


def test_every_move_of_a_lot_is_listed_after_a_shop_and_a_building(app, client):
    """Fifth Avenue, by hand: the lot of an initial building and a shop lists both moves."""
    table_id = create_table(client)
    tables = app.extensions["companion"]["tables"]
    table = tables.get(table_id)
    seat = sorted(table.engine.to_act(table.state))[0]
    lot = table.engine.legal(table.state, seat)["actions"][0]["lots"][0]
    tables.act(table_id, seat, {"type": "place_initial_building", **lot}, table.seq)
    line_id = f"fa-{lot['quarter']}-{lot['lot']}"
    page = check_page(client, table_id, f"?differs={line_id}")
    assert moves_listed(page, line_id) == [1]
    assert "Anna: 1 building" in value_text(page, line_id)
    assert "Anna placed" in html.unescape(line_html(page, line_id))
    untouched = next(i for i in checks.values(checks.fifth_avenue(table.engine.view(table.state, None)))
                     if i.startswith("fa-pile"))
    page = check_page(client, table_id, f"?differs={untouched}")
    assert moves_listed(page, untouched) == []
    assert "No move has touched this" in line_html(page, untouched)


def test_several_lines_can_be_open_and_closing_one_keeps_the_others(app, client):
    table_id = create_table(client)
    play(app, table_id, 12)
    page = check_page(client, table_id, "?differs=fa-commission-white&differs=fa-commission-beige")
    assert page.count('<div class="check-moves">') == 2
    close = re.search(r'id="differs-fa-commission-white" href="([^"]+)"', page)[1]
    assert html.unescape(close) == f"/t/{table_id}/check?differs=fa-commission-beige#line-fa-commission-white"
    # htmx asks for the one line alone
    hx = re.search(r'id="differs-fa-commission-beige"[^>]*?hx-get="([^"]+)"', page, re.S)
    assert hx is None or "differs" not in hx[1]


def test_an_unknown_line_is_ignored_and_an_unknown_table_is_404(client):
    table_id = create_table(client)
    page = check_page(client, table_id, "?differs=nonsense")
    assert '<div class="check-moves">' not in page
    assert client.get("/t/nosuchtable/check").status_code == 404


def test_the_table_screen_and_the_host_controls_link_to_the_check(client):
    table_id = create_table(client)
    for address in (f"/t/{table_id}", f"/t/{table_id}/host"):
        page = client.get(address).get_data(as_text=True)
        assert f'href="/t/{table_id}/check">Table check</a>' in page, address


# languages ------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, words", [
    ("it", ["Controllo del tavolo", "Differisce", "Commissioni"]),
    ("de", ["Tischkontrolle", "Weicht ab", "Kommissionen"]),
])
def test_the_page_is_translated(app, client, lang, words):
    table_id = create_table(client)
    play(app, table_id, 20)
    page = html.unescape(check_page(client, table_id, "?differs=fa-commission-white", lang=lang))
    for word in words:
        assert word in page, word
    for english_word in ("Table check", ">Differs<", "Commissions", "moves touched this", "Card piles"):
        assert english_word not in page, english_word


# secrets --------------------------------------------------------------------------------

def secrets_of(engine, state, seats) -> dict:
    """What each seat's view holds that the table screen's does not (``hand``, own bids)."""
    public = engine.view(state, None)
    found = {}
    for seat in seats:
        own = engine.view(state, seat)
        found[seat] = {k: v for k, v in own.items() if k not in ("viewer", "you") and public.get(k) != v}
    return found


@pytest.mark.parametrize("name", list(MAKERS))
def test_the_page_shows_no_secret_of_any_seat(app, client, name):
    """With private hands (and sealed bids where the game has them), the page is drawn from
    the table screen's view alone: giving every hand other cards, as long as the table
    screen's view stays the same, changes nothing on the page, marked lines included."""
    table_id = MAKERS[name](client)
    table = live(app, table_id)
    play(app, table_id, MOVES[name], seed=7)
    secrets = secrets_of(table.engine, table.state, table.seats)
    assert any(secrets.values()), "the game holds no secret at this moment"
    marked = "&".join(f"differs={i}" for i in list(checks.values(
        checks.sheet(name, table.engine.view(table.state, None))))[::7])
    before = check_page(client, table_id, "?" + marked)
    other = swapped_hands(name, table.state)
    assert table.engine.view(other, None) == table.engine.view(table.state, None)
    assert any(table.engine.view(other, s) != table.engine.view(table.state, s) for s in table.seats)
    kept = table.state
    table.state = other
    try:
        after = check_page(client, table_id, "?" + marked)
    finally:
        table.state = kept
    assert after == before


def swapped_hands(game: str, state: dict) -> dict:
    """The state with the hands' secret cards changed (counts kept)."""
    other = copy.deepcopy(state)
    if game == "fifth_avenue":
        for hand in other["hands"].values():
            for card in hand:
                card["value"] = {4: 5, 5: 6, 6: 4}.get(card["value"], card["value"])
    elif game == "palazzo":
        for hand in other["hands"].values():
            if hand["cards"]:
                hand["cards"] = hand["cards"][1:] + hand["cards"][:1] if len(set(hand["cards"])) > 1 else hand["cards"]
        seats = [s for s, h in other["hands"].items() if h["cards"]]
        if len(seats) >= 2:  # two hands trade their first cards
            a, b = other["hands"][seats[0]]["cards"], other["hands"][seats[1]]["cards"]
            a[0], b[0] = b[0], a[0]
    elif game == "new_york":
        seats = [s for s, h in other["hands"].items() if h]
        a, b = other["hands"][seats[0]], other["hands"][seats[1]]
        a[0], b[0] = b[0], a[0]
    else:
        seats = [s for s, h in other["hands"].items() if h]
        a, b = other["hands"][seats[0]], other["hands"][seats[1]]
        a[0], b[0] = b[0], a[0]
    return other


# which lines a move's own fields name -------------------------------------------------------

@pytest.mark.parametrize("game, action, seat, lines", [
    ("fifth_avenue", {"type": "place_shop", "shop": "jeweler", "quarter": "34w", "lot": "grey"}, "p1", {"fa-34w-grey"}),
    ("fifth_avenue", {"type": "move_commission", "commission": "beige", "to": "ts"}, "p2", {"fa-commission-beige"}),
    ("fifth_avenue", {"type": "bid", "cards": [{"color": "grey", "value": 5}]}, "p1", set()),
    ("palazzo", {"type": "build", "tile": "b2w1", "to": 1}, "p2", {"pz-p2-palace-1"}),
    ("palazzo", {"type": "sealed_bid", "cards": ["a5"]}, "p2", set()),
    ("new_york", {"type": "place", "tile": {"type": "park", "price": 6, "streets": ""}, "x": -1, "y": 2}, "p3",
     {"ny-p3-x-1y2"}),
    ("new_york", {"type": "buy", "space": "red", "pay": [["red", 7]]}, "p1", {"ny-market-red"}),
    ("manhattan", {"type": "place", "colour": "red", "card": [0, 0], "city": "cairo", "lot": [1, 2], "height": 2},
     "p1", {"mh-cairo-12", "mh-colour-red"}),
])
def test_each_game_names_the_lines_a_move_touches_by_its_fields(game, action, seat, lines):
    assert checks.NAMED[game](action, seat) == lines


@pytest.mark.parametrize("name", list(MAKERS))
def test_the_lines_a_move_names_are_lines_of_the_sheet_and_no_sealed_move_names_any(app, client, name):
    """Over a random game: every line a move's fields name is on the sheet before or after
    it (a mapping that named no real line would list nothing), and a move made in a sealed
    step (a sealed bid) names none, so which lines it is listed under tells nothing."""
    table_id = MAKERS[name](client)
    play(app, table_id, 120, seed=5)
    table = live(app, table_id)
    engine = table.engine
    state = engine.setup(table.row.config)
    named_any = 0
    for event in events(app, table_id):
        after = engine.apply(state, event.seat, event.action)
        named = checks.NAMED[name](event.action, event.seat)
        if engine.step(state).sealed:
            assert named == set(), event.action
        lines = set(checks.values(checks.SHEETS[name](engine.view(state, None)))) | set(
            checks.values(checks.SHEETS[name](engine.view(after, None))))
        assert named <= lines, (event.action, named - lines)
        named_any += bool(named)
        state = after
    assert named_any > 3


def test_a_game_without_a_sheet_has_no_check_and_no_link(client):
    from tests.web.conftest import create_toy

    table_id = create_toy(client)
    assert client.get(f"/t/{table_id}/check").status_code == 404
    assert f"/t/{table_id}/check" not in client.get(f"/t/{table_id}").get_data(as_text=True)


@pytest.mark.parametrize("lang", ["it", "de"])
def test_every_game_s_check_speaks_the_page_s_language(app, client, game, lang):
    """No English word of the sheets (their texts without parameters, where the language
    says it otherwise) is left on the page in Italian or German."""
    from babel.messages.extract import extract_from_file
    from babel.support import Translations

    from companion.web import PACKAGE

    words = Translations.load(str(PACKAGE / "translations"), [lang])
    plain = {m for _n, m, _c, _x in extract_from_file("python", checks.__file__)
             if isinstance(m, str) and "{" not in m and words.gettext(m) != m}
    name, table_id = game
    line_id = next(iter(checks.values(checks.sheet(name, live(app, table_id).engine.view(
        live(app, table_id).state, None)))))
    page = check_page(client, table_id, f"?differs={line_id}", lang=lang)
    assert f'<html lang="{lang}"' in page
    left = [m for m in plain if f">{html.escape(m, quote=False)}<" in page]
    assert not left, left
    shown = [m for m in plain if f">{html.escape(words.gettext(m), quote=False)}<" in page]
    assert shown, "the page shows none of the sheet's own words"


def test_the_host_gets_a_correct_button_beside_each_move_listed_and_nobody_else_does(app, client):
    """A line that differs leads the host to the correction of each move that touched it
    (sealed bids, hands counted: the host may correct the moves but the sealed bids)."""
    table_id = create_table(client, auctions="sealed", hands="counts")
    play(app, table_id, MOVES["fifth_avenue"])
    line_id = busiest_line(app, table_id, "fifth_avenue")
    listed = moves_listed(check_page(client, table_id, f"?differs={line_id}"), line_id)
    opened = line_html(check_page(client, table_id, f"?differs={line_id}"), line_id)
    corrects = [int(n) for n in re.findall(rf'href="/t/{table_id}/correct/(\d+)"', opened)]
    assert corrects and set(corrects) <= set(listed) and corrects == sorted(corrects, reverse=True)
    for seq in listed:  # the host may correct each move offered, and no other (a sealed one)
        assert (client.get(f"/t/{table_id}/correct/{seq}").status_code == 200) == (seq in corrects), seq
    stranger = app.test_client()
    opened = line_html(check_page(stranger, table_id, f"?differs={line_id}"), line_id)
    assert moves_listed(check_page(stranger, table_id, f"?differs={line_id}"), line_id) == listed
    assert "/correct/" not in opened
