"""After the game: each table's result, the roster of players across nights, and
per player and game how often they played and won and how they scored.

A table's result is worked out by replaying its events through its engine, and kept
in the store (``results``) until its log changes, so the history page replays only
the tables that moved since it was last shown. The lists read each table's own columns
and its kept result, never its whole set-up (a set-up can be large, and every list page
would read every one). Players are known by the names typed in the set-up wizard;
names that differ only in case or spacing are the same person, and the host can merge
other spellings ("Anna", "Anna B.") into one person.
"""

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from .. import engines
from ..engines.common import state_after
from ..engines.text import english
from ..store import Store, TableRow

ENDED = ("finished", "archived")  # statuses the host gives a table that is done


def fold(name: str) -> str:
    """The key a name is known by: case and runs of spaces do not matter."""
    return " ".join(str(name).split()).casefold()


# one table's result ------------------------------------------------------------------

def table_state(row: TableRow, events) -> dict:
    """The state after every event of a table (``IllegalAction`` and engine errors pass)."""
    engine = engines.get(row.game)
    return state_after(engine, engine.setup(row.config), events)


def outcome(engine, config: dict, state: dict, moves: int) -> dict:
    """The JSON-able result of a game in ``state``: each player's score, the winners
    (only once the game is over) and the points per kind of scoring."""
    scores = engine.scores(state)
    over = bool(engine.is_over(state))
    return {
        "over": over,
        "moves": moves,
        "players": [{"seat": p["seat"], "name": p["name"], "score": scores["totals"].get(p["seat"], 0)}
                    for p in config["players"]],
        "winners": list(scores.get("winners") or []) if over else [],
        "kinds": points_by_kind(scores),
    }


def points_by_kind(scores: dict) -> dict[str, dict[str, int]]:
    """Rule ID -> seat -> points, in the order the kinds first scored."""
    kinds: dict[str, dict[str, int]] = {}
    for event in scores["events"]:
        row = kinds.setdefault(event.get("rule") or english(event["title"]), {})
        for seat, points in event["points"].items():
            row[seat] = row.get(seat, 0) + points
    return kinds


# every table's result ---------------------------------------------------------------

@dataclass
class Played:
    """One player's part in one game."""
    seat: str
    name: str  # as typed at that table
    person: str  # the folded name of the person it belongs to
    score: int
    won: bool


@dataclass(frozen=True)
class Listed:
    """What the history shows of a table: not its set-up, not its secrets."""
    id: str
    game: str
    title: str
    status: str
    created_at: float


@dataclass
class Game:
    row: Listed
    ended_at: float  # the time of the last move (or of the set-up)
    over: bool  # the game reached its end by the rules
    moves: int
    players: list[Played] = field(default_factory=list)
    error: str | None = None  # why the table could not be replayed

    @property
    def winners(self) -> list[Played]:
        return [p for p in self.players if p.won]

    @property
    def finished(self) -> bool:
        return self.over or self.row.status in ENDED


def results(store: Store) -> list[Game]:
    """Every table with its result, newest first; results of tables whose log moved
    since they were last worked out are worked out again (and kept)."""
    ends, cached, aliases = store.log_ends(), store.results(), store.aliases()
    games, fresh = [], []
    for row in _listing(store):
        seq, last_at = ends.get(row.id, (0, row.created_at))
        if seq == 0 and row.status not in ENDED:
            continue  # nothing played yet
        known = cached.get(row.id)
        if known and known[0] == seq and known[1] == last_at:
            result = known[2]
        else:  # the whole table is read only to replay it
            result = _work_out(store, store.table(row.id), seq)
            fresh.append((row.id, seq, last_at, result))
        players = result["players"] or _seated(store, row.id)
        games.append(_game(row, last_at, result, players, aliases))
    store.save_results(fresh)
    games.sort(key=lambda g: g.ended_at, reverse=True)
    return games


