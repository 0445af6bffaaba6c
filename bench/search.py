"""The rules search: how long building the index takes (once per process, on the first
search) and how long a question takes with every game indexed, p50 and p95, over the
players' questions of ``tests/web/search_questions.json`` (each asked scoped to its game
and across all games, answered in another language), plus every rule's ID and title.

The stemmer keeps every word it has seen, so the first round of questions (words new to
it) and the later rounds are reported apart. Each in wall-clock time and in the CPU time
of this process (which a busy machine inflates less).

Run: ``.venv/bin/python bench/search.py [--rounds N]`` (default 5).
"""

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion import rules  # noqa: E402
from companion.rules import search  # noqa: E402

LANGS = ("en", "it", "de")


def questions() -> list[tuple[str, str | None, str]]:
    """(question, game or None, reader's language)."""
    data = json.loads((ROOT / "tests/web/search_questions.json").read_text(encoding="utf-8"))
    asked = []
    for game in (g for g in data if g != "about"):
        for lang, pairs in data[game].items():
            reader = LANGS[(LANGS.index(lang) + 1) % 3]
            for question, _expected in pairs:
                asked += [(question, game, reader), (question, None, reader)]
        for lang in LANGS:
            for rule in rules.load(game, lang).index().values():
                asked += [(rule.id, game, lang), (search.title_of(rule.text), game, lang)]
    return asked


def timings(asked) -> list[tuple[float, float]]:
    """Per question: wall-clock and CPU milliseconds (on a shared machine they differ)."""
    spent = []
    for question, game, lang in asked:
        wall, cpu = time.perf_counter(), time.process_time()
        search.search(question, game, lang)
        spent.append((1000 * (time.perf_counter() - wall), 1000 * (time.process_time() - cpu)))
    return spent


def report(what: str, spent: list[tuple[float, float]]) -> None:
    for kind, values in (("wall", [w for w, _ in spent]), ("cpu", [c for _, c in spent])):
        cuts = statistics.quantiles(values, n=100)
        print(f"{what:<26} {kind:<4} n={len(values):5d}  p50 {cuts[49]:6.2f} ms  p95 {cuts[94]:6.2f} ms"
              f"  max {max(values):7.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    wall, cpu = time.perf_counter(), time.process_time()
    index = search.index()
    print(f"index built: {index.rules} rules x 3 languages in {1000 * (time.perf_counter() - wall):.0f} ms"
          f" ({1000 * (time.process_time() - cpu):.0f} ms CPU)")
    asked = questions()
    report("first round (new words)", timings(asked))
    report(f"next {args.rounds} rounds", [t for _ in range(args.rounds) for t in timings(asked)])


if __name__ == "__main__":
    main()
