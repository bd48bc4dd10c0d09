"""Blank sheets: every game, two to eight players, the rows and boxes and nothing written in."""

from __future__ import annotations

import pytest

from scoring import rules
from scoring.pdf import blank_sheet_pdf

from .helpers import lines_of, page_count

FIVE_DICE = ("balut", "jackpot", "bar")


@pytest.mark.parametrize("players", [2, 8])
@pytest.mark.parametrize("ruleset", rules.RULESET_KEYS)
def test_a_blank_sheet_is_one_page_with_every_row_and_nothing_filled(
    ruleset: str, players: int
) -> None:
    content = blank_sheet_pdf(ruleset, players)
    assert content.startswith(b"%PDF")
    assert page_count(content) == 1
    lines = lines_of(content)
    text = "\n".join(lines)
    assert rules.RULESET_TITLES[ruleset] in text
    assert "blank sheet" in text
    assert "Signature" in lines
    if ruleset in FIVE_DICE:
        setup = rules.GameSetup(ruleset=ruleset, players=tuple(f"P{n}" for n in range(players)))
        game = rules.FiveDiceGame(setup)
        for box in game.rules.box_keys:
            assert rules.box_label(box) in lines
        # The boxes' column heads per player, and no figure in any box.
        heads = ["1", "2", "3", "4", "Total", "Pts"] if ruleset != "bar" else ["Score"]
        start = lines.index("Player") + 1
        assert lines[start : start + len(heads) * players] == heads * players
        first_row = lines.index(rules.CATEGORY_LABELS["fours"])
        assert lines[first_row + 1] == rules.box_label(rules.CATEGORIES[0] + "_jackpot") or (
            lines[first_row + 1] == rules.CATEGORY_LABELS["fives"]
        )
        assert "Balut guesses" in text
    else:
        start = lines.index("Round") + 1
        assert (
            lines[start : start + 1 + 3 * players] == ["#"] + ["Turn", "Score", "Aside"] * players
        )
        # Numbered rounds to write in, and nothing else in them.
        assert lines[start + 1 + 3 * players : start + 4 + 3 * players] == ["1", "2", "3"]


def test_a_blank_sheet_refuses_a_game_or_count_the_rules_do_not_have() -> None:
    with pytest.raises(rules.RuleError):
        blank_sheet_pdf("yahtzee", 4)
    with pytest.raises(rules.RuleError):
        blank_sheet_pdf("balut", 9)
