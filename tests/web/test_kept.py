"""Blocks kept from a table's earlier moment (companion/web/picture.py ``_kept``): a block
that names what it reads is given that alone, reading anything else is an error, and it
is drawn again exactly when what it reads changes, for its own page and seat only."""

from collections import Counter

import pytest

from companion.web import moment, picture
from companion.web.templating import UndeclaredRead, render_template, restricted
from tests.web.test_picture import new_table, random_moves


@pytest.mark.parametrize("source, reads", [
    ("{{ scores }}", ("over",)),                            # a value not named
    ("{% if page == 'phone' %}{{ over }}{% endif %}", ()),  # used in a test
    ("{{ view.hand }}", ("view.players.name",)),            # a key of the view not named
    ("{{ view.players[0].score }}", ("view.players.name",)),  # a player's field not named
    ("{{ view.get('hand') }}", ("view.players",)),
    ("{{ 'hand' in view }}", ("view.players",)),
    ("{{ view.players[1].name }}", ("view.players.0",)),    # another player than the one named
    ("{% for p in view.players %}{{ p.name }}{% endfor %}", ("view.players.1",)),
    ("{{ view.tiles.price }}", ("view.tiles.supply",)),     # a key inside a key, not named
])
def test_reading_what_a_block_does_not_name_is_an_error(app, source, reads):
    values = {"scores": 1, "over": False, "page": "phone",
              "view": {"players": [{"name": "Anna", "score": 3}, {"name": "Ben", "score": 4}], "hand": [1],
                       "tiles": {"supply": ["b1"], "price": 3}}}
    template = app.jinja_env.from_string(source)
    assert render_template(template, values)  # drawn from everything, it reads fine
    with app.test_request_context("/"), pytest.raises(UndeclaredRead):
        render_template(template, restricted(values, reads))


def test_what_a_block_names_it_is_given_and_nothing_else(app):
    values = {"scores": 1, "view": {"players": [{"name": "Anna", "score": 3}], "phase": "x"}, "page": "phone"}
    template = app.jinja_env.from_string("{{ page }} {{ view.phase }} {% for p in view.players %}{{ p.name }}{% endfor %}"
                                         " {{ view.players[0] | list | join(',') }}")
    assert render_template(template, restricted(values, ("view.phase", "view.players.name"))) == "phone x Anna name"


def test_a_block_may_name_one_item_of_a_list_and_a_key_inside_a_key(app):
    values = {"view": {"players": [{"name": "Anna", "score": 3}, {"name": "Ben", "score": 4}],
                       "tiles": {"supply": ["b1"], "price": 3}, "auction": None}}
    template = app.jinja_env.from_string("{{ view.players | length }} {{ view.players[1].name }} {{ view.players[1].score }}"
                                         " {{ view.tiles.supply | join }} {{ view.auction }}")
    given = restricted(values, ("view.players.1", "view.tiles.supply", "view.auction.bids"))
    assert render_template(template, given) == "2 Ben 4 b1 None"
    later = restricted({"view": dict(values["view"], tiles={"supply": ["b1"], "price": 4})},
                       ("view.players.1", "view.tiles.supply", "view.auction.bids"))
    assert later == given  # what the block reads did not change: it is kept
    changed = {"view": dict(values["view"], players=[values["view"]["players"][0], {"name": "Ben", "score": 5}])}
    assert restricted(changed, ("view.players.1", "view.tiles.supply", "view.auction.bids")) != given


