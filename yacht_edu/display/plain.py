"""What a cell shows as text, in the learner's language: the coach's advice and its choices, an
analysis and its decisions, a game, a simulation (played for a target or not), the expected score
of the best play.

A lesson shows these objects as a cell's result (``advice``, ``advice.best``, a list of
decisions) or prints them (``print(game)``): their ``__str__`` and ``_repr_pretty_`` (what
IPython writes, in a list too) are these sentences, every word from the catalogs; their
``repr()`` stays Python's, for a developer.  Pure strings.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from yacht_edu.display.game import game_status
from yacht_edu.display.numbers import decimal, percent, percentage_points
from yacht_edu.display.words import choice_label
from yacht_edu.i18n import t

if TYPE_CHECKING:
    from yacht_edu.coach import Advice, Analysis, Choice, Decision
    from yacht_edu.expected import Expected
    from yacht_edu.game import Game
    from yacht_edu.solver import ScoreDistribution
    from yacht_edu.strategies import Simulation


#: Between the parts of one line (as the coach's situation line writes it).
PARTS = " · "
#: The most choices an advice lists in text (the best first).
SHOWN_CHOICES = 10


def choice_text(choice: Choice, lang: str | None = None) -> str:
    """One choice: what it is, its expected final score (± sd, or the chance of reaching the
    target) and what it gives up."""
    label = choice_label(choice.choice, lang)
    if known(choice.chance):  # ranked for a target
        return PARTS.join([
            label, f"{t('probability.chance', lang)}: {percent(choice.chance, lang)}",
            *([f"{t('coach.col_expected', lang)}: {decimal(choice.expected, 2, lang)}"]
              if known(choice.expected) else []),
            f"{t('coach_target.col_gives_up', lang)}: {percentage_points(choice.loss, lang)}"])
    spread = f" ± {decimal(choice.sd, 2, lang)}" if known(choice.sd) else ""
    return PARTS.join([
        label, f"{t('coach.col_expected', lang)}: {decimal(choice.expected, 2, lang)}{spread}",
        f"{t('coach.col_loss', lang)}: {decimal(choice.loss, 2, lang)}"])


def known(number: float) -> bool:
    """Whether a worked-out number is known (not NaN, not infinite): what is not is left out
    of the text, never written ``nan``."""
    return math.isfinite(number)


def expected_now_text(advice: Advice, lang: str | None = None) -> str:
    """What is known of the final score from here: in the target mode, the chance of reaching
    the target and the expected final score playing for it; else the expected final score with
    the best play, ± its spread when there is one ("" when nothing is known)."""
    mean = decimal(advice.expected, 2, lang)
    if advice.target is not None and known(advice.chance):
        chance = percent(advice.chance, lang)
        if known(advice.expected):
            return t("coach_target.expected_now", lang, target=advice.target, chance=chance,
                     mean=mean)
        return t("coach_target.chance_now", lang, target=advice.target, chance=chance)
    if not known(advice.expected):
        return ""
    if known(advice.sd):
        return t("coach.expected_now", lang, mean=mean, sd=decimal(advice.sd, 2, lang))
    return t("coach.expected_now_mean", lang, mean=mean)


def advice_text(advice: Advice, lang: str | None = None) -> str:
    """The advice: the rule set, the dice and rolls left, the expected score from here, then
    the best choices, one a line."""
    lines = [t("coach.heading", lang, rules=advice.rules.label(lang))]
    dice = " ".join(map(str, advice.dice or ()))
    situation = t("coach.situation", lang, dice=dice, count=advice.rolls_left)
    lines.append(PARTS.join(part for part in (situation, expected_now_text(advice, lang))
                            if part))
    if not advice.choices:
        lines.append(t("coach.game_over" if advice.card.complete else "coach.roll_first", lang))
    for entry in advice.choices[:SHOWN_CHOICES]:
        lines.append(f"{entry.rank}. {choice_text(entry, lang)}")
    if len(advice.choices) > SHOWN_CHOICES:
        lines.append("…")
    return "\n".join(lines)


def decision_text(decision: Decision, lang: str | None = None) -> str:
    """One decision of a game: who, when, the dice, what was chosen, the best, the loss."""
    best = " / ".join(choice_label(b, lang) for b in decision.best)
    return PARTS.join([
        decision.player, f"{t('analysis.col_turn', lang)} {decision.turn}",
        f"{t('analysis.col_rolls_left', lang)}: {decision.rolls_left}",
        f"{t('analysis.col_dice', lang)}: {'-'.join(map(str, decision.dice))}",
        f"{t('analysis.col_chosen', lang)}: {choice_label(decision.chosen, lang)}",
        f"{t('analysis.col_best', lang)}: {best}",
        f"{t('analysis.col_loss', lang)}: {decimal(decision.loss, 2, lang)}"])


def analysis_text(analysis: Analysis, lang: str | None = None) -> str:
    """An analysis: the rule set, then each player's points given up, one a line."""
    lines = [t("analysis.heading", lang, rules=analysis.rules.label(lang))]
    lines += [t("analysis.total", lang, player=s.player, loss=decimal(s.loss, 2, lang),
                count=s.decisions, mistakes=s.mistakes) for s in analysis.players]
    if analysis.staged_rolls:
        lines.append(analysis.staged_note(lang))
    return "\n".join(lines)


def game_text(game: Game, lang: str | None = None) -> str:
    """A game: its rule set and where it stands (the round and whose turn, or who won)."""
    lines = [PARTS.join([game.rules.label(lang), game_status(game, lang)])]
    if game.staged_rolls:
        lines.append(game.staged_note(lang))
    return "\n".join(lines)


def simulation_text(simulation: Simulation, lang: str | None = None) -> str:
    """Simulated games: the strategy and how many games, the mean ± its standard error and the
    spread, and for a target how often it was reached."""
    lines = [t("strategy.simulation", lang, strategy=simulation.label(lang),
               count=simulation.games, rules=simulation.rules.label(lang)),
             f"{decimal(simulation.mean, 2, lang)} ± {decimal(simulation.standard_error, 2, lang)}"
             f" {t('strategy.sd', lang, sd=decimal(simulation.sd, 2, lang))}"]
    if simulation.target is not None:
        lines.append(reached_text(simulation, lang))
    return "\n".join(lines)


def reached_text(simulation: Simulation, lang: str | None = None) -> str:
    """How many of the simulated games reached their target, and the chance it estimates."""
    return t("strategy.reached", lang, target=simulation.target, count=simulation.reached,
             games=simulation.games, chance=decimal(simulation.chance, 4, lang),
             error=decimal(simulation.chance_error, 4, lang))


def expected_text(expected: Expected, lang: str | None = None) -> str:
    """The expected final score of the best play and its spread."""
    return t("coach.expected_now", lang, mean=decimal(float(expected.mean), 2, lang),
             sd=decimal(expected.sd, 2, lang))


def distribution_text(distribution: ScoreDistribution, lang: str | None = None) -> str:
    """The exact distribution of the final score: its rule set, how many final scores are
    possible and between which, its mean and standard deviation."""
    return t("probability.distribution_summary", lang, rules=distribution.rules.label(lang),
             count=len(distribution), low=min(distribution), high=max(distribution),
             mean=decimal(float(distribution.mean), 2, lang),
             sd=decimal(distribution.sd, 2, lang))
