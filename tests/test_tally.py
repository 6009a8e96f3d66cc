"""The die tally: the model (yacht_edu.probability.tally) and the widget without a browser."""

from __future__ import annotations

from pathlib import Path

import pytest

import yacht_edu
from yacht_edu.display.explain import fairness_summary
from yacht_edu.probability.fairness import BadCountsError
from yacht_edu.probability.tally import Tally
from yacht_edu.widgets.tally import DieTally


def send(widget: DieTally, **content: object) -> None:
    """What the view sends when a learner clicks or types."""
    widget._intent(widget, dict(content), [])


def test_clicks_and_typing_reach_the_counts() -> None:
    widget = yacht_edu.tally("Group A")
    send(widget, intent="face", face=6)
    send(widget, intent="face", face=6)
    send(widget, intent="type", text="1, 2 3;45")
    assert widget.counts == [1, 1, 1, 1, 1, 2]
    assert widget.expected == pytest.approx(7 / 6)
    assert "7" in widget.labels["total"] and widget.message == ""
    send(widget, intent="undo")
    assert widget.counts == [1, 1, 1, 1, 0, 2]


def test_the_result_is_the_fairness_test() -> None:
    widget = DieTally(simulations=500)
    widget.set_counts([8, 9, 12, 11, 6, 14])
    assert widget.test is not None and widget.test.statistic == yacht_edu.fairness(
        [8, 9, 12, 11, 6, 14]).statistic
    summary = fairness_summary(widget.test, "en")
    assert widget.result.startswith(summary) and "0.5210" in widget.result
    # and then in words, what that p-value means for the die
    assert widget.result.endswith("in about 52 % of tallies of this size, so these rolls give "
                                  "no reason to doubt the die.")
    send(widget, intent="count", face=6, count="40")
    assert widget.counts == [8, 9, 12, 11, 6, 40] and widget.test.p_value_float < 1e-3
    assert "so these rolls are a reason to doubt the die" in widget.result


@pytest.mark.parametrize(("p", "key"), [(0.0499, "die_tally.verdict_doubt"),
                                        (0.05, "die_tally.verdict_fits")])
def test_the_verdict_turns_at_one_in_twenty(p: float, key: str) -> None:
    from dataclasses import replace

    from yacht_edu.i18n import t
    from yacht_edu.widgets.tally import verdict

    test = replace(yacht_edu.fairness([8, 9, 12, 11, 6, 14]), p_value_float=p)
    assert verdict(test, "kn") == t(key, "kn", percent=yacht_edu.display.percent(p, "kn"))


def test_the_tally_shows_its_groups_name() -> None:
    """Several groups on one projector tell their tallies apart."""
    assert yacht_edu.tally("Group A").labels["group"] == "Group: Group A"
    assert yacht_edu.tally("Gruppe B", lang="ur").labels["group"] == "⁧گروپ: ⁨Gruppe B⁩⁩"
    assert yacht_edu.tally().labels["group"] == ""  # no group named: no line


def test_few_rolls_are_flagged_in_the_result() -> None:
    widget = DieTally(simulations=200)
    send(widget, intent="face", face=2)
    assert widget.test is not None and not widget.test.reliable
    assert "Too few rolls" in widget.result


def test_bad_input_changes_nothing_and_says_why() -> None:
    widget = DieTally(lang="hi")
    send(widget, intent="type", text="3 7")
    assert widget.counts == [0] * 6 and "7" in widget.message
    send(widget, intent="count", face=2, count="-1")
    assert widget.counts == [0] * 6 and widget.message
    send(widget, intent="face", face=3)
    assert widget.counts == [0, 0, 1, 0, 0, 0] and widget.message == ""


def test_groups_pool_through_csv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the notebook's folder
    first, second = DieTally("A"), DieTally("B")
    first.type_faces("1 1 2 6")
    second.type_faces("6 6 5")
    first.save(tmp_path / "a.csv")
    send(second, intent="save", path="b.csv")
    assert "b.csv" in second.message
    teacher = DieTally("class")
    teacher.load(tmp_path / "a.csv", tmp_path / "b.csv")
    assert teacher.counts == [2, 1, 0, 0, 1, 3]
    assert Tally.load(tmp_path / "a.csv", tmp_path / "b.csv").counts == (2, 1, 0, 0, 1, 3)
    send(teacher, intent="load", path=str(tmp_path / "missing.csv"))
    assert teacher.counts == [2, 1, 0, 0, 1, 3] and "missing.csv" in teacher.message


def test_a_file_that_is_not_a_tally_is_refused(tmp_path: Path) -> None:
    (tmp_path / "x.csv").write_text("name,score\nAnn,3\n")
    with pytest.raises(BadCountsError):
        Tally.load(tmp_path / "x.csv")
    widget = DieTally()
    widget.load(tmp_path / "x.csv")
    assert widget.counts == [0] * 6 and "group,1,2,3,4,5,6" in widget.message


def test_urdu_reads_right_to_left() -> None:
    assert DieTally(lang="ur").direction == "rtl" and DieTally().direction == "ltr"


def test_the_tally_speaks_the_learners_language() -> None:
    from yacht_edu.i18n import t

    widget = DieTally(lang="kn")
    assert widget.labels["title"] == t("die_tally.title", "kn") != t("die_tally.title", "en")
    widget.type_faces("1 2 3 4 5 6")
    assert widget.test is not None and widget.result == fairness_summary(widget.test, "kn")
