"""What a viewer sees of a table, rendered to HTML: the phone's and the table's main region.

The same functions serve plain HTTP pages, htmx responses and WebSocket pushes, so every
path shows a viewer exactly the same picture.

A page's main region (``phone_main.html``, ``table_main.html``) is a skeleton with named
blocks: its *parts* (status, actions, board, scores, log...). Each part is rendered on its
own through the part cache (``parts.py``), so a part is rendered again only when something
it reads changed, and once for every page that reads the same (the board for all, the
scores for every table screen). A ``Picture`` holds a page's parts: a page or an htmx reply
gets all of them; a push gets only those that changed since that page last got them, the
others as empty placeholders that htmx fills with what the page already shows
(``hx-preserve``), so a push is a few lines, not the whole region.

In parts, ``seq`` is a mark that becomes the move number on the way out, so the part does
not change with every move; forms carry ``form_seq``, whose value a page does not show and
whose change alone does not make a part worth sending again. A page posts the move it shows
from its main region's ``hx-vals`` (htmx lets it win over the form's own field), and a page
without scripts gets no pushes, only whole pages with the current number.
"""

import contextvars
import json
import os
import re
import threading
import time
from collections import OrderedDict
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from babel import Locale
from flask import current_app
from flask_babel import force_locale, get_locale, get_translations
from jinja2 import FileSystemBytecodeCache, pass_context, pass_eval_context
from markupsafe import Markup, escape

from ..engines import TABLE
from ..tables import Live
from . import context, final, notes, parts, undos
from .games import ui_for

LOG_LINES = {"phone": 15, "table": 30}  # the phone's log is folded away; keep it short
# How deep a board drawn whole follows what it reads (the view, its players, one player):
# its layout code reads nearly all of the view, and below that comparing costs less.
BOARD_DEPTH = 2
PAGES = {"phone": "phone_main.html", "table": "table_main.html"}
OOB_SWAP = "morph"  # how a push swaps #main in (htmx's hx-swap-oob): a morph, like every swap of it
# The marks below are ASCII control characters, which names refuse and no template writes.
# Python keeps a text of ASCII and Latin-1 alone at one byte a character, so the part cache
# holds most parts in half the memory that a mark beyond Latin-1 (private use) would take.
SEQ = "\x01seq\x01"  # where a part shows the move number
FORM_SEQ = "\x01form-seq\x01"  # where a form carries it
FRAME = "\x03frame"  # in what a page shows: the main region's own tag, parts left out
BOARD = "\x06board\x06"  # where a part shows the board: filled in on the way out
_HOLDER = re.compile("\x02([a-z_]+)\x02")  # where a skeleton holds a block (``_holders``)
# A piece of a part (a block of the board, say): one element with an id, between these marks,
# sent as a placeholder when the page shows it as it is. A group is a piece that holds
# pieces (a player's corner of the board): one placeholder if the page shows it as it is,
# else sent with its own pieces as placeholders. Groups do not nest.
PIECE, PIECE_END = "\x04", "\x05"
GROUP, GROUP_END = "\x07", "\x08"
# Up to the first end mark, as ``.*?`` would, fifteen times faster on a board (a piece holds
# no piece, a group no group).
_PIECE = re.compile('\x04(<([a-z]+) id="([\\w-]+)"[^\x05]*)\x05')
_GROUP = re.compile('\x07(<([a-z]+) id="([\\w-]+)"[^\x08]*)\x08')
_OPENS = re.compile(r'<[a-z]+ id="[\w-]+"')
# A log line (templates/_log.html): the same id, the same line, on the page that shows it.
_LINE = re.compile(r'<li id="(line-[^"]+)"[^>]*>.*?</li>', re.S)

_NONE = object()
_catalogue: contextvars.ContextVar = contextvars.ContextVar("catalogue", default=None)
_spoken: contextvars.ContextVar = contextvars.ContextVar("spoken", default=None)
_marking: contextvars.ContextVar = contextvars.ContextVar("marking", default=False)
_catalogues: dict = {}
_locales: dict = {}


