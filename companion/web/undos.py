"""Moves taken back, as the pages tell them: undos ("The host undid move 41 (bid)"),
rewinds ("The host went back to move 12 (3 moves taken back)") and corrections ("Move
23 corrected: …, instead of: … Scores: Anna 34 → 31"), in the log and, until the next
move, as a notice on every page, each in its own language.

The audit trail lives in the store; it is read once per change of the table's list of
moves (an undo, a rewind or a correction gives the table a new list; a move only makes
the list longer and leaves the trail as it was) and kept here. What a correction
changed (the moves as the log tells them, the scores before and after) is worked out
once, when a page first shows its notice, by playing the log before and after it again.

Secrets: the log and every page other than the owner's say of a move made in a sealed
step only that a sealed submission was undone or corrected.
"""

import threading

from ..engines.common import Move, state_after
from ..engines.text import Text, _, ngettext
from ..tables import Live
from . import context, log
from .games import ui_for

LIMIT = 30
_cache: dict[str, tuple] = {}  # table id -> (its list of moves, the entries)
_details: dict[tuple, dict] = {}  # (table id, when corrected) -> what the correction changed
_lock = threading.Lock()


def recent(live: Live) -> list[dict]:
    """The latest moves taken back, oldest first, as the log tells them: ``{"seq", "at"
    (when taken back), "text", "reason"}``: one entry per undone move, one per rewind, one
    per correction (``rows``: the correction's rows of the audit trail)."""
    moves = live.moves
    with _lock:
        kept = _cache.get(live.row.id)
        if kept and kept[0] is moves:
            return kept[1]
    rows = context.tables().store.undone(live.row.id)
    ui = ui_for(live.row.game)
    found = []
    for at in sorted({r["undone_at"] for r in rows}):
        group = [r for r in rows if r["undone_at"] == at]
        reason = group[0]["reason"] or "undo"
        if reason == "rewind":
            back = min(r["seq"] for r in group) - 1
            found.append({"seq": back, "at": at, "reason": "rewind", "text": ngettext(
                "The host went back to move {back} ({n} move taken back).",
                "The host went back to move {back} ({n} moves taken back).", len(group), back=back)})
        elif any(r["reason"] == "correction" for r in group):
            fixed = next(r for r in group if r["reason"] == "correction")
            found.append({"seq": fixed["seq"], "at": at, "reason": "correction", "rows": group,
                          "text": _corrected_line(live, ui, fixed)})
        else:
            found.extend({"seq": r["seq"], "at": at, "reason": "undo", "text": told(ui, _trail_row(r))}
                         for r in group)
    found = found[-LIMIT:]
    with _lock:
        _cache[live.row.id] = (moves, found)
    return found


def notice(live: Live, undone: list[dict], seq: int) -> list[dict]:
    """What every page says of the latest undo, rewind or correction, until the next move
    (``undone``: ``recent``; ``seq``: the move the page shows): a list of ``{"text": [texts
    for every page], "owner": a seat or None, "mine": [texts for the owner's page]}``. A
    part that shows it reads only this, not the log it is compared with, which changes with
    every move."""
    if not undone:
        return []
    last = undone[-1]["at"]
    latest = next((m for m in reversed(live.moves) if m.seq <= seq), None)
    if latest is not None and latest.at > last:
        return []
    out = []
    for entry in undone:
        if entry["at"] != last:
            continue
        if entry["reason"] == "correction":
            out.append(_correction_notice(live, entry))
        else:
            out.append({"text": [entry["text"]], "owner": None, "mine": None})
    return out


def offered(now, viewer: str | None) -> dict:
    """For a phone's seat (``viewer``): ``moves``, its moves that the latest correction
    handed back and the table has not reached again (``Tables.offered``), each with
    ``text``, the move as the log told it to that seat; and ``own``, its own moves among
    the phone's log lines that only this phone may correct (``{"seq", "sealed"}``, newest
    first): those made in a sealed step and, while the seat holds a hand the table does
    not see, all of them (``hands``)."""
    if not viewer:
        return {"moves": [], "own": []}
    live = now.live
    shown = log.shown_of(live.recent(log.LONGEST["phone"], upto=now.seq), "phone")  # the phone's log lines
    mine = [m for m in shown if m.seat == viewer]
    private = bool(mine) and hands(now.view(viewer)) != now.get(("hands", None), lambda: hands(now.view(None)))
    own = [{"seq": m.seq, "sealed": m.simultaneous} for m in mine if m.simultaneous or private]
    undone = recent(live)
    if not undone or undone[-1]["reason"] != "correction" \
            or not any(r["reason"] == "offered" for r in undone[-1]["rows"]):
        return {"moves": [], "own": own}
    found = context.tables().offered(live.row.id, viewer)
    texts = _detail(live, undone[-1])["offered"] if found else {}
    return {"moves": [o | {"text": texts.get((o["seq"], viewer))} for o in found], "own": own}


def hands(view) -> list:
    """Every hand a view shows, where views show them (``hand`` at the top and on each of
    its ``players``): what a seat's view holds there and the table's does not is a private
    hand. Read at two places, not by walking the view: a Manhattan view has ~900 nodes."""
    return [view.get("hand")] + [p.get("hand") for p in view.get("players", ())]


