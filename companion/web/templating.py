"""Jinja as the pages use it: a block drawn alone, a page around blocks drawn, speed-ups."""

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
    # A template's globals, a ChainMap, flattened once: copied key by key into every
    # drawing's context, they cost more than drawing some blocks.
    flat = template.__dict__.get("_flat_globals")
    if flat is None:
        flat = template._flat_globals = dict(template.globals)
    return new_context(template.environment, template.name, blocks, values, False, flat)


# The contexts a drawing made for the templates it imported or included with its context
# (``FreedTemplate.new_context``): emptied once the drawing is done.
_contexts: contextvars.ContextVar = contextvars.ContextVar("contexts", default=None)


def _rendered(render, context) -> str:
    """``render(context)`` as one string; then its context, and those it made for what it
    imported or included with its context, are emptied: such a context holds its macros,
    which hold it, a cycle that kept a drawing's views alive until the next GC scan."""
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
    to import or include a template with the drawing's context (Jinja keeps the others)."""

    def new_context(self, vars=None, shared=False, locals=None):
        context = super().new_context(vars, shared, locals)
        made = _contexts.get()
        if shared and made is not None:
            made.append(context)
        return context


class Unindented(Extension):
    """Templates' text without the indentation and blank lines of their source, when
    compiled (no template shows preformatted text): a page and each push a fifth smaller."""

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
    """``values`` as a block that reads only ``keys`` and ``ALWAYS`` is given them: a value
    (``scores``), or a path into one (``Reads``: ``view.auction``, ``view.players.name``,
    ``view.players.2.palaces``). Any other value is a stand-in that refuses to be used
    (``Undeclared``)."""
    paths = _grouped(keys)
    return {name: (Undeclared(name) if name not in paths and name not in ALWAYS
                   else value if "" in paths.get(name, ("",)) else _narrowed(value, paths[name]))
            for name, value in values.items()}


def _grouped(paths) -> dict[str, list]:
    """``("a.b", "a.c", "d")`` as ``{"a": ["b", "c"], "d": [""]}``."""
    out: dict[str, list] = {}
    for path in paths:
        top, _dot, rest = path.partition(".")
        out.setdefault(top, []).append(rest)
    return out


def _narrowed(value, paths: list):
    """``value`` with only what ``paths`` name: in a dict, those keys (``Reads``); in a list,
    the item a number names (``"2"``, ``"2.palaces"``; the others refuse to be used), else
    the fields named of every item (``"name"``); anything else whole."""
    if isinstance(value, dict):
        return Reads(value, paths)
    if not isinstance(value, list):
        return value  # None, a number: nothing inside to name
    # Places named: only those items are given (fields named of every item as well are
    # not: reading them is an error, never a stale part).
    places = {int(head): rest for head, rest in _grouped(paths).items() if head.isdigit()}
    if not places:
        return [_narrowed(item, paths) for item in value]
    return [_HIDDEN if i not in places else item if "" in places[i] else _narrowed(item, places[i])
            for i, item in enumerate(value)]


class Undeclared:
    """A value a kept block did not declare it reads: any use of it is an error."""

    __slots__ = ("_what",)  # not "name": a template's ``p.name`` would find it
    __hash__ = object.__hash__

    def __init__(self, what: str):
        self._what = what

    def _refuse(self, *args, **kwargs):
        raise UndeclaredRead(f"a kept block read {self._what}, which its reads do not name")

    __str__ = __html__ = __iter__ = __bool__ = __len__ = __getitem__ = __contains__ = __call__ = _refuse
    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __add__ = __radd__ = _refuse

    def __getattr__(self, name):
        self._refuse()


# One for every item a block does not name: what it saw compares equal (a list compares
# its items by identity first) and refuses to be used.
_HIDDEN = Undeclared("an item of a list")


class Reads(dict):
    """The keys of a dict (a view) that a kept block declares it reads, and only those
    (``"players.name"``: each player with that field only, ``_narrowed``). Asking for
    another key is an error (a RuntimeError, which Jinja does not turn into an undefined
    value), never a stale part."""

    def __init__(self, view: dict, paths: list):
        inside = _grouped(paths)
        super().__init__((top, view[top] if "" in rest else _narrowed(view[top], rest))
                         for top, rest in inside.items() if top in view)
        self.declared = frozenset(inside)

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
    first (Jinja tries the attribute, and the exception it catches costs more than the
    lookup); a dict's own names (``items``) still mean the method."""

    template_class = FreedTemplate

    def __init__(self, app, **options):
        # Every template in a plain dict: Jinja's LRU cache scanned a list on every include.
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
    """A loader that remembers which templates do not exist (Jinja caches only those it
    found): ``["games/x/player.html", "_player.html"]`` looked on the disk every time."""

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
