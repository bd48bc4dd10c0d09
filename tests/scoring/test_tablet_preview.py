"""The tablet's preview payload (scoring.presentation.tablet): the engine's figures, worded in
the reader's language."""

from __future__ import annotations

from django.utils import translation

from scoring.presentation.tablet import five_dice_preview
from tests.scoring.rules.helpers import PLAYERS, play_turns


def labels(payload: dict[str, object]) -> list[str]:
    boxes = payload["boxes"]
    assert isinstance(boxes, list)
    return [box["label"] for box in boxes]


def test_an_english_tablet_after_a_german_one_shows_english_box_names() -> None:
    game = play_turns("balut", PLAYERS, [])
    with translation.override("de"):
        german = five_dice_preview(game)
    with translation.override("en"):
        english = five_dice_preview(game)
    assert "Fours" in labels(english) and "Fours" not in labels(german)
    assert english["rolls"] == german["rolls"]
