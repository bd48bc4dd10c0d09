"""The standings' tie-breakers on the settings page: figures picked in order from the reader's
words, never typed as code words; the stored value stays the list of keys."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from league.models import ClubSettings
from league.settings_forms import ClubSettingsForm, tiebreaker_choices
from league.standings import DEFAULT_TIEBREAKERS
from tests.league.views.test_settings import form_data
from tests.scoring.services.helpers import secretary

pytestmark = pytest.mark.django_db

SETTINGS = reverse("league:settings")


def bound(**changes: object) -> ClubSettingsForm:
    return ClubSettingsForm(form_data(**changes), instance=ClubSettings())


def test_the_figures_picked_are_kept_in_the_order_picked() -> None:
    form = bound(bar_tiebreaker_1="fewest_last", bar_tiebreaker_2="best", bar_tiebreaker_3="wins")

    assert form.is_valid(), form.errors
    assert form.standings_tiebreakers()["bar"] == ["fewest_last", "best", "wins"]


def test_a_place_left_blank_is_skipped_and_none_picked_is_the_usual_order() -> None:
    form = bound(bar_tiebreaker_1="wins", bar_tiebreaker_2="", bar_tiebreaker_3="baluts")

    assert form.is_valid(), form.errors
    assert form.standings_tiebreakers()["bar"] == ["wins", "baluts"]
    assert form.standings_tiebreakers()["balut"] == DEFAULT_TIEBREAKERS["balut"]


def test_a_figure_picked_twice_is_refused_at_its_second_place() -> None:
    form = bound(balut_tiebreaker_1="wins", balut_tiebreaker_2="best", balut_tiebreaker_3="wins")

    assert not form.is_valid()
    assert form.errors["balut_tiebreaker_3"] == [
        "Wins is already picked above: pick each figure once."
    ]
    assert "balut_tiebreaker_1" not in form.errors


def test_an_unknown_figure_is_refused() -> None:
    form = bound(bar_tiebreaker_1="luck")

    assert not form.is_valid()
    assert "Select a valid choice." in form.errors["bar_tiebreaker_1"][0]


def test_the_page_offers_the_figures_in_the_readers_words_with_the_current_order_chosen(
    client: Client,
) -> None:
    client.force_login(secretary())

    html = client.get(SETTINGS).content.decode()

    assert '<select class="form-select" name="bar_tiebreaker_1" id="id_bar_tiebreaker_1">' in html
    assert '<option value="average" selected>Average score</option>' in html
    assert '<option value="fewest_last">Fewest last places</option>' in html
    assert 'name="bar_tiebreakers"' not in html


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("da", ("stilling, 1.", "Sejre", "valgt ovenfor")),
        ("de", ("Tabelle, 1.", "Siege", "oben schon gewählt")),
    ],
)
def test_the_places_figures_and_refusal_are_translated(
    language: str, words: tuple[str, str, str]
) -> None:
    with translation.override(language):
        form = bound(bar_tiebreaker_1="wins", bar_tiebreaker_2="wins")
        assert not form.is_valid()
        label = str(form.fields["bar_tiebreaker_1"].label)
        offered = [str(name) for _key, name in tiebreaker_choices("bar")]
        refusal = str(form.errors["bar_tiebreaker_2"][0])

    placed, figure, refused = words
    assert placed in label
    assert figure in offered
    assert refused in refusal


def test_the_secretary_saves_the_order_picked(client: Client) -> None:
    client.force_login(secretary())

    response = client.post(
        SETTINGS, form_data(jackpot_tiebreaker_1="baluts", jackpot_tiebreaker_2="average")
    )

    assert response.status_code == 302
    saved = ClubSettings.objects.get().standings_tiebreakers
    assert saved["jackpot"] == ["baluts", "average"]
    assert saved["bar"] == DEFAULT_TIEBREAKERS["bar"]


def test_a_repeated_pick_is_refused_on_the_page_and_nothing_saved(client: Client) -> None:
    client.force_login(secretary())

    response = client.post(SETTINGS, form_data(bar_tiebreaker_1="best", bar_tiebreaker_2="best"))

    assert response.status_code == 422
    assert (
        "Highest game is already picked above: pick each figure once." in response.content.decode()
    )
    assert not ClubSettings.objects.exists()


def test_the_settings_page_refuses_other_methods(client: Client) -> None:
    client.force_login(secretary())

    response = client.put(SETTINGS, form_data(bar_tiebreaker_1="best"))

    assert response.status_code == 405
    assert not ClubSettings.objects.exists()