def test_a_kept_block_is_drawn_again_exactly_when_what_it_reads_changes(app, monkeypatch):
    """The phone's and the table's score blocks over a game of Manhattan: drawn at the
    first moment and after every move that changed the scores, and only then; each
    phone's kept under its own seat."""
    drawn = []
    real = picture.render_block

    def counting(template, name, values):
        if name == "scores":
            drawn.append((values["viewer"], values["scores"]))
        return real(template, name, values)

    monkeypatch.setattr(picture, "render_block", counting)
    table_id = new_table(app, "manhattan")
    before, changes, moves = None, 0, 0
    for live in random_moves(app, table_id, "manhattan", moves=60):
        moves += 1
        now = moment.facts(live)
        changes += now.scores != before
        before = now.scores
        with app.test_request_context("/"):
            for seat in live.seats:
                picture.picture(live, seat, "phone")
    for seat in live.seats:
        again = len([d for d in drawn if d[0] == seat])
        assert again == changes and again < moves  # kept at every move that changed no score
        kept = now.kept[("en", "phone", seat, False, "scores")]
        assert kept[0]["viewer"] == seat


def test_a_board_block_that_names_one_player_is_drawn_again_only_when_that_player_changes(app, monkeypatch):
    """Palazzo's panel of each player (``view.players.N`` in ``ui.BOARD_READS``) over a
    random game: drawn at the first moment and after every move that changed that player,
    and kept at the moves that changed only others."""
    drawn = []
    real = picture.render_block

    def counting(template, name, values):
        if name.startswith("player_"):
            drawn.append(int(name.removeprefix("player_")))
        return real(template, name, values)

    monkeypatch.setattr(picture, "render_block", counting)
    table_id = new_table(app, "palazzo")
    before, changes, moves = {}, Counter(), 0
    for live in random_moves(app, table_id, "palazzo", moves=60):
        moves += 1
        players = moment.facts(live).view(None)["players"]
        for i, player in enumerate(players):
            changes[i] += player != before.get(i)
            before[i] = player
        with app.test_request_context("/"):
            picture.picture(live, None, "table")
    counts = Counter(drawn)
    assert len(players) >= 3 and all(0 < changes[i] < moves for i in range(len(players)))
    assert {i: counts[i] for i in changes} == changes, (counts, changes)
    assert all(counts[i] == 1 for i in counts.keys() - changes.keys())  # a place nobody sits at: drawn once, empty


def own(view: dict, seat: str) -> list:
    return [p for p in view["players"] if p["seat"] == seat]


def own_entry(view: dict, seat: str) -> tuple:
    """A sheet that shows the seat's own player, its hand and its options."""
    return own(view, seat), view.get("hand"), view.get("options")


def manhattan_sheet(view: dict, seat: str) -> tuple:
    """Manhattan's: the seat's side and colours, its cards, every colour's pieces, the owners' tags."""
    return ([(p["side_label"], p["colours"]) for p in own(view, seat)], view.get("hand"), view["colours"],
            view["heights"], [(p["initials"], p["colours"]) for p in view["players"]])


#: What a seat's sheet shows, read from the seat's view by hand.
SHOWN = {"fifth_avenue": own_entry, "palazzo": own_entry, "new_york": own_entry, "manhattan": manhattan_sheet}


@pytest.mark.parametrize("game", list(SHOWN))
def test_a_seats_sheet_is_drawn_again_only_when_what_it_shows_or_the_scores_change(app, monkeypatch, game):
    """The sheet names what it reads (``ui.SHEET_READS``): a phone's sheet is drawn at a
    move that changed what it shows of the seat's view (``SHOWN``) or the scores, and
    kept at the others (another seat's move that touched neither)."""
    drawn = []
    real = picture.render_block

    def counting(template, name, values):
        if name == "sheet":
            drawn.append(values["viewer"])
        return real(template, name, values)

    monkeypatch.setattr(picture, "render_block", counting)
    table_id = new_table(app, game)
    before, changes, moves = {}, {}, 0
    for live in random_moves(app, table_id, game, moves=60):
        moves += 1
        now = moment.facts(live)
        with app.test_request_context("/"):
            for seat in live.seats:
                view = now.view(seat)
                seen = (now.scores, SHOWN[game](view, seat))
                changes[seat] = changes.get(seat, 0) + (seen != before.get(seat))
                before[seat] = seen
                picture.picture(live, seat, "phone")
    for seat in live.seats:
        assert drawn.count(seat) == changes[seat] < moves
