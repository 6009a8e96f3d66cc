"""The teaching panels of the board, as JSON the view draws: "my chances" and the coach.

The numbers come from the mathematics (:mod:`yacht_edu.probability`, :mod:`yacht_edu.coach`);
this module only chooses what a learner reads and writes it in their language.

* **My chances** — for each open box of the player to move, with the rolls left from the dice in
  hand: a box that may score 0 shows the chance to make it (score more than 0) as a percentage;
  a box that always scores (the upper boxes, Choice) shows the points to expect at best.  The
  exact value is there on demand.
* **Coach** — one sentence first (the best choice, the final score it leads to on average, what
  the runner-up gives up), then the ranked choices; after the game, the points each player gave
  up, and each player's score in words: expected at the start, plus the luck of the dice, less
  the points the decisions gave up (a good decision against a good outcome).  A coach has
  *modes* (:data:`COACH_MODES`): the board offers a choice between them when there is more than
  one.  The second mode plays to reach a target the learner sets (or, in the last round of a
  game with several players, to beat the leader) and ranks the choices by the chance of getting
  there.

The mathematics is imported when a panel is first switched on, so the game plays without it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from yacht_edu.dice import multisets
from yacht_edu.display.numbers import (
    about_points,
    decimal,
    fraction,
    percent,
    percentage_points,
)
from yacht_edu.display.words import choice_label
from yacht_edu.game import Game
from yacht_edu.i18n import box_name, digits, t, tn
from yacht_edu.rules import get_rules
from yacht_edu.widgets.state import ViewState

if TYPE_CHECKING:
    from yacht_edu import solver
    from yacht_edu.probability.turn import Aim


# -- numbers a learner reads (written by yacht_edu.display.numbers) -----------------------------


def as_fraction(value: Any) -> Fraction:
    """A ``sympy.Rational`` (or any exact number) as a :class:`~fractions.Fraction`."""
    return Fraction(int(value.p), int(value.q)) if hasattr(value, "q") else Fraction(value)


# -- my chances ---------------------------------------------------------------------------------


def chances_state(game: Game, lang: str) -> ViewState:
    """For each open box of the player to move: the chance to make it, or the points to expect."""
    from yacht_edu import probability

    if game.over:
        return {"note": t("widget.chances_over", lang), "rows": []}
    rolls = game.rolls_left
    chances = probability.chances(game.dice, rolls, game.rules)
    rows = [chance_row(game, box, as_fraction(chances[box]), lang)
            for box in game.scorecard().open_boxes]
    heading = (t("widget.chances_fresh", lang, player=game.current_player) if game.dice is None
               else tn("board.chances_heading", rolls, lang))
    return {"heading": heading, "rows": rows,
            "explain": [t("board.chances_make", lang), points_key(game, lang)],
            "columns": [t("widget.col_box", lang), t("board.col_chance", lang),
                        t("board.col_exact", lang)],
            "exact_on": t("board.show_exact", lang), "exact_off": t("board.hide_exact", lang)}


def points_key(game: Game, lang: str) -> str:
    """The key's line for the boxes that show points: named as this game has them (the upper
    boxes, and Choice in Yacht or Chance in Yahtzee)."""
    rules = game.rules
    lower = [box_name(box, lang) for box in rules.lower_section if always_scores(game, box)]
    boxes = t("list.separator", lang).join([t("board.upper_boxes", lang), *lower])
    return t("board.chances_points_in", lang, names=boxes)


def always_scores(game: Game, box: str) -> bool:
    """Whether every roll scores something in ``box`` (an upper box, Choice)."""
    from yacht_edu import probability

    return box in game.rules.upper_section or probability.p_one_roll(
        box, game.rules) == 1


def chance_row(game: Game, box: str, chance: Fraction, lang: str) -> ViewState:
    from yacht_edu import probability

    name = box_name(box, lang)
    if always_scores(game, box):
        rolls = game.rolls_left
        expected = as_fraction(probability.best_expected(
            box, rolls if game.dice is not None else 3, game.rules, dice=game.dice))
        best = max(game.rules.score(hand, box) for hand in multisets())
        return {"box": box, "name": name, "kind": "points",
                "shown": about_points(float(expected), lang),
                "bar": float(expected / best) if best else 0.0,
                "exact": fraction(expected, lang)}
    return {"box": box, "name": name, "kind": "chance", "shown": percent(chance, lang),
            "bar": float(chance), "exact": fraction(chance, lang)}


#: The target the coach's target mode starts with: a good game of Yacht (about 1 in 5 reach it).
DEFAULT_TARGET = 200


@dataclass(frozen=True)
class CoachSettings:
    """What the learner has set in the coach panel: the target of the target mode."""

    target: int = DEFAULT_TARGET


# -- the coach ----------------------------------------------------------------------------------


def average_coach(game: Game, lang: str, progress: solver.Progress | None,
                  settings: CoachSettings) -> ViewState:
    """The mode that plays for the best final score on average."""
    from yacht_edu import coach  # loaded on the coach's first use: a game alone needs none

    if game.over:
        from yacht_edu.luck import luck_and_skill

        found = luck_and_skill(game, progress=progress)
        return analysis_state(found.analysis, lang) | {"luck": luck_state(found, lang)}
    advice = coach.advise(game, progress=progress)
    spread = t("board.spread_note", lang)
    if not advice.choices:
        return {"sentence": t("board.coach_roll_first", lang, player=game.current_player,
                              mean=f"{advice.expected:.0f}"), "rows": [], "spread": spread}
    best = advice.choices[0]
    sentence = t("board.coach_best", lang, choice=best.label(lang),
                 mean=f"{best.expected:.0f}")
    if len(advice.choices) > 1:
        second = advice.choices[1]
        sentence += " " + t("board.coach_runner_up", lang, choice=second.label(lang),
                            loss=f"{second.loss:.2f}")
    return {"sentence": sentence, "spread": spread,
            "columns": [t("coach.col_rank", lang), t("coach.col_choice", lang),
                        t("board.col_average", lang), t("board.col_spread", lang),
                        t("board.col_gives_up", lang)],
            "rows": [coach_row(choice, lang) for choice in advice.choices],
            "why": why_line(game, best.choice, lang)}


def coach_row(choice: Any, lang: str) -> ViewState:
    """One ranked choice; a keep also draws its dice (in the second cell)."""
    keep = choice.choice if isinstance(choice.choice, tuple) else None
    return {"cells": [digits(choice.rank, lang), choice.label(lang), f"{choice.expected:.2f}",
                      f"± {choice.sd:.1f}", f"{choice.loss:.2f}"],
            "dice": list(keep) if keep and len(keep) < 5 else [], "best": choice.rank == 1}


def why_line(game: Game, choice: Any, lang: str) -> str:
    """Why the best choice: the open boxes a keep plays for, with their chances from it."""
    from yacht_edu import probability

    if not isinstance(choice, tuple) or game.dice is None or game.rolls_left == 0:
        return ""
    aims = []
    for box in game.scorecard().open_boxes:
        points = always_scores(game, box)
        aim: Aim = "score" if points else "chance"
        if probability.best_keep(box, game.dice, game.rolls_left, game.rules,
                                 aim=aim) != choice:
            continue
        worth = as_fraction(probability.keep_values(box, game.dice, game.rolls_left,
                                                    game.rules, aim=aim)[choice])
        shown = about_points(float(worth), lang) if points else percent(worth, lang)
        aims.append((float(worth) if not points else 0.0, f"{t(f'category.{box}', lang)} "
                                                          f"({shown})"))
    if not aims:
        return ""
    aims.sort(key=lambda aim: -aim[0])
    return t("board.why_keep", lang, aims=t("list.separator", lang).join(a for _, a in aims[:3]))


def analysis_state(analysis: Any, lang: str) -> ViewState:
    """After the game: what each player gave up, and the costliest decisions."""
    lines = [t("board.analysis_player", lang, player=s.player, loss=f"{s.loss:.2f}",
               mistakes=s.mistakes, count=s.decisions) for s in analysis.players]
    worst = sorted((d for d in analysis.decisions if not d.is_best), key=lambda d: -d.loss)[:5]
    return {"sentence": " ".join(lines), "spread": "",
            "columns": [t("analysis.col_player", lang), t("analysis.col_turn", lang),
                        t("analysis.col_chosen", lang), t("analysis.col_best", lang),
                        t("board.col_gives_up", lang)],
            "rows": [{"cells": [d.player, digits(d.turn, lang), choice_label(d.chosen, lang),
                                choice_label(d.best[0], lang), f"{d.loss:.2f}"],
                      "dice": [], "best": False} for d in worst],
            "why": ""}


def luck_state(found: Mapping[str, Any], lang: str) -> ViewState:
    """After the game: each player's score in words — expected at the start, the luck of the
    dice, the points the decisions gave up (a good decision against a good outcome)."""
    lines = [t("board.luck_good" if entry.luck >= 0 else "board.luck_bad", lang,
               player=entry.player, start=decimal(entry.start, 2, lang),
               luck=decimal(abs(entry.luck), 2, lang), loss=decimal(entry.loss, 2, lang),
               final=digits(round(entry.final), lang)) for entry in found.values()]
    return {"heading": t("board.luck_heading", lang), "lines": lines,
            "moral": t("board.luck_moral", lang)}


# -- the coach's target mode ------------------------------------------------------------------


def leaders(game: Game) -> tuple[str, ...]:
    """The other players with the best total (the ones the player to move must beat)."""
    others = {name: total for name, total in game.totals.items() if name != game.current_player}
    best = max(others.values())
    return tuple(name for name, total in others.items() if total == best)


def plays_to_beat_the_leader(game: Game) -> bool:
    """In the last round of a game with several players, the target is to beat the leader."""
    return len(game.players) > 1 and not game.over and game.round == game.turns


def target_coach(game: Game, lang: str, progress: solver.Progress | None,
                 settings: CoachSettings) -> ViewState:
    """The mode that plays for the best chance of reaching a target (``advise(..., target=)``)."""
    from yacht_edu.solver import NotOfferedError, check_offered

    try:
        check_offered(game.rules)
    except NotOfferedError:
        return not_offered(game, lang)
    if game.over:
        return target_reached(game, lang, settings)
    if plays_to_beat_the_leader(game):
        from yacht_edu.reach import beat_the_leader

        target = beat_the_leader(game)
        names = t("list.separator", lang).join(leaders(game))
        setting = {"auto": True, "value": target,
                   "text": t("coach_target.beat_leader", lang, leader=names,
                             count=target - 1, target=digits(target, lang))}
    else:
        target = settings.target
        setting = {"auto": False, "value": target, "text": t("coach_target.input", lang)}
    return {"target": setting, "spread": ""} | target_advice(game, lang, progress, target)


def target_advice(game: Game, lang: str, progress: solver.Progress | None,
                  target: int) -> ViewState:
    """The sentence and the ranked choices for reaching ``target``."""
    from yacht_edu import solver
    from yacht_edu.coach import advise

    shown = digits(target, lang)
    advice = advise(game, target=target, progress=progress or solver.default_progress())
    if game.dice is None:
        return {"sentence": t("coach_target.roll_first", lang, player=game.current_player,
                              target=shown, chance=percent(Fraction(advice.chance), lang)),
                "rows": []}
    if advice.chance == 0:
        return {"sentence": t("coach_target.out_of_reach", lang, target=shown), "rows": []}
    best = advice.choices[0]
    sentence = t("coach_target.best", lang, target=shown, choice=best.label(lang),
                 chance=percent(Fraction(best.chance), lang))
    if len(advice.choices) > 1:
        second = advice.choices[1]
        sentence += " " + (t("coach_target.tie", lang, choice=second.label(lang))
                           if second.loss == 0 else
                           t("coach_target.runner_up", lang, choice=second.label(lang),
                             loss=percentage_points(second.loss, lang)))
    return {"sentence": sentence,
            "columns": [t("coach.col_rank", lang), t("coach.col_choice", lang),
                        t("coach_target.col_chance", lang, target=shown),
                        t("coach_target.col_gives_up", lang)],
            "rows": [target_row(choice, lang) for choice in advice.choices]}


def target_row(choice: Any, lang: str) -> ViewState:
    """One ranked choice: its chance of reaching the target and what it gives up."""
    keep = choice.choice if isinstance(choice.choice, tuple) else None
    return {"cells": [digits(choice.rank, lang), choice.label(lang),
                      percent(choice.chance, lang, places=2),
                      percentage_points(choice.loss, lang, places=2)],
            "dice": list(keep) if keep and len(keep) < 5 else [], "best": choice.rank == 1}


def not_offered(game: Game, lang: str) -> ViewState:
    """Said instead of the advice for a rule set whose target table is too large to solve."""
    from yacht_edu.solver import TARGET_RULES

    offered = t("list.separator", lang).join(get_rules(name).label(lang) for name in TARGET_RULES)
    return {"sentence": t("coach_target.not_offered", lang, rules=game.rules.label(lang),
                          offered=offered), "rows": [], "spread": ""}


def target_reached(game: Game, lang: str, settings: CoachSettings) -> ViewState:
    """After the game: who reached the learner's target."""
    written = digits(settings.target, lang)
    lines = [t("coach_target.reached" if total >= settings.target else "coach_target.missed",
               lang, player=player, count=total, target=written)
             for player, total in game.totals.items()]
    return {"sentence": " ".join(lines), "rows": [], "spread": ""}


Mode = Callable[[Game, str, "solver.Progress | None", CoachSettings], ViewState]

#: The coach's modes: name → (message id of its name, what it says).  A mode is a function
#: ``(game, lang, progress, settings) -> state``; the view offers a choice when there are several.
COACH_MODES: Mapping[str, tuple[str, Mode]] = {
    "average": ("board.mode_average", average_coach),
    "target": ("coach_target.mode", target_coach),
}


def coach_state(game: Game, lang: str, mode: str = "average",
                progress: solver.Progress | None = None,
                settings: CoachSettings | None = None) -> ViewState:
    """What the coach says now, in ``mode``, with the modes to choose from."""
    _, speak = COACH_MODES[mode]
    return {"mode": mode,
            "modes": [{"name": name, "label": t(msgid, lang)}
                      for name, (msgid, _) in COACH_MODES.items()],
            "heading": t("board.coach_heading", lang)} | speak(game, lang, progress,
                                                                settings or CoachSettings())