def init_app(app) -> None:
    """Templates look names up through the tracking context, and their texts through a
    catalogue chosen once per rendering rather than once per text; a template a game does
    not have (its own ``player.html``, say) is looked for once, not on every rendering."""
    env = app.jinja_env
    env.context_class = parts.TrackingContext
    env.install_gettext_callables(
        gettext=lambda s: translations().ugettext(s),
        ngettext=lambda s, p, n: translations().ungettext(s, p, n),
        pgettext=lambda c, s: translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: translations().unpgettext(c, s, p, n), newstyle=True)
    # Jinja's own ``_`` goes through two more calls of the context; these are the same texts.
    env.globals.update(_=_gettext, gettext=_gettext, ngettext=_ngettext)
    env.globals["log_items"] = log_items
    env.globals["log_runs"] = log_runs
    env.filters["piece"] = piece
    env.filters["tojson"] = _read_then(env.filters["tojson"])
    env.globals["memo"] = memo
    if not env.auto_reload:
        env.loader = parts.RemembersMissing(env.loader)
    app.extensions["companion"]["parts"] = parts.Parts()
    if not app.testing:
        warm_up(app)


@pass_context
def _gettext(context, string: str, **variables) -> str:
    """A template's ``_()``: Jinja's newstyle gettext (the text is markup, ``%(name)s``
    filled in escaped), with the catalogue of ``translations``."""
    return _filled_in(context, translations().ugettext(string), variables)


@pass_context
def _ngettext(context, singular: str, plural: str, num: int, **variables) -> str:
    variables.setdefault("num", num)
    return _filled_in(context, translations().ungettext(singular, plural, num), variables)


def _filled_in(context, text: str, variables: dict) -> str:
    if context.eval_ctx.autoescape:
        text = Markup(text)
    return text % variables if variables or "%" in text else text


def _read_then(to_json):
    """Jinja's ``tojson`` after counting its value as read whole (JSON skips an empty
    stand-in)."""
    @pass_eval_context
    def filtered(eval_ctx, value, *args, **kwargs):
        parts.read_whole(value)
        return to_json(eval_ctx, value, *args, **kwargs)
    return filtered


def warm_up(app) -> None:
    """What a server does once it has started, in the background, a moment between two
    steps so that requests get in between (under gevent a thread is a greenlet).

    Compiled templates are kept beside the database (``TEMPLATE_CACHE``), so a restart
    loads them instead of compiling them again, and every template is loaded; then the
    tables played in the last hours are folded back from the database (with the scores
    over the game of a finished one, for its final screen): after a restart, the first
    pages of a game night do not wait for their templates or their table."""
    env = app.jinja_env
    folder = app.config.get("TEMPLATE_CACHE") or os.path.join(
        os.path.dirname(os.path.abspath(app.config["DATABASE"])), "template-cache")
    try:
        os.makedirs(folder, exist_ok=True)
        env.bytecode_cache = FileSystemBytecodeCache(folder)
    except OSError:
        pass  # no place to keep them: compiled when first used, as usual

    def warm():
        _load_templates(env)
        _fold_recent(app)

    threading.Thread(target=warm, daemon=True, name="companion-warm-up").start()


def _load_templates(env) -> None:
    for name in sorted(env.list_templates()):
        if name.endswith(".html"):
            try:
                env.get_template(name)
            except Exception:  # a template with an error fails where it is used
                pass
            time.sleep(0)


def _fold_recent(app) -> None:
    tables = app.extensions["companion"]["tables"]
    try:
        for table_id in tables.recent():
            try:
                live = tables.get(table_id)
                if live is not None and live.engine.is_over(live.state):
                    final.score_series(live, tables)
            except Exception:  # it fails where it is asked for; the others are warmed
                app.logger.exception("warming up table %s", table_id)
            time.sleep(0)
    finally:
        tables.release_connection()


