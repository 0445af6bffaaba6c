"""Jinja as the pages use it: a block drawn on its own, a page drawn around blocks
already drawn, and two speed-ups of Flask's environment."""

import contextvars
import re

from flask.templating import Environment as FlaskEnvironment
from jinja2 import BaseLoader, Template, TemplateNotFound
from jinja2.ext import Extension
from jinja2.lexer import Token
from jinja2.runtime import new_context
from jinja2.utils import concat


def render_block(template, block: str, values: dict) -> str:
    """One block of ``template`` on its own."""
    return _rendered(template.blocks[block], _context(template, template.blocks, values))


def render_around(template, values: dict, drawn: dict[str, str]) -> str:
    """``template`` with each of its blocks replaced by its text in ``drawn``."""
    blocks = {name: (lambda context, text=text: iter((text,))) for name, text in drawn.items()}
    return _rendered(template.root_render_func, _context(template, blocks, values))


def render_template(template, values: dict) -> str:
    """A whole template, without Flask's signals and context processors."""
    return _rendered(template.root_render_func, _context(template, template.blocks, values))


def _context(template, blocks: dict, values: dict):
    # A template's globals are a ChainMap over the environment's: copying it into every
    # drawing's context, key by key, cost more than drawing some blocks. It is copied
    # once per template, after the app has set its globals.
    flat = template.__dict__.get("_flat_globals")
    if flat is None:
        flat = template._flat_globals = dict(template.globals)
    return new_context(template.environment, template.name, blocks, values, False, flat)


# The contexts a drawing made for the templates it imported or included with its context
# (``FreedTemplate.new_context``): emptied once the drawing is done.
_contexts: contextvars.ContextVar = contextvars.ContextVar("contexts", default=None)


def _rendered(render, context) -> str:
    """``render(context)`` as one string; then its context, and those it made for the
    templates it imported or included with its context, are emptied. Such a context holds
    its template's macros, whose code holds the context: a cycle that kept the drawing's
    values (views) alive until the garbage collector's next scan, one or more for every
    part with a form."""
    made = [context]
    token = _contexts.set(made)
    try:
        return concat(render(context))
    finally:
        _contexts.reset(token)
        for used in made:
            used.vars.clear()
            used.parent = {}


class FreedTemplate(Template):
    """A template that tells the drawing under way (``_rendered``) of each context it makes
    to import or include a template with the drawing's own context. (A module imported
    without the context is kept by Jinja for the next drawings: its context is not told.)"""

    def new_context(self, vars=None, shared=False, locals=None):
        context = super().new_context(vars, shared, locals)
        made = _contexts.get()
        if shared and made is not None:
            made.append(context)
        return context


class Unindented(Extension):
    """Templates' text without the indentation and blank lines of their source: a page,
    and each push, is a fifth smaller. Only the text between tags is touched, when the
    template is compiled (no template shows preformatted text)."""

    _INDENT = re.compile(r"\n\s*")

    def filter_stream(self, stream):
        for token in stream:
            if token.type == "data" and "\n" in token.value:
                token = Token(token.lineno, "data", self._INDENT.sub("\n", token.value))
            yield token


_DICT_NAMES = frozenset(dir(dict))


class UndeclaredRead(RuntimeError):
    """A kept block read a value it did not name (``picture.READS``, ``ui.BOARD_READS``)."""


ALWAYS = frozenset({"ui", "game", "page", "viewer", "host"})  # the same for a page at every moment


def restricted(values: dict, keys: tuple) -> dict:
    """``values`` as a block that reads only ``keys`` is given them: a key names a value
    (``scores``) or a key of the view (``view.auction``, ``view.players.name``); the
    values in ``ALWAYS`` are given too, and any other is a stand-in that refuses to be
    used (``Undeclared``)."""
    tops = {key.partition(".")[0] for key in keys} | ALWAYS
    out = {name: value if name in tops else Undeclared(name) for name, value in values.items()}
    inside = tuple(key.partition(".")[2] for key in keys if key.startswith("view."))
    if inside:
        out["view"] = Reads(values["view"], inside)
    return out


class Undeclared:
    """A value a kept block did not declare it reads: any use of it is an error."""

    __slots__ = ("name",)
    __hash__ = object.__hash__

    def __init__(self, name: str):
        self.name = name

    def _refuse(self, *args, **kwargs):
        raise UndeclaredRead(f"a kept block read {self.name}, which its reads do not name")

    __str__ = __html__ = __iter__ = __bool__ = __len__ = __getitem__ = __contains__ = __call__ = _refuse
    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __add__ = __radd__ = _refuse

    def __getattr__(self, name):
        self._refuse()


class Reads(dict):
    """The keys of a view that a kept block declares it reads, and only those. A key
    ``"players.name"`` gives a list's items (the players) with their declared fields
    only. Asking for any other key is an error, never a silently stale part (a
    RuntimeError, which Jinja does not turn into an undefined value)."""

    def __init__(self, view: dict, keys: tuple):
        fields: dict[str, list] = {}
        for key in keys:
            top, _dot, field = key.partition(".")
            fields.setdefault(top, [])
            if field:
                fields[top].append(field)
        super().__init__((top, [Reads(item, sub) for item in view[top]] if sub else view[top])
                         for top, sub in fields.items() if top in view)
        self.declared = frozenset(fields)

    def _check(self, key):
        if key not in self.declared:
            raise UndeclaredRead(f"a kept block read view...{key}, which its reads do not name")

    def __missing__(self, key):
        self._check(key)
        raise KeyError(key)

    def get(self, key, default=None):
        self._check(key)
        return super().get(key, default)

    def __contains__(self, key):
        self._check(key)
        return super().__contains__(key)


class Environment(FlaskEnvironment):
    """Flask's Jinja environment, where ``a.b`` on a plain dict (a view) looks the key up
    first: Jinja tries the attribute first, and the exception it catches on every view
    lookup costs more than the lookup. A name that dicts have (``items``) still means the
    method; other mappings (a session, a form) are left to Jinja."""

    template_class = FreedTemplate

    def __init__(self, app, **options):
        # The templates, all of them, in a plain dict: Jinja's LRU cache of 400 moved each
        # template it handed out to the end of a list, a scan of that list per include.
        options.setdefault("cache_size", -1)
        super().__init__(app, **options)

    def getattr(self, obj, attribute):
        if (type(obj) is dict or type(obj) is Reads) and attribute not in _DICT_NAMES:
            try:
                return obj[attribute]
            except (KeyError, TypeError):
                pass
        return super().getattr(obj, attribute)


class RemembersMissing(BaseLoader):
    """A loader that remembers which templates do not exist. Jinja caches the templates it
    found, not the ones it did not, so a choice like ``["games/x/player.html",
    "_player.html"]`` looked for the game's own file on the disk on every rendering."""

    def __init__(self, loader):
        self.loader, self.missing = loader, set()

    def get_source(self, environment, template):
        if template in self.missing:
            raise TemplateNotFound(template)
        try:
            return self.loader.get_source(environment, template)
        except TemplateNotFound:
            self.missing.add(template)
            raise

    def list_templates(self):
        return self.loader.list_templates()
