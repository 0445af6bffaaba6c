"""Pictures of a page (companion/web/picture.py): every page shows exactly what a fresh
drawing shows, a phone's picture is drawn for its seat alone, and the facts of a moment
(companion/web/moment.py) are worked out once."""

import gc
import random
import re
import weakref
from importlib import import_module

import pytest
from jinja2 import DictLoader

from companion.web import languages, moment, picture, templating
from tests.web.conftest import fa_form, join, toy_form
from tests.web.manhattan import mh_form
from tests.web.new_york import ny_config, ny_form
from tests.web.palazzo_setup import pz_form

NAMES = ("Anna", "Ben", "Cleo")
FORMS = {"toy": lambda: toy_form(NAMES),
         "fifth_avenue": lambda: fa_form(names=NAMES, auctions="sealed", hands="private"),
         "palazzo": lambda: pz_form(names=NAMES, bidding="sealed", hands="private"),
         "new_york": lambda: ny_form(ny_config(3)),
         "manhattan": lambda: mh_form(names=NAMES, hands="private")}


def new_table(app, game: str):
    response = app.test_client().post(f"/new/{game}", data=FORMS[game]())
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    for seat in app.extensions["companion"]["tables"].get(table_id).seats:
        join(app, table_id, seat)
    return table_id


def fresh(live, viewer, page, host=False) -> picture.Picture:
    """The picture drawn now from the table's state, with no fact of the moment kept and
    every block drawn from all its values (no block kept from an earlier moment)."""
    state, seq, version, row = live.snapshot()
    now = moment.Facts(live, state, seq, version, row, keeps=False)
    return picture.picture(live, viewer, page, host=host, now=now, presence={})


def random_moves(app, table_id: str, game: str, moves: int = 120):
    """Random legal moves, one at a time; yields the table after each."""
    tables = app.extensions["companion"]["tables"]
    live = tables.get(table_id)
    playout = import_module(f"{live.engine.__name__}.playout")
    rng = random.Random(game)
    for _ in range(moves):
        if live.engine.is_over(live.state):
            return
        seat = rng.choice(sorted(live.engine.to_act(live.state)))
        tables.act(table_id, seat, playout.random_action(live.state, seat, rng), live.seq)
        yield live


@pytest.mark.parametrize("game", sorted(FORMS))
def test_every_page_shows_what_a_fresh_drawing_shows_and_each_phone_its_own_seats(app, game):
    """Whole random games: after every move, every page's picture as the server hands it
    out (the phones asked for in a random order, each drawn once a moment) equals one
    drawn afresh for that page; phones' pictures differ, so a picture handed to the wrong
    seat would fail."""
    table_id = new_table(app, game)
    rng, differ, moments = random.Random(1), 0, 0
    for live in random_moves(app, table_id, game):
        moments += 1
        seats = list(live.seats)
        rng.shuffle(seats)
        with app.test_request_context("/"):
            for seat in seats:
                served = picture.picture(live, seat, "phone")
                assert served.html == fresh(live, seat, "phone").html, (seat, live.seq)
                assert served.seq == live.seq
            for host in (True, False):
                served = picture.picture(live, None, "table", host=host, presence={})
                assert served.html == fresh(live, None, "table", host).html, (host, live.seq)
            phones = {picture.picture(live, seat, "phone").html for seat in seats}
            differ += len(phones) == len(seats)
    assert moments > 5 and differ == moments


def test_a_phones_picture_is_kept_for_its_seat_and_language_and_never_handed_to_another(app, client):
    """What each seat's phone is shown holds its own secret and nobody else's, however
    the pictures of one moment were asked for before."""
    table_id = new_table(app, "toy")
    tables = app.extensions["companion"]["tables"]
    for seat, n, seq in (("p1", 7, 0), ("p2", 3, 1)):
        tables.act(table_id, seat, {"type": "secret", "n": n}, seq)
    live = tables.get(table_id)
    with app.test_request_context("/"):
        anna = picture.picture(live, "p1", "phone")
        assert picture.picture(live, "p1", "phone") is anna  # drawn once for the moment
        ben = picture.picture(live, "p2", "phone")
        cleo = picture.picture(live, "p3", "phone")
        assert "secret: 7" in anna.html and "secret: 3" in ben.html
        assert "secret: 7" not in ben.html + cleo.html and "secret: 3" not in anna.html + cleo.html
        with languages.speaking("it"):
            italian = picture.picture(live, "p1", "phone")
        assert italian is not anna and italian.html != anna.html


