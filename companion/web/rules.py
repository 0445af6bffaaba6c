"""The rules reference, one page per game, every rule at its own anchor."""

from flask import Blueprint, abort, render_template
from flask_babel import get_locale

from .. import engines, rules

bp = Blueprint("rules", __name__, url_prefix="/rules")


@bp.get("/")
def index():
    books = {}
    for game in engines.available():
        try:
            books[game] = rules.load_for(game, str(get_locale()))[0]
        except FileNotFoundError:
            continue
    return render_template("rules_index.html", books=books)


@bp.get("/<game>")
def page(game):
    if game not in engines.GAMES:
        abort(404, description="There is no such game.")
    try:
        book, lang = rules.load_for(game, str(get_locale()))
    except FileNotFoundError:
        abort(404, description="This game has no rules page yet.")
    return render_template("rules.html", game=game, book=book, lang=lang)
