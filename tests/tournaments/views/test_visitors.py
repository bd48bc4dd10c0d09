"""The organiser enters a member of another club of the server from the day's page: offered
grouped by club to the club's signed-in secretary only, seated, and shown with their club."""

from __future__ import annotations

import io
import re

import pytest
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from clubs.models import Membership
from scoring.models import Member
from scoring.services.members import create_member
from tests.factories import PIN, other_club, the_club
from tests.page_text import text_of
from tests.scoring.services.helpers import member, secretary
from tests.tournaments.helpers import club_night, finish
from tournaments.models import Entrant, Table, Tournament
from tournaments.services.entries import add_entrant
from tournaments.services.rounds import draw_rounds, start_table

pytestmark = pytest.mark.django_db


def at(name: str, *args: object) -> str:
    """The page's address in the club's part of the server: with two clubs, /c/<slug>/..."""
    return "/c/club" + reverse(name, args=args)


@pytest.fixture
def bea() -> Member:
    """A member of the other club only."""
    return create_member(in_club=other_club(), name="Beatrix Holm", known_as="Bea", pin=PIN)


@pytest.fixture
def organiser(client: Client) -> Client:
    client.force_login(secretary())
    return client


def enter(client: Client, tournament: Tournament, **form: object) -> HttpResponse:
    return client.post(at("tournaments:enter", tournament.pk), form)  # type: ignore[return-value]


def test_the_entry_form_offers_the_other_clubs_members_grouped_by_club(
    organiser: Client, bea: Member
) -> None:
    tournament = club_night(secretary("boss"), players=2)

    page = organiser.get(at("tournaments:detail", tournament.pk)).content.decode()

    form = page.split('id="enter"', 1)[1].split("</form>", 1)[0]
    assert re.search(rf'<optgroup label="Other Balut Club">\s*<option value="{bea.pk}"', form)


def test_the_secretary_enters_a_member_of_another_club_who_plays_for_it(
    organiser: Client, bea: Member
) -> None:
    tournament = club_night(secretary("boss"), players=2)

    response = enter(organiser, tournament, member=bea.pk)

    assert response.status_code == 302
    entrant = tournament.entrants.get(member=bea)
    assert entrant.plays_for == other_club()
    assert not Membership.objects.filter(club=the_club(), user=bea.user).exists()
    page = organiser.get(at("tournaments:detail", tournament.pk)).content.decode()
    assert re.search(r'Bea <small class="[^"]*entrant-club">\(Other Balut Club\)</small>', page)


def test_a_member_of_the_club_is_not_shown_the_other_clubs_nor_may_enter_them(
    client: Client, bea: Member
) -> None:
    tournament = club_night(secretary("boss"), players=2)
    zed = member("Zed")
    client.force_login(zed.user)

    page = client.get(at("tournaments:detail", tournament.pk)).content.decode()
    refused = enter(client, tournament, member=bea.pk)

    assert "Other Balut Club" not in page and "Bea" not in text_of(page)
    assert refused.status_code == 403
    assert not tournament.entrants.filter(member=bea).exists()


def test_a_visitor_signed_in_nowhere_and_a_get_are_refused_and_nothing_is_written(
    client: Client, bea: Member
) -> None:
    tournament = club_night(secretary("boss"), players=2)

    refused = enter(client, tournament, member=bea.pk)
    client.force_login(secretary())
    got = client.get(at("tournaments:enter", tournament.pk), {"member": bea.pk})

    assert refused.status_code in (302, 403) and got.status_code == 405
    assert not tournament.entrants.filter(member=bea).exists()


def test_keeping_each_club_apart_is_one_click_for_the_secretary_only(
    organiser: Client, bea: Member
) -> None:
    tournament = club_night(secretary("boss"), players=4)
    add_entrant(tournament=tournament, member=bea)
    url = at("tournaments:clubs_apart", tournament.pk)
    page = organiser.get(at("tournaments:detail", tournament.pk)).content.decode()
    assert 'id="clubs-apart"' in page

    wrong_method = organiser.get(url)
    zed = member("Zed")
    other = Client()
    other.force_login(zed.user)
    refused = other.post(url)
    assert wrong_method.status_code == 405 and refused.status_code == 403
    assert not tournament.entrants.exclude(apart="").exists()

    done = organiser.post(url, follow=True)

    words = dict(tournament.entrants.values_list("name", "apart"))
    assert words["Bea"] == "Other Balut Club"
    # Ann, Ben, Cy, Dee and Bea at tables of 4: two tables, too few for the club's four.
    assert words["Ann"] == ""
    text = done.content.decode()
    assert "1 member now kept apart from their clubmates" in text
    assert "not kept apart: Test Balut Club" in text


def test_the_visitors_club_is_named_in_the_projector_and_the_downloads(
    organiser: Client, bea: Member
) -> None:
    boss = secretary("boss")
    tournament = club_night(boss, rounds=1, players=3)
    tournament.public = True
    tournament.save()
    add_entrant(tournament=tournament, member=bea)
    draw_rounds(tournament=tournament)
    table = Table.objects.get(round__tournament=tournament)
    finish(start_table(table=table, by=boss))

    projector = organiser.get(at("tournaments:projector", tournament.pk))
    csv = organiser.get(at("tournaments:results", tournament.pk, "csv"))
    xlsx = organiser.get(at("tournaments:results", tournament.pk, "xlsx"))
    pdf = organiser.get(at("tournaments:results", tournament.pk, "pdf"))
    cards = organiser.get(at("tournaments:cards", tournament.pk))

    assert re.search(r"Bea <small[^>]*>\(Other Balut Club\)</small>", projector.content.decode())
    line = next(x for x in csv.content.decode("utf-8-sig").splitlines() if ",Bea," in x)
    assert ",Bea,Other Balut Club," in line
    sheet = load_workbook(io.BytesIO(xlsx.content)).active
    assert sheet is not None
    assert ["Bea", "Other Balut Club"] in [
        [sheet.cell(row=r, column=3).value, sheet.cell(row=r, column=4).value] for r in range(2, 6)
    ]
    for document in (pdf, cards):
        text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(document.content)).pages)
        assert "Bea (Other Balut Club)" in text
    assert Entrant.objects.get(member=bea).plays_for == other_club()
