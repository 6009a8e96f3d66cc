"""What the board shows, as JSON: the game read into words, numbers and flags, every text
already in the learner's language.  The view in the browser (``board.js``) only draws this.

A *key* names each control (``"roll"``, ``"die-2"``, ``"box-Asha-ones"``, ``"switch-coach"``,
``"new-game"``): the view sends it back with an intent, keeps the keyboard focus on it across
redraws, and a refusal is shown beside the control it answers.

>>> from yacht_edu import Game
>>> shown = game_state(Game(("Asha", "Ravi"), seed=1), "en", landing=False)
>>> shown["status"], shown["roll"]["text"], [p["name"] for p in shown["card"]["players"]]
('Round 1 of 12 · Asha to play', 'Roll', ['Asha', 'Ravi'])
"""

from __future__ import annotations

from typing import Any

from yacht_edu.display import die_drawing, die_label, direction, game_status, upper_progress
from yacht_edu.events import RollEvent, ScoreEvent
from yacht_edu.game import Game
from yacht_edu.i18n import BoxName, box_name, digits, t, tn
from yacht_edu.scorecard import Option, Scorecard

#: The board's view dictionary: what the page draws (JSON for ``board.js``).
ViewState = dict[str, Any]


def box_key(player: str, box: str) -> str:
    """The key of one box of one player's column."""
    return f"box-{player}-{box}"


def game_state(game: Game, lang: str, *, landing: bool) -> ViewState:
    """Everything the board draws of ``game`` (not the panels)."""
    return {
        "lang": lang,
        "dir": direction(lang),
        "title": game.rules.label(lang),
        "status": game_status(game, lang),
        "landing": landing,
        "dice_label": t("display.dice", lang),
        "die": die_drawing(),
        "dice": dice_state(game, lang),
        "roll": roll_state(game, lang),
        "card": card_state(game, lang),
        "final": final_state(game, lang) if game.over else None,
    }


def dice_state(game: Game, lang: str) -> list[ViewState]:
    held = set(game.held)
    can_hold = game.dice is not None and game.rolls_left > 0
    return [{"key": f"die-{i}", "face": None if game.dice is None else game.dice[i],
             "held": i in held, "label": die_label(i, None if game.dice is None else game.dice[i],
                                                   i in held, lang),
             "locked": not can_hold}
            for i in range(5)]


def roll_state(game: Game, lang: str) -> ViewState:
    rolls = game.rolls_left
    if game.over:
        return {"key": "roll", "text": t("widget.roll_over", lang), "left": "", "locked": True}
    # The button keeps its words and its size all turn: what the learner does next is its title.
    return {"key": "roll", "text": t("board.roll", lang),
            "left": tn("board.rolls_left", rolls, lang), "locked": rolls == 0,
            "title": t("widget.roll_none", lang) if rolls == 0 else ""}


# -- the scorecard: one table, boxes as rows, players as columns --------------------------------


def card_state(game: Game, lang: str) -> ViewState:
    rules = game.rules
    to_move = None if game.over else game.current_player
    players = [{"name": name, "current": name == to_move,
                "heading": t("widget.card_to_play", lang, player=name) if name == to_move
                else name} for name in game.players]
    rows: list[ViewState] = [box_row(game, c, lang) for c in rules.upper_section]
    rows.append(sum_row(game, "upper", t("card.upper_subtotal", lang),
                        lambda card: upper_progress(card, lang)))
    if rules.upper_bonus_rule is not None:
        threshold, points = rules.upper_bonus_rule
        rows.append(sum_row(game, "bonus", t("card.upper_bonus", lang, value=points,
                                               threshold=threshold),
                            lambda card: bonus_words(card, lang)))
    rows += [box_row(game, c, lang) for c in rules.lower_section]
    if rules.has_yahtzee_bonus:
        rows.append(sum_row(game, "yahtzee_bonus", t("card.yahtzee_bonus", lang),
                            lambda card: digits(card.yahtzee_bonus, lang)))
    rows.append(sum_row(game, "total", t("card.total", lang),
                        lambda card: digits(card.total, lang)))
    return {"players": players, "rows": rows, "box_heading": t("widget.col_box", lang)}


def box_row(game: Game, box: str, lang: str) -> ViewState:
    name = box_name(box, lang)
    return {"kind": "box", "box": box, "name": name,
            "section": "upper" if box in game.rules.upper_section else "lower",
            "cells": [box_cell(game, player, box, name, lang) for player in game.players]}


def sum_row(game: Game, key: str, name: str, shown: Any) -> ViewState:
    return {"kind": "sum", "key": key, "name": name,
            "cells": [shown(game.scorecard(player)) for player in game.players]}


