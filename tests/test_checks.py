"""The one JSON field checker (yacht_edu.checks.json_fields) that a saved game and an event sent
to the class service both read through, each refusing in its own words."""

from __future__ import annotations

import json
import math

import pytest

from yacht_edu import Game, saved
from yacht_edu.checks import Problem, is_json, json_fields
from yacht_edu.classroom.events import BadEventError, read_event
from yacht_edu.errors import BadSavedGameError

SCHEMA = {"name": "string", "points": "integer", "luck": "number|null"}
GOOD = {"name": "Asha", "points": 180, "luck": None}


class RefusedError(Exception):
    """What the recording refusal raises: what it was told, nothing more."""


def refuse(problem: Problem, where: str, name: str, value: object, kind: str) -> Exception:
    return RefusedError(problem, where, name, value, kind)


def refused_for(data: object, **options: object) -> tuple[object, ...]:
    with pytest.raises(RefusedError) as caught:
        json_fields(data, "player", SCHEMA, refuse, **options)  # type: ignore[arg-type]
    return tuple(caught.value.args)


def test_each_problem_is_named_with_its_field_value_and_kind() -> None:
    assert json_fields(GOOD, "player", SCHEMA, refuse) == GOOD
    assert refused_for(["Asha"]) == ("not_object", "player", "", ["Asha"], "object")
    assert refused_for({**GOOD, "extra": 1}) == ("unknown", "player", "extra", 1, "")
    assert refused_for({"name": "Asha", "luck": 2.5}) == ("missing", "player", "points", None,
                                                         "integer")
    assert refused_for({**GOOD, "points": True}) == ("wrong_type", "player", "points", True,
                                                     "integer")
    problem, where, name, value, kind = refused_for({**GOOD, "luck": math.inf})
    assert (problem, where, name, kind) == ("wrong_type", "player", "luck", "number|null")
    assert value == math.inf


def test_the_first_problem_found_is_the_one_said() -> None:
    # an unknown field before a missing one; the wanted fields in the schema's order
    assert refused_for({"extra": 1})[:3] == ("unknown", "player", "extra")
    assert refused_for({"luck": "x"})[:3] == ("missing", "player", "name")
    assert refused_for({"name": 1, "points": "x", "luck": None})[2] == "name"


def test_optional_fields_and_more_fields() -> None:
    assert json_fields({**GOOD, "staged": 2}, "game", SCHEMA, refuse,
                       optional={"staged": "integer"}) == {**GOOD, "staged": 2}
    assert refused_for({**GOOD, "staged": "2"}, optional={"staged": "integer"})[2] == "staged"
    assert json_fields({**GOOD, "later": [1]}, "game", SCHEMA, refuse, more=True)["later"] == [1]


def test_json_kinds() -> None:
    # JSON as json.loads reads it: a bool is no integer; a number is finite and a whole number
    # within a float's exact range (2**53)
    assert [is_json(value, "integer") for value in (3, True, 3.0)] == [True, False, False]
    assert [is_json(value, "number") for value in (2.5, 2**53, 2**53 + 1, math.nan, True)] == [
        True, True, False, False, False]
    assert [is_json(value, "string|null") for value in ("a", None, 1)] == [True, True, False]
    assert is_json({}, "object") and is_json([], "array") and not is_json((), "array")


def saved_error(document: dict[str, object]) -> BadSavedGameError:
    with pytest.raises(BadSavedGameError) as caught:
        saved.check_document(document)
    return caught.value


def test_a_saved_game_refuses_in_its_own_words() -> None:
    document = json.loads(Game(["Asha"], seed=1).to_json())
    del document["seed"]
    error = saved_error(document)
    assert (error.msgid, error.params["field"]) == ("error.saved_missing_field", "document.seed")
    document = {**json.loads(Game(["Asha"], seed=1).to_json()), "seed": "1"}
    error = saved_error(document)
    assert error.msgid == "error.saved_wrong_type"
    assert error.params == {"field": "document.seed", "expected": "integer", "found": "string"}
    error = saved_error({**json.loads(Game(["Asha"], seed=1).to_json()), "colour": "red"})
    assert (error.msgid, error.params["field"]) == ("error.saved_unknown_field",
                                                   "document.colour")
    assert "document.seed" in str(saved_error({**document, "seed": 1.5}))


def event_error(event: dict[str, object]) -> BadEventError:
    with pytest.raises(BadEventError) as caught:
        read_event(json.dumps(event).encode())
    return caught.value


def test_an_event_refuses_in_its_own_words() -> None:
    tally = {"id": "a" * 32, "kind": "tally", "time": 1.8e9, "tally": "b" * 32,
             "group": "Group A", "counts": [1, 0, 2, 0, 0, 3]}
    assert read_event(json.dumps(tally).encode()) == tally
    without = {name: value for name, value in tally.items() if name != "group"}
    error = event_error(without)
    assert (error.msgid, error.params) == ("classview.event.missing_field", {"field": "group"})
    error = event_error({**tally, "counts": "123"})
    assert (error.msgid, error.params) == ("classview.event.wrong_type", {"field": "counts"})
    error = event_error({**tally, "colour": "red"})
    assert (error.msgid, error.params) == ("classview.event.unknown_field",
                                           {"field": "'colour'"})
    error = event_error({**tally, "tally": "not an id"})  # a kind of the events' own
    assert (error.msgid, error.params) == ("classview.event.wrong_type", {"field": "tally"})
