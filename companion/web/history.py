"""After the game: the history of finished games, the roster of players with their
statistics and charts, the move-by-move replay of a table, its exports, and the
browser's clock for a server that has none."""

import json

from flask import Blueprint, Response, abort, current_app, redirect, render_template, request, url_for
from flask_babel import gettext
from jinja2 import TemplateNotFound
from markupsafe import Markup

from .. import engines
from ..archive import exchange, history
from ..clock import Clock
from ..archive.replay import Replays
from ..secret import matches
from . import charts, context, filters
from .games import has_ui, ui_for

bp = Blueprint("history", __name__)


@bp.record_once
def _install(state) -> None:
    """The clock every date is written with, and the replay cache."""
    app, clock = state.app, Clock()
    companion = app.extensions["companion"]
    companion.update(clock=clock, replays=Replays())
    tables = companion["tables"]
    tables.archive.use_clock(clock.now)

    def game_over(table_id: str) -> None:
        """A game that ends here goes into the history at once, from memory."""
        live = tables.get(table_id)
        if live is not None:
            tables.archive.remember(live)

    tables.listeners.append(game_over)
    app.jinja_env.filters.update(
        when=lambda ts: clock.local(ts).strftime("%Y-%m-%d %H:%M"),
        day=lambda ts: clock.local(ts).strftime("%Y-%m-%d"),
        local_moment=lambda ts: filters.moment(clock.local(ts)),
    )


def _clock() -> Clock:
    return current_app.extensions["companion"]["clock"]


def _archive():
    return context.tables().archive


def hosts_here() -> bool:
    """Whether this browser holds the host link of some table on this server: the
    roster's merges are the hosts' to make."""
    archive = _archive()
    for name, value in request.cookies.items():
        if name.startswith("host_"):
            row = archive.table(name[len("host_"):])
            if row is not None and matches(value, row.host_secret):
                return True
    return False


# the browser's clock ----------------------------------------------------------------

@bp.post("/clock")
def clock():
    """Every page tells the time it is in the browser (static/js/clock.js)."""
    _clock().learn(request.form.get("ms"), request.form.get("utc_offset"), from_host=hosts_here())
    return "", 204


# history ----------------------------------------------------------------------------

def _filters(games):
    game = request.args.get("game") or None
    if game is not None and game not in engines.GAMES:
        abort(404, description=gettext("There is no such game here."))
    person = request.args.get("player") or None
    people = history.roster(games)
    if person is not None and person not in {p.key for p in people}:
        abort(404, description=gettext("Nobody of that name has finished a game here."))
    return game, person, people


@bp.get("/history")
def games():
    everything = _archive().results()
    game, person, people = _filters(everything)
    shown = history.finished(everything, game, person)
    return render_template("history/index.html", games=shown, people=people, game=game, player=person,
                           titles=engines.GAMES, names={p.key: p.name for p in people})


@bp.get("/history/stats")
def stats():
    everything = _archive().results()
    game, person, people = _filters(everything)
    names = {p.key: p.name for p in people}
    records = history.records(everything)
    sections = []
    for name in [game] if game else sorted(records):
        if name not in records:
            continue
        rows = sorted(records[name].items(), key=lambda kv: (-kv[1].wins, -kv[1].average, names[kv[0]]))
        title = engines.GAMES.get(name, name)  # a game no longer shipped goes by its key
        sections.append({
            "game": name,
            "rows": [(key, names[key], record) for key, record in rows],
            "wins": charts.bars(gettext("Wins in %(game)s", game=title),
                                [{"label": names[k], "value": r.wins} for k, r in rows]),
            "scores": charts.bars(gettext("Average score in %(game)s (best in brackets)", game=title),
                                  [{"label": names[k], "value": r.average, "mark": r.best} for k, r in rows]),
        })
    return render_template("history/stats.html", sections=sections, game=game, titles=engines.GAMES)


@bp.get("/history/players")
def players():
    people = history.roster(_archive().results())
    return render_template("history/players.html", people=people, host=hosts_here(), fold=history.fold)


@bp.get("/history/players/<key>")
def player(key):
    everything = _archive().results()
    people = {p.key: p for p in history.roster(everything)}
    if key not in people:
        abort(404, description=gettext("Nobody of that name has finished a game here."))
    records = history.records(everything)
    mine = {game: people_[key] for game, people_ in records.items() if key in people_}
    figures = []
    for game, record in sorted(mine.items()):
        points = [(i, score) for i, (_, score) in enumerate(record.scores, 1)]
        ticks = [(i, _day(at)) for i, (at, _) in enumerate(record.scores, 1)]
        figures.append(charts.lines(
            gettext("%(name)s's scores in %(game)s, game by game", name=people[key].name, game=engines.GAMES[game]),
            [{"label": people[key].name, "points": points}], gettext("game"), gettext("score"),
            x_ticks=_thin(ticks)))
    return render_template("history/player.html", person=people[key], records=mine, figures=figures,
                           titles=engines.GAMES, games=history.finished(everything, person=key))


