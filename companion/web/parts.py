"""Parts of a page rendered once and reused for as long as what they read is unchanged.

A part is a Jinja block of a page template (``phone_main.html``, ``table_main.html``) or a
whole template (the board). Rendering it records what it read: every name it looks up and,
inside the dicts and lists it is given (the view, ``legal``, the scores...), every value
it reads, by its path (``view → players → 2 → colour``). Next time, if each of those is
equal to what it was, the HTML from last time is the answer; otherwise the part is rendered
again. A part that read the same things for two pages (the scores on the host's screen and
on another table screen, the board on every page) is rendered once for both.

Reading is followed through stand-ins: a dict is handed out as a ``Tracked`` copy (a real
dict, so code that is given it works as before), a list of dicts as a list of them. A
stand-in used as a whole (iterated over its keys, compared, turned into JSON) counts as
read whole; its size (``length``, or whether it is empty) counts as its size read. Texts
(``{"id": ...}``) count as read whole where they are read, and so do the values a part
names to be compared whole. A part that reads something whose equality says nothing (a
live object, a request proxy), or that fails with the stand-ins, is rendered every time
from the real values.

Texts of the reader's language are part of the answer, so the cache is kept per locale.
"""

import contextvars
import threading
from collections import OrderedDict
from types import BuiltinFunctionType, FunctionType, ModuleType

from flask.templating import Environment as FlaskEnvironment
from jinja2 import BaseLoader, Template, TemplateNotFound
from jinja2.runtime import Context, new_context
from jinja2.utils import concat, missing

from ..store import TableRow

ALL, LEN = object(), object()  # path ends: the value read whole; only its length read
_recording: contextvars.ContextVar = contextvars.ContextVar("recording", default=None)
# What a part may read and still be reused: plain data compared by value, and names that
# stand for code (modules, functions, classes such as ``range``).
_SAFE = (type(None), bool, int, float, str, tuple, list, dict, set, frozenset, TableRow,
         ModuleType, FunctionType, BuiltinFunctionType, type, type(missing))


def _is_text(value) -> bool:
    return "id" in value  # an engine text: {"id": msgid, ...}


def _stand_in(value, path: tuple, reads: set, depth: int | None = None, whole: frozenset = frozenset()):
    """``value`` as handed to a template: nested dicts and lists followed (``depth`` dicts
    deep at most, a list of dicts counting as its dicts; None: all the way) but for the
    paths in ``whole``, the rest read."""
    kind = type(value)
    if depth != 0 and path not in whole:
        if kind is dict and not _is_text(value):
            return Tracked(value, path, reads, None if depth is None else depth - 1, whole)
        if kind is list and any(type(v) is dict for v in value):
            reads.add(path + (LEN,))
            return [_stand_in(v, path + (i,), reads, depth, whole) if type(v) is dict else _leaf(v, path + (i,), reads)
                    for i, v in enumerate(value)]
    reads.add(path)
    return value


def _leaf(value, path: tuple, reads: set):
    reads.add(path)
    return value


class Tracked(dict):
    """A copy of a dict that notes, by path, what is read of it."""

    __slots__ = ("_path", "_reads", "_kids", "_depth", "_whole_paths")

    def __init__(self, data: dict, path: tuple, reads: set, depth: int | None = None,
                 whole: frozenset = frozenset()):
        super().__init__(data)
        self._path, self._reads, self._kids, self._depth, self._whole_paths = path, reads, {}, depth, whole

    def _kid(self, key, value):
        try:
            return self._kids[key]
        except KeyError:
            kid = self._kids[key] = _stand_in(value, self._path + (key,), self._reads, self._depth, self._whole_paths)
            return kid
        except TypeError:  # not a key any dict could hold
            self._whole()
            return value

    def _absent(self, key) -> None:
        try:
            self._reads.add(self._path + (key,))
        except TypeError:
            self._whole()

    def __getitem__(self, key):
        try:
            value = dict.__getitem__(self, key)
        except KeyError:
            self._absent(key)
            raise
        return self._kid(key, value)

    def get(self, key, default=None):
        try:
            value = dict.__getitem__(self, key)
        except KeyError:
            self._absent(key)
            return default
        except TypeError:
            self._whole()
            raise
        return self._kid(key, value)

    def __contains__(self, key):
        self._absent(key)  # the value there, or its absence, counts as read
        return dict.__contains__(self, key)

    def __len__(self):  # also its truth (``{% if view.auction %}``): its size, not its content
        self._reads.add(self._path + (LEN,))
        return dict.__len__(self)

    def _whole(self):
        self._reads.add(self._path + (ALL,))
        return self


def read_whole(value) -> None:
    """Count ``value`` (a stand-in, or a list, tuple or dict holding some) as read whole,
    whatever reads it next: JSON, say, does not read an empty stand-in at all."""
    kind = type(value)
    if kind is Tracked:
        value._whole()
    elif kind is list or kind is tuple:
        for item in value:
            read_whole(item)
    elif kind is dict:
        for item in value.values():
            read_whole(item)


