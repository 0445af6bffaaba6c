"""Parts rendered once and reused (companion/web/parts.py) show exactly what a fresh
rendering would: whole random games are played, and after every move every page's picture
from the shared part cache is compared with one rendered from scratch."""

import gc
import random
import weakref
from collections import OrderedDict
from importlib import import_module

import pytest
from jinja2 import DictLoader, Environment

from companion.web import parts, render
from tests.web.conftest import fa_form, join, toy_form
from tests.web.manhattan import mh_form
from tests.web.new_york import ny_config, ny_form
from tests.web.palazzo_setup import pz_form


class NoCache:
    """A part cache that keeps nothing and follows no read: each part is rendered from the
    plain values, as if there were no cache at all."""

    def render(self, table_id, locale, part, values, render, plain=None, depth=None, whole=()):
        return render(values)


def fresh(app, live, viewer, page, host):
    """The picture with no part cache, no drawing kept (``memo``) and the table's facts
    worked out again: everything rendered now."""
    kept, drawn = app.extensions["companion"]["parts"], render._drawn
    app.extensions["companion"]["parts"], render._drawn = NoCache(), OrderedDict()
    try:
        state, seq, version, row = live.snapshot()
        now = render.Facts(live, state, seq, version, row)
        return render.picture(live, viewer, page, host=host, now=now).html()
    finally:
        app.extensions["companion"]["parts"], render._drawn = kept, drawn


NAMES = ("Anna", "Ben", "Cleo")
FORMS = {"toy": lambda: toy_form(NAMES),
         "fifth_avenue": lambda: fa_form(names=NAMES, auctions="sealed", hands="private"),
         "palazzo": lambda: pz_form(names=NAMES, bidding="sealed", hands="private"),
         "new_york": lambda: ny_form(ny_config(3)),
         "manhattan": lambda: mh_form(names=NAMES, hands="private")}


@pytest.mark.parametrize("game", sorted(FORMS))
def test_reused_parts_show_what_a_fresh_rendering_shows(app, client, game):
    response = client.post(f"/new/{game}", data=FORMS[game]())
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    tables = app.extensions["companion"]["tables"]
    live = tables.get(table_id)
    for seat in live.seats:
        join(app, table_id, seat)
    playout = import_module(f"{live.engine.__name__}.playout")
    rng = random.Random(game)
    pages = [(seat, "phone", False) for seat in live.seats] + [(None, "table", True), (None, "table", False)]
    cache = app.extensions["companion"]["parts"]
    for _ in range(120):
        if live.engine.is_over(live.state):
            break
        seat = rng.choice(sorted(live.engine.to_act(live.state)))
        tables.act(table_id, seat, playout.random_action(live.state, seat, rng), live.seq)
        with app.test_request_context("/"):
            for viewer, page, host in pages:
                cached = render.main_html(live, viewer, page, host=host)
                assert cached == fresh(app, live, viewer, page, host), (live.seq, viewer, page)
    assert cache.renders < 120 * len(pages) * 6  # reused, not rendered every time
    # Python keeps a text within Latin-1 at one byte a character, anything beyond at two
    kept = [entry.html for table in cache._cache.values() for entries in table.values() for entry in entries]
    assert kept and all(max(html, default="") <= "\xff" for html in kept)


def template(source: str, **functions):
    env = Environment(autoescape=True)
    env.context_class = parts.TrackingContext
    env.globals.update(functions)
    compiled = env.from_string(source)
    calls = []

    def draw(values):
        calls.append(1)
        return parts.render_template(compiled, values)

    return draw, calls