def _day(timestamp: float) -> str:
    return filters.day_month(_clock().local(timestamp))


def _thin(ticks: list, most: int = 8) -> list:
    """At most ``most`` tick labels, the first and the last always among them."""
    if len(ticks) <= most:
        return ticks
    step = (len(ticks) - 1) / (most - 1)
    return [ticks[round(i * step)] for i in range(most)]


@bp.post("/history/players/merge")
def merge():
    """Host: two spellings are one person ("Anna" and "Anna B.")."""
    _require_some_host()
    known = {p.key for p in history.roster(_archive().results())}
    name, into = request.form.get("name", ""), request.form.get("into", "")
    if name not in known or into not in known:
        abort(400, description=gettext("Pick two people of the roster to merge."))
    if name == into:
        abort(400, description=gettext("Pick two different people to merge."))
    _archive().merge_people(name, into)
    return redirect(url_for("history.players"))


@bp.post("/history/players/split")
def split():
    """Host: a spelling merged by mistake stands for a person of its own again."""
    _require_some_host()
    name = request.form.get("name", "")
    if name not in _archive().aliases():
        abort(400, description=gettext("That name is not merged into anyone."))
    _archive().split_person(name)
    return redirect(url_for("history.players"))


def _require_some_host() -> None:
    if not hosts_here():
        abort(403, description=gettext("Only a host of a table on this server can change the roster."))


# replay -------------------------------------------------------------------------------

@bp.get("/t/<table_id>/replay")
def replay(table_id):
    row = _row_or_404(table_id)
    frames = _archive().frames(current_app.extensions["companion"]["replays"], row)
    last = len(frames) - 1
    try:
        move = int(request.args.get("move", "0"))
    except ValueError:
        abort(400, description=gettext("The move must be a number from 0 to %(last)s.", last=last))
    move = max(0, min(move, last))
    frame, engine = frames[move], engines.get(row.game)
    view = engine.view(frame.state, None)
    names = {p["seat"]: p["name"] for p in row.config["players"]}
    colours = {p["seat"]: p.get("colour") or p.get("color") for p in view.get("players", [])}
    inks = charts.colours([colours.get(s) for s in names])
    series = [{"label": names[s], "colour": ink, "points": [(f.seq, f.totals.get(s, 0)) for f in frames]}
              for s, ink in zip(names, inks)]
    chart = charts.lines(gettext("Scores over the game"), series, gettext("move"), gettext("points"),
                         marker_x=move)
    return render_template(
        "history/replay.html", row=row, move=move, last=last, frame=frame, view=view, names=names,
        board=_board(row.game, view), scores=engine.scores(frame.state), over=engine.is_over(frame.state),
        game=row.game, page="table", viewer=None, chart=chart, colours=colours,
        lines=[f for f in frames[max(1, move - 4):move + 1]][::-1],
    )


def _board(game: str, view: dict):
    if not has_ui(game):
        return None
    try:
        return Markup(render_template(f"games/{game}/board.html", view=view, ui=ui_for(game)))
    except TemplateNotFound:
        return None


def _row_or_404(table_id: str):
    row = _archive().table(table_id)
    if row is None:
        abort(404, description=gettext("There is no such table."))
    return row


# exports --------------------------------------------------------------------------------

@bp.get("/t/<table_id>/export.json")
def export_json(table_id):
    """Set-up, every move and the scores. The moves hold what was secret during the
    game (sealed bids, hands), so while it runs only the host may download them."""
    row = _row_or_404(table_id)
    data = _archive().export_json(row)
    if row.status == "playing" and not data["scores"]["over"] and not context.hosts(row):
        abort(403, description=gettext("Until the game is over, only the host can export its moves."))
    body = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    return _download(body, "application/json", exchange.file_name(row, "json"))


@bp.get("/t/<table_id>/export.csv")
def export_csv(table_id):
    """Scores by player and kind of scoring: public, like the table screen."""
    row = _row_or_404(table_id)
    return _download(_archive().export_csv(row), "text/csv", exchange.file_name(row, "csv"))


def _download(body: str, mimetype: str, filename: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
