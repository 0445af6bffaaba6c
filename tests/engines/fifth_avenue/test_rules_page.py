"""Every rule on the rules page is tested, and the page states every decision and house rule."""

import re
from pathlib import Path

from companion import rules

DIGEST_IDS = (
    [f"FA-C-{i}" for i in range(1, 7)] + [f"FA-S-{i}" for i in range(1, 6)]
    + [f"FA-T-{i}" for i in range(1, 4)] + [f"FA-M-{i}" for i in range(1, 6)]
    + [f"FA-SH-{i}" for i in range(1, 6)] + [f"FA-Q-{i}" for i in range(1, 4)]
    + [f"FA-A-{i}" for i in range(1, 8)] + [f"FA-X-{i}" for i in range(1, 5)]
    + [f"FA-E-{i}" for i in range(1, 5)] + [f"FA-2P-{i}" for i in range(1, 5)] + ["FA-V-1"]
)


def test_rules_page_has_every_digest_rule_and_the_house_rules():
    book = rules.load("fifth_avenue")
    assert set(book.index()) == set(DIGEST_IDS) | {"FA-H-1", "FA-H-2"}
    assert "*House rule:*" in book.rule("FA-H-1").text
    assert "*Decision:*" in book.rule("FA-S-4").text


#: Rules no action can break: they say what happens by itself. Each has behaviour tests.
CONSEQUENCES = {
    "FA-M-3": "markers are put down by the move itself",
    "FA-SH-3": "the block's last shop moves under Central Park by itself",
    "FA-SH-4": "special scorings happen by themselves",
    "FA-Q-2": "the scoring table is arithmetic",
    "FA-Q-3": "the dummy's buildings simply do not score",
    "FA-A-1": "the round's order of auctions is not chosen by anyone",
    "FA-X-3": "markers go home by themselves",
    "FA-E-2": "the final scoring happens by itself",
    "FA-E-4": "the tie-break is arithmetic",
    "FA-2P-3": "the dummy builds or closes by itself",
    "FA-2P-4": "the dummy's points are simply not counted",
}


def _test_text():
    return "\n".join(p.read_text() for p in Path(__file__).parent.glob("test_*.py")
                     if p.name != Path(__file__).name)


def test_every_rule_is_named_in_the_tests():
    named = set(re.findall(r"FA-[A-Z0-9]+-\d+", _test_text()))
    missing = sorted((set(DIGEST_IDS) | {"FA-H-1", "FA-H-2"}) - named)
    assert not missing, f"rules without a test: {missing}"


def test_every_rule_that_an_action_can_break_has_a_refusal_test():
    text = _test_text()
    refused = (set(re.findall(r'refused\([^\n]*?"(FA-[A-Z0-9]+-\d+)"', text))
               | set(re.findall(r'rule == "(FA-[A-Z0-9]+-\d+)"', text)))
    expected = (set(DIGEST_IDS) | {"FA-H-1", "FA-H-2"}) - set(CONSEQUENCES)
    assert sorted(expected - refused) == []