def told(ui, row: dict) -> Text:
    """Only the kind of move: an undone sealed bid or a typed-in card stays secret, and of
    a move made in a simultaneous step not even that (a bid or a pass)."""
    return _("The host undid move {n} ({kind}).", n=row["seq"], kind=kind(ui, row))


def kind(ui, row: dict) -> Text:
    if row["sealed"]:
        return _("sealed submission")
    name = getattr(ui, "ACTION_NAMES", {}).get(row["kind"])
    return _(name) if name else _("move")


def _trail_row(r: dict) -> dict:
    """A row of the store's audit trail as ``Tables.undone`` gives it."""
    return {"seq": r["seq"], "sealed": None if r["sealed"] is None else bool(r["sealed"]),
            "kind": r["action"]["type"] if r["sealed"] == 0 else None}


def _who(live: Live, by: str | None) -> str | None:
    """A seat's player name, or None for the host."""
    if not by or by == "host":
        return None
    return next((p.get("name") or p["seat"] for p in live.row.config["players"] if p["seat"] == by), by)


def _corrected_line(live: Live, ui, fixed: dict) -> Text:
    """The log's line for a correction: who corrected which move, and only its kind."""
    what = kind(ui, _trail_row(fixed))
    name = _who(live, fixed["done_by"])
    if name is None:
        return _("The host corrected move {n} ({kind}).", n=fixed["seq"], kind=what)
    return _("{name} corrected move {n} ({kind}).", name=name, n=fixed["seq"], kind=what)


def _correction_notice(live: Live, entry: dict) -> dict:
    detail = _detail(live, entry)
    fixed = next(r for r in entry["rows"] if r["reason"] == "correction")
    n = fixed["seq"]
    stop = []
    handed = [r for r in entry["rows"] if r["reason"] == "offered"]
    if handed:
        first = min(r["seq"] for r in handed)
        stop = [ngettext("The table stopped before move {seq}: {n} later move no longer fits and goes back to be "
                         "entered again.",
                         "The table stopped before move {seq}: {n} later moves no longer fit and go back to be "
                         "entered again.", len(handed), seq=first)]
    scores = [_("Scores: {changes}.", changes=[
        _("{name} {before} → {after}", name=_who(live, seat) or seat, before=b, after=a)
        for seat, (b, a) in detail["scores"].items()])] if detail["scores"] else []
    if fixed["sealed"]:
        mine = [_("Move {n} corrected: {new}", n=n, new=detail["new_mine"]),
                _("Instead of: {old}", old=detail["old_mine"])]
        return {"text": [_("Move {n}: a sealed submission was corrected.", n=n), *stop],
                "owner": fixed["seat"], "mine": [*mine, *scores, *stop]}
    public = [_("Move {n} corrected: {new}", n=n, new=detail["new"]), _("Instead of: {old}", old=detail["old"])]
    return {"text": [*public, *scores, *stop], "owner": None, "mine": None}


def _detail(live: Live, entry: dict) -> dict:
    """What a correction changed, from the log as it is and the audit trail: the new and
    the old move as the log tells them (``new``/``old`` to every page, ``new_mine``/
    ``old_mine`` to the owner's), the seats whose total changed (seat -> (before, after))
    and each handed-back move as the log told it to its seat (``offered``: (its number,
    seat) -> text)."""
    key = (live.row.id, entry["at"])
    with _lock:
        found = _details.get(key)
    if found is not None:
        return found
    engine, rows = live.engine, sorted(entry["rows"], key=lambda r: r["seq"])
    fixed = next(r for r in rows if r["reason"] == "correction")
    n = fixed["seq"]
    events = context.tables().store.events(live.row.id)
    start = engine.setup(live.row.config)
    before = state_after(engine, start, events[:n - 1])
    new = events[n - 1] if len(events) >= n else None
    old_after = engine.apply(before, fixed["seat"], fixed["action"])

    def line(after, seat, action, reader):
        return engine.describe(before, after, seat, action, reader) or _("move")

    detail = {"old": line(old_after, fixed["seat"], fixed["action"], None),
              "old_mine": line(old_after, fixed["seat"], fixed["action"], fixed["seat"]),
              "new": _("move"), "new_mine": _("move"), "scores": {}, "offered": {}}
    if new is not None:
        new_after = engine.apply(before, new.seat, new.action)
        detail["new"] = line(new_after, new.seat, new.action, None)
        detail["new_mine"] = line(new_after, new.seat, new.action, fixed["seat"])
    # The log before the correction: the moves before it, then the trail's rows in order.
    old_log = [Move(e.seat, e.action) for e in events[:n - 1]] + [Move(r["seat"], r["action"]) for r in rows]
    state = before
    for index, move in enumerate(old_log[n - 1:], n):
        after = engine.apply(state, move.seat, move.action)
        if rows[index - n]["reason"] == "offered":
            detail["offered"][(index, move.seat)] = engine.describe(state, after, move.seat, move.action, move.seat)
        state = after
    kept = max(r["seq"] for r in rows if r["reason"] != "offered")
    totals_before = engine.scores(state)["totals"]
    totals_after = engine.scores(state_after(engine, start, events[:kept]))["totals"]
    detail["scores"] = {s: (totals_before.get(s, 0), totals_after.get(s, 0)) for s in live.seats
                        if totals_before.get(s, 0) != totals_after.get(s, 0)}
    with _lock:
        if len(_details) > 200:
            _details.clear()
        _details[key] = detail
    return detail
