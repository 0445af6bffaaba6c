"""Teaching cards for a table that is learning the game (issue: "We are learning")."""


def card(now, viewer: str | None, page: str):
    """The card a page shows at ``now`` (a ``moment.Facts``), or None (none yet)."""
    return None
