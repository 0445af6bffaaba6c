"""Searching the rules pages: a player's words in any of the three languages → rules.

The index is SQLite's FTS5 (``unicode61`` tokenizer, ``remove_diacritics 2``), built in
memory from the rules pages the first time a search runs, once per process. One row per
rule holds its text in English, Italian and German, each column stemmed by its own
language's Snowball stemmer, so a question finds a rule in whichever language it is
asked, and the answer is shown in the reader's language.

A question is forgiving the way people type at a table:

- accents and umlauts are optional (both sides are folded to plain letters first);
- word forms: every word is stemmed in each language ("offerte" → "offert");
- small typos: a word the rules never use is replaced by the used words one or two
  edits away (two for longer words);
- the game's own words in the three languages, and the everyday words players use for
  them, are synonyms of each other: ``companion/engines/<game>/synonyms.json``;
- a rule ID anywhere in the question ("fa a 5", "FA-A-5") puts that rule first.

The ranking is FTS5's bm25 over all the words (any of them may match), so words that
most rules use weigh next to nothing.
"""

import json
import re
import sqlite3
import threading
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files

import snowballstemmer
from gevent import get_hub
from gevent.monkey import is_module_patched
from markupsafe import Markup, escape

from .. import engines
from . import LANGUAGES, RuleBook, load

STEMMERS = {"en": "english", "it": "italian", "de": "german"}
_WORD = re.compile(r"\w+")
_ID = re.compile(r"\b([a-z]{2})\s*-?\s*([a-z0-9]{1,3})\s*-?\s*(\d{1,2})\b", re.IGNORECASE)
_LABEL = re.compile(r"^\*[^*]+:\*\s*")  # "*Decision:* ", "*Hausregel:* "
_MARKUP = re.compile(r"[*`]")
# bm25 weights, in the order of the table's columns
_WEIGHTS = {"title": 4.0, "body": 1.0}
COMMON = 0.3  # a word in more rules of a language than this share is left out of a question
OWN_WEIGHT = 2  # a word of the question against a synonym it brought in
MAX_RESULTS = 10
TITLE_CHARS = 70
PASSAGE_WORDS = 28


def fold(text: str) -> str:
    """Lower case without accents or umlauts: "Gebäude" → "gebaude", "perché" → "perche"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def words(text: str) -> list[str]:
    return _WORD.findall(fold(text))


class Stemmers:
    """One Snowball stemmer per language, remembering the words it stemmed last (the
    rules' own words and recent questions'; a bounded number, whatever people type)."""

    REMEMBERED = 20_000  # the rules pages use about 4,200 different words

    def __init__(self):
        self._stemmers = {lang: snowballstemmer.stemmer(name) for lang, name in STEMMERS.items()}
        self._lock = threading.Lock()  # snowballstemmer's stemmers keep state between calls
        self.stem = lru_cache(maxsize=self.REMEMBERED)(self._stem)

    def _stem(self, lang: str, word: str) -> str:
        with self._lock:
            return self._stemmers[lang].stemWord(word)

    def stems(self, lang: str, text: str) -> list[str]:
        return [self.stem(lang, w) for w in words(text)]


def plain(text: str) -> str:
    """A rule's text without its little Markdown."""
    return _MARKUP.sub("", text)


def title_of(text: str) -> str:
    """A rule's title: its opening words up to the first full stop, colon or semicolon
    (past a leading *Decision:* label, leaving out asides in brackets), cut at a word
    near ``TITLE_CHARS``."""
    opening = re.sub(r"\s*\([^()]*\)", "", plain(_LABEL.sub("", text)))
    head = re.split(r"[.:;](?:\s|$)", opening, maxsplit=1)[0].strip()
    if len(head) > TITLE_CHARS:
        head = head[:TITLE_CHARS].rsplit(" ", 1)[0] + "…"
    return head[:1].upper() + head[1:]


