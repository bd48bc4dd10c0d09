"""The final table's pages: the confirmation, the cut, the undo, and who may do them."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.scoring.services.helpers import member, secretary
from tests.tournaments.helpers import club_night, start_rounds
from tournaments.models import Round, Tournament
from tournaments.selectors import standings
from tournaments.services.rounds import start_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def day(client: Client) -> Tournament:
    boss = secretary("boss")
    tournament = club_night(boss)
    start_rounds(tournament, boss, up_to=3, played=True)
    client.force_login(boss)
    return tournament


def test_the_confirmation_names_the_finalists_and_what_the_final_decides(
    client: Client, day: Tournament
) -> None:
    detail = client.get(reverse("tournaments:detail", args=[day.pk])).content.decode()
    page = client.get(reverse("tournaments:final", args=[day.pk]))

    text = page.content.decode()
    assert 'id="cut-link"' in detail
    assert page.status_code == 200
    assert "The final decides places 1 to 4" in text
    for row in standings(day)[:4]:
        assert row.entrant.name in text
    assert not Round.objects.filter(final=True).exists()


def test_the_cut_seats_the_final_and_the_undo_takes_it_away(
    client: Client, day: Tournament
) -> None:
    url = reverse("tournaments:final", args=[day.pk])

    cut = client.post(url, follow=True)
    seated = Round.objects.get(final=True).tables.get().seats.count()
    again = client.post(url, follow=True)
    undone = client.post(reverse("tournaments:undo_final", args=[day.pk]), follow=True)

    assert "The final table is seated" in cut.content.decode()
    assert 'id="undo-final"' in cut.content.decode()
    assert seated == 4
    assert "seated already" in again.content.decode()
    assert "The cut is undone" in undone.content.decode()
    assert not Round.objects.filter(final=True).exists()


def test_a_started_final_cannot_be_undone_from_the_page(client: Client, day: Tournament) -> None:
    client.post(reverse("tournaments:final", args=[day.pk]))
    table = Round.objects.get(final=True).tables.get()
    start_table(table=table, by=day.created_by)

    page = client.get(reverse("tournaments:detail", args=[day.pk])).content.decode()
    response = client.post(reverse("tournaments:undo_final", args=[day.pk]), follow=True)

    assert 'id="undo-final"' not in page and "Final table" in page
    assert "can no longer be undone" in response.content.decode()
    assert Round.objects.filter(final=True).exists()


def test_before_the_last_round_is_played_the_cut_is_refused(client: Client) -> None:
    boss = secretary("boss")
    tournament = club_night(boss)
    start_rounds(tournament, boss, up_to=2, played=True)
    client.force_login(boss)

    page = client.get(reverse("tournaments:final", args=[tournament.pk]))
    posted = client.post(reverse("tournaments:final", args=[tournament.pk]), follow=True)

    assert page.status_code == 409
    # All three rounds are drawn; the third has not been played.
    assert "Every table of the last round must finish" in page.content.decode()
    assert "Every table of the last round must finish" in posted.content.decode()
    assert not Round.objects.filter(final=True).exists()


def test_only_the_secretary_cuts_and_only_by_post(client: Client, day: Tournament) -> None:
    zed = member("Zed")
    assert zed.user is not None
    wrong = client.put(reverse("tournaments:final", args=[day.pk]))
    wrong_undo = client.get(reverse("tournaments:undo_final", args=[day.pk]))
    client.force_login(zed.user)

    refused = client.post(reverse("tournaments:final", args=[day.pk]))

    assert (wrong.status_code, wrong_undo.status_code, refused.status_code) == (405, 405, 403)
    assert not Round.objects.filter(final=True).exists()
