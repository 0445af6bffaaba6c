"""The host's home: the tables this browser hosts, and creating a new one."""

from flask import Blueprint, redirect, render_template, request, url_for

from ..engines.text import _
from ..tables import Refused
from . import assets, context, errors, teach
from .filters import say
from .games import offered, playable, ui_for

bp = Blueprint("home", __name__)
bp.app_url_defaults(assets.add_version)  # every static URL carries its version ...
bp.after_app_request(assets.light)  # ... so it is kept for long; gzip where it helps
bp.add_url_rule("/favicon.ico", view_func=assets.favicon)


@bp.get("/")
def index():
    """The games to start, and the tables this browser hosts: anyone may open this
    page, so other tables stay unlisted (players join those by their QR code)."""
    show_all = bool(request.args.get("all"))
    rows = [r for r in context.tables().listing()
            if (r.status != "archived" or show_all) and context.hosts(r)]
    return render_template("home.html", rows=rows, games=offered(), all=show_all, over=games_over())


def games_over() -> set[str]:
    """Tables whose game has ended (and was not undone since), from the kept results."""
    store = context.tables().store
    ends, results = store.log_ends(), store.results()
    return {table_id for table_id, (seq, at, outcome) in results.items()
            if outcome.get("over") and ends.get(table_id) == (seq, at)}


@bp.route("/new/<game>", methods=["GET", "POST"])
def new_table(game):
    if not playable(game):
        raise Refused(_("There is no such game here."), 404)
    ui, tables = ui_for(game), context.tables()

    def wizard(form=None, error=None, code=200):
        data = ui.setup_context(tables, request.args)  # may prefill "form" (e.g. drawn shops)
        if form is not None:
            data["form"] = form
        return render_template(f"games/{game}/setup.html", game=game, error=error, **data), code

    if request.method == "GET":
        return wizard()
    try:
        config, title, profile = ui.config_from_form(request.form)
        if taught := teach.from_form(request.form):  # "We are learning": not the game's, the table's
            config = {**config, "teach": taught}
        row = tables.create(game, config, title)
    except errors.REFUSALS as refused:
        message = say(refused.text) + (f" ({refused.rule})" if refused.rule else "")
        return wizard(request.form, message, errors.status(refused))
    if profile:
        tables.save_profile(game, profile["name"], profile["data"])
    response = redirect(url_for("play.table_screen", table_id=row.id))
    context.set_cookie(response, context.host_cookie(row.id), row.host_secret)
    return response
