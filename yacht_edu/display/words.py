"""The words for what a player chooses and how a strategy is called, in the learner's language:
"Keep 2 2, roll the rest", "Score Full House"; "Chase five of a kind".

The coach and the strategies compute; these name what they computed, for every face (a cell's
text and tables, the board's panels, the plots' legends, a progress bar's label).

>>> choice_label((2, 2), "en"), choice_label("full_house", "en")
('Keep 2 2, roll the rest', 'Score Full House')
>>> strategy_name("chase_five", "en"), strategy_name("my_own_rule", "en")
('Chase five of a kind', 'my_own_rule')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from yacht_edu.i18n import box_name, catalog, t

if TYPE_CHECKING:
    from yacht_edu.ranking import ChoiceValue

__all__ = ["choice_label", "strategy_name"]


def choice_label(choice: ChoiceValue, lang: str | None = None) -> str:
    """A choice in words: the dice kept (all five: stop and score; none: roll all five again),
    or the box scored."""
    if isinstance(choice, str):
        return t("coach.score", lang, box=box_name(choice, lang))
    if not choice:
        return t("coach.keep_nothing", lang)
    if len(choice) == 5:
        return t("coach.keep_all", lang)
    return t("coach.keep", lang, dice=" ".join(map(str, choice)))


def strategy_name(name: str, lang: str | None = None) -> str:
    """A strategy's name in words (``chase_five`` in the learner's language); a learner's own
    strategy by the name of its function."""
    msgid = f"strategy.{name}"
    return t(msgid, lang) if msgid in catalog("en") else name
