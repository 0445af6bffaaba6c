"""Commissions and their markers (FA-M, FA-X-3).

``state["commissions"][colour] = {"at": place, "markers": [quarters in visiting order]}``
where a place is a quarter id, ``"city_hall"`` or ``"central_park"``.
"""

from ..errors import IllegalAction
from ..text import _
from .board import (CENTRAL_PARK, CITY_HALL, COMMISSIONS, PLACE_NAMES, QUARTERS, commission_text,
                    place_text, successors)


def closed_quarters(state: dict) -> set:
    return set(state["closed"])


def moves(state: dict) -> list[dict]:
    """Every legal commission move now (FA-M-1, FA-M-2, FA-M-4, FA-M-5)."""
    found = []
    for colour in COMMISSIONS:
        at = state["commissions"][colour]["at"]
        targets = [CITY_HALL] if at == CENTRAL_PARK else successors(at, closed_quarters(state))
        found.extend({"commission": colour, "to": to} for to in targets)
    return found


def standing_in_quarters(state: dict) -> list[str]:
    """Open quarters where a commission piece (not a marker) stands (FA-Q-1)."""
    places = [state["commissions"][c]["at"] for c in COMMISSIONS]
    return [q for q in QUARTERS if q in places and q not in state["closed"]]


def move(state: dict, action: dict) -> str | None:
    """Move one commission one step; returns its colour if it returned to City Hall (FA-M-5)."""
    colour = action.get("commission")
    if colour not in COMMISSIONS:
        raise IllegalAction("FA-M-1", _("There is no {commission} commission; move the white or the "
                                        "beige one.", commission=repr(colour)), commission=colour)
    to = action.get("to")
    if to not in PLACE_NAMES:
        raise IllegalAction("FA-C-1", _("{to} is not a space of the board; a commission moves to a "
                                        "quarter, to Central Park or back to City Hall.", to=repr(to)),
                            to=to)
    piece = state["commissions"][colour]
    at = piece["at"]
    facts = {"commission": commission_text(colour), "at": place_text(at), "to": place_text(to)}
    if to == CITY_HALL or at == CENTRAL_PARK:
        if at != CENTRAL_PARK:
            raise IllegalAction("FA-M-5", _("Only a commission standing on Central Park may return "
                                            "to City Hall; the {commission} commission stands on "
                                            "{at}.", **facts), commission=colour, at=at)
        if to != CITY_HALL:
            raise IllegalAction("FA-M-5", _("The {commission} commission stands on Central Park: its "
                                            "only move is back to City Hall, not to {to}.", **facts),
                                commission=colour, to=to)
        piece["at"] = CITY_HALL
        return colour
    options = successors(at, closed_quarters(state))
    if to not in options:
        facts["options"] = [place_text(o) for o in options]
        if to in QUARTERS and to in state["closed"]:
            raise IllegalAction("FA-M-4", _("{to} is closed and is skipped: from {at} the "
                                            "{commission} commission moves to {options}.", **facts),
                                commission=colour, to=to, options=options)
        raise IllegalAction("FA-M-2", _("From {at} the {commission} commission moves to {options}, "
                                        "not to {to}.", **facts), commission=colour, to=to,
                            options=options)
    if at in QUARTERS and at not in state["closed"]:  # (``closed`` is cheaper to copy)
        piece["markers"].append(at)  # FA-M-3; never on a closed quarter (FA-X-3)
    piece["at"] = to
    return None


def recall_markers(state: dict, quarter: str, colours=COMMISSIONS) -> None:
    """Markers of ``colours`` on ``quarter`` go back to City Hall (FA-A-1, FA-X-3)."""
    for colour in colours:
        markers = state["commissions"][colour]["markers"]
        if quarter in markers:
            markers.remove(quarter)