def test_a_part_is_reused_until_what_it_read_changes():
    cache = parts.Parts()
    draw, calls = template("{{ view.players[0].colour }} {{ view.players | length }}")

    def view(colour="red", score=0, more=()):
        return {"players": [{"seat": "p1", "colour": colour, "score": score}, *more], "auction": {"bid": 3}}

    assert cache.render("t", "en", "x", {"view": view()}, draw) == "red 1"
    assert cache.render("t", "en", "x", {"view": view(score=5)}, draw) == "red 1"  # unread: reused
    assert len(calls) == 1
    assert cache.render("t", "en", "x", {"view": view(colour="blue")}, draw) == "blue 1"
    assert cache.render("t", "en", "x", {"view": view(more=[{"seat": "p2"}])}, draw) == "red 2"
    assert cache.render("t", "en", "x", {"view": view()}, draw) == "red 1"  # an earlier one, kept
    assert len(calls) == 3
    assert cache.render("t", "it", "x", {"view": view()}, draw) == "red 1"  # another language
    assert len(calls) == 4


def test_the_renderings_kept_are_the_ones_read_last():
    cache = parts.Parts(per_part=2)
    draw, calls = template("{{ viewer }}")
    for viewer in ("a", "b", "a", "c"):  # "a" read again after "b": "b" goes for "c"
        assert cache.render("t", "en", "x", {"viewer": viewer}, draw) == viewer
    assert len(calls) == 3
    assert cache.render("t", "en", "x", {"viewer": "a"}, draw) == "a"
    assert len(calls) == 3
    assert cache.render("t", "en", "x", {"viewer": "b"}, draw) == "b"
    assert len(calls) == 4


