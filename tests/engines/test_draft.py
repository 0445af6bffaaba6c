"""common.Draft: what a handler changes never reaches the input, and untouched values are shared."""

import pytest

from companion.engines.common import Copying, Draft


def source():
    return {"config": {"seats": ["a", "b"]}, "phase": "play", "board": {"x": [1, 2]},
            "score": {"a": 0, "b": 0}, "log": [{"n": 1}], "hands": {"a": [{"c": 1}], "b": []},
            "idle": {"deep": [1]}}


COPYING = Copying(shared=("config",), flat=("score",), appended=("log",), grouped=("hands",))


def test_changes_stay_in_the_draft_and_untouched_values_are_shared():
    state = source()
    draft = Draft(state, COPYING)
    draft["board"]["x"].append(3)
    draft["score"]["a"] += 2
    draft["log"].append({"n": 2})
    draft["hands"]["b"].append(draft["hands"]["a"].pop())
    draft["phase"] = "over"
    new = draft.result()
    assert state == source()
    assert new == {**source(), "phase": "over", "board": {"x": [1, 2, 3]}, "score": {"a": 2, "b": 0},
                   "log": [{"n": 1}, {"n": 2}], "hands": {"a": [], "b": [{"c": 1}]}}
    assert type(new) is dict
    assert new["idle"] is state["idle"] and new["config"] is state["config"]
    assert new["log"][0] is state["log"][0]  # appended: old items shared
    assert new["hands"]["b"][0] is state["hands"]["a"][0]  # grouped: cards moved, not copied


def test_reads_of_the_whole_draft_see_every_key():
    state = source()
    draft = Draft(state, Copying())
    assert "idle" in draft and "nothing" not in draft
    assert draft.get("phase") == "play" and draft.get("nothing", 5) == 5
    assert len(draft) == len(state) and set(draft) == set(state) and draft == state
    assert dict(draft.items()) == state and draft.copy() == state
    draft["idle"]["deep"].append(2)
    assert state == source()


def test_a_draft_refuses_to_remove_keys():
    draft = Draft(source(), Copying())
    for remove in (lambda: draft.pop("phase"), lambda: draft.__delitem__("board"), draft.clear,
                   draft.popitem):
        with pytest.raises(TypeError):
            remove()
    with pytest.raises(KeyError):
        draft["nothing"]
