"""The end of a game as an event: the ranking, each player's totals by kind of scoring,
and a chart of the scores over the game (SVG drawn here), for the table screen and
every phone (``final`` in what the page templates see: ``moment.viewer_context``)."""

import threading
from itertools import takewhile

from flask_babel import get_locale, gettext
from markupsafe import Markup

from ..engines.common import replay
from ..tables import Live, Tables
from . import charts, context
from .games import ui_for

_charts: dict[tuple, tuple] = {}  # (table id, language) -> (moment, chart)
_series: dict[str, tuple] = {}  # table id -> (moment, each seat's scores over the game)
_lock = threading.Lock()


def summary(live: Live, scores: dict, view: dict) -> dict:
    """{"ranking": [{"seat", "name", "rank", "total", "winner", "by_kind"}], "kinds":
    [{"key", "label"}], "chart": Markup} of a finished game."""
    players = [p for p in view["players"] if not p.get("dummy")]
    totals, winners = scores["totals"], set(scores.get("winners") or [])
    order = sorted(players, key=lambda p: (p["seat"] not in winners, -totals.get(p["seat"], 0)))
    kinds, by_seat = by_kind(live, scores)
    ranking, rank = [], 0
    for i, p in enumerate(order):
        seat, before = p["seat"], order[i - 1]["seat"] if i else None
        # winners share the first place; below them equal totals share a place, but a
        # player a tie-break put below a winner is not placed with the winners
        if i == 0 or seat not in winners and (before in winners or totals.get(seat, 0) != totals.get(before, 0)):
            rank = i + 1
        ranking.append({"seat": seat, "name": p["name"], "rank": rank, "total": totals.get(seat, 0),
                        "winner": seat in winners, "by_kind": by_seat.get(seat, {})})
    return {"ranking": ranking, "kinds": kinds, "chart": chart(live, players)}


def by_kind(live: Live, scores: dict) -> tuple[list[dict], dict]:
    """The kinds of scoring in the order they first scored (a game's own ``SCORE_KINDS``
    names them; else the rule ID), and seat -> kind -> points."""
    names = getattr(ui_for(live.row.game), "SCORE_KINDS", {})
    kinds, by_seat = {}, {}
    for event in scores["events"]:
        key = event.get("kind") if event.get("kind") in names else event.get("rule") or "?"
        kinds.setdefault(key, {"key": key, "label": names.get(key, key), "rule": event.get("rule")})
        for seat, points in event["points"].items():
            row = by_seat.setdefault(seat, {})
            row[key] = row.get(key, 0) + points
    return list(kinds.values()), by_seat


def chart(live: Live, players: list[dict]) -> Markup:
    """Each player's score after every move, as a chart in the reader's language."""
    where, moment = (live.row.id, str(get_locale())), _moment(live)
    with _lock:
        kept = _charts.get(where)
    if kept and kept[0] == moment:
        return kept[1]
    series = score_series(live, context.tables())
    inks = charts.colours([p.get("colour") for p in players])
    lines = [{"label": p["name"], "colour": ink, "points": series[p["seat"]]} for p, ink in zip(players, inks)]
    drawn = charts.lines(gettext("Scores over the game"), lines, gettext("move"), gettext("points"))
    with _lock:
        _charts[where] = (moment, drawn)
    return drawn


def _moment(live: Live) -> tuple:
    # a move taken back and made again has a new key
    return live.seq, live.moves[-1].key if live.moves else 0


def score_series(live: Live, tables: Tables) -> dict[str, list[tuple[int, int]]]:
    """Seat -> ``(move, score)`` points of its score over the game, worked out again from
    the set-up and the table's log (once per table and move, whatever the languages of
    its pages)."""
    moment = _moment(live)
    with _lock:
        kept = _series.get(live.row.id)
    if kept and kept[0] == moment:
        return kept[1]
    series = _worked_out(live, tables.events(live.row.id))
    with _lock:
        _series[live.row.id] = (moment, series)
    return series


def _worked_out(live: Live, events) -> dict[str, list[tuple[int, int]]]:
    """Each seat's points over ``events`` (the whole log, in order) up to this moment."""
    engine = live.engine
    # moves made since this moment are the next moment's series
    made = takewhile(lambda event: event.seq <= live.seq, events)
    series = {seat: [(0, 0)] for seat in live.seats}
    for played in replay(engine, engine.setup(live.row.config), made):
        seq, totals = played.move.seq, engine.scores(played.after)["totals"]
        for seat, points in series.items():
            if totals.get(seat, 0) != points[-1][1]:
                points.append((seq - 1, points[-1][1]))
                points.append((seq, totals.get(seat, 0)))
    for points in series.values():
        points.append((live.seq, points[-1][1]))
    return series
