"""Results, the roster and the statistics (companion/archive/history.py) over real games in
a real SQLite file."""

import pytest

from companion.archive import history
from tests.history.helpers import final_scores


def test_results_give_each_players_final_score_and_the_winners(night):
    row, events = night.table(["Anna", "Ben", "Cleo"], seed=1)
    [game] = history.results(night.store)
    totals, winners, over = final_scores(row.config, events)
    assert over and game.over and game.finished
    assert {p.seat: p.score for p in game.players} == totals
    assert [p.seat for p in game.winners] == winners
    assert game.moves == len(events)
    assert game.ended_at == night.store.events(row.id)[-1].at


def test_only_finished_games_count_as_history(night):
    night.table(["Anna", "Ben"], seed=1)
    night.table(["Anna", "Ben"], seed=2, moves=30)  # still playing
    early, _ = night.table(["Anna", "Ben"], seed=3, moves=30, status="finished")  # the host ended it
    night.table(["Anna", "Ben"], seed=4, moves=0)  # never started
    games = history.results(night.store)
    assert {g.row.id for g in games} == {"t1", "t2", "t3"}
    finished = history.finished(games)
    assert [g.row.id for g in finished] == ["t3", "t1"]  # newest first
    ended_early = finished[0]
    assert not ended_early.over and ended_early.winners == []
    assert history.records(games)["fifth_avenue"]["anna"].plays == 1  # t1 only


def test_filters_by_game_and_person(night):
    night.table(["Anna", "Ben"], seed=1)
    night.table(["Cleo", "Ben"], seed=2)
    games = history.results(night.store)
    assert [g.row.id for g in history.finished(games, person="anna")] == ["t1"]
    assert [g.row.id for g in history.finished(games, person="ben")] == ["t2", "t1"]
    assert history.finished(games, game="palazzo") == []
    assert len(history.finished(games, game="fifth_avenue")) == 2


def test_names_differing_in_case_and_spaces_are_one_person(night):
    night.table(["Anna", "Ben"], seed=1)
    night.table(["anna ", "Ben"], seed=2)
    night.table(["ANNA", "Ben"], seed=3)
    people = {p.key: p for p in history.roster(history.results(night.store))}
    assert set(people) == {"anna", "ben"}
    assert people["anna"].games == 3
    assert people["anna"].spellings == {"ANNA": 1, "Anna": 1, "anna ": 1}


def test_the_host_merges_two_spellings_and_can_separate_them_again(night):
    night.table(["Anna", "Ben"], seed=1)
    night.table(["Anna B.", "Ben"], seed=2)
    night.table(["Annie", "Ben"], seed=3)
    night.store.merge_people("anna b.", "anna")
    night.store.merge_people("anna", "annie")  # the whole person moves, merged names included
    games = history.results(night.store)
    people = {p.key: p for p in history.roster(games)}
    assert set(people) == {"annie", "ben"}
    assert people["annie"].games == 3
    assert night.store.aliases() == {"anna": "annie", "anna b.": "annie"}
    assert history.records(games)["fifth_avenue"]["annie"].plays == 3
    night.store.split_person("anna b.")
    people = {p.key: p for p in history.roster(history.results(night.store))}
    assert people["anna b."].games == 1 and people["annie"].games == 2


def test_merging_a_person_into_itself_changes_nothing(night):
    night.table(["Anna", "Ben"], seed=1)
    night.store.merge_people("anna", "anna")
    assert night.store.aliases() == {}


def test_records_count_plays_wins_average_and_best(night):
    played = [night.table(names, seed=seed) for seed, names in
              enumerate([["Anna", "Ben"], ["Anna", "Ben", "Cleo"], ["Ben", "Cleo"]], 1)]
    records = history.records(history.results(night.store))["fifth_avenue"]
    expected = {}
    for row, events in played:
        totals, winners, _ = final_scores(row.config, events)
        for p in row.config["players"]:
            mine = expected.setdefault(p["name"].lower(), {"scores": [], "wins": 0})
            mine["scores"].append(totals[p["seat"]])
            mine["wins"] += p["seat"] in winners
    assert set(records) == set(expected)
    for key, record in records.items():
        scores = expected[key]["scores"]
        assert (record.plays, record.wins, record.best) == (len(scores), expected[key]["wins"], max(scores))
        assert record.average == pytest.approx(sum(scores) / len(scores))
        assert [s for _, s in record.scores] == scores  # oldest first


def test_results_are_kept_until_the_log_changes(night, monkeypatch):
    row, events = night.table(["Anna", "Ben"], seed=1, moves=40)
    calls = []
    real = history.table_state
    monkeypatch.setattr(history, "table_state", lambda *a: calls.append(a[0].id) or real(*a))
    history.results(night.store)
    history.results(night.store)
    assert calls == ["t1"]
    night.store.undo("t1", 1)  # the host takes a move back and it is made again
    seat, action = events[39]
    night.now += 5
    night.store.append("t1", 40, seat, action)
    history.results(night.store)
    assert calls == ["t1", "t1"]


def test_a_table_an_engine_can_no_longer_replay_is_shown_with_the_reason(night):
    row, _ = night.table(["Anna", "Ben"], seed=1, moves=5, status="finished")
    db = night.store.db()
    db.execute("UPDATE events SET action=? WHERE table_id=? AND seq=3", ('{"type": "fly"}', row.id))
    [game] = history.results(night.store)
    assert game.error and "fly" in game.error
    assert game.finished and not game.over
    assert [p.name for p in game.players] == ["Anna", "Ben"]
