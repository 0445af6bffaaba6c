"""Palazzo's rules page: every rule the engine and the screens cite has its anchor, the
quarries are numbered one way everywhere, and the sealed-bid house rule stands apart."""

import re
from pathlib import Path

from companion import rules

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [*ROOT.glob("companion/engines/palazzo/*.py"), ROOT / "companion/web/games/palazzo.py",
           *ROOT.glob("templates/games/palazzo/**/*.html"), ROOT / "static/js/palazzo.js"]


def test_every_rule_cited_by_the_engine_or_the_screens_is_on_the_page(client):
    cited = set()
    for path in SOURCES:
        cited |= set(re.findall(r"PZ-[A-Z]+-\d+", path.read_text()))
    html = client.get("/rules/palazzo").get_data(as_text=True)
    anchors = set(re.findall(r'<dt id="(PZ-[A-Z0-9-]+)"', html))
    assert cited and cited <= anchors, sorted(cited - anchors)


def test_quarries_are_numbered_from_the_master_builders_on_the_page():
    book = rules.load("palazzo")
    assert "quarry 0" in book.rule("PZ-C-4").text and "clockwise" in book.rule("PZ-C-4").text
    assert "master builder's quarry as 0" in book.rule("PZ-T-2").text
    assert "(quarry 0)" in book.rule("PZ-S-1").text


def test_open_bidding_and_the_sealed_house_rule_are_kept_apart():
    book = rules.load("palazzo")
    open_bidding = book.rule("PZ-A-3").text
    assert "if everyone else passes (the opener pays nothing)" in open_bidding
    assert "*Example:*" in open_bidding and "sealed" not in open_bidding.lower()
    house = next(s for s in book.sections if s.id == "PZ-H")
    assert [r.id for r in house.rules] == ["PZ-H-1"] and "*House rule:*" in house.rules[0].text
    assert "sealed" in house.rules[0].text
