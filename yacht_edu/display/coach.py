"""The coach's advice and a game's analysis as tables (:mod:`yacht_edu.coach` computes them)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from yacht_edu.display.dice import die_svg
from yacht_edu.display.numbers import decimal, percent, percentage_points
from yacht_edu.display.plain import expected_now_text, known
from yacht_edu.display.text import direction
from yacht_edu.display.words import choice_label
from yacht_edu.i18n import t

if TYPE_CHECKING:
    from yacht_edu.coach import Advice, Analysis
    from yacht_edu.ranking import ChoiceValue

__all__ = ["advice_html", "analysis_html"]


def advice_html(advice: Advice, lang: str | None = None) -> str:
    """The advice as a table: rank, choice, expected final score ± sd, loss; ties marked."""
    head = t("coach.heading", lang, rules=advice.rules.label(lang))
    status = expected_now_text(advice, lang)
    if not advice.choices:
        note = t("coach.game_over" if advice.card.complete else "coach.roll_first", lang)
        return (f'<div class="yacht-coach" dir="{direction(lang)}"><b>{html.escape(head)}</b>'
                f"<p>{html.escape(status)}</p><p>{html.escape(note)}</p></div>")
    if advice.target is not None:
        return _target_html(advice, head, lang)
    tied = len(advice.ties) > 1
    columns = "".join(f"<th>{html.escape(t(key, lang))}</th>" for key in (
        "coach.col_rank", "coach.col_choice", "coach.col_expected", "coach.col_sd",
        "coach.col_loss"))
    rows = []
    for entry in advice.choices:
        best = entry.rank == 1
        rank = f"={entry.rank}" if best and tied else str(entry.rank)
        style = ' style="background:#e6f4e6;font-weight:bold"' if best else ""
        rows.append(f'<tr class="yacht-coach-choice"{style}><td>{rank}</td>'
                    f"<td>{_choice_html(entry.choice, lang)}</td>"
                    f'<td style="text-align:right">{decimal(entry.expected, 2, lang)}</td>'
                    f'<td style="text-align:right">{spread(entry.sd, lang)}</td>'
                    f'<td style="text-align:right">{decimal(entry.loss, 2, lang)}</td></tr>')
    dice = " ".join(map(str, advice.dice or ()))
    situation = t("coach.situation", lang, dice=dice, count=advice.rolls_left)
    return (f'<div class="yacht-coach" dir="{direction(lang)}"><b>{html.escape(head)}</b>'
            f"<p>{html.escape(situation)} · {html.escape(status)}</p>"
            f'<table class="yacht-coach-table"><tr>{columns}</tr>{"".join(rows)}</table></div>')


def _target_html(advice: Advice, head: str, lang: str | None) -> str:
    """Advice for a target: rank, choice, chance to reach it, expected final score, chance
    given up (percentage points)."""
    wanted = str(advice.target)
    columns = "".join(f"<th>{html.escape(text)}</th>" for text in (
        t("coach.col_rank", lang), t("coach.col_choice", lang),
        t("coach_target.col_chance", lang, target=wanted), t("coach.col_expected", lang),
        t("coach_target.col_gives_up", lang)))
    rows = []
    for entry in advice.choices:
        style = ' style="background:#e6f4e6;font-weight:bold"' if entry.rank == 1 else ""
        rows.append(f'<tr class="yacht-coach-choice"{style}><td>{entry.rank}</td>'
                    f"<td>{_choice_html(entry.choice, lang)}</td>"
                    f'<td style="text-align:right">{percent(entry.chance, lang)}</td>'
                    f'<td style="text-align:right">{mean_or_dash(entry.expected, lang)}</td>'
                    f'<td style="text-align:right">{percentage_points(entry.loss, lang)}</td>'
                    "</tr>")
    dice = " ".join(map(str, advice.dice or ()))
    situation = t("coach.situation", lang, dice=dice, count=advice.rolls_left)
    status = expected_now_text(advice, lang)
    shown = " · ".join(html.escape(part) for part in (situation, status) if part)
    return (f'<div class="yacht-coach" dir="{direction(lang)}"><b>{html.escape(head)}</b>'
            f"<p>{shown}</p>"
            f'<table class="yacht-coach-table"><tr>{columns}</tr>{"".join(rows)}</table></div>')


def mean_or_dash(mean: float, lang: str | None) -> str:
    return decimal(mean, 2, lang) if known(mean) else "–"


def spread(sd: float, lang: str | None) -> str:
    """``± sd``, or – when the spread is not known."""
    return f"± {decimal(sd, 2, lang)}" if known(sd) else "–"


def _choice_html(choice: ChoiceValue, lang: str | None) -> str:
    words = html.escape(choice_label(choice, lang))
    if isinstance(choice, str) or not choice or len(choice) == 5:
        return words
    faces = "".join(die_svg(face, size=20, label=str(face)) for face in choice)
    return f'<span title="{words}">{faces}</span> <span style="font-size:smaller">{words}</span>'


def analysis_html(analysis: Analysis, lang: str | None = None) -> str:
    """The analysis as a table of decisions, mistakes first marked, and each player's total."""
    head = t("analysis.heading", lang, rules=analysis.rules.label(lang))
    columns = "".join(f"<th>{html.escape(t(key, lang))}</th>" for key in (
        "analysis.col_player", "analysis.col_turn", "analysis.col_rolls_left",
        "analysis.col_dice", "analysis.col_chosen", "analysis.col_best", "analysis.col_loss"))
    rows = []
    for d in analysis.decisions:
        style = "" if d.is_best else ' style="background:#fdecea"'
        best = " / ".join(choice_label(b, lang) for b in d.best)
        rows.append(f'<tr class="yacht-analysis-decision"{style}><td>{html.escape(d.player)}'
                    f"</td><td>{d.turn}</td><td>{d.rolls_left}</td>"
                    f"<td>{'-'.join(map(str, d.dice))}</td>"
                    f"<td>{html.escape(choice_label(d.chosen, lang))}</td>"
                    f"<td>{html.escape(best)}</td>"
                    f'<td style="text-align:right">{decimal(d.loss, 2, lang)}</td></tr>')
    totals = "".join(
        f"<li>{html.escape(t('analysis.total', lang, player=s.player, loss=decimal(s.loss, 2, lang), count=s.decisions, mistakes=s.mistakes))}</li>"  # noqa: E501
        for s in analysis.players)
    return (f'<div class="yacht-analysis" dir="{direction(lang)}"><b>{html.escape(head)}</b>'
            f"<ul>{totals}</ul>"
            f'<table class="yacht-analysis-table"><tr>{columns}</tr>{"".join(rows)}</table>'
            f"</div>")
