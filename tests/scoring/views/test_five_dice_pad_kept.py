"""The five-dice pad is drawn once per process for each language and set of open boxes and
kept (scoring.templatetags.play_pieces.five_dice_pad): another language or another set of
boxes is a new drawing at once, never the pad kept for the last reader."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from scoring import rules
from scoring.presentation.tablet import five_dice_preview
from scoring.templatetags.play_pieces import five_dice_pad


def pad(*played: tuple[str, str]) -> str:
    """The pad of the next player of a two-player Balut game after `played` (box, dice) turns,
    drawn in the active language from the preview's boxes, as turn_panel.html draws it."""
    state = rules.FiveDiceGame(rules.GameSetup(ruleset="balut", players=("Ann", "Ben")))
    for box, dice in played:
        seat = state.next_seat
        assert seat is not None
        state.play(rules.FiveDiceTurn(seat=seat, box=box, dice=tuple(sorted(map(int, dice)))))
    boxes = five_dice_preview(state)["boxes"]
    assert isinstance(boxes, list)
    return five_dice_pad(boxes)


def box_buttons(html: str) -> list[tuple[str, str]]:
    return re.findall(r'data-box="([^"]+)" data-label="([^"]+)"', html)


# Each language's "Record" and full house, as its reader sees them on the pad.
WORDS = {
    "en": (">Record</button>", ("full_house", "Full house")),
    "da": (">Registrér</button>", ("full_house", "Fuldt hus")),
    "de": (">Eintragen</button>", ("full_house", "Full House")),
}


@pytest.mark.parametrize(("first", "then"), [("en", "da"), ("de", "en"), ("da", "de")])
def test_a_pad_drawn_after_another_languages_is_in_its_own_readers_language(
    first: str, then: str
) -> None:
    with translation.override(first):
        earlier = pad()
    with translation.override(then):
        later = pad()

    record, full_house = WORDS[then]
    assert record in later and full_house in box_buttons(later)
    assert WORDS[first][0] not in later and WORDS[first][1] not in box_buttons(later)
    assert WORDS[first][0] in earlier


def test_a_pad_whose_boxes_read_the_same_in_two_languages_is_drawn_in_each() -> None:
    # Ann and Ben fill all but their straights and Baluts, named alike in Danish and English.
    filled = ("fours", "fives", "sixes", "full_house", "choice")
    played = [(box, "12345") for box in filled for _ in range(4) for _player in ("Ann", "Ben")]
    with translation.override("en"):
        english = pad(*played)
    with translation.override("da"):
        danish = pad(*played)

    assert (
        box_buttons(english)
        == box_buttons(danish)
        == [
            ("straight", "Straight"),
            ("balut", "Balut"),
        ]
    )
    assert ">Record</button>" in english
    assert ">Registrér</button>" in danish and "Record<" not in danish


def test_another_set_of_open_boxes_gets_its_own_buttons() -> None:
    with translation.override("en"):
        fresh = pad()
        # Ann's four fours boxes filled (and Ben's sixes): her next pad has no fours.
        fours_filled_by_ann = pad(*[("fours", "44412"), ("sixes", "66612")] * 4)

    assert box_buttons(fresh) != box_buttons(fours_filled_by_ann)
    assert ("fours", "Fours") in box_buttons(fresh)
    assert ("fours", "Fours") not in box_buttons(fours_filled_by_ann)
    assert [key for key, _ in box_buttons(fours_filled_by_ann)] == [
        key for key in rules.FIVE_DICE_RULES["balut"].box_keys if key != "fours"
    ]


def test_the_same_boxes_in_the_same_language_are_drawn_once() -> None:
    with translation.override("en"):
        first = pad(("fours", "44412"))
        again = pad(("fours", "44412"))

    assert first is again