def box_cell(game: Game, player: str, box: str, name: str, lang: str) -> ViewState:
    """One box of one player: what it shows, its state and what it says when pointed at."""
    card = game.scorecard(player)
    value = card.boxes[box]
    cell = {"key": box_key(player, box), "player": player, "box": box}
    named = {"player": player, "box": name}
    if value is not None:
        return cell | {"state": "filled", "text": digits(value, lang), "zero": False,
                       "title": t("widget.box_filled", lang, box=name, count=value),
                       "label": t("widget.box_name_filled", lang, **named, score=value)}
    to_move = not game.over and game.current_player == player
    if not to_move or game.dice is None:
        return cell | {"state": "waiting", "text": "", "zero": False,
                       "title": waiting_words(game, player, name, lang),
                       "label": t("widget.box_name_empty", lang, **named)}
    offer = card.option(game.dice, box)
    if not offer.allowed:
        why = offer.reason.message(lang) if offer.reason else name
        return cell | {"state": "forbidden", "text": "–", "zero": False, "title": why,
                       "label": t("widget.box_name_forbidden", lang, **named)}
    return cell | {"state": "open", "text": offer_text(offer, lang), "zero": offer.gain == 0,
                   "title": offer_words(offer, name, lang),
                   "label": t("widget.box_name_open", lang, **named,
                              score=offer_text(offer, lang))}


def waiting_words(game: Game, player: str, name: str, lang: str) -> str:
    if game.over:
        return name
    if game.current_player != player:
        return t("widget.box_not_your_turn", lang, box=name, player=game.current_player)
    return t("widget.box_roll_first", lang, box=name)


def offer_text(offer: Option, lang: str) -> str:
    """What an open box shows: its points, and a bonus it would earn after a plus sign."""
    text = digits(offer.points, lang)
    return f"{text} +{digits(offer.bonus, lang)}" if offer.bonus else text


def offer_words(offer: Option, name: str, lang: str) -> str:
    if offer.bonus:
        return t("widget.box_score_bonus", lang, box=name, count=offer.points,
                 bonus=offer.bonus)
    return t("widget.box_score", lang, box=name, count=offer.points)


def bonus_words(card: Scorecard, lang: str) -> str:
    """The 35 once earned, else how many points the upper section still needs for it."""
    if card.upper_bonus:
        return digits(card.upper_bonus, lang)
    rule = card.rules.upper_bonus_rule
    if rule is None or all(card.boxes[c] is not None for c in card.rules.upper_section):
        return digits(0, lang)
    threshold = rule[0]
    return t("widget.bonus_to_go", lang, count=threshold - card.upper_subtotal)


# -- the end of the game ------------------------------------------------------------------------


def ranking(totals: dict[str, int]) -> list[tuple[int, str, int]]:
    """Place, player and total, best first; equal totals share a place.

    >>> ranking({"Asha": 150, "Ravi": 170, "Meera": 150})
    [(1, 'Ravi', 170), (2, 'Asha', 150), (2, 'Meera', 150)]
    """
    ordered = sorted(totals.items(), key=lambda item: -item[1])
    return [(1 + sum(1 for _, other in ordered if other > points), name, points)
            for name, points in ordered]


def final_state(game: Game, lang: str) -> ViewState:
    return {"heading": game_status(game, lang),
            "ranking": [{"place": digits(place, lang), "name": name,
                         "points": tn("board.points", points, lang)}
                        for place, name, points in ranking(game.totals)],
            "new_game": t("widget.new_game", lang)}


# -- what a screen reader is told, and what the view says on its own -----------------------------


def said_aloud(game: Game, lang: str, refusal: str = "") -> str:
    """What the board's live region tells a learner who cannot see the board, after a change:
    the ``refusal`` just said, else the last move — the dice of a roll and the rolls left, or
    the points a box scored, then whose turn it is (or who won, and the ranking).

    >>> game = Game(("Asha", "Ravi"), seed=2026)
    >>> game.roll()
    Dice(1, 4, 4, 6, 1)
    >>> said_aloud(game, "en")
    'Asha rolled 1, 4, 4, 6, 1: 2 rolls left.'
    >>> game.score("fours")
    8
    >>> said_aloud(game, "en")
    'Asha scored 8 points in Fours (total 8). Round 1 of 12 · Ravi to play'
    """
    if refusal:
        return refusal
    last = game.events[-1] if game.events else None
    if isinstance(last, RollEvent):
        return t("widget.said_roll", lang, player=last.player, dice=list(last.dice),
                 left=tn("board.rolls_left", game.rolls_left, lang))
    said = [game_status(game, lang)]
    if isinstance(last, ScoreEvent):
        said.insert(0, t("widget.said_score", lang, player=last.player, box=BoxName(last.box),
                         count=last.points, total=game.totals[last.player]))
    if game.over and len(game.players) > 1:
        said.append(t("list.separator", lang).join(
            t("widget.said_place", lang, place=place, player=name,
              score=tn("board.points", points, lang))
            for place, name, points in ranking(game.totals)))
    return " ".join(said)


def view_words(lang: str) -> ViewState:
    """What the view says on its own, in the learner's language: while it has no state to draw,
    and when Python does not answer a click (a kernel stopped or restarted, or Notebook 7's
    New menu, whose notebooks' widgets never reach Python: docs/classroom.md)."""
    return {"lang": lang, "dir": direction(lang), "loading": t("widget.loading", lang),
            "no_answer": t("widget.no_answer", lang),
            "no_answer_notebook": t("widget.no_answer_notebook", lang)}
