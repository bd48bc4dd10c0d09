"""The facts a tablet checks a throw log against are the engine's own rules, not a copy."""

from __future__ import annotations

import pytest

from scoring import rules
from scoring.rules.dice import all_rolls, dice_key
from scoring.rules.throws import baluts_from_cup, check_throw_log

FACTS = rules.throw_log_facts()


def test_the_log_takes_as_many_valid_throws_as_the_facts_say_and_no_more() -> None:
    first = rules.Throw(dice=(1, 2, 3, 4, 6))
    again = rules.Throw(dice=(6,))
    full = (first, *[again] * (FACTS.max_valid_throws - 1))
    check_throw_log(full, (1, 2, 3, 4, 6))
    with pytest.raises(rules.RuleError):
        check_throw_log((*full, again), (1, 2, 3, 4, 6))


def test_a_first_throw_of_other_than_the_facts_dice_is_refused() -> None:
    check_throw_log((rules.Throw(dice=(1, 2, 3, 4, 6)),), (1, 2, 3, 4, 6))
    assert FACTS.first_throw_dice == 5
    with pytest.raises(rules.RuleError):
        check_throw_log((rules.Throw(dice=(6, 6)),), (1, 2, 3, 6, 6))


def test_the_rolls_from_the_cup_are_exactly_those_the_drinks_count() -> None:
    owing = {dice_key(roll) for roll in all_rolls(5) if baluts_from_cup((rules.Throw(dice=roll),))}
    assert set(FACTS.from_cup) == owing and len(owing) == 6