def test_a_push_sends_the_parts_that_changed_and_a_board_part_on_its_own(app):
    """``Picture.push``: nothing for a page that shows the picture; for another, the
    parts that differ; a board part that changed alone goes without the board around it."""
    table_id = new_table(app, "palazzo")
    tables = app.extensions["companion"]["tables"]
    live = tables.get(table_id)
    alone = 0
    with app.test_request_context("/"):
        before = picture.picture(live, None, "table", presence={})
        assert before.push(before.shown) is None
        assert before.push(None).count('hx-swap-oob="morph"') == len(before.parts) - len(
            before.inside["part-board"])
        for live in random_moves(app, table_id, "palazzo", 40):
            now = picture.picture(live, None, "table", presence={})
            sent = now.push(before.shown) or ""
            for part in now.parts:
                changed = before.shown.get(part) != now.shown[part]
                inside_sent = any(part in now.inside.get(outer, ()) and f'id="{outer}"' in sent
                                  for outer in now.parts)
                assert (f'<div id="{part}" class="part" hx-swap-oob="morph">' in sent) == (changed and not inside_sent)
            alone += 'id="part-board-' in sent and 'id="part-board"' not in sent
            before = now
    assert alone > 5


def test_a_phone_swaps_its_board_parts_in_whole_and_morphs_the_rest(app):
    """A phone's board parts (no control, no fold) go out swapped whole; its other parts,
    and every part of the table screen (which marks what changed), are morphed."""
    table_id = new_table(app, "manhattan")
    live = app.extensions["companion"]["tables"].get(table_id)
    with app.test_request_context("/"):
        phone, table = picture.picture(live, "p1", "phone"), picture.picture(live, None, "table", presence={})
    whole, morphed = set(), set()
    for live in random_moves(app, table_id, "manhattan", 10):
        with app.test_request_context("/"):
            phone_now, table_now = picture.picture(live, "p1", "phone"), picture.picture(live, None, "table", presence={})
        sent, table_sent = phone_now.push(phone.shown) or "", table_now.push(table.shown) or ""
        whole.update(re.findall(r'<div id="([\w-]+)" class="part" hx-swap-oob="outerHTML">', sent))
        morphed.update(re.findall(r'<div id="([\w-]+)" class="part" hx-swap-oob="morph">', sent))
        assert 'hx-swap-oob="outerHTML"' not in table_sent
        phone, table = phone_now, table_now
    assert whole and all(part.startswith("part-board-") for part in whole)
    assert morphed and not any(part.startswith("part-board-") for part in morphed)


def test_a_log_line_is_told_once_and_after_an_undo_the_move_made_in_its_place_shows(app, client):
    table_id = new_table(app, "toy")
    tables = app.extensions["companion"]["tables"]

    def lines():
        live = tables.get(table_id)
        with app.test_request_context("/"):
            made = moment.facts(live).lines("p2", 5)
            assert made == moment.Facts(live, *live.snapshot()).lines("p2", 5)  # as made afresh
        return made

    tables.act(table_id, "p2", {"type": "secret", "n": 5}, 0)
    first = lines()
    tables.act(table_id, "p1", {"type": "secret", "n": 3}, 1)
    second = lines()
    assert second[1] is first[0]  # the earlier move's line was not told again
    tables.undo(table_id, 1, 2)
    tables.act(table_id, "p3", {"type": "secret", "n": 4}, 1)
    third = lines()
    assert [(line.seq, line.seat) for line in third] == [(2, "p3"), (1, "p2")]


def test_the_lines_a_table_keeps_told_stay_about_those_its_pages_show(app, client, monkeypatch):
    monkeypatch.setattr(moment, "_MADE_LINES_KEPT", 6)
    table_id = new_table(app, "toy")
    sizes = []
    with app.test_request_context("/"):
        for live in random_moves(app, table_id, "toy", 20):
            now = moment.facts(live)
            for viewer in ("p1", "p2", None):
                assert len(now.lines(viewer, 5)) == min(5, now.seq)
                sizes.append(len(now.made_lines))
    assert len(sizes) > 12 and max(sizes) <= 6 + 5  # cleared past 6, then one page's lines


