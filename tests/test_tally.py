"""The die tally: the model (yacht_edu.probability.tally) and the widget without a browser."""

from __future__ import annotations

from pathlib import Path

import pytest

import yacht_edu
from yacht_edu.display.explain import fairness_summary
from yacht_edu.i18n import Given
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
    assert widget.per_face == pytest.approx(7 / 6)
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

    from yacht_edu.display.numbers import percent
    from yacht_edu.i18n import t
    from yacht_edu.widgets.tally import verdict

    test = replace(yacht_edu.fairness([8, 9, 12, 11, 6, 14]), p_value_float=p)
    assert verdict(test, "kn") == t(key, "kn", percent=percent(p, "kn"))


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


# -- a learner's files are safe (reliability-3, F1 and W1) -------------------------------------


@pytest.fixture
def notebook_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The notebook's folder, with the learner's lesson in it."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my_lesson.ipynb").write_text('{"cells": []}')
    return tmp_path


def test_save_never_replaces_a_notebook(notebook_folder: Path) -> None:
    """F1, the review's reproducer: "my_lesson.ipynb" typed into the file box and Save: the
    notebook is untouched and the learner reads why, in their language."""
    from yacht_edu.i18n import LANGUAGES, t

    for lang in LANGUAGES:
        widget = DieTally("Group A", lang=lang)
        send(widget, intent="type", text="1 2 3 4 5 6")
        send(widget, intent="save", path="my_lesson.ipynb")
        assert (notebook_folder / "my_lesson.ipynb").read_text() == '{"cells": []}'
        assert widget.message == t("die_tally.error.not_csv", lang, path=Given("my_lesson.ipynb"))
        assert widget.path == "tally.csv"  # the name is kept only once it worked


def test_save_stays_in_the_notebooks_folder(notebook_folder: Path) -> None:
    widget = DieTally("A")
    outside = notebook_folder.parent / "elsewhere.csv"
    for name in (str(outside), "../elsewhere.csv", "sub/../../elsewhere.csv"):
        send(widget, intent="save", path=name)
        assert "outside" in widget.message and not outside.exists()
    (notebook_folder / "link.csv").symlink_to(outside)
    send(widget, intent="save", path="link.csv")
    assert "outside" in widget.message and not outside.exists()


def test_a_file_it_did_not_write_is_kept_and_the_tally_saved_beside(notebook_folder: Path) -> None:
    """F1: two tallies in one notebook both default to tally.csv: the second is written to
    "tally (2).csv" and says so; each writes its own file again at its next Save."""
    first, second = DieTally("A"), DieTally("B")
    first.type_faces("1 1")
    second.type_faces("6")
    send(first, intent="save")
    send(second, intent="save")
    assert second.message == yacht_edu.i18n.t("die_tally.saved_beside", path="tally (2).csv",
                                              taken="tally.csv")
    second.type_faces("6")
    send(second, intent="save")
    send(first, intent="save")
    assert Tally.load("tally.csv").counts == (2, 0, 0, 0, 0, 0)
    assert Tally.load("tally (2).csv").counts == (0, 0, 0, 0, 0, 2)
    (notebook_folder / "notes.csv").write_text("my own notes\n")
    send(first, intent="save", path="notes.csv")
    assert (notebook_folder / "notes.csv").read_text() == "my own notes\n"
    assert first.path == "notes (2).csv"


def test_a_copy_of_the_same_groups_tally_writes_its_file_again(notebook_folder: Path) -> None:
    """The lesson's cell run again makes a new tally of the same group: its file is that
    group's own, so Save writes it again (a file of another group is kept)."""
    DieTally("A").save()
    again = DieTally("A")
    again.type_faces("3")
    assert again.save().name == "tally.csv"
    assert Tally.load("tally.csv").counts == (0, 0, 1, 0, 0, 0)


@pytest.mark.parametrize("path", ["a\x00.csv", "\udc80.csv", "   ", "tab\t.csv",
                                  "x" * 5000 + ".csv", "sub/missing/folder.csv"])
def test_every_bad_name_gets_a_message_never_an_exception(notebook_folder: Path,
                                                          path: str) -> None:
    """W1: names that used to raise out of the view's handler (a NUL, a lone surrogate) and
    others: a message in the learner's language, nothing raised, the name not kept, and the
    next Save without a name still works."""
    for lang in ("en", "ur"):
        widget = DieTally("A", lang=lang)
        widget.type_faces("2")
        send(widget, intent="save", path=path)
        assert widget.message and widget.path == "tally.csv"
        send(widget, intent="load", path=path)
        assert widget.message and widget.counts == [0, 1, 0, 0, 0, 0]
        send(widget, intent="save")
        assert (notebook_folder / "tally.csv").exists()
        (notebook_folder / "tally.csv").unlink()
