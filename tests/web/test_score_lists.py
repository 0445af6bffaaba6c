"""The score list of the table screen and the phones (templates/_scores.html): each
scoring says once whose points are whose, players in seat order as every game lists them,
and points lost never look like points won."""

import copy
import re
from html import unescape
from pathlib import Path

from tests.web.test_palazzo_screens import NAMES, Table, page

CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "companion.css"


def summaries(html: str) -> list[str]:
    """Each scoring's one-line summary (what shows while it is folded), as text."""
    scores = html.split('<section class="scores">')[1].split("</section>")[0]
    return [" ".join(unescape(re.sub(r"<[^>]+>", "", s)).split())
            for s in re.findall(r"<summary>(.*?)</summary>", scores, re.S)]


def palazzo_with_palaces(app, client, palaces: dict) -> tuple:
    table = Table(app, client)
    state = copy.deepcopy(table.live.state)
    state["palaces"].update(palaces)
    return table, state


def test_palazzos_score_list_names_each_player_once_in_seat_order(app, client):
    # Anna (first seat) and Cleo (third) have palaces; Ben has none
    table, state = palazzo_with_palaces(app, client, {"p1": [["b1w2", "b2w1", "b3w2"]], "p3": [["m2w2"]]})
    html = page(app, table.live, state, None)
    (palaces,) = [s for s in summaries(html) if "Anna" in s or "Cleo" in s]
    for name in ("Anna", "Cleo"):
        assert palaces.count(name) == 1, palaces
    assert palaces.index("Anna") < palaces.index("Cleo"), palaces
    assert palaces.endswith("Anna +8, Cleo -5"), palaces
    # the lines, unfolded, say whose palace each is
    lines = [unescape(li) for li in re.findall(r"<li>(.*?)</li>", html.split('<section class="scores">')[1])]
    assert any(li.startswith("Anna, palace 1:") for li in lines)
    assert any(li.startswith("Cleo, palace 1:") for li in lines) and "Ben: no palaces yet" in lines


def colour_of(css_class: str) -> str:
    """The colour companion.css gives a class inside a score summary's points."""
    rules = re.findall(r"\.score-event \.pts((?: \.[\w-]+)?) \{[^}]*color: ([^;]+);", CSS.read_text())
    colours = {selector.strip(): value for selector, value in rules}
    return colours.get("." + css_class, colours[""])


def points_classes(html: str) -> dict[str, str]:
    """Points shown in the summaries -> the class of the element that holds them."""
    return dict((number, cls) for cls, number in
                re.findall(r'<span class="([\w-]+)">([-+]\d+)</span>', html.split('<section class="scores">')[1]))


def test_points_lost_are_not_shown_in_the_colour_of_points_won(app, client):
    table, state = palazzo_with_palaces(app, client, {"p1": [["b1w2", "b2w1", "b3w2"]], "p2": [["m2w2"]]})
    for viewer in (None, "p2"):
        html = page(app, table.live, state, viewer)
        found = points_classes(html)
        assert "-5" in found, (viewer, found)
        assert colour_of(found["-5"]) == "var(--bad)"
    won = points_classes(page(app, table.live, state, None))["+8"]
    assert colour_of(won) == "var(--ok)"
    assert NAMES["p2"] == "Ben"