@dataclass
class Terms:
    """Per language, stemmed phrases (tuples of stems): the question's, and its synonyms'."""
    own: dict[str, set[tuple[str, ...]]]
    more: dict[str, set[tuple[str, ...]]]


@dataclass
class Hit:
    game: str
    rule: str
    title: str
    section: str
    passage: Markup


# --- synonyms ---------------------------------------------------------------------------


def synonym_groups(game: str) -> list[list[str]]:
    """The game's word groups: each group names one thing, in any language or register."""
    data = json.loads(files(engines.__name__).joinpath(game, "synonyms.json").read_text(encoding="utf-8"))
    return data["groups"]


# --- fuzzy matching ---------------------------------------------------------------------


def _deletes(word: str) -> set[str]:
    return {word[:i] + word[i + 1:] for i in range(len(word))}


def distance(a: str, b: str) -> int:
    """Edits between two words (insert, delete, change, swap two neighbours)."""
    rows = [list(range(len(b) + 1))]
    for i, ca in enumerate(a, 1):
        row = [i]
        for j, cb in enumerate(b, 1):
            row.append(min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (ca != cb)))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


class Near:
    """The stems of one language, found again from a misspelt stem (symmetric deletes)."""

    def __init__(self, vocabulary: set[str]):
        self.by_delete: dict[str, set[str]] = {}
        for stem in vocabulary:
            for key in _deletes(stem) | {stem}:
                self.by_delete.setdefault(key, set()).add(stem)

    def find(self, stem: str) -> set[str]:
        if len(stem) < 4:
            return set()
        most = 1 if len(stem) < 7 else 2
        keys = {stem} | _deletes(stem)
        if most == 2:
            keys |= {d2 for d in _deletes(stem) for d2 in _deletes(d)}
        found = set().union(*(self.by_delete.get(k, ()) for k in keys))
        return {f for f in found if distance(stem, f) <= most}


# --- the index ----------------------------------------------------------------------------


