"""Moving tables between machines: a JSON export (set-up, every move, the scores) and
a CSV of the scores by player and kind, and the import of a JSON export.

An import trusts nothing in the file: it checks the shape and size of everything,
holds the set-up and the names to what the set-up wizard writes (``companion.archive.setups``:
no key the wizard does not write, names as ``companion.names`` keeps them), then
replays every move through the game's engine, compares the scores it reaches
with the file's, and only then stores the table, in one transaction. A file that
fails any check is refused with a message that says what is wrong, and the database
is not touched. Imported tables get new join codes and host links; no seat is taken.
"""

import csv
import io
import json
import math
import re
import secrets
from dataclasses import dataclass

from .. import __version__, engines, rules
from . import setups
from ..engines import TABLE, IllegalAction
from ..engines.common import replay
from ..engines.text import english
from .history import points_by_kind, table_state
from ..store import Event, Store, TableRow

FORMAT = "table-companion-table"
VERSION = 1
MAX_BYTES = 16 * 1024 * 1024
MAX_EVENTS = 100_000
MAX_TITLE = setups.TITLE_MAX
MAX_NAME = 100  # the wizard's limit is checked with the rest of the set-up (setups.check)
STATUSES = ("playing", "finished", "archived")
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class ImportRefused(ValueError):
    """A file that cannot be imported; the message says why, for a person."""


# export ------------------------------------------------------------------------------

def export_table(store: Store, row: TableRow) -> dict:
    """Everything needed to rebuild a table elsewhere, and its scores as a reader's check.
    No secrets of the platform (join code, host link, seat links) are included."""
    events = store.events(row.id)
    engine = engines.get(row.game)
    state = table_state(row, events)
    scores = engine.scores(state)
    return {
        "format": FORMAT,
        "version": VERSION,
        "program": f"Table Companion {__version__}",
        "id": row.id,
        "game": row.game,
        "title": row.title,
        "status": row.status,
        "created_at": row.created_at,
        "config": row.config,
        "events": [{"seq": e.seq, "seat": e.seat, "action": e.action, "at": e.at} for e in events],
        "scores": {
            "over": bool(engine.is_over(state)),
            "totals": scores["totals"],
            "winners": list(scores.get("winners") or []),
            "events": [_score_event(e) for e in scores["events"]],
        },
    }


def _score_event(event: dict) -> dict:
    return {
        "title": english(event["title"]),
        "rule": event.get("rule"),
        "points": event["points"],
        "lines": [{"seat": line.get("seat"), "points": line.get("points"), "text": english(line["text"])}
                  for line in event.get("lines", [])],
    }


def export_csv(store: Store, row: TableRow) -> str:
    """Points by kind of scoring (rows) and player (columns), then the totals."""
    engine = engines.get(row.game)
    scores = engine.scores(table_state(row, store.events(row.id)))
    players = row.config["players"]
    kinds = points_by_kind(scores)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["rule", "kind"] + [_cell(p["name"]) for p in players])
    for rule, points in kinds.items():
        writer.writerow([rule, _cell(_kind_name(row.game, rule))] + [points.get(p["seat"], 0) for p in players])
    writer.writerow(["", "total"] + [scores["totals"].get(p["seat"], 0) for p in players])
    return out.getvalue()


def _kind_name(game: str, rule: str) -> str:
    """The title of the rules section a scoring rule belongs to ("Scoring a quarter")."""
    try:
        book = rules.load(game)
    except FileNotFoundError:
        return rule
    for section in book.sections:
        if any(r.id == rule for r in section.rules):
            return section.title
    return rule


