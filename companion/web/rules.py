"""The rules reference, one page per game, every rule at its own anchor."""

import re

from flask import Blueprint, abort, render_template, request
from flask_babel import get_locale, gettext

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


MAX_QUESTION = 200  # characters: a question, not a page of text


@bp.get("/search")
def search():
    """The rules that best match a player's words, in any language, best first; one game's
    (``game``) or every game's."""
    from ..rules import search as rules_search

    game = request.args.get("game") or None
    if game is not None and game not in engines.available():
        abort(404, description="There is no such game.")
    question = request.args.get("q", "").strip()
    lang = str(get_locale())
    book = rules.load_for(game, lang)[0] if game else None
    if len(question) > MAX_QUESTION:
        message = gettext("Ask in fewer words: at most %(n)d characters.", n=MAX_QUESTION)
        return render_template("rules_search.html", game=game, book=book, question=question[:MAX_QUESTION],
                               hits=[], titles={}, message=message), 400
    hits = rules_search.search(question, game, lang if lang in rules.LANGUAGES else "en") if question else []
    titles = {g: rules.load_for(g, lang)[0].title for g in {h.game for h in hits}}
    return render_template("rules_search.html", game=game, book=book, question=question, hits=hits,
                           titles=titles, message=None)


@bp.get("/<game>")
def page(game):
    if game not in engines.GAMES:
        abort(404, description="There is no such game.")
    try:
        book, lang = rules.load_for(game, str(get_locale()))
    except FileNotFoundError:
        abort(404, description="This game has no rules page yet.")
    return render_template("rules.html", game=game, book=book, lang=lang)


RULE_ID = re.compile(r"[A-Z0-9-]{1,20}")  # what a rule ID may look like, before any look-up
MENTION = re.compile(r"\b[A-Z]+(?:-[A-Z0-9]+)+\b")


def related(book, section, rule) -> list:
    """The rules a reader of ``rule`` may want next: those its text mentions (in the order
    it mentions them), then the other rules of its section; each once, never itself."""
    index, seen, found = book.index(), {rule.id}, []
    for rule_id in [*MENTION.findall(rule.text), *(r.id for r in section.rules)]:
        if rule_id in index and rule_id not in seen:
            seen.add(rule_id)
            found.append(index[rule_id])
    return found


@bp.get("/<game>/rule/<rule_id>")
def rule_sheet(game, rule_id):
    """One rule as a fragment (the sheet a rule chip opens over the page it is on): its
    ID, section and text in the reader's language, and its related rules as chips."""
    if game not in engines.GAMES or not RULE_ID.fullmatch(rule_id):
        abort(404, description="There is no such rule.")
    try:
        book, lang = rules.load_for(game, str(get_locale()))
    except FileNotFoundError:
        abort(404, description="This game has no rules page yet.")
    found = next(((s, r) for s in book.sections for r in s.rules if r.id == rule_id), None)
    if found is None:
        abort(404, description="There is no such rule.")
    section, rule = found
    return render_template("_rule_sheet.html", game=game, book=book, lang=lang, section=section,
                           rule=rule, related=related(book, section, rule))
