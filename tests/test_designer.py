"""The rule designer without a browser: build it, change its controls, click, read the model."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

pytest.importorskip("ipywidgets")

from yacht_edu.compare import compare_rules
from yacht_edu.custom import custom_rules
from yacht_edu.display.compare import comparison_html
from yacht_edu.widgets import RuleDesigner


def ticked(designer: RuleDesigner) -> tuple[str, ...]:
    """The boxes ticked to be removed."""
    return tuple(designer.removed.value)


@pytest.mark.slow  # about a second or more (the fast loop keeps under a minute and a quarter)
def test_the_comparison_follows_the_controls() -> None:
    designer = RuleDesigner(lang="en")
    assert designer.rules == custom_rules("yacht")
    designer.rolls.value = 4
    assert designer.rules == custom_rules("yacht", rolls=4)
    assert designer.comparison.value == comparison_html(
        compare_rules(["yacht", custom_rules("yacht", rolls=4)]), "en",
        names=["Base: Yacht", "Your variant: Yacht, 4 rolls"])
    designer.fixed_box.value = "full_house"
    designer.fixed_points.value = 25
    designer.removed.value = ("little_straight",)
    assert designer.rules == custom_rules("yacht", rolls=4, scores={"full_house": 25},
                                          remove=["little_straight"])
    assert "Full House = 25" in designer.comparison.value


def test_a_refused_design_shows_why_and_keeps_the_last_good_one() -> None:
    designer = RuleDesigner(lang="hi")
    assert designer.message.layout.display == "none"  # no empty message bar
    designer.rolls.value = 2
    shown = designer.comparison.value
    designer.removed.value = tuple(value for _, value in designer.removed.options)
    assert designer.message.value  # the rule's message, in Hindi
    assert designer.message.layout.display is None
    assert designer.rules == custom_rules("yacht", rolls=2) and designer.comparison.value == shown
    designer.removed.value = ()
    assert designer.message.value == "" and designer.message.layout.display == "none"


def test_boxes_are_removed_with_a_check_box_each() -> None:
    """No Ctrl-click: ticking two boxes removes both; the value ticks the boxes too."""
    designer = RuleDesigner(lang="en")
    boxes = designer.removed.boxes
    assert [box.description for box in boxes.values()][:2] == ["Ones", "Twos"]
    boxes["little_straight"].value = True
    boxes["big_straight"].value = True
    assert ticked(designer) == ("little_straight", "big_straight")
    assert designer.rules == custom_rules("yacht", remove=["little_straight", "big_straight"])
    designer.removed.value = ("ones",)
    assert [v for v, box in boxes.items() if box.value] == ["ones"]


def test_the_controls_read_as_a_learner_reads_them() -> None:
    designer = RuleDesigner(lang="en")
    # the base list names the rule sets, not their code names
    assert ("Yacht (four of a kind scores all five dice)", "yacht_sum4") in designer.base.options
    assert all(name != label for label, name in designer.base.options)
    # labels whole, never cut to the default width
    for control in (designer.base, designer.rolls, designer.fixed_box, designer.fixed_points):
        assert control.style.description_width == "initial"
    # the two columns of the comparison are told apart before any change
    assert "<th>Base: Yacht</th><th>Your variant: Yacht</th>" in designer.comparison.value
    # the points only when a box is chosen to have a fixed score
    assert designer.fixed_box.value == "" and designer.fixed_points.layout.display == "none"
    designer.fixed_box.value = "full_house"
    assert designer.fixed_points.layout.display is None


@pytest.mark.slow  # about a second or more (the fast loop keeps under a minute and a quarter)
def test_the_base_offers_its_own_boxes() -> None:
    designer = RuleDesigner()
    designer.removed.value = ("little_straight",)
    designer.base.value = "yacht_sum4"
    assert ticked(designer) == () and designer.fixed_box.value == ""
    assert designer.rules == custom_rules("yacht_sum4")
    assert "Yacht (four of a kind scores all five dice)" in designer.comparison.value


@pytest.mark.slow
def test_play_it_opens_a_board_under_the_variant() -> None:
    def pairs(dice: Sequence[int]) -> int:
        return 10 if len(set(dice)) <= 3 else 0

    designer = RuleDesigner(add={"pairs": pairs}, lang="en")
    designer.rolls.value = 4
    designer.play_button.click()
    board = designer.board
    assert designer.board_area.children == (board,)
    assert board.game.rules == designer.rules and board.game.rolls_left == 4
    assert "pairs" in board.game.rules.boxes
    assert board.state["roll"]["left"] == "4 rolls left"
    assert board.roll()
    assert board.game.rolls_left == 3 and board.state["roll"]["left"] == "3 rolls left"
    designer.play_button.click()  # a new board replaces the old one
    assert designer.board is not board and designer.board.game.rolls_left == 4


def test_the_controls_wait_while_a_variant_is_solved(monkeypatch: pytest.MonkeyPatch) -> None:
    """Greyed during the solve (the comparison says it is solving), so no click queues."""
    import yacht_edu.compare

    designer = RuleDesigner(lang="en")
    during: list[tuple[bool, str]] = []
    real = yacht_edu.compare.compare_rules

    def watched(*args: object, **kwargs: object) -> object:
        during.append((designer.rolls.disabled and designer.play_button.disabled
                       and all(box.disabled for box in designer.removed.boxes.values()),
                       designer.comparison.value))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(yacht_edu.compare, "compare_rules", watched)
    designer.rolls.value = 2
    assert during == [(True, "<i>Solving the variant…</i>")]
    assert not designer.rolls.disabled and not designer.play_button.disabled