def test_a_phone_that_is_due_waits_for_nobody_and_the_others_wait_for_whoever_is_due(app, client):
    table_id = new_table(app, "toy")
    tables = app.extensions["companion"]["tables"]
    tables.act(table_id, "p2", {"type": "secret", "n": 5}, 0)  # Anna and Cleo are still due
    with app.test_request_context("/"):
        now = moment.facts(tables.get(table_id))
        due = moment.viewer_context(now, "p1", "phone", {}, None)
        done = moment.viewer_context(now, "p2", "phone", {}, None)
        table = moment.viewer_context(now, None, "table", {}, None)
        assert (due["my_turn"], due["waiting_for"]) == (True, [])
        assert done["waiting_for"] == table["waiting_for"] == ["p1", "p3"]
        assert "Waiting for Anna, Cleo" in picture.picture(now.live, "p2", "phone").html
        assert "Your turn" in picture.picture(now.live, "p1", "phone").html


def test_a_dot_reads_a_dicts_key_while_the_names_dicts_have_stay_their_methods(app):
    page = app.jinja_env.from_string(
        "{{ d.colour }}|{{ d.items is callable }}|{{ d['items'] }}|{{ d.missing is undefined }}|{{ row.title }}")
    assert page.render(d={"colour": "red", "items": 5}, row=type("Row", (), {"title": "Friday"})) == \
        "red|True|5|True|Friday"


SHOUT = "{% macro shout(n=1) %}{{ view.word }}{% if n %}{{ shout(n - 1) }}{% endif %}{% endmacro %}"


@pytest.mark.parametrize("page, block", [
    ("{% block b %}{% import '_shout.html' as m with context %}{{ m.shout() }}{% endblock %}", "b"),
    ("{% block b %}{% include '_shouts.html' %}{% endblock %}", "b"),
    (SHOUT + "{{ shout() }}", None),  # the whole template
])
def test_a_drawing_leaves_no_cycle_that_holds_its_values(app, page, block):
    """A macro that calls itself is a cycle through the context that made it, whether it
    was imported or included with the drawing's context or is the block's own; still, the
    values a drawing was given are gone once it is done, without the garbage collector."""
    files = {"_shout.html": SHOUT, "_shouts.html": SHOUT + "{{ shout() }}", "page.html": page}
    env = app.jinja_env.overlay(loader=DictLoader(files))

    class View(dict):  # a dict that a weak reference can follow
        pass

    view = View(word="hi")
    gone = weakref.ref(view)
    gc.disable()
    try:
        template = env.get_template("page.html")
        drawn = (templating.render_block(template, block, {"view": view}) if block
                 else templating.render_template(template, {"view": view}))
        assert drawn == "hihi"
        del view
        assert gone() is None
    finally:
        gc.enable()


def test_a_drawing_whose_macros_do_not_call_themselves_leaves_no_garbage_at_all(app):
    """Its context and the context of the template it imported no longer hold the macros
    that hold them: nothing is left for the garbage collector."""
    files = {"_hello.html": "{% macro hello() %}{{ view.word }}{% endmacro %}",
             "page.html": "{% block b %}{% import '_hello.html' as m with context %}{{ m.hello() }}{% endblock %}"}
    template = app.jinja_env.overlay(loader=DictLoader(files)).get_template("page.html")
    assert templating.render_block(template, "b", {"view": {"word": "hi"}}) == "hi"  # compiled now
    gc.collect()
    gc.disable()
    try:
        assert templating.render_block(template, "b", {"view": {"word": "ho"}}) == "ho"
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_a_page_drawn_around_its_blocks_is_the_page_drawn_whole(app):
    files = {"page.html": "<main>{% block a %}A{{ x }}{% endblock %}|{% block b %}B{% endblock %}</main>"}
    template = app.jinja_env.overlay(loader=DictLoader(files)).get_template("page.html")
    drawn = {name: templating.render_block(template, name, {"x": 1}) for name in template.blocks}
    assert templating.render_around(template, {"x": 1}, drawn) == templating.render_template(template, {"x": 1})
    assert templating.render_around(template, {}, {"a": "<i>", "b": ""}) == "<main><i>|</main>"
