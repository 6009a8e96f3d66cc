"""The detector of English in a lesson's outputs (tests/helpers/english.py), which the root
conftest.py runs on every output of the Kannada and Urdu learner's editions under nbval."""

from __future__ import annotations

import pytest

from tests.helpers.english import english_in_outputs, english_sentences, kept_names, shown_text


@pytest.mark.parametrize("text", [
    "Yacht (four of a kind scores all five dice)",  # a progress bar's label
    "GoalAdvice(target=200, chance=0.41, advice='keep the sixes and roll the rest')",
    "You have used all 3 rolls of this turn: choose a box to score.",
    "1 rolls left",
    "ಟರ್ನ್ 3: the coach would keep 6-6",
    "{'expected-score player': (166.9, 34.9), 'playing for 250': (160.1, 38.2)}",
    "UserWarning: Glyph 3205 (\\N{KANNADA LETTER A}) missing from font(s) DejaVu Sans.",
])
def test_an_english_sentence_is_found(text: str) -> None:
    assert english_sentences(text, "kn") != []


@pytest.mark.parametrize(("text", "lang"), [
    ("ಈ ಟರ್ನ್‌ನಲ್ಲಿ 2 ಎಸೆತಗಳು ಬಾಕಿ", "kn"),
    ("آپ کے پاس 2 بار پھینکنا باقی ہیں", "ur"),
    ("Full House: 28 · Four of a Kind: 24 · Yacht: 50", "kn"),  # box names kept in Latin letters
    ("ye.score([6, 6, 6, 5, 5], 'full_house') == 28", "ur"),       # Python as written
    ("`check(\"02.3\", full_houses)` ಚಲಾಯಿಸಿ", "kn"),
    ("Joker قاعدہ: لازمی", "ur"),
    ("('Four of a Kind', '\\u2067\\u2068Four of a Kind\\u2069\\u2069')", "ur"),  # escaped marks
    ("https://example.org/the/rule/book 0.0386 7,776 25/648 ±34.98", "kn"),
    ("Tables: 100%|██████████| 4/4 [00:01<00:00]", "kn"),  # one word is not a sentence
    ("def par(rules):\n    \"\"\"What a whole turn played for the box scores.\"\"\"\n"
     "    return {box: best(box) for box in rules.boxes}\n", "kn"),  # source code, shown
])
def test_no_sentence_where_there_is_none(text: str, lang: str) -> None:
    assert english_sentences(text, lang) == []


def test_the_latin_box_names_come_from_the_languages_catalog() -> None:
    assert "Full House" in kept_names("kn") and "Four of a Kind" in kept_names("ur")
    assert "Joker" in kept_names("kn")


def test_outputs_are_read_as_the_learner_sees_them() -> None:
    html = {"output_type": "display_data",
            "data": {"text/html": "<table><tr><th>the mean of all games</th></tr></table>",
                     "text/plain": "ಸರಾಸರಿ"}}
    stream = {"output_type": "stream", "name": "stdout", "text": "The coach keeps the sixes\n"}
    widget = {"output_type": "display_data",
              "data": {"application/vnd.jupyter.widget-view+json": {"model_id": "x"},
                       "text/plain": "the board of the game"}}
    image = {"output_type": "display_data", "data": {"image/png": "iVBOR", "text/plain":
                                                      "<Figure size 640x480 with 1 Axes>"}}
    assert "the mean of all games" in shown_text(html)
    assert shown_text(widget) == ""
    assert english_in_outputs([html, stream, widget], "kn") == [
        "the mean of all games", "The coach keeps the sixes"]
    assert english_in_outputs([image], "kn") == []  # the image is shown, not its repr