def remember(store: Store, row: TableRow, engine, state: dict) -> bool:
    """Keep the result of a game that just ended, from the state in memory, so that the
    history page need not replay it. Returns whether it was kept."""
    if not engine.is_over(state):
        return False
    end = store.log_ends().get(row.id)
    if end is None or store.results().get(row.id, (None, None))[:2] == end:
        return False
    store.save_result(row.id, end[0], end[1], outcome(engine, row.config, state, end[0]))
    return True


def _work_out(store: Store, row: TableRow, seq: int) -> dict:
    try:
        engine = engines.get(row.game)
        return outcome(engine, row.config, table_state(row, store.events(row.id)), seq)
    except Exception as error:  # an engine that changed since: show the table, say why
        message = getattr(error, "message", None) or f"{type(error).__name__}: {error}"
        return {"over": False, "moves": seq, "players": [], "winners": [], "kinds": {},
                "error": message}


def _listing(store: Store) -> list[Listed]:
    """Every table, newest first, as the history shows it: from its own columns only."""
    rows = store.db().execute(
        "SELECT id, game, title, status, created_at FROM tables ORDER BY created_at DESC").fetchall()
    return [Listed(*row) for row in rows]


def _seated(store: Store, table_id: str) -> list[dict]:
    """The players of a table that could not be replayed, from its set-up: only their
    seats and names are read (in SQL), not the whole set-up."""
    rows = store.db().execute(
        "SELECT json_extract(p.value, '$.seat'), json_extract(p.value, '$.name') "
        "FROM tables, json_each(tables.config, '$.players') AS p "
        "WHERE tables.id = ? AND json_valid(tables.config) ORDER BY p.key", (table_id,)).fetchall()
    return [{"seat": seat, "name": name, "score": 0} for seat, name in rows
            if isinstance(seat, str) and isinstance(name, str)]


def _game(row: Listed, ended_at: float, result: dict, players: list[dict], aliases: dict[str, str]) -> Game:
    played = []
    for p in players:
        key = fold(p["name"])
        played.append(Played(p["seat"], p["name"], aliases.get(key, key), p["score"],
                             p["seat"] in result["winners"]))
    return Game(row, ended_at, result["over"], result["moves"], played, result.get("error"))


def finished(games: list[Game], game: str | None = None, person: str | None = None) -> list[Game]:
    """The finished games, optionally only of one game and one person."""
    return [g for g in games if g.finished and (not game or g.row.game == game)
            and (not person or any(p.person == person for p in g.players))]


# the roster ------------------------------------------------------------------------

@dataclass
class Person:
    key: str  # folded name of the person
    name: str  # the spelling used most often
    spellings: dict[str, int]  # every name typed for this person, with how many games
    games: int


def roster(games: list[Game]) -> list[Person]:
    """Everyone who sat at a finished table, by name."""
    spellings: dict[str, Counter] = defaultdict(Counter)
    for g in games:
        if g.finished:
            for p in g.players:
                spellings[p.person][p.name] += 1
    people = []
    for key, counts in spellings.items():
        name = min(counts, key=lambda n: (-counts[n], n))
        people.append(Person(key, name, dict(sorted(counts.items())), sum(counts.values())))
    return sorted(people, key=lambda p: p.name.casefold())


# statistics ----------------------------------------------------------------------------

@dataclass
class Record:
    """One person's record in one game (games played to their end only)."""
    plays: int = 0
    wins: int = 0
    total: int = 0
    best: int | None = None
    scores: list[tuple[float, int]] = field(default_factory=list)  # (ended_at, score), oldest first

    @property
    def average(self) -> float:
        return self.total / self.plays if self.plays else 0.0


def records(games: list[Game]) -> dict[str, dict[str, Record]]:
    """game -> person -> record, over the games that reached their end."""
    table: dict[str, dict[str, Record]] = defaultdict(lambda: defaultdict(Record))
    for g in sorted(games, key=lambda g: g.ended_at):
        if not g.over:
            continue
        for p in g.players:
            record = table[g.row.game][p.person]
            record.plays += 1
            record.wins += p.won
            record.total += p.score
            record.best = p.score if record.best is None else max(record.best, p.score)
            record.scores.append((g.ended_at, p.score))
    return {game: dict(people) for game, people in table.items()}
