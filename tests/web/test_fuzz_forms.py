"""Every field of every form, with values no page would send: digits of other scripts,
thousands of digits, signs, huge numbers, control characters. Nothing answers with a
5xx, and a refusal stores nothing.

The fields are not listed here: they are read from the forms the pages draw (the four
wizards, and each phone's and the host's forms at the moments of random games where a
kind of action first appears), so a new field is covered as soon as a page shows it.
"""

import json
import random
import re
from html.parser import HTMLParser
from importlib import import_module
from urllib.parse import urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from werkzeug.datastructures import MultiDict

from companion.engines import TABLE
from companion.web.errors import REFUSALS
from companion.web.games import ui_for
from tests.web.conftest import fa_form, join
from tests.web.manhattan import mh_form
from tests.web.new_york import ny_config, ny_form
from tests.web.palazzo_setup import pz_form

NOT_DIGITS = ["²", "①", "٣", "7" * 5000, "\x00", "\x1b[2J", "\u202e1"]  # no number field takes these
NASTY = NOT_DIGITS + ["-1", str(2 ** 63), "", "<b>"]
EVERY_FORM = {"seq", "type", "near", "action"}  # fields every action form has: fuzzed once per URL

WIZARDS = {
    "fifth_avenue": lambda: fa_form(names=("Anna", "Ben"), auctions="sealed", hands="private"),
    "manhattan": lambda: mh_form(names=("Anna", "Bruno"), hands="private"),
    "new_york": lambda: ny_form(ny_config(2, seed=3)),
    "palazzo": lambda: pz_form(hands="private", draws="server"),
}
GAMES = {  # the tables played: each game's options that draw other forms
    "fifth_avenue": [WIZARDS["fifth_avenue"], lambda: fa_form(names=("Anna", "Ben", "Cleo"))],
    "manhattan": [WIZARDS["manhattan"], lambda: mh_form()],
    "new_york": [WIZARDS["new_york"], lambda: ny_form(ny_config(3, seed=4))],
    "palazzo": [WIZARDS["palazzo"], lambda: pz_form(hands="counts", draws="typed")],
}


class Forms(HTMLParser):
    """The forms of a page: ``{"method", "url", "fields": [(name, value, kind)]}``."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms, self._form, self._select = [], None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self._form = {"method": (a.get("method") or "get").lower(),
                          "url": a.get("hx-post") or a.get("action") or "", "fields": []}
            self.forms.append(self._form)
        elif self._form is None or "name" not in a and tag != "option":
            return
        elif tag == "input":
            kind = (a.get("type") or "text").lower()
            if kind in ("checkbox", "radio") and "checked" not in a and any(
                    f[0] == a["name"] for f in self._form["fields"]):
                return  # one value per name is enough to post
            self._form["fields"].append((a["name"], a.get("value") or "", kind))
        elif tag in ("button", "textarea"):
            if tag == "button" and any(f[2] == "button" for f in self._form["fields"]):
                return  # the first button posts
            self._form["fields"].append((a["name"], a.get("value") or "", tag))
        elif tag == "select":
            self._select = a["name"]
            self._form["fields"].append((a["name"], None, "select"))
        elif tag == "option" and self._select:
            fields = self._form["fields"]
            name, value, _kind = fields[-1]
            if value is None or "selected" in a:
                fields[-1] = (name, a.get("value", ""), "select")

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None


def forms_of(html: str) -> list[dict]:
    parser = Forms()
    parser.feed(html)
    return [f for f in parser.forms if f["fields"]]


SERVER_DRAW = ("draw", "server")  # a button that has the server draw: the typed fields go unread


def submission(form: dict) -> dict:
    """What the form posts as drawn (one value a name; typed in, not drawn by the server)."""
    data = {}
    for name, value, _kind in form["fields"]:
        if (name, value) != SERVER_DRAW:
            data.setdefault(name, value or "")
    return data


def number_fields(form: dict) -> set[str]:
    return {name for name, _value, kind in form["fields"] if kind == "number"}


def stored(app) -> tuple:
    """Everything a refusal must leave as it was: tables, moves, undos, profiles."""
    db = app.extensions["companion"]["tables"].store.db()
    return tuple(tuple(db.execute(f"SELECT * FROM {t}").fetchall())
                 for t in ("tables", "events", "undone", "profiles", "seats"))


# the wizards ----------------------------------------------------------------------------
# A wizard page takes a tenth of a second to draw: every field with every value is read by
# the wizard's own reader and the table service (what the route does before it answers),
# and a sample goes through the route itself.

def wizard_forms(client, game: str) -> tuple[dict, list[dict]]:
    """The wizard's form (it posts to its own page) and its buttons that GET the page."""
    page = client.get(f"/new/{game}")
    assert page.status_code == 200
    own = [f for f in forms_of(page.get_data(as_text=True)) if urlsplit(f["url"]).path in ("", f"/new/{game}")]
    (post,) = [f for f in own if f["method"] == "post"]
    return post, [f for f in own if f["method"] == "get"]


