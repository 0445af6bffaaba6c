"""The host's home: the tables this browser hosts, and creating a new one."""

from flask import Blueprint, abort, redirect, render_template, request, url_for

from .. import engines
from . import context
from .games import has_ui, ui_for

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    """The games to start, and the tables this browser hosts: anyone may open this
    page, so other tables stay unlisted (players join those by their QR code)."""
    tables = context.tables()
    rows = [r for r in tables.store.tables()
            if (r.status != "archived" or request.args.get("all")) and context.hosts(r)]
    games = {g: engines.GAMES[g] for g in engines.available() if has_ui(g)}
    return render_template("home.html", rows=rows, games=games, all=bool(request.args.get("all")))


@bp.route("/new/<game>", methods=["GET", "POST"])
def new_table(game):
    if game not in engines.GAMES or not has_ui(game):
        abort(404, description="There is no such game here.")
    ui = ui_for(game)
    store = context.tables().store

    def wizard(form=None, error=None, status=200):
        data = ui.setup_context(store, request.args)  # may prefill "form" (e.g. drawn shops)
        if form is not None:
            data["form"] = form
        return render_template(f"games/{game}/setup.html", game=game, error=error, **data), status

    if request.method == "GET":
        return wizard()
    try:
        config, title, profile = ui.config_from_form(request.form)
        row = context.tables().create(game, config, title)
    except ValueError as error:  # FormError and IllegalAction are both ValueErrors
        message = getattr(error, "message", str(error))
        if getattr(error, "rule", None):
            message = f"{message} ({error.rule})"
        return wizard(request.form, message, 400)
    if profile:
        store.save_profile(game, profile["name"], profile["data"])
    response = redirect(url_for("play.table_screen", table_id=row.id))
    context.set_cookie(response, context.host_cookie(row.id), row.host_secret)
    return response
