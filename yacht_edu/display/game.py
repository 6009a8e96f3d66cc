"""A game at a glance: the rule set, whose turn it is, the dice and every player's scorecard."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from yacht_edu.display.dice import dice_html
from yacht_edu.display.scorecard import scorecard_html
from yacht_edu.display.text import direction
from yacht_edu.i18n import t

if TYPE_CHECKING:
    from yacht_edu.game import Game


def game_html(game: Game, lang: str | None = None) -> str:
    """The rule set, whose turn it is, the dice on the table and every player's scorecard."""
    cards = "".join(
        f"<div>{scorecard_html(game.scorecard(name), lang, title=name)}</div>"
        for name in game.players
    )
    dice = "" if game.dice is None else dice_html(game.dice, game.held, lang)
    return (f'<div class="yacht-game-display" dir="{direction(lang)}" '
            f'style="font-family:system-ui,sans-serif">'
            f'<p style="font-size:16px"><b>{html.escape(game.rules.label(lang))}</b> · '
            f"{html.escape(game_status(game, lang))}</p>{dice}"
            f'<div style="display:flex;gap:16px;flex-wrap:wrap">{cards}</div></div>')


def game_status(game: Game, lang: str | None = None) -> str:
    """One line a learner reads: the round and whose turn it is, or who won.

    >>> from yacht_edu.game import Game
    >>> game_status(Game(("Asha", "Ravi"), seed=1), "en")
    'Round 1 of 12 · Asha to play'
    """
    if not game.over:
        return t("display.status", lang, round=game.round, count=game.turns,
                 player=game.current_player)
    winners = game.winners
    points = game.totals[winners[0]]
    if len(game.players) == 1:
        return t("display.over_solo", lang, player=winners[0], count=points)
    if len(winners) == 1:
        return t("display.over_winner", lang, winner=winners[0], count=points)
    return t("display.over_shared", lang, winners=t("list.separator", lang).join(winners),
             count=points)