def _cell(text: str) -> str:
    """A spreadsheet must show a name, never run it as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def file_name(row: TableRow, extension: str) -> str:
    """A file name that sorts by date: ``2025-01-31-fifth_avenue-<id>.json``."""
    from datetime import datetime

    day = datetime.fromtimestamp(row.created_at).strftime("%Y-%m-%d")
    return f"{day}-{row.game}-{row.id}.{extension}"


# import ------------------------------------------------------------------------------

@dataclass
class Imported:
    row: TableRow
    moves: int
    over: bool


def import_table(store: Store, data: bytes | str) -> Imported:
    """Check an export through and through and store it; ``ImportRefused`` otherwise."""
    doc = parse(data)
    row, seats, events = _checked(doc)
    if store.table(row.id) is not None:
        raise ImportRefused(f"This database already holds table {row.id} (imported before?).")
    over = _replayed(row, events, doc.get("scores"))
    try:
        store.import_table(row, seats, events)
    except Exception as error:  # e.g. imported at the same moment by another process
        raise ImportRefused(f"The table could not be stored: {error}") from None
    return Imported(row, len(events), over)


def parse(data: bytes | str) -> dict:
    if len(data) > MAX_BYTES:
        raise ImportRefused(f"The file is larger than {MAX_BYTES // (1024 * 1024)} MB; a table export is far smaller.")
    try:
        doc = json.loads(data, parse_constant=_no_constant)
    except (ValueError, RecursionError) as error:
        raise ImportRefused(f"The file is not valid JSON ({_short(error)}).") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ImportRefused("This is not a Table Companion table export (its \"format\" is missing or wrong).")
    if doc.get("version") != VERSION:
        raise ImportRefused(f"This export is of version {doc.get('version')!r}; this program reads version {VERSION}.")
    return doc


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number JSON allows")


def _short(error: Exception) -> str:
    return str(error)[:200] or type(error).__name__


def _checked(doc: dict) -> tuple[TableRow, list[str], list[Event]]:
    """The table, its seats and its events from the file, every field checked."""
    game = doc.get("game")
    if not isinstance(game, str) or game not in engines.GAMES:
        raise ImportRefused(f"Unknown game {game!r}; this program knows {', '.join(engines.GAMES)}.")
    table_id = doc.get("id")
    if not isinstance(table_id, str) or not TABLE_ID.match(table_id):
        raise ImportRefused("The table's id is missing or not a short name of letters, digits, '-' and '_'.")
    title = _text(doc.get("title"), "The title", MAX_TITLE)
    status = doc.get("status")
    if status not in STATUSES:
        raise ImportRefused(f"The status must be one of {', '.join(STATUSES)}, not {status!r}.")
    created_at = _time(doc.get("created_at"), "The table's start time")
    config = doc.get("config")
    seats = _seats(config)
    raw = doc.get("events")
    if not isinstance(raw, list):
        raise ImportRefused("The file has no list of moves (\"events\").")
    if len(raw) > MAX_EVENTS:
        raise ImportRefused(f"The file has {len(raw)} moves; a table has at most {MAX_EVENTS}.")
    events = [_event(i, e, seats) for i, e in enumerate(raw, 1)]
    try:
        setups.check(game, config, title)
    except setups.BadSetup as error:
        raise ImportRefused(str(error)) from None
    row = TableRow(table_id, game, title, config, secrets.token_urlsafe(9), secrets.token_urlsafe(24),
                   status, created_at)
    return row, seats, events


def _text(value, what: str, limit: int) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise ImportRefused(f"{what} must be a text of 1 to {limit} characters.")
    if any(ord(c) < 32 for c in value):
        raise ImportRefused(f"{what} contains control characters.")
    return value


def _time(value, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or not 0 <= value < 1e11:
        raise ImportRefused(f"{what} is not a time (seconds since 1970).")
    return float(value)


def _seats(config) -> list[str]:
    if not isinstance(config, dict) or not isinstance(config.get("players"), list) or not config["players"]:
        raise ImportRefused("The set-up (\"config\") has no list of players.")
    seats = []
    for player in config["players"]:
        if not isinstance(player, dict) or not isinstance(player.get("seat"), str) \
                or not TABLE_ID.match(player["seat"]) or player["seat"] == TABLE:
            raise ImportRefused("Every player of the set-up needs a seat: a short name of letters and digits.")
        _text(player.get("name"), f"The name of seat {player['seat']}", MAX_NAME)
        seats.append(player["seat"])
    if len(set(seats)) != len(seats):
        raise ImportRefused("Two players of the set-up have the same seat.")
    return seats


def _event(seq: int, event, seats: list[str]) -> Event:
    if not isinstance(event, dict):
        raise ImportRefused(f"Move {seq} is not a move (an object with seq, seat, action and at).")
    if event.get("seq") != seq or isinstance(event.get("seq"), bool):
        raise ImportRefused(f"Move {seq} is numbered {event.get('seq')!r}: moves must be numbered 1, 2, 3, … in order.")
    seat = event.get("seat")
    if seat not in seats and seat != TABLE:
        raise ImportRefused(f"Move {seq} is by {seat!r}, who has no seat at this table.")
    action = event.get("action")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise ImportRefused(f"Move {seq} has no action with a type.")
    return Event(seq, seat, action, _time(event.get("at"), f"The time of move {seq}"))


def _replayed(row: TableRow, events: list[Event], claimed) -> bool:
    """Replay every move; refuse at the first the rules forbid, or if the scores differ
    from those the file states. Returns whether the game is over."""
    engine = engines.get(row.game)
    state = _moved(engine, _set_up(engine, row.config), row, events)
    scores = engine.scores(state)
    if isinstance(claimed, dict) and "totals" in claimed and claimed["totals"] != scores["totals"]:
        raise ImportRefused(f"Replayed, the moves give the scores {scores['totals']}, but the file "
                            f"says {claimed['totals']!r}: it was changed or made by a different rules engine.")
    return bool(engine.is_over(state))


def _set_up(engine, config: dict) -> dict:
    try:
        return engine.setup(config)
    except IllegalAction as error:
        raise ImportRefused(f"The set-up is not valid: {error.message} ({error.rule}).") from None
    except Exception as error:
        raise ImportRefused(f"The set-up is not valid ({_short(error)}).") from None


def _moved(engine, state: dict, row: TableRow, events: list[Event]) -> dict:
    """The state after every move, or a refusal naming the first move that fails."""
    done = 0
    try:
        for done, played in enumerate(replay(engine, state, events), 1):
            state = played.after
    except Exception as error:  # the ``done`` moves before it were played
        raise _refusal(row, events[done], error) from None
    return state


def _refusal(row: TableRow, event: Event, error: Exception) -> ImportRefused:
    who = {p["seat"]: p["name"] for p in row.config["players"]}.get(event.seat, "the table")
    move = f"Move {event.seq} ({event.action['type']} by {who})"
    if isinstance(error, IllegalAction):
        return ImportRefused(f"{move} breaks the rules: {error.message} ({error.rule}).")
    # else input the engine did not expect
    return ImportRefused(f"{move} cannot be replayed ({_short(error)}).")
