"""Parts of a page rendered once and reused for as long as what they read is unchanged.

A part is a Jinja block of a page template (``phone_main.html``, ``table_main.html``) or a
whole template (the board). Rendering it records what it read: every top-level name it
looks up and, of the big dicts (the view, ``legal``, the scores), every key it reads.
Next time, if each of those is equal to what it was, the HTML from last time is the
answer; otherwise the part is rendered again. A part that read the same things for two
pages (the scores on the host's screen and on another table screen, the board on every
page) is rendered once for both. A part that read something that cannot be compared
safely (a live object, a request proxy) is rendered every time.

Texts of the reader's language are part of the answer, so the cache is kept per locale.
"""

import contextvars
import threading
from collections import OrderedDict
from types import BuiltinFunctionType, FunctionType, ModuleType

from jinja2.runtime import Context, new_context
from jinja2.utils import concat, missing
from markupsafe import Markup

from ..store import TableRow

ALL = object()  # a Tracked dict read as a whole (iterated, compared, dumped)
_recording: contextvars.ContextVar = contextvars.ContextVar("recording", default=None)
# What a part may read and still be reused: plain data compared by value, and names that
# stand for code (modules, functions, classes such as ``range``).
_SAFE = (type(None), bool, int, float, str, tuple, list, dict, set, frozenset, TableRow,
         ModuleType, FunctionType, BuiltinFunctionType, type, type(missing))


class Tracked(dict):
    """A dict (a copy) that remembers which of its keys were read."""

    __slots__ = ("reads",)

    def __init__(self, data: dict):
        super().__init__(data)
        self.reads: set = set()

    def _note(self, key) -> None:
        try:
            self.reads.add(key)
        except TypeError:  # not a key any dict could hold: count it as reading everything
            self.reads.add(ALL)

    def __getitem__(self, key):
        self._note(key)
        return dict.__getitem__(self, key)

    def get(self, key, default=None):
        self._note(key)
        return dict.get(self, key, default)

    def __contains__(self, key):
        self._note(key)
        return dict.__contains__(self, key)

    def _whole(self):
        self.reads.add(ALL)
        return self


def _read_all(name):
    def method(self, *args, **kwargs):
        return getattr(dict, name)(self._whole(), *args, **kwargs)
    return method


for _name in ("keys", "values", "items", "__iter__", "__len__", "__eq__", "__ne__", "__repr__",
              "copy", "__or__", "__ror__", "__reversed__", "__reduce_ex__", "__bool__"):
    if hasattr(dict, _name):
        setattr(Tracked, _name, _read_all(_name))
Tracked.__hash__ = None


class TrackingContext(Context):
    """Jinja's context, noting every name a template looks up while a part records."""

    def resolve_or_missing(self, key):
        names = _recording.get()
        if names is not None:
            names.append(key)
        return super().resolve_or_missing(key)


class Unsafe(Exception):
    """A part read something whose equality says nothing about its content."""


def _same(a, b) -> bool:
    return a is b or (type(a) is type(b) and a == b)


class Entry:
    """A rendered part and what it read."""

    __slots__ = ("deps", "html")

    def __init__(self, deps: list, html: str):
        self.deps, self.html = deps, html

    def holds(self, values: dict) -> bool:
        for name, keys, seen in self.deps:
            now = values.get(name, missing)
            if keys is None:
                if not _same(now, seen):
                    return False
            elif keys is ALL:
                if not _same(now, seen):
                    return False
            else:
                if not isinstance(now, dict):
                    return False
                for key, value in zip(keys, seen):
                    if not _same(dict.get(now, key, missing), value):
                        return False
        return True


def _deps(names: list[str], values: dict, tracked: dict) -> list:
    deps, done = [], set()
    for name in names:
        if name in done:
            continue
        done.add(name)
        if name in tracked:
            reads = tracked[name].reads
            if ALL in reads:
                deps.append((name, ALL, values[name]))
            else:
                keys = tuple(reads)
                deps.append((name, keys, tuple(dict.get(values[name], k, missing) for k in keys)))
            continue
        value = values.get(name, missing)
        if not isinstance(value, _SAFE):
            raise Unsafe(name)
        deps.append((name, None, value))
    return deps


class Parts:
    """The part cache of one server: per (table, locale, part), the last few renderings."""

    def __init__(self, tables: int = 200, per_part: int = 8):
        self._cache: OrderedDict = OrderedDict()  # table id -> {(locale, part): [Entry]}
        self._lock = threading.Lock()
        self._tables, self._per_part = tables, per_part

    def render(self, table_id: str, locale: str, part: str, values: dict, render,
               tracked: tuple = ()) -> str:
        """``render(values)`` -> HTML, or the HTML of a former rendering that read the same.

        ``tracked`` names the dicts of ``values`` whose keys are followed one by one."""
        entries = self._entries(table_id, (locale, part))
        for entry in list(entries):
            if entry.holds(values):
                return entry.html
        watched = {name: Tracked(values[name]) for name in tracked if isinstance(values.get(name), dict)}
        names = []
        token = _recording.set(names)
        try:
            html = render(dict(values, **watched))
        finally:
            _recording.reset(token)
        try:
            entry = Entry(_deps(names, values, watched), html)
        except Unsafe:
            return html
        with self._lock:
            entries.insert(0, entry)
            del entries[self._per_part:]
        return html

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
    return concat(template.blocks[block](context))


def render_skeleton(template, values: dict, holders: dict[str, str]) -> str:
    """``template`` with each block replaced by its holder text."""
    blocks = {name: (lambda context, text=text: iter((text,))) for name, text in holders.items()}
    context = new_context(template.environment, template.name, blocks, values, False, template.globals)
    return concat(template.root_render_func(context))


def render_template(template, values: dict) -> str:
    """A whole template, without Flask's signals and context processors."""
    context = new_context(template.environment, template.name, template.blocks, values, False, template.globals)
    return concat(template.root_render_func(context))