class Index:
    """Every rule of every game, in the three languages, ready for questions."""

    def __init__(self, games=None):
        self.stemmers = Stemmers()
        self.books: dict[tuple[str, str], RuleBook] = {}
        self.vocabulary = {lang: set() for lang in LANGUAGES}
        self.frequency = {lang: {} for lang in LANGUAGES}  # stem -> rules using it
        self.rules = 0
        self.ids: dict[str, tuple[str, str]] = {}  # "FAA5" -> (game, "FA-A-5")
        # (game, lang, rule) -> the rule's plain text and its words' (start, end, stem)
        self.spans: dict[tuple[str, str, str], tuple[str, list[tuple[int, int, str]]]] = {}
        self.db = sqlite3.connect(":memory:", check_same_thread=False)
        self.lock = threading.Lock()
        columns = ", ".join(f"title_{lang}, body_{lang}" for lang in LANGUAGES)
        self.db.execute(f"CREATE VIRTUAL TABLE rules USING fts5(game UNINDEXED, rule UNINDEXED, {columns},"
                        " tokenize = 'unicode61 remove_diacritics 2')")
        self.weights = ", ".join(f"{_WEIGHTS['title']}, {_WEIGHTS['body']}" for _ in LANGUAGES)
        for game in games or engines.available():
            self._add_game(game)
        self.near = {lang: Near(self.vocabulary[lang]) for lang in LANGUAGES}
        self.synonyms = {game: Synonyms(synonym_groups(game), self.stemmers) for game in games or engines.available()}

    def _add_game(self, game: str) -> None:
        for lang in LANGUAGES:
            self.books[game, lang] = load(game, lang)
        for rule_id in self.books[game, "en"].index():
            self.ids[re.sub(r"\W", "", rule_id)] = (game, rule_id)
            row = [game, rule_id]
            for lang in LANGUAGES:
                raw = self.books[game, lang].rule(rule_id).text
                text = plain(raw)
                spans = [(m.start(), m.end(), self.stemmers.stem(lang, fold(m[0]))) for m in _WORD.finditer(text)]
                self.spans[game, lang, rule_id] = (text, spans)
                body = [stem for *_, stem in spans]
                for stem in set(body):
                    self.frequency[lang][stem] = self.frequency[lang].get(stem, 0) + 1
                self.vocabulary[lang].update(body)
                row += [" ".join(self.stemmers.stems(lang, title_of(raw))), " ".join(body)]
            self.rules += 1
            self.db.execute(f"INSERT INTO rules VALUES ({', '.join('?' * len(row))})", row)

    # --- a question -------------------------------------------------------------------

    def terms(self, question: str, game: str | None) -> Terms:
        """What to look for in each language: the question's stems (typos corrected), and
        the stemmed words and phrases its synonyms bring in."""
        tokens = words(question)
        wanted = {lang: set() for lang in LANGUAGES}
        for token in tokens:
            stems = {lang: self.stemmers.stem(lang, token) for lang in LANGUAGES}
            known = any(stems[lang] in self.vocabulary[lang] for lang in LANGUAGES)
            for lang in LANGUAGES:
                found = {stems[lang]} if known else self.near[lang].find(stems[lang])
                wanted[lang].update((s,) for s in found if self._telling(lang, s))
        more = {lang: set() for lang in LANGUAGES}
        for synonyms in self._synonyms(game):
            for lang, phrases in synonyms.expand(tokens, wanted).items():
                more[lang].update(p for p in phrases if all(s in self.vocabulary[lang] for s in p))
        return Terms(wanted, {lang: more[lang] - wanted[lang] for lang in LANGUAGES})

    def _synonyms(self, game):
        return [self.synonyms[game]] if game else list(self.synonyms.values())

    def _telling(self, lang: str, stem: str) -> bool:
        """Whether a stem tells rules apart: used by the rules, but not by most of them
        (nor a lone letter, which is mostly an article)."""
        return (stem in self.vocabulary[lang] and (len(stem) > 1 or stem.isdigit())
                and self.frequency[lang][stem] <= COMMON * self.rules)

    def search(self, question: str, game: str | None = None, lang: str = "en",
               limit: int = MAX_RESULTS) -> list[Hit]:
        named = self._named(question, game)
        terms = self.terms(question, game)
        found = named + [r for r in self._match(terms, game, limit) if r not in named]
        return [self._hit(g, r, lang, terms.own[lang] | terms.more[lang]) for g, r in found[:limit]]

    def _named(self, question: str, game: str | None) -> list[tuple[str, str]]:
        """Rules named by ID in the question, in the order named."""
        named = []
        for m in _ID.finditer(question):
            hit = self.ids.get("".join(m.groups()).upper())
            if hit and (game is None or hit[0] == game) and hit not in named:
                named.append(hit)
        return named

    def _match(self, terms: Terms, game, limit) -> list[tuple[str, str]]:
        # bm25 adds up over the query's phrases, so naming the question's own words
        # OWN_WEIGHT times makes each count that much more than a synonym it brought in
        clauses = [f'{{title_{lang} body_{lang}}} : "{" ".join(phrase)}"'
                   for lang in LANGUAGES
                   for weight, phrases in ((OWN_WEIGHT, terms.own[lang]), (1, terms.more[lang]))
                   for phrase in sorted(phrases) for _ in range(weight)]
        if not clauses:
            return []
        sql = (f"SELECT game, rule FROM rules WHERE rules MATCH ? {'AND game = ?' if game else ''}"
               f" ORDER BY bm25(rules, 0, 0, {self.weights}) LIMIT ?")
        with self.lock:
            rows = self.db.execute(sql, [" OR ".join(clauses), *([game] if game else []), limit]).fetchall()
        return [tuple(r) for r in rows]

    def _hit(self, game: str, rule_id: str, lang: str, wanted: set[tuple[str, ...]]) -> Hit:
        book = self.books[game, lang]
        section = next(s for s in book.sections if any(r.id == rule_id for r in s.rules))
        marked = {s for phrase in wanted for s in phrase}
        text, spans = self.spans[game, lang, rule_id]
        return Hit(game, rule_id, title_of(book.rule(rule_id).text), section.title, passage(text, spans, marked))