def translations():
    """The catalogue of the language being rendered: the one ``speaking`` chose, else the
    request's (Flask-Babel's look-up, which costs a few context look-ups per call)."""
    found = _catalogue.get()
    return found if found is not None else get_translations()


def locale_name() -> str:
    """The language being rendered, as a key: the one ``speaking`` chose, else the
    request's."""
    found = _spoken.get()
    return found if found is not None else str(get_locale())


def catalogue(locale: str):
    """The translations of ``locale`` (loaded once per folder of catalogues: an app
    made with other catalogues, as some tests make, gets its own)."""
    key = (str(current_app.config.get("BABEL_TRANSLATION_DIRECTORIES")), locale)
    found = _catalogues.get(key)
    if found is None:
        with force_locale(locale):
            found = _catalogues[key] = get_translations()
    return found


@contextmanager
def speaking(locale: str):
    """Render in ``locale``: the templates' texts and the engine's (``say``)."""
    found = _locales.get(locale)
    if found is None:
        found = _locales[locale] = Locale.parse(locale)  # parsing it looks on the disk
    token, spoken = _catalogue.set(catalogue(locale)), _spoken.set(str(found))
    try:
        with force_locale(found):
            yield
    finally:
        _spoken.reset(spoken)
        _catalogue.reset(token)


def _parts() -> parts.Parts:
    return current_app.extensions["companion"]["parts"]


# what every page of one moment of a table reads -------------------------------------------

@dataclass
class Facts:
    """One moment of a table (a version) and what the engine says of it, each computed
    once however many pages show it."""

    live: Live
    state: dict
    seq: int
    version: int
    row: object
    _memo: dict = field(default_factory=dict)
    # (move key, reader) -> its Line, handed on to the table's next moment: a move's line is
    # made once, not on every move while it stays in the log
    made_lines: dict = field(default_factory=dict)

    def _get(self, key, compute):
        found = self._memo.get(key, _NONE)
        if found is _NONE:
            found = self._memo[key] = compute()
        return found

    @property
    def to_act(self) -> list:
        return self._get("to_act", lambda: sorted(self.live.engine.to_act(self.state)))

    @property
    def scores(self) -> dict:
        return self._get("scores", lambda: self.live.engine.scores(self.state))

    @property
    def over(self) -> bool:
        return self._get("over", lambda: self.live.engine.is_over(self.state))

    def view(self, viewer: str | None) -> dict:
        return self._get(("view", viewer), lambda: self.live.engine.view(self.state, viewer))

    def legal(self, viewer: str) -> dict:
        return self._get(("legal", viewer), lambda: self.live.engine.legal(self.state, viewer))

    def lines(self, viewer: str | None, count: int) -> tuple:
        return self._get(("lines", viewer, count), lambda: self._lines(viewer, count))

    def _lines(self, viewer: str | None, count: int) -> tuple:
        made, live, out = self.made_lines, self.live, []
        if len(made) > _MADE_LINES_KEPT:
            made.clear()
        for move in live.recent(count, upto=self.seq):
            line = made.get((move.key, viewer))
            if line is None:
                text = live.text(move, viewer)
                line = made[move.key, viewer] = Line(move.seq, move.seat, move.at, text, move.key,
                                                     move.alike.get(viewer or "", ""))
            out.append(line)
        return tuple(out)


_facts: dict[str, Facts] = {}
_MADE_LINES_KEPT = 150  # Lines made per table: about those of its open pages (30 + 15 per phone)
_facts_lock = threading.Lock()


def facts(live: Live) -> Facts:
    """The table as it is now, shared by every page rendered at this moment."""
    state, seq, version, row = live.snapshot()
    with _facts_lock:
        found = _facts.get(row.id)
        if found is None or found.version != version or found.live is not live:
            made = found.made_lines if found is not None and found.live is live else {}
            found = _facts[row.id] = Facts(live, state, seq, version, row, made_lines=made)
        return found


