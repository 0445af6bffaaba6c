"""The rules page covers every rule of the digest."""

from companion import rules

DIGEST = (
    [f"NY-C-{i}" for i in range(1, 6)] + [f"NY-S-{i}" for i in range(1, 5)]
    + [f"NY-T-{i}" for i in range(1, 6)] + [f"NY-B-{i}" for i in range(1, 7)]
    + [f"NY-SC-{i}" for i in range(1, 4)] + [f"NY-E-{i}" for i in range(1, 4)]
    + [f"NY-2P-{i}" for i in range(1, 5)]
)


def test_every_digest_rule_is_on_the_page_in_order():
    book = rules.load("new_york")
    assert list(book.index()) == DIGEST
    assert [s.id for s in book.sections] == ["NY-C", "NY-S", "NY-T", "NY-B", "NY-SC", "NY-E", "NY-2P"]
    assert all(rule.text for rule in book.index().values())