def passage(text: str, spans: list[tuple[int, int, str]], marked: set[str]) -> Markup:
    """About ``PASSAGE_WORDS`` words of the text around most of the marked stems, each
    marked word in ``<mark>``."""
    first, last = _window([stem in marked for *_, stem in spans], PASSAGE_WORDS)
    begin = spans[first][0] if first else 0
    end = len(text) if last == len(spans) else spans[last - 1][1]
    out, at = ["… " if first else ""], begin
    for start, stop, stem in spans[first:last]:
        if stem in marked:
            out += [str(escape(text[at:start])), "<mark>", str(escape(text[start:stop])), "</mark>"]
            at = stop
    out += [str(escape(text[at:end])), "" if last == len(spans) else " …"]
    return Markup("".join(out))


def _window(hits: list[bool], size: int) -> tuple[int, int]:
    """The ``size`` words (or fewer) holding the most hits, from a few words before the
    first of them."""
    if len(hits) <= size:
        return 0, len(hits)
    counts = [sum(hits[:size])]
    for i in range(size, len(hits)):  # the window slides one word on
        counts.append(counts[-1] + hits[i] - hits[i - size])
    start = max(0, counts.index(max(counts)) - 3)
    return start, min(len(hits), start + size)


class Synonyms:
    """A game's word groups, stemmed in each language, found in a question."""

    LONGEST = 4  # words in the longest member looked for

    def __init__(self, groups: list[list[str]], stemmers: Stemmers):
        self.stemmers = stemmers
        # per language: each group's members as stemmed phrases; and phrase -> groups
        self.groups = [{lang: {tuple(stemmers.stems(lang, m)) for m in group if words(m)} for lang in LANGUAGES}
                       for group in groups]
        self.naming = {lang: {} for lang in LANGUAGES}
        for number, group in enumerate(self.groups):
            for lang in LANGUAGES:
                for phrase in group[lang]:
                    self.naming[lang].setdefault(phrase, set()).add(number)

    def expand(self, tokens: list[str], corrected: dict) -> dict[str, set[tuple[str, ...]]]:
        """The members of every group that the question names, per language; ``corrected``
        holds the question's stems (typos corrected) per language, so a misspelt one-word
        member counts too."""
        named = set()
        for lang in LANGUAGES:
            asked = [self.stemmers.stem(lang, t) for t in tokens]
            phrases = set(corrected[lang]) | {tuple(asked[i:i + n]) for n in range(1, self.LONGEST + 1)
                                              for i in range(len(asked) - n + 1)}
            for phrase in phrases:
                named |= self.naming[lang].get(phrase, set())
        out = {lang: set() for lang in LANGUAGES}
        for number in named:
            for lang in LANGUAGES:
                out[lang] |= self.groups[number][lang]
        return out


# Made when this module is first imported, by the search route in the served worker, so
# after gevent patched threading: a page waiting here lets the others run.
_build = threading.Lock()
_built: list[Index] = []


def index() -> Index:
    """The index of every game's rules, built on first use (once per process). Building
    takes the stemmer about a second of CPU, so under the gevent worker it runs in a
    thread of gevent's pool: the asking page waits, the other pages are served meanwhile."""
    with _build:
        if not _built:
            _built.append(get_hub().threadpool.apply(Index) if is_module_patched("threading") else Index())
        return _built[0]


def search(question: str, game: str | None = None, lang: str = "en") -> list[Hit]:
    return index().search(question, game, lang)
