"""A drawn round's repeats in words: every stored explanation, whatever its numbers, reads as a
sentence naming both players and their table; bad stored data never breaks the page."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tournaments.wording import repeat_sentence, repeat_sentences

REASONS = ["forced", "crowded", "history", "search", "apart_forced", "apart_search", "odd"]
NAMES = {1: "Ann", 2: "Ben", 3: "Cy"}

explanations = st.fixed_dictionaries(
    {
        "players": st.sampled_from([[1, 2], [2, 3], [1, 3]]),
        "table": st.integers(min_value=1, max_value=60),
        "reason": st.sampled_from(REASONS),
        "player": st.sampled_from([1, 2, 3]),
        "seats_met": st.integers(min_value=0, max_value=200),
        "others": st.integers(min_value=0, max_value=300),
        "entrants": st.integers(min_value=2, max_value=300),
        "tables": st.integers(min_value=1, max_value=60),
        "largest": st.integers(min_value=2, max_value=8),
    }
)


@given(explanations)
def test_every_explanation_names_both_players_and_their_table(data: dict[str, object]) -> None:
    sentence = repeat_sentence(data, NAMES)

    players = data["players"]
    assert isinstance(players, list)
    for player in players:
        assert NAMES[player] in sentence
    assert f"table {data['table']}" in sentence
    assert "%(" not in sentence


def test_a_forced_repeat_says_how_many_others_there_are_to_meet() -> None:
    data = {
        "players": [1, 2],
        "table": 2,
        "reason": "forced",
        "player": 1,
        "seats_met": 15,
        "others": 12,
        "entrants": 13,
        "tables": 4,
        "largest": 4,
    }

    sentence = repeat_sentence(data, NAMES)

    assert sentence.startswith(
        "Ann and Ben meet again at table 2: with 13 players in tables of 4 no draw avoids it"
    )
    assert "only 12 others to meet" in sentence
    assert "only 1 other to meet" in repeat_sentence({**data, "others": 1}, NAMES)


@given(st.one_of(st.none(), st.integers(), st.text(), st.lists(st.one_of(st.none(), st.text()))))
def test_stored_explanations_that_are_not_a_list_of_records_give_no_sentence(
    stored: object,
) -> None:
    assert repeat_sentences(stored, NAMES) == []


def test_an_entrant_no_longer_known_is_named_by_number() -> None:
    sentence = repeat_sentence({"players": [1, 99], "table": 1, "reason": "history"}, NAMES)

    assert sentence.startswith("Ann and entrant 99 meet again at table 1")