def wizard_fields(valid: dict, post: dict) -> list[str]:
    return sorted(set(valid) | {name for name, _v, _k in post["fields"]})


def read_wizard(app, game: str, data: dict) -> bool:
    """What the wizard's route does with ``data`` before it stores a table: True if the
    set-up reads and the rules take it, False if refused; anything else raised is a 500."""
    engine = app.extensions["companion"]["tables"].engine(game)
    try:
        config, _title, _profile = ui_for(game).config_from_form(MultiDict(data))
        engine.setup(config)
    except REFUSALS:
        return False
    return True


def post_wizard(app, client, game: str, data: dict):
    """The route itself: no 5xx; refused: nothing stored."""
    before = stored(app)
    response = client.post(f"/new/{game}", data=data)
    assert response.status_code < 500, (game, {k: v[:40] for k, v in data.items()})
    if response.status_code != 302:
        assert 400 <= response.status_code < 500 and stored(app) == before
    return response


@pytest.mark.parametrize("game", sorted(WIZARDS))
def test_every_wizard_field_survives_nasty_values(app, client, game):
    valid = WIZARDS[game]()
    post, gets = wizard_forms(client, game)
    numbers, tables = number_fields(post), app.extensions["companion"]["tables"]
    with app.test_request_context(f"/new/{game}"):
        for field in wizard_fields(valid, post):
            for value in NASTY:
                made = read_wizard(app, game, dict(valid, **{field: value}))
                assert not (made and field in numbers and value in NOT_DIGITS), (field, value[:40])
        for form in gets:  # the wizard's own buttons (draws, profiles) GET it with the form so far
            base = submission(form) | valid
            for field in sorted(base):
                for value in NASTY:
                    ui_for(game).setup_context(tables, MultiDict(dict(base, **{field: value})))
    for field in sorted(numbers):  # and through the route: a 400 saying which field
        for value in NOT_DIGITS:
            assert post_wizard(app, client, game, dict(valid, **{field: value})).status_code == 400


text = st.text(alphabet=st.characters(codec="utf-8"), max_size=30)


@pytest.mark.parametrize("game", sorted(WIZARDS))
def test_nasty_and_random_text_through_the_wizard_route(app, client, game):
    valid = WIZARDS[game]()
    post, gets = wizard_forms(client, game)
    fields = wizard_fields(valid, post)

    @settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture],
              database=None)
    @given(field=st.sampled_from(fields), value=text | st.sampled_from(NASTY), get=st.booleans())
    def sends(field, value, get):
        if get and gets:  # a draw button's GET: the page drawn again with the value in it
            response = client.get(f"/new/{game}", query_string=dict(submission(gets[0]) | valid, **{field: value}))
            assert response.status_code < 500
        else:
            post_wizard(app, client, game, dict(valid, **{field: value}))

    sends()


# the action forms -----------------------------------------------------------------------

FUZZED = ("/act", "/table-act", "/host/undo", "/host/status")  # the forms that post numbers or moves