def test_fewer_renderings_of_a_big_part_are_kept():
    cache = parts.Parts(per_part=8)
    draw, calls = template("{{ viewer }}{{ pad }}")
    for size, kept in ((10, 8), (parts.PART_BYTES // 2, 2)):
        calls.clear()
        pad = "x" * size
        for viewer in "abcdefgh":
            cache.render("t", "en", f"part{size}", {"viewer": viewer, "pad": pad}, draw)
        for viewer in reversed("abcdefgh"):  # the latest first: those kept answer at once
            cache.render("t", "en", f"part{size}", {"viewer": viewer, "pad": pad}, draw)
        assert len(calls) == 8 + (8 - kept), size


def test_renderings_that_read_the_same_paths_share_them():
    cache = parts.Parts()
    draw, calls = template("{{ view.players[0].name }} {{ view.phase }}{% if viewer %}{{ view.players[1].name }}{% endif %}")
    for viewer, table in ((None, "t"), ("b", "t"), (None, "u")):
        for phase in ("bid", "build"):
            view = {"phase": phase, "players": [{"name": "Anna"}, {"name": "Ben"}]}
            cache.render(table, "en", "part", {"view": view, "viewer": viewer}, draw)
    assert len(calls) == 6
    ben, *_, first = cache._entries("t", ("en", "part"))  # the latest first
    other, _ = cache._entries("u", ("en", "part"))  # another table, read as the first
    assert other.paths is first.paths and ben.paths is not first.paths  # Ben's page read more
    assert other.seen == (None, "build", 2, "Anna") and first.seen == (None, "bid", 2, "Anna")


def test_a_part_followed_only_so_deep_compares_what_lies_below_whole():
    cache = parts.Parts()
    draw, calls = template("{{ view.players[0].name }}")

    def view(name="Anna", colour="red", score=0):
        return {"players": [{"name": name, "hand": {"colour": colour}}], "score": score}

    assert cache.render("t", "en", "x", {"view": view()}, draw, depth=2) == "Anna"
    assert cache.render("t", "en", "x", {"view": view(score=3)}, draw, depth=2) == "Anna"  # unread
    assert cache.render("t", "en", "x", {"view": view(colour="blue")}, draw, depth=2) == "Anna"
    assert len(calls) == 1  # the player was followed: only its name was read
    draw, calls = template("{{ view.players[0].hand.colour }}")
    assert cache.render("t", "en", "y", {"view": view()}, draw, depth=1) == "red"
    assert cache.render("t", "en", "y", {"view": view(name="Ben")}, draw, depth=1) == "red"
    assert len(calls) == 2  # one dict deep: the players are compared whole


def test_a_value_named_whole_is_compared_whole_and_its_neighbours_still_by_what_was_read():
    cache = parts.Parts()
    draw, calls = template("{{ legal.prompt }}:{{ legal.actions[0].type }}")

    def legal(prompt="Bid", kind="bid", low=1, waiting=("p1",)):
        return {"legal": {"prompt": prompt, "actions": [{"type": kind, "low": low}], "waiting": list(waiting)}}

    whole = (("legal", "actions"),)
    assert cache.render("t", "en", "x", legal(), draw, whole=whole) == "Bid:bid"
    assert cache.render("t", "en", "x", legal(waiting=("p2",)), draw, whole=whole) == "Bid:bid"  # unread
    assert len(calls) == 1
    assert cache.render("t", "en", "x", legal(low=2), draw, whole=whole) == "Bid:bid"  # an action changed
    assert cache.render("t", "en", "x", legal(prompt="Pass"), draw, whole=whole) == "Pass:bid"
    assert len(calls) == 3
    draw, calls = template("{{ legal.actions | length }}")
    assert cache.render("t", "en", "y", legal(), draw, whole=(("legal",),)) == "1"
    assert cache.render("t", "en", "y", legal(waiting=()), draw, whole=(("legal",),)) == "1"
    assert len(calls) == 2  # the whole of legal counts


def test_a_name_read_counts_and_one_not_read_does_not():
    cache = parts.Parts()
    draw, calls = template("{{ seq }}{% if over %}!{% endif %}")
    assert cache.render("t", "en", "x", {"seq": 1, "over": False, "other": 1}, draw) == "1"
    assert cache.render("t", "en", "x", {"seq": 1, "over": False, "other": 2}, draw) == "1"
    assert cache.render("t", "en", "x", {"seq": 1, "over": True, "other": 2}, draw) == "1!"
    assert len(calls) == 2


def test_a_dict_read_as_a_whole_counts_whole():
    cache = parts.Parts()
    draw, _calls = template("{% for k, v in view.auction | dictsort %}{{ k }}={{ v }},{% endfor %}")
    assert cache.render("t", "en", "x", {"view": {"auction": {"bid": 3}}}, draw) == "bid=3,"
    assert cache.render("t", "en", "x", {"view": {"auction": {"bid": 3, "pass": 1}}}, draw) == "bid=3,pass=1,"
    draw, _calls = template("{{ view.auction | tojson }}")
    assert cache.render("t", "en", "y", {"view": {"auction": {"bid": 3}}}, draw) == '{"bid": 3}'
    assert cache.render("t", "en", "y", {"view": {"auction": {"bid": 4}}}, draw) == '{"bid": 4}'


def test_whether_a_dict_is_empty_and_its_length_count_as_its_size_read():
    cache = parts.Parts()
    draw, calls = template("{% if view.auction %}open{% endif %} {{ view.bids | length }}")

    def view(auction, bids):
        return {"view": {"auction": auction, "bids": bids}}

    assert cache.render("t", "en", "x", view({"bid": 3}, {"a": 1}), draw) == "open 1"
    assert cache.render("t", "en", "x", view({"bid": 4}, {"b": 2}), draw) == "open 1"  # the same sizes
    assert len(calls) == 1
    assert cache.render("t", "en", "x", view({}, {"b": 2}), draw) == " 1"
    assert cache.render("t", "en", "x", view({"bid": 4}, {"b": 2, "c": 1}), draw) == "open 2"
    assert len(calls) == 3


def test_texts_are_read_whole_and_handed_out_as_they_are():
    seen = []

    def say(text):
        seen.append(type(text))
        return text["id"].format(**text["args"])

    cache = parts.Parts()
    draw, _calls = template("{{ say(legal.prompt) }}", say=say)
    legal = {"prompt": {"id": "Bid {n}", "args": {"n": 3}}}
    assert cache.render("t", "en", "x", {"legal": legal}, draw) == "Bid 3"
    assert seen == [dict]  # a real dict: engines' text helpers check the type
    legal = {"prompt": {"id": "Bid {n}", "args": {"n": 4}}}
    assert cache.render("t", "en", "x", {"legal": legal}, draw) == "Bid 4"


class Mutable:
    def __init__(self):
        self.state = 1


def test_a_part_that_reads_a_live_object_is_never_reused():
    cache, thing = parts.Parts(), Mutable()
    draw, calls = template("{{ live.state }}")
    assert cache.render("t", "en", "x", {"live": thing}, draw) == "1"
    thing.state = 2
    assert cache.render("t", "en", "x", {"live": thing}, draw) == "2"
    assert len(calls) == 2


def test_what_the_stand_ins_cannot_do_is_rendered_from_the_real_values_each_time():
    def strict(value):
        if type(value) is not dict:
            raise TypeError("wants a plain dict")
        return value["n"]

    cache = parts.Parts()
    draw, calls = template("{{ strict(view) }}", strict=strict)
    assert cache.render("t", "en", "x", {"view": {"n": 1}}, draw) == "1"
    assert cache.render("t", "en", "x", {"view": {"n": 2}}, draw) == "2"
    assert len(calls) == 4  # each time: the try with stand-ins, then the real values


def test_a_part_that_reckons_with_the_move_number_gets_the_real_one():
    cache = parts.Parts()
    draw, calls = template("{{ seq + 1 }}")
    assert cache.render("t", "en", "x", {"seq": render.SEQ}, draw, plain={"seq": 5}) == "6"
    assert cache.render("t", "en", "x", {"seq": render.SEQ}, draw, plain={"seq": 6}) == "7"


def test_a_memo_macro_is_drawn_once_per_arguments_and_a_dict_counts_by_value(app):
    source = ('{% macro city(p) %}{{ count() }}:{{ p.name }} {{ p.tiles | length }}{% endmacro %}'
              '{% for p in players %}{{ memo(city, p) }};{% endfor %}')
    drawn = []
    app.jinja_env.globals["count"] = lambda: drawn.append(1) or len(drawn)
    compiled = app.jinja_env.from_string(source)
    players = [{"name": "Anna", "tiles": [1]}, {"name": "Ben", "tiles": []}]
    with app.test_request_context("/"):
        first = compiled.render(players=players)
        assert compiled.render(players=[dict(p) for p in players]) == first  # equal: not drawn again
        players[1]["tiles"].append(2)
        again = compiled.render(players=players)
    assert first == "1:Anna 1;2:Ben 0;" and again == "1:Anna 1;3:Ben 1;" and len(drawn) == 3


def test_a_memo_argument_that_is_not_json_still_counts_by_value(app):
    source = '{% macro at(spots) %}{{ count() }}{% endmacro %}{{ memo(at, spots) }}'
    drawn = []
    app.jinja_env.globals["count"] = lambda: drawn.append(1) or len(drawn)
    compiled = app.jinja_env.from_string(source)
    with app.test_request_context("/"):
        first = compiled.render(spots={(1, 2): "a"})
        assert compiled.render(spots={(1, 2): "a"}) == first == "1"
        assert compiled.render(spots={(1, 2): "b"}) == "2" and compiled.render(spots={1: True}) == "3"
        assert compiled.render(spots={1: 1}) == "4"  # JSON tells true from 1


def test_a_part_is_drawn_again_when_an_empty_dict_it_passed_to_a_memo_fills(app):
    """A memo's key is its arguments' JSON, which does not read an empty dict's stand-in:
    the arguments count as read whole all the same, whether the drawing was kept or not."""
    compiled = app.jinja_env.from_string(
        '{% macro bids(b) %}{% for k, v in b | dictsort %}{{ k }}={{ v }} {% endfor %}{% endmacro %}'
        '[{{ memo(bids, view.bids) }}]')
    cache = parts.Parts()

    def draw(values):
        return parts.render_template(compiled, values)

    with app.test_request_context("/"):
        assert cache.render("t", "en", "x", {"view": {"bids": {}}}, draw) == "[]"
        assert cache.render("u", "en", "x", {"view": {"bids": {}}}, draw) == "[]"  # the memo's drawing
        assert cache.render("u", "en", "x", {"view": {"bids": {"p1": 3}}}, draw) == "[p1=3 ]"
        assert cache.render("t", "en", "x", {"view": {"bids": {"p1": 4}}}, draw) == "[p1=4 ]"


def test_tojson_of_an_empty_dict_counts_it_as_read(app):
    compiled = app.jinja_env.from_string("{{ view.bids | tojson }}")
    cache = parts.Parts()

    def draw(values):
        return parts.render_template(compiled, values)

    with app.test_request_context("/"):
        assert cache.render("t", "en", "x", {"view": {"bids": {}}}, draw) == "{}"
        assert cache.render("t", "en", "x", {"view": {"bids": {"p1": 3}}}, draw) == '{"p1": 3}'


def test_the_memo_drops_the_drawing_least_recently_used(app, monkeypatch):
    monkeypatch.setattr(render, "_DRAWN_KEPT", 2)
    source = '{% macro card(c) %}{{ count() }}{% endmacro %}{% for c in cards %}{{ memo(card, c) }};{% endfor %}'
    drawn = []
    app.jinja_env.globals["count"] = lambda: drawn.append(1) or len(drawn)
    compiled = app.jinja_env.from_string(source)
    with app.test_request_context("/"):
        assert compiled.render(cards=["a", "b", "a", "c"]) == "1;2;1;3;"  # "a" used again after "b"
        assert compiled.render(cards=["a", "c", "b"]) == "1;3;4;"  # so "b" went first, not "a"
    assert len(render._drawn) == 2


def test_a_board_piece_is_marked_only_where_pushes_read_it(app):
    compiled = app.jinja_env.from_string('{% filter piece %} <g id="x">a</g> {% endfilter %}')
    assert compiled.render() == ' <g id="x">a</g> '  # a replay page, a rules page: as it is
    token = render._marking.set(True)
    try:
        assert compiled.render() == f'{render.PIECE}<g id="x">a</g>{render.PIECE_END}'
    finally:
        render._marking.reset(token)


GROUP = ('{% filter piece %}<section id="g">{% filter piece %}<p id="a">{{ a }}</p>{% endfilter %}'
         '{% filter piece %}<p id="b">{{ b }}</p>{% endfilter %}</section>{% endfilter %}')


def test_a_piece_that_holds_pieces_is_a_group_sent_as_one_placeholder_when_it_did_not_change(app):
    compiled = app.jinja_env.from_string(GROUP)
    token = render._marking.set(True)
    try:
        before, same, changed = (compiled.render(a=a, b=2) for a in (1, 1, 3))
    finally:
        render._marking.reset(token)
    assert before.startswith(render.GROUP) and before.count(render.PIECE) == 2

    def push_to(now, known):
        return render._unmarked(render._keep_pieces(now, known))
    assert push_to(same, [before]) == '<section id="g" hx-preserve></section>'
    assert push_to(changed, [before]) == '<section id="g"><p id="a">3</p><p id="b" hx-preserve></p></section>'
    # a page that may show either of two pictures gets what differs from either
    assert push_to(same, [before, changed]) == '<section id="g"><p id="a">1</p><p id="b" hx-preserve></p></section>'
    assert push_to(same, [before, same]) == '<section id="g" hx-preserve></section>'


def test_the_log_is_the_latest_stretch_of_moves_and_the_two_before_it_with_the_undos_in_their_time():
    def line(seq):
        return render.Line(seq, "p1", at=float(seq), text=str(seq), key=seq, alike="")

    log = tuple(line(seq) for seq in range(45, 15, -1))  # the table's 30 latest, newest first
    undos = [{"at": 44.5, "text": "undid 45"}, {"at": 30.5, "text": "undid 31"}, {"at": 3.5, "text": "old"}]
    newest, earlier = render.log_runs(log, undos, "table")
    seqs = lambda run: [e.seq if isinstance(e, render.Line) else e["text"] for e in run]
    assert seqs(newest) == [45, "undid 45", 44, 43, 42, 41]
    assert seqs(earlier) == list(range(40, 30, -1)) + ["undid 31"] + list(range(30, 20, -1))
    # a move later the earlier run is the same; once a stretch begins, it moves on
    assert render.log_runs((line(46),) + log[:29], [], "table")[1] == render.log_runs(log, [], "table")[1]
    later = tuple(line(seq) for seq in range(51, 21, -1))
    assert [e.seq for e in render.log_runs(later, [], "table")[1]] == list(range(50, 30, -1))
    # the phone's log is shorter: stretches of 5
    assert [len(run) for run in render.log_runs(log[:15], [], "phone")] == [5, 10]
    assert render.log_runs((), undos[:1], "phone") == ([undos[0]], [])


def test_a_log_line_is_made_once_and_after_an_undo_the_move_made_in_its_place_shows(app, client):
    response = client.post("/new/toy", data=toy_form(NAMES))
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    tables = app.extensions["companion"]["tables"]

    def lines():
        live = tables.get(table_id)
        made = render.facts(live).lines("p2", 5)
        assert made == render.Facts(live, *live.snapshot()).lines("p2", 5)  # as made afresh
        return made

    tables.act(table_id, "p2", {"type": "secret", "n": 5}, 0)
    first = lines()
    tables.act(table_id, "p1", {"type": "secret", "n": 3}, 1)
    second = lines()
    assert second[1] is first[0]  # the earlier move's line was not made again
    tables.undo(table_id, 1, 2)
    tables.act(table_id, "p3", {"type": "secret", "n": 4}, 1)
    third = lines()
    assert [(line.seq, line.seat) for line in third] == [(2, "p3"), (1, "p2")]


def test_a_phone_that_is_due_waits_for_nobody_so_its_banner_stays_drawn_while_others_act(app, client):
    response = client.post("/new/toy", data=toy_form(NAMES))
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    tables = app.extensions["companion"]["tables"]
    cache = app.extensions["companion"]["parts"]
    tables.act(table_id, "p2", {"type": "secret", "n": 5}, 0)  # Anna and Cleo are still due
    with app.test_request_context("/"):
        live = tables.get(table_id)
        due = render.viewer_context(live, "p1", "phone", {}, None)
        done = render.viewer_context(live, "p2", "phone", {}, None)
        table = render.viewer_context(live, None, "table", {}, None)
        assert (due["my_turn"], due["waiting_for"]) == (True, [])
        assert done["waiting_for"] == table["waiting_for"] == ["p1", "p3"]
        assert "Waiting for Anna, Cleo" in render.main_html(live, "p2", "phone")
        render.main_html(live, "p1", "phone")
        banner = cache._entries(table_id, ("en", "phone:status"))[0]
        tables.act(table_id, "p3", {"type": "secret", "n": 2}, 1)  # Anna alone is due now
        live = tables.get(table_id)
        assert "Waiting for Anna" in render.main_html(live, "p2", "phone")
        assert "Your turn" in render.main_html(live, "p1", "phone")
    assert cache._entries(table_id, ("en", "phone:status"))[0] is banner  # Anna's, not drawn again


def test_a_dot_reads_a_dicts_key_while_the_names_dicts_have_stay_their_methods(app):
    page = app.jinja_env.from_string(
        "{{ d.colour }}|{{ d.items is callable }}|{{ d['items'] }}|{{ d.missing is undefined }}|{{ row.title }}")
    assert page.render(d={"colour": "red", "items": 5}, row=type("Row", (), {"title": "Friday"})) == \
        "red|True|5|True|Friday"


def test_the_lines_a_table_keeps_made_stay_about_those_its_pages_show(app, client, monkeypatch):
    monkeypatch.setattr(render, "_MADE_LINES_KEPT", 6)
    response = client.post("/new/toy", data=toy_form(NAMES))
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    tables = app.extensions["companion"]["tables"]
    playout = import_module("tests.toygame.playout")
    rng, sizes = random.Random(3), []
    for _ in range(20):
        live = tables.get(table_id)
        if live.engine.is_over(live.state):
            break
        seat = rng.choice(sorted(live.engine.to_act(live.state)))
        tables.act(table_id, seat, playout.random_action(live.state, seat, rng), live.seq)
        now = render.facts(tables.get(table_id))
        for viewer in ("p1", "p2", None):
            assert len(now.lines(viewer, 5)) == min(5, now.seq)
            sizes.append(len(now.made_lines))
    assert len(sizes) > 12 and max(sizes) <= 6 + 5  # cleared past 6, then one page's lines


def board_drawings(app, game: str):
    """A new table of ``game``, its public view and ``board(view)``: the parts of the board
    drawn for ``view`` (board.html's blocks through a part cache of their own)."""
    from flask import current_app

    response = app.test_client().post(f"/new/{game}", data=FORMS[game]())
    live = app.extensions["companion"]["tables"].get(response.headers["Location"].rsplit("/", 1)[1])
    cache, drawn = parts.Parts(), []
    draw = cache.render

    def counting(table_id, locale, part, *args, **kwargs):
        before = cache.renders
        html = draw(table_id, locale, part, *args, **kwargs)
        drawn.extend([part] * (cache.renders - before))
        return html

    cache.render = counting
    app.extensions["companion"]["parts"] = cache
    now = render.Facts(live, *live.snapshot())

    def board(view):
        drawn.clear()
        template = current_app.jinja_env.get_template(f"games/{game}/board.html")
        values = {"view": view, "ui": render.ui_for(game), "row": now.row, "game": game, "words": {}}
        render._board_parts(now, "en", template, values)
        return list(drawn)

    return now.view(None), board


def test_a_palazzo_board_piece_is_drawn_again_only_when_what_it_shows_changed(app):
    import copy

    with app.test_request_context("/"):
        view, board = board_drawings(app, "palazzo")
        board(view)
        quarry_added = copy.deepcopy(view)
        quarry_added["tiles"]["quarries"][0].append(view["tiles"]["supply"][0])
        assert board(quarry_added) == ["board:quarries"]
        supply_taken = copy.deepcopy(view)
        supply_taken["tiles"]["supply"].pop()
        assert board(supply_taken) == ["board:supply"]


def test_new_yorks_cities_are_not_drawn_again_for_a_change_they_do_not_show(app):
    import copy

    with app.test_request_context("/"):
        view, board = board_drawings(app, "new_york")
        board(view)
        scored = copy.deepcopy(view)
        scored["players"][0]["score"] += 5
        scored["players"][0]["hand_size"] += 1
        assert "board:cities" not in board(scored)
        built = copy.deepcopy(scored)
        built["players"][0]["city"][0]["tile"] = dict(built["players"][0]["city"][0]["tile"], price=9)
        assert "board:cities" in board(built)


SHOUT = "{% macro shout(n=1) %}{{ view.word }}{% if n %}{{ shout(n - 1) }}{% endif %}{% endmacro %}"


@pytest.mark.parametrize("page, block", [
    ("{% block b %}{% import '_shout.html' as m with context %}{{ m.shout() }}{% endblock %}", "b"),
    ("{% block b %}{% include '_shouts.html' %}{% endblock %}", "b"),
    (SHOUT + "{{ shout() }}", None),  # the whole template
])
def test_a_drawing_leaves_no_cycle_that_holds_its_values(app, page, block):
    """A macro that calls itself is a cycle through the context that made it, whether it
    was imported or included with the drawing's context or is the part's own; still, the
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
        drawn = (parts.render_block(template, block, {"view": view}) if block
                 else parts.render_template(template, {"view": view}))
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
    assert parts.render_block(template, "b", {"view": {"word": "hi"}}) == "hi"  # compiled now
    gc.collect()
    gc.disable()
    try:
        assert parts.render_block(template, "b", {"view": {"word": "ho"}}) == "ho"
        assert gc.collect() == 0
    finally:
        gc.enable()