def _reading_whole(name):
    def method(self, *args, **kwargs):
        return getattr(dict, name)(self._whole(), *args, **kwargs)
    method.__name__ = name
    return method


for _name in ("keys", "values", "items", "__iter__", "__eq__", "__ne__", "__repr__",
              "copy", "__or__", "__ror__", "__reversed__", "__reduce_ex__", "__reduce__", "__sizeof__"):
    if hasattr(dict, _name):
        setattr(Tracked, _name, _reading_whole(_name))
Tracked.__hash__ = None


class Recorder:
    """What one rendering of a part read: names, and paths into the values it was given
    (``depth`` dicts deep at most, those in ``whole`` not followed: see ``Parts.render``)."""

    def __init__(self, values: dict, depth: int | None = None, whole: tuple = ()):
        self.values, self.names, self.reads, self.stand_ins = values, [], set(), {}
        self.depth, self.whole = depth, frozenset(whole)

    def resolved(self, key, value):
        self.names.append(key)
        if type(value) in (dict, list) and self.values.get(key, missing) is value:
            found = self.stand_ins.get(key)
            if found is None:
                found = self.stand_ins[key] = _stand_in(value, (key,), self.reads, self.depth, self.whole)
            return found
        return value


class TrackingContext(Context):
    """Jinja's context: while a part records, every name a template looks up is noted,
    and a dict or list of the part's values is handed out as its stand-in."""

    def resolve_or_missing(self, key):
        value = super().resolve_or_missing(key)
        recorder = _recording.get()
        return value if recorder is None else recorder.resolved(key, value)


class Unsafe(Exception):
    """A part read something whose equality says nothing about its content."""


def _same(a, b) -> bool:
    return a is b or (type(a) is type(b) and a == b)


def _at(values: dict, path: tuple):
    """The value at ``path`` of ``values`` (``missing`` where there is none)."""
    value = values
    try:
        for step in path:
            if step is LEN:
                return len(value)
            if step is ALL:
                return value
            value = value[step]
    except (KeyError, IndexError, TypeError):
        return missing
    return value


class Entry:
    """A rendered part and what it read: the paths (one tuple shared by the renderings that
    read the same, see ``_shared_paths``) and the values found there, the cheap checks first."""

    __slots__ = ("paths", "seen", "html")

    def __init__(self, paths: tuple, seen: tuple, html: str):
        self.paths, self.seen, self.html = paths, seen, html

    def holds(self, values: dict) -> bool:
        for path, seen in zip(self.paths, self.seen):
            now = _at(values, path)
            if now is not seen and (type(now) is not type(seen) or now != seen):
                return False
        return True


def _deps(recorder: Recorder) -> tuple[tuple, tuple]:
    """The paths a rendering read, in checking order, and the values there."""
    values, paths = recorder.values, set(recorder.reads)
    for name in recorder.names:
        if name not in values or type(values[name]) not in (dict, list):
            paths.add((name,))
    deps = []
    for path in paths:
        value = _at(values, path)
        if len(path) == 1 and not isinstance(value, _SAFE):
            raise Unsafe(path[0])
        deps.append((path, value))
    # Names first (which viewer, which page: where entries of other pages fail at once),
    # plain values before containers, short paths before long ones; then in one order,
    # so that renderings that read the same share their paths.
    deps.sort(key=lambda dep: (len(dep[0]), type(dep[1]) in (dict, list, tuple), hash(dep[0])))
    return _shared_paths(tuple(path for path, _ in deps)), tuple(value for _, value in deps)


# Paths, and a rendering's tuple of them, kept once: the renderings of a part mostly read the
# same paths, on every table (at 50 tables, paths held apart took about 4 MB). A bound on
# them, since a path can name a seat or a tile; forgetting them only stops the sharing.
_paths: dict = {}
_PATHS_KEPT = 50_000


def _shared_paths(paths: tuple) -> tuple:
    found = _paths.get(paths)
    if found is None:  # new: its paths shared one by one (most were read before)
        found = _shared(tuple(_shared(path) for path in paths))
    return found


def _shared(value: tuple) -> tuple:
    found = _paths.get(value)
    if found is None:
        if len(_paths) >= _PATHS_KEPT:
            _paths.clear()
        found = _paths[value] = value
    return found


# The most a part's renderings hold in all, past the first two: a few big ones (a board,
# a phone's forms) are seldom read again, and they hold the views they read alive.
PART_BYTES = 40_000


