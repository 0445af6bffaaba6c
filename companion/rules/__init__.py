"""The in-app rules reference, one Markdown file per game and language, keyed by rule ID.

``<game>.md`` is the English page; ``<game>.it.md`` and ``<game>.de.md`` say the same
rules in Italian and German, with the same sections, rule IDs and anchors (the
tests hold them to it).

File format (``companion/rules/<game>.md``)::

    # Fifth Avenue
    One or more intro paragraphs.

    ## FA-C · Components
    - **FA-C-1** The rule in our own words; may run over
      several indented lines. *Decision:* how the app settles an open point.

    | a | data | table |
    |---|---|---|
    | shown | after the | section's rules |

Each ``- **ID**`` item is one rule; the section heading names the group.
"""

import re
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files

_SECTION = re.compile(r"^##\s+(\S+)\s+·\s+(.+)$")
_RULE = re.compile(r"^-\s+\*\*([A-Z]+(?:-[A-Z0-9]+)+)\*\*\s*(.*)$")


@dataclass
class Rule:
    id: str
    text: str


@dataclass
class Section:
    id: str
    title: str
    rules: list[Rule] = field(default_factory=list)
    tables: list[list[list[str]]] = field(default_factory=list)  # rows of cells; first is the head


@dataclass
class RuleBook:
    title: str
    intro: list[str]
    sections: list[Section]

    def rule(self, rule_id: str) -> Rule | None:
        return self.index().get(rule_id)

    def index(self) -> dict[str, Rule]:
        return {r.id: r for s in self.sections for r in s.rules}


def parse(text: str) -> RuleBook:
    title, intro, sections, paragraph = "", [], [], []
    prev = line = ""
    for raw in text.splitlines():
        prev, line = line, raw.rstrip()
        if line.startswith("# ") and not title:
            title = line[2:].strip()
        elif m := _SECTION.match(line):
            sections.append(Section(m[1], m[2].strip()))
        elif m := _RULE.match(line):
            if not sections:
                raise ValueError(f"rule {m[1]} before any '## ID · Title' section")
            sections[-1].rules.append(Rule(m[1], m[2].strip()))
        elif line.startswith("|") and sections:
            _table_row(sections[-1], line, fresh=not prev.startswith("|"))
        elif line.startswith("  ") and sections and sections[-1].rules:
            rule = sections[-1].rules[-1]
            rule.text = f"{rule.text} {line.strip()}".strip()
        elif not sections:
            if line.strip():
                paragraph.append(line.strip())
            elif paragraph:
                intro.append(" ".join(paragraph))
                paragraph = []
    if paragraph:
        intro.append(" ".join(paragraph))
    return RuleBook(title, intro, sections)


def _table_row(section: Section, line: str, fresh: bool) -> None:
    cells = [c.strip() for c in line.strip("|").split("|")]
    if all(set(c) <= set("-: ") for c in cells):
        return  # the |---|---| line under the head
    if fresh:
        section.tables.append([])
    section.tables[-1].append(cells)


LANGUAGES = ("en", "it", "de")


@cache
def load(game: str, lang: str = "en") -> RuleBook:
    """The rule book of a game in ``lang`` (``FileNotFoundError`` if there is none)."""
    if lang not in LANGUAGES:
        raise FileNotFoundError(f"no rules in {lang!r}")
    name = f"{game}.md" if lang == "en" else f"{game}.{lang}.md"
    return parse(files(__name__).joinpath(name).read_text(encoding="utf-8"))


def load_for(game: str, lang: str) -> tuple[RuleBook, str]:
    """The rule book in ``lang`` if written, else in English; and the language it is in."""
    try:
        return load(game, lang), lang
    except FileNotFoundError:
        return load(game), "en"