def viewer_context(live: Live, viewer: str | None, page: str, presence: dict, message: dict | None,
                   now: Facts | None = None) -> dict:
    """What the templates of a page see (the screen contract, ``companion.web.games``)."""
    now = now or facts(live)
    to_act = now.to_act
    my_turn = page == "phone" and viewer in to_act and not now.over
    undone = now._get("undos", lambda: undos.recent(live))
    return {
        "row": now.row,
        "game": now.row.game,
        "ui": ui_for(now.row.game),
        "viewer": viewer,
        "page": page,
        "view": now.view(viewer),
        "names": {p["seat"]: p["name"] for p in now.view(None)["players"]},
        "seq": now.seq,
        "to_act": to_act,
        # whether this phone's seat is due: a part that reads only this, not ``viewer``,
        # is drawn once for all the phones that are not
        "my_turn": my_turn,
        # whom else the page waits for: nobody, on the phone that is due (a list is read
        # whole once a part looks its name up, even in a branch not taken)
        "waiting_for": [] if my_turn else [s for s in to_act if s != viewer],
        "legal": now.legal(viewer) if viewer else None,
        "table_legal": now.legal(TABLE) if TABLE in to_act else None,
        "server_draws": hasattr(live.engine, "table_draw"),
        "scores": now.scores,
        "over": now.over,
        "log": now.lines(viewer, LOG_LINES[page]),
        "presence": presence,
        "message": message,
        "finished": now.row.status != "playing",
        "board": board_html(live, now),
        "words": now._get("words", lambda: words(now.row)),
        "undos": undone,
        "notes": now._get("notes", lambda: notes.recent(live)),
        "undo_notice": now._get("undo_notice", lambda: undos.notice(live, undone, now.seq)),
        "reasons": now._get(("reasons", viewer), lambda: _reasons(now, viewer)),
        "final": now._get(("final", locale_name()), lambda: final.summary(live, now.scores, now.view(None))) if now.over else None,
    }


def _reasons(now: Facts, viewer: str | None) -> dict:
    """Why the choices a seat's actions do not offer are refused (``ui.explain``)."""
    explain = getattr(ui_for(now.row.game), "explain", None)
    return explain(now.state, viewer, now.legal(viewer)) if explain and viewer else {}


def words(row) -> dict:
    """The game's words renamed for this table (``ui.words(config)``; none by default)."""
    ui = ui_for(row.game)
    return ui.words(row.config) if hasattr(ui, "words") else {}


class Line(NamedTuple):
    """A log line (``Live.lines``). A tuple: a part reads the log as a whole, which is as
    cheap to compare as it is to follow line by line, and changes with every move anyway."""

    seq: int
    seat: str
    at: float
    text: object
    key: int
    alike: str