class Table:
    """A table being played, with a device per page: each seat's phone and the host."""

    def __init__(self, app, client, game: str, wizard: dict):
        response = client.post(f"/new/{game}", data=wizard)
        assert response.status_code == 302, response.get_data(as_text=True)[:800]
        self.app, self.host, self.id = app, client, response.headers["Location"].rsplit("/", 1)[1]
        self.tables = app.extensions["companion"]["tables"]
        self.live = self.tables.get(self.id)
        self.phones = {seat: join(app, self.id, seat) for seat in self.live.seats}

    def pages(self) -> list[tuple]:
        """(device, forms) of the pages due to act now, and of the host's controls."""
        due = self.live.engine.to_act(self.live.state)
        shown = [(self.phones[s], f"/t/{self.id}/me") for s in sorted(due - {TABLE})]
        shown += [(self.host, f"/t/{self.id}"), (self.host, f"/t/{self.id}/host")]
        found = []
        for device, url in shown:
            page = device.get(url)
            assert page.status_code == 200, url
            found += [(device, f) for f in forms_of(page.get_data(as_text=True))
                      if f["method"] == "post" and urlsplit(f["url"]).path.endswith(FUZZED)]
        return found

    def post(self, device, form: dict, field: str, value: str) -> None:
        """``form`` with ``field`` set to ``value``: no 5xx; refused: nothing stored; taken
        (a value that happens to be a legal move): undone, to go on from the same moment."""
        before, seq = stored(self.app), self.live.seq
        data = dict(submission(form), **{field: value})
        if field != "seq":
            data["seq"] = str(seq)
        response = device.post(urlsplit(form["url"]).path, data=data, headers={"HX-Request": "true"})
        status = response.status_code
        assert status < 500, (form["url"], field, value[:40], response.get_data(as_text=True)[:500])
        if status >= 400 or self.live.seq == seq:
            assert stored(self.app) == before, (form["url"], field, value[:40])
        elif urlsplit(form["url"]).path.endswith("act"):
            self.tables.undo(self.id, self.live.seq - seq, self.live.seq)
        return status


def form_kind(form: dict) -> str:
    """What a form sends: its action type (a complete action's, from its JSON), or its URL."""
    fields = dict((name, value) for name, value, _kind in form["fields"])
    if "action" in fields:
        try:
            return json.loads(fields["action"]).get("type", "?")
        except ValueError:
            return "?"
    return fields.get("type") or urlsplit(form["url"]).path.rsplit("/", 2)[-1]


def fuzz_new_forms(table: Table, seen: set, rng: random.Random) -> None:
    """Each field not met yet gets every nasty value; one shaped like a field met (``n_a4``
    after ``n_a3``: a count per kind of card) a few of them."""
    for device, form in table.pages():
        kind, numbers = form_kind(form), number_fields(form)
        for name, _value, _kind in form["fields"]:
            key = (urlsplit(form["url"]).path.rsplit("/", 1)[-1] if name in EVERY_FORM else kind, name)
            shape = (key[0], re.sub(r"[0-9]+", "#", name))
            if key in seen:
                continue
            values = rng.sample(NASTY, 3) if shape in seen else NASTY
            seen |= {key, shape}
            for value in values:
                status = table.post(device, form, name, value)
                if name in numbers and value in NOT_DIGITS:
                    assert 400 <= status < 500, (kind, name, value[:40])


def types_due(live) -> set:
    due = live.engine.to_act(live.state)
    return {(seat == TABLE, a["type"]) for seat in due for a in live.engine.legal(live.state, seat)["actions"]}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_action_form_field_survives_nasty_values(app, client, game):
    seen, kinds = set(), set()
    for n, wizard in enumerate(GAMES[game]):
        table = Table(app, client, game, wizard())
        playout = import_module(f"{table.live.engine.__name__}.playout")
        rng = random.Random(f"{game}-{n}")
        for _step in range(2000):
            live = table.live
            if live.engine.is_over(live.state):
                break
            new = types_due(live) - kinds
            if new:  # a kind of move not met yet: its forms are fuzzed as the pages draw them
                kinds |= new
                fuzz_new_forms(table, seen, rng)
            seat = rng.choice(sorted(live.engine.to_act(live.state)))
            table.tables.act(table.id, seat, playout.random_action(live.state, seat, rng), live.seq)
    fields = {name for _kind, name in seen}
    assert "seq" in fields and "type" in fields  # the forms were read at all