class Parts:
    """The part cache of one server: per (table, locale, part), the last few renderings."""

    def __init__(self, tables: int = 200, per_part: int = 8):
        self._cache: OrderedDict = OrderedDict()  # table id -> {(locale, part): [Entry]}
        self._lock = threading.Lock()
        self._tables, self._per_part = tables, per_part
        self.renders = 0  # how many renderings there were (for benches)

    def render(self, table_id: str, locale: str, part: str, values: dict, render, plain: dict | None = None,
               depth: int | None = None, whole: tuple = ()) -> str:
        """``render(values)`` -> HTML, or the HTML of a former rendering that read the same.
        Should the rendering fail with the stand-ins, ``render(plain)`` (``values`` unless
        given) is the answer, every time. ``depth``: follow reads that many dicts deep and
        compare what was read below whole, for a part that reads nearly everything below
        (a picture laid out by code, where following every read costs more than it saves).
        ``whole``: paths of values handed out as they are and compared whole, not followed,
        for a part that shows all of them: a phone's forms show every action ``legal``
        offers."""
        entries = self._entries(table_id, (locale, part))
        for i, entry in enumerate(list(entries)):
            if entry.holds(values):
                if i:  # the most recently used first: the last kept are those no page reads
                    with self._lock:
                        if entry in entries:
                            entries.remove(entry)
                            entries.insert(0, entry)
                return entry.html
        self.renders += 1
        recorder = Recorder(values, depth, whole)
        token = _recording.set(recorder)
        try:
            html = render(values)
        except Exception:  # something the stand-ins do not do: the real values, every time
            _recording.reset(token)
            return render(values if plain is None else plain)
        _recording.reset(token)
        try:
            entry = Entry(*_deps(recorder), html)
        except Unsafe:
            return html
        with self._lock:
            entries.insert(0, entry)
            del entries[self._kept(entries):]
        return html

    def _kept(self, entries: list) -> int:
        """How many of a part's renderings to keep, the latest first: up to ``per_part``,
        and past the second only while they hold no more than ``PART_BYTES`` in all."""
        total = 0
        for i, entry in enumerate(entries[:self._per_part]):
            total += len(entry.html)
            if i >= 2 and total > PART_BYTES:
                return i
        return self._per_part

    def forget(self, table_id: str) -> None:
        with self._lock:
            self._cache.pop(table_id, None)

    def _entries(self, table_id: str, key: tuple) -> list:
        with self._lock:
            table = self._cache.get(table_id)
            if table is None:
                table = self._cache[table_id] = {}
                while len(self._cache) > self._tables:
                    self._cache.popitem(last=False)
            else:
                self._cache.move_to_end(table_id)
            return table.setdefault(key, [])


def render_block(template, block: str, values: dict) -> str:
    """One block of ``template`` on its own."""
    context = new_context(template.environment, template.name, template.blocks, values, False, template.globals)
    return _rendered(template.blocks[block], context)


def render_skeleton(template, values: dict, holders: dict[str, str]) -> str:
    """``template`` with each block replaced by its holder text."""
    blocks = {name: (lambda context, text=text: iter((text,))) for name, text in holders.items()}
    context = new_context(template.environment, template.name, blocks, values, False, template.globals)
    return _rendered(template.root_render_func, context)


def render_template(template, values: dict) -> str:
    """A whole template, without Flask's signals and context processors."""
    context = new_context(template.environment, template.name, template.blocks, values, False, template.globals)
    return _rendered(template.root_render_func, context)


# The contexts a drawing made for the templates it imported or included with its context
# (``PartTemplate.new_context``): emptied once the drawing is done.
_contexts: contextvars.ContextVar = contextvars.ContextVar("contexts", default=None)


def _rendered(render, context) -> str:
    """``render(context)`` as one string; then its context, and those it made for the
    templates it imported or included with its context, are emptied. Such a context holds
    its template's macros, whose code holds the context: a cycle that kept the drawing's
    values (views, their stand-ins) alive until the garbage collector's next scan, one or
    more for every part with a form."""
    made = [context]
    token = _contexts.set(made)
    try:
        return concat(render(context))
    finally:
        _contexts.reset(token)
        for used in made:
            used.vars.clear()
            used.parent = {}


class PartTemplate(Template):
    """A template that tells the drawing under way (``_rendered``) of each context it makes
    to import or include a template with the drawing's own context. (A module imported
    without the context is kept by Jinja for the next drawings: its context is not told.)"""

    def new_context(self, vars=None, shared=False, locals=None):
        context = super().new_context(vars, shared, locals)
        made = _contexts.get()
        if shared and made is not None:
            made.append(context)
        return context


_DICT_NAMES = frozenset(dir(dict))


class Environment(FlaskEnvironment):
    """Flask's Jinja environment, where ``a.b`` on a plain dict (a view) looks the key up
    first: Jinja tries the attribute first, and the exception it catches on every view
    lookup costs more than the lookup. A name that dicts have (``items``) still means the
    method; other mappings (a session, a form) are left to Jinja."""

    template_class = PartTemplate

    def getattr(self, obj, attribute):
        if (type(obj) is dict or type(obj) is Tracked) and attribute not in _DICT_NAMES:
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