def log_runs(log: tuple, undos: list, page: str) -> tuple[list, list]:
    """The log as two runs, newest first, each with the host's undos made in its time:
    the moves of the latest stretch (a third of the page's ``LOG_LINES``: moves 21-30,
    say) and those of the two stretches before it. The earlier run changes only when a
    stretch begins, so the pushes in between leave it as the page shows it."""
    stretch = LOG_LINES[page] // 3
    newest, earlier = [], []
    if log:
        latest = (log[0].seq - 1) // stretch
        newest = [e for e in log if (e.seq - 1) // stretch == latest]
        earlier = [e for e in log[len(newest):] if (e.seq - 1) // stretch >= latest - 2]
    since = [run[-1].at if run else None for run in (newest, earlier)]  # each run's first move
    for undo in undos or ():
        if since[0] is None or undo["at"] >= since[0]:
            newest.append(undo)
        elif since[1] is not None and undo["at"] >= since[1]:
            earlier.append(undo)
    return tuple(sorted(run, key=_when, reverse=True) for run in (newest, earlier))


def _when(entry) -> float:
    return entry["at"] if isinstance(entry, dict) else entry.at


_lines: dict = {}
_LINES_KEPT = 20000


@pass_context
def log_items(context, log: tuple) -> Markup:
    """The items of a log (``<li>``, newest first), each written once for its readers and
    language: a line never changes, the log around it does with every move. A line's id
    stands for its move, so a push sends a line the page shows as a placeholder. A host's
    undo or a table's note among them (a dict, ``log_runs``) is told as such."""
    locale, items = locale_name(), []

    def say(text):
        return escape(context.environment.call_filter("say", text, context=context))

    for entry in log:
        if isinstance(entry, dict):
            items.append(f'<li class="{entry.get("class", "undo")}">{say(entry["text"])}</li>')
            continue
        key = (entry.key, entry.alike, locale)
        html = _lines.get(key)
        if html is None:
            text = say(entry.text)
            html = f'<li id="line-{entry.key}" value="{entry.seq}">{text}</li>'
            if len(_lines) > _LINES_KEPT:
                _lines.clear()
            _lines[key] = html
        items.append(html)
    return Markup("".join(items))


# The drawings ``memo`` keeps, the least recently used dropped first: the cards and tiles
# every table draws stay, a quarter or a city of a past moment goes. (A key holds its
# arguments by value, a few KB for a quarter; 5000 of them grew to about 30 MB.)
_drawn: OrderedDict = OrderedDict()
_DRAWN_KEPT = 1000


@pass_context
def memo(context, macro, *args, **kwargs) -> Markup:
    """``macro(*args, **kwargs)``, drawn once per language and table words: for a macro
    that draws only from its arguments (a tile, a card, a city), called many times on a
    page or again for a part whose other pieces changed. A dict or list argument counts by
    value (and as read whole)."""
    parts.read_whole((args, kwargs))  # its key is JSON, which skips an empty stand-in
    try:
        key = (macro._func.__code__, locale_name(), _key((args, kwargs, context.get("words"))))
        found = _drawn.get(key)
    except TypeError:  # an argument that is no key: drawn every time
        return macro(*args, **kwargs)
    if found is None:
        found = _drawn[key] = macro(*args, **kwargs)
        while len(_drawn) > _DRAWN_KEPT:
            _drawn.popitem(last=False)
    else:
        try:
            _drawn.move_to_end(key)
        except KeyError:  # dropped meanwhile by another thread
            pass
    return found


_as_json = json.JSONEncoder(sort_keys=True, separators=(",", ":")).encode


def _key(value):
    """``value`` as a key, by value: as JSON where it is plain data (a few hundred bytes,
    where nested tuples of a quarter's lots took several KB), else ``_frozen``."""
    try:
        return _as_json(value)
    except (TypeError, ValueError):  # not JSON (or keys of mixed types): as tuples
        return _frozen(value)


def _frozen(value):
    """``value`` as a key: dicts and lists (and their stand-ins) by value."""
    if isinstance(value, dict):
        return (dict, tuple(sorted((k, _frozen(v)) for k, v in value.items())))
    if isinstance(value, (list, tuple)):
        return (list, tuple(_frozen(v) for v in value))
    hash(value)
    return value


def board_html(live: Live, now: Facts | None = None) -> Markup:
    """The board picture: public, so rendered once per change of what it shows and
    shared by every page."""
    now = now or facts(live)
    locale = locale_name()
    return now._get(("board", locale), lambda: _board(now, locale))


def _board(now: Facts, locale: str) -> Markup:
    game = now.row.game
    template = current_app.jinja_env.get_template(f"games/{game}/board.html")
    values = {"view": now.view(None), "ui": ui_for(game), "row": now.row, "game": game, "words": now._get("words", lambda: words(now.row))}
    token = _marking.set(True)
    try:
        return Markup(_board_parts(now, locale, template, values))
    finally:
        _marking.reset(token)


def _board_parts(now: Facts, locale: str, template, values: dict) -> str:
    cache, table_id = _parts(), now.row.id
    if not template.blocks:  # a picture laid out by the game's code, which reads nearly all the view
        return cache.render(table_id, locale, "board", values, lambda v: tidy(parts.render_template(template, v)),
                            depth=BOARD_DEPTH)
    # Each block of the board is a piece: rendered when what it reads changed, sent when it did.
    skeleton = cache.render(table_id, locale, "board:", values,
                            lambda v: tidy(parts.render_skeleton(template, v, _holders(template))))
    pieces = {name: _piece(cache.render(table_id, locale, f"board:{name}", values,
                                        lambda v, name=name: tidy(parts.render_block(template, name, v))))
              for name in template.blocks}
    return _HOLDER.sub(lambda m: pieces[m[1]], skeleton)


def _holders(template) -> dict[str, str]:
    """Each block of ``template`` -> the text a skeleton holds in its place (``_HOLDER``)."""
    return {name: f"\x02{name}\x02" for name in template.blocks}


_LINE_BREAK = re.compile(r"\n\s*")  # not [ \t]*\n\s*: tried at every space, ten times slower


def tidy(html: str) -> str:
    """``html`` without the indentation and blank lines of its templates (a push is a
    fifth smaller; no part shows preformatted text), and with a character beyond Latin-1
    (★, →, —) as a character reference: the part cache then holds every part at one byte
    a character, not two. (No script or style in a part holds such a character: there a
    reference would show as it is written.)"""
    html = _LINE_BREAK.sub("\n", html)
    if not html.isascii():
        html = html.encode("latin-1", "xmlcharrefreplace").decode("latin-1")
    return html


def _piece(html: str) -> str:
    """``html`` marked as a piece if it is one element with an id, as a group if it holds
    pieces, and left as it is if it holds a group."""
    html = html.strip()
    if not _OPENS.match(html) or GROUP in html:
        return html
    return f"{GROUP}{html}{GROUP_END}" if PIECE in html else f"{PIECE}{html}{PIECE_END}"


def piece(html) -> Markup:
    """Templates' ``{% filter piece %}<tag id="...">...</tag>{% endfilter %}``: a piece
    of the board, sent on its own when it changed (marked only where pushes read it)."""
    return Markup(_piece(str(html))) if _marking.get() else html


def _unmarked(html: str) -> str:
    if PIECE in html:
        html = html.replace(PIECE, "").replace(PIECE_END, "")
    if GROUP in html:  # str.translate would do it in one call, thirty times slower
        html = html.replace(GROUP, "").replace(GROUP_END, "")
    return html


# pictures: a page's main region, part by part ------------------------------------------------

@dataclass
class Picture:
    """A page's main region: its skeleton and its parts (HTML with the marks in)."""

    skeleton: tuple  # text, part name, text, part name, ..., text
    parts: dict[str, str]
    seq: int
    board: str = ""  # the board, for the part that shows it (``BOARD``)
    _shown: dict | None = field(default=None, repr=False, compare=False)

    def html(self) -> Markup:
        """The whole region, as a page or an htmx reply shows it."""
        seq = str(self.seq)
        return Markup(self._join(lambda name, html: _wrap(name, _unmarked(_marks(_filled(html, self.board), seq, seq)))))

    def shown(self) -> dict[str, str]:
        """Each part as a page compares it: the move shown filled in, not the forms' one;
        and the region's frame (``FRAME``: its own attributes, every part a placeholder).
        Worked out once (the answer to a move and the push to its page share a picture);
        do not change it."""
        if self._shown is None:
            seq = str(self.seq)
            shown = {name: _filled(html, self.board).replace(SEQ, seq) for name, html in self.parts.items()}
            shown[FRAME] = self._join(lambda name, html: _kept(name))
            self._shown = shown
        return self._shown

    def push(self, known: list[dict]) -> tuple[str | None, dict]:
        """The out-of-band message for a page that shows one of ``known`` (each a former
        ``shown()``; several while a reply may still land after a push): a part every one of
        them has is sent as a placeholder. Returns the message (None when the page shows
        all of this picture in every case) and what the page shows then."""
        seq, shown, whole = str(self.seq), self.shown(), []

        def part(name, html):
            now = shown[name]
            if known and all(k.get(name) == now for k in known):
                return _kept(name)
            whole.append(name)
            if not known:
                return _wrap(name, _unmarked(now.replace(FORM_SEQ, seq)))
            return _wrap(name, _changed(now.replace(FORM_SEQ, seq), tuple(k.get(name) or "" for k in known)))

        text = self._join(part)
        if not whole and known and all(k.get(FRAME) == text for k in known):
            return None, shown
        return text.replace('<div id="main"', f'<div id="main" hx-swap-oob="{OOB_SWAP}"', 1), shown

    def _join(self, part) -> str:
        out = []
        for i, piece in enumerate(self.skeleton):
            out.append(piece if i % 2 == 0 else part(piece, self.parts[piece]))
        return "".join(out)


# The memos below serve the pages of one push, which share parts and what they were sent.
# Their keys are whole parts as pages showed them (a board is 30 KB): kept for longer, they
# held past moments alive (at 50 tables, 512 entries each held about 9 MB).
_PUSH_MEMO = 64


@lru_cache(maxsize=_PUSH_MEMO)
def _changed(html: str, before: tuple) -> str:
    """What a push sends of a part that changed, for a page that shows one of ``before``:
    its pieces, groups and log lines that every one of them shows as placeholders (pages
    that were sent the same get the same, worked out once)."""
    return _unmarked(_keep_lines(_keep_pieces(html, before), before))


@lru_cache(maxsize=_PUSH_MEMO)
def _filled(html: str, board: str) -> str:
    """A part with the board in place (the pages of one moment share the result). The
    board is a part's own only on the way out: the part cache keeps it once, not in
    every page's part that shows it, and such a part is drawn once for good."""
    return html.replace(BOARD, board) if BOARD in html else html


def _marks(html: str, seq: str, form_seq: str) -> str:
    return html.replace(SEQ, seq).replace(FORM_SEQ, form_seq)


def _wrap(name: str, html: str) -> str:
    return f'<div id="part-{name}" class="part">{html}</div>'


def _kept(name: str) -> str:
    return f'<div id="part-{name}" class="part" hx-preserve></div>'


def _keep_lines(html: str, before: tuple[str, ...]) -> str:
    """``html`` with each log line that the page shows in every case as a placeholder."""
    if "<li id=\"line-" not in html:
        return html
    common = frozenset.intersection(*(_line_ids(b) for b in before))
    if not common:
        return html
    return _LINE.sub(lambda m: f'<li id="{m[1]}" hx-preserve></li>' if m[1] in common else m[0], html)


_LINE_ID = re.compile(r'<li id="(line-[^"]+)"')


@lru_cache(maxsize=_PUSH_MEMO)
def _line_ids(html: str) -> frozenset:
    """The log lines a part shows (a page's part is compared with every push)."""
    return frozenset(_LINE_ID.findall(html))


@lru_cache(maxsize=_PUSH_MEMO)
def _pieces_in(html: str) -> dict:
    """Piece or group id -> its HTML, of a part as a page shows it (do not change the answer)."""
    found = {m[3]: m[1] for m in _PIECE.finditer(html)}
    found.update((m[3], m[1]) for m in _GROUP.finditer(html))
    return found


def _keep_pieces(html: str, before: tuple[str, ...]) -> str:
    """``html`` with each piece and group that the page shows as it is, in every case, as
    a placeholder: groups first, then the pieces outside the groups kept and inside the
    others. (One pattern for both would scan a part character by character: a pattern
    that starts with one mark skips to it.)"""
    if PIECE not in html:
        return html
    shown = [_pieces_in(b) for b in before]

    def keep(start, end):
        def kept(m):
            if all(s.get(m[3]) == m[1] for s in shown):
                return f'{start}<{m[2]} id="{m[3]}" hx-preserve></{m[2]}>{end}'
            return m[0]
        return kept

    if GROUP in html:
        html = _GROUP.sub(keep(GROUP, GROUP_END), html)
    return _PIECE.sub(keep(PIECE, PIECE_END), html)


def picture(live: Live, viewer: str | None, page: str, message: dict | None = None, host: bool = False,
            now: Facts | None = None, presence: dict | None = None) -> Picture:
    """The main region of ``page`` ("phone" or "table") for ``viewer``, part by part.
    Without a message, it is made once per moment of the table (the answer to a move and
    the push to the same page that follows it share it)."""
    now = now or facts(live)
    if presence is None:
        presence = context.hub().presence(now.row.id, live.seats) if page == "table" else {}
    if message is not None:
        return _picture(live, viewer, page, message, host, now, presence)
    key = ("picture", viewer, page, host, locale_name(), tuple(sorted(presence.items())))
    return now._get(key, lambda: _picture(live, viewer, page, None, host, now, presence))


# A page's parts that show all of some values: compared whole, which costs less than following
# every read (a phone's forms read every action legal() offers, a few hundred values). A
# game's adapter may name more (``READ_WHOLE``).
READ_WHOLE = {"turn": (("legal", "actions"), ("reasons",))}


@lru_cache(maxsize=None)
def _whole_paths(game: str) -> dict:
    own = getattr(ui_for(game), "READ_WHOLE", {})
    return {name: READ_WHOLE.get(name, ()) + tuple(own.get(name, ())) for name in {*READ_WHOLE, *own}}


def _picture(live: Live, viewer: str | None, page: str, message: dict | None, host: bool, now: Facts,
             presence: dict) -> Picture:
    values = viewer_context(live, viewer, page, presence, message, now)
    values["host"] = host
    template = current_app.jinja_env.get_template(PAGES[page])
    locale = locale_name()
    marked = dict(values, seq=SEQ, form_seq=FORM_SEQ, board=Markup(BOARD))
    plain = dict(values, form_seq=now.seq)  # for a part that reckons with the move number
    cache, table_id, whole = _parts(), now.row.id, _whole_paths(now.row.game)
    rendered = {}
    token = _marking.set(True)  # a part's pieces too are sent on their own
    try:
        for name in template.blocks:
            rendered[name] = cache.render(
                table_id, locale, f"{page}:{name}", marked,
                lambda v, name=name: tidy(parts.render_block(template, name, v)), plain,
                whole=whole.get(name, ()))
    finally:
        _marking.reset(token)
    outline = cache.render(table_id, locale, f"{page}:", marked,
                           lambda v: tidy(parts.render_skeleton(template, v, _holders(template))), plain)
    return Picture(_skeleton(outline, str(now.seq)), rendered, now.seq, values["board"])


@lru_cache(maxsize=_PUSH_MEMO)
def _skeleton(outline: str, seq: str) -> tuple:
    """A page's skeleton with the move shown, cut at its parts (``Picture.skeleton``): the
    outline (holders in place of the parts, the move a mark) is drawn once while what it
    reads is unchanged, and the pages of a moment share what this makes of it."""
    return tuple(_HOLDER.split(outline.replace(SEQ, seq)))


def main_html(live: Live, viewer: str | None, page: str, message: dict | None = None,
              host: bool = False) -> Markup:
    """The swappable main region of a page (``#main``), whole."""
    return picture(live, viewer, page, message, host).html()
