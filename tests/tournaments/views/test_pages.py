"""The organiser's pages: a new tournament, entries, the draw, starting tables, the projector,
the table cards and the results."""

from __future__ import annotations

import io
from urllib.parse import quote

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring.models import Game
from tests.scoring.services.helpers import member, secretary
from tests.tournaments.helpers import club_night, start_rounds
from tournaments.models import Seat, Table, Tournament
from tournaments.services.rounds import draw_rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(client: Client) -> Client:
    client.force_login(secretary())
    return client


def test_the_secretary_creates_a_tournament_from_the_list(organiser: Client) -> None:
    response = organiser.post(
        reverse("tournaments:list"),
        {
            "name": "Autumn cup",
            "starts_on": "2026-11-28",
            "ends_on": "2026-11-28",
            "ruleset": "balut",
            "table_size": "5",
            "rounds": "4",
        },
    )

    tournament = Tournament.objects.get(name="Autumn cup")
    assert response.status_code == 302
    assert response["Location"] == reverse("tournaments:detail", args=[tournament.pk])
    assert (tournament.table_size, tournament.rounds, tournament.swiss) == (5, 4, False)


def test_a_tournament_with_tables_of_nine_is_refused_on_the_page(organiser: Client) -> None:
    response = organiser.post(
        reverse("tournaments:list"),
        {
            "name": "Too big",
            "starts_on": "2026-11-28",
            "ends_on": "2026-11-27",
            "ruleset": "balut",
            "table_size": "9",
            "rounds": "4",
        },
    )

    assert response.status_code == 422
    assert not Tournament.objects.exists()
    assert "3 to 8" in response.content.decode()


def test_entries_the_draw_and_a_started_table_from_the_page(organiser: Client) -> None:
    tournament = club_night(secretary("boss"), players=11)
    detail = reverse("tournaments:detail", args=[tournament.pk])

    entered = organiser.post(
        reverse("tournaments:enter", args=[tournament.pk]), {"guest_name": "Lou", "apart": "x"}
    )
    refused = organiser.post(reverse("tournaments:enter", args=[tournament.pk]), {})
    drawn = organiser.post(reverse("tournaments:draw", args=[tournament.pk]), follow=True)

    assert entered.status_code == 302
    assert refused.status_code == 422
    assert "Choose a member" in refused.content.decode()
    assert "Drawn: rounds 1 to 3." in drawn.content.decode()
    table = Table.objects.filter(round__number=1).order_by("number").first()
    assert table is not None
    started = organiser.post(reverse("tournaments:start", args=[tournament.pk, table.pk]))
    game = Game.objects.get()
    assert started["Location"] == reverse("scoring:game", args=[game.pk])
    page = organiser.get(detail).content.decode()
    assert "Start this table&#x27;s game" in page or "Start this table's game" in page


def public_day_playing(rounds: int, *, finished: bool) -> Tournament:
    """A public club night drawn in full, every table of `rounds` rounds started (or played)."""
    boss = secretary()
    tournament = club_night(boss)
    tournament.public = True
    tournament.save()
    start_rounds(tournament, boss, up_to=rounds, played=finished)
    return tournament


def test_the_projector_shows_the_round_in_play_and_the_ranking(client: Client) -> None:
    tournament = public_day_playing(1, finished=False)

    page = client.get(reverse("tournaments:projector", args=[tournament.pk])).content.decode()

    assert "Round 1 of 3" in page
    assert 'id="projector-standings"' in page
    assert "Ann" in page


def test_a_private_tournament_sends_visitors_to_sign_in(client: Client) -> None:
    tournament = club_night(secretary())

    response = client.get(reverse("tournaments:detail", args=[tournament.pk]))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("scoring:signin"))


def test_the_results_download_as_csv_excel_and_pdf_and_the_cards_as_pdf(
    organiser: Client,
) -> None:
    boss = secretary("boss")
    tournament = club_night(boss)
    (game,) = start_rounds(tournament, boss, up_to=1, tables=1, played=True)
    played = set(game.players.values_list("name", flat=True))

    csv = organiser.get(reverse("tournaments:results", args=[tournament.pk, "csv"]))
    xlsx = organiser.get(reverse("tournaments:results", args=[tournament.pk, "xlsx"]))
    pdf = organiser.get(reverse("tournaments:results", args=[tournament.pk, "pdf"]))
    cards = organiser.get(reverse("tournaments:cards", args=[tournament.pk]) + "?round=1")
    unknown = organiser.get(reverse("tournaments:results", args=[tournament.pk, "doc"]))

    lines = csv.content.decode("utf-8-sig").splitlines()
    assert lines[0].startswith("Rank,No.,Player,Club,Points,Total score,Baluts,Games,Round 1")
    assert len(lines) == 13
    assert lines[1].split(",")[2] in played
    sheet = load_workbook(io.BytesIO(xlsx.content)).active
    assert sheet is not None and sheet.cell(row=2, column=3).value in played
    assert pdf.content.startswith(b"%PDF") and cards.content.startswith(b"%PDF")
    assert unknown.status_code == 404


def test_a_member_may_read_the_day_but_not_draw_it(client: Client) -> None:
    tournament = club_night(secretary())
    ann = member("Zed")
    assert ann.user is not None
    client.force_login(ann.user)

    assert client.get(reverse("tournaments:detail", args=[tournament.pk])).status_code == 200
    assert client.post(reverse("tournaments:draw", args=[tournament.pk])).status_code == 403


def test_the_round_and_the_projector_say_who_meets_whom_again_and_why(client: Client) -> None:
    tournament = public_day_playing(2, finished=False)
    second = tournament.drawn.get(number=2)
    first = second.explanations[0]
    names = dict(tournament.entrants.values_list("pk", "name"))
    a, b = (names[p] for p in first["players"])

    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    projector = client.get(reverse("tournaments:projector", args=[tournament.pk])).content.decode()

    said = f"{a} and {b} meet again at table {first['table']}: with 3 tables in each round"
    assert 'id="repeats-2"' in page and said in page
    assert 'id="repeats-1"' not in page
    assert 'id="projector-repeats"' in projector and said in projector


NEW_DAY = {
    "name": "Spring cup",
    "starts_on": "2026-11-28",
    "ends_on": "2026-11-28",
    "ruleset": "bar",
    "table_size": "4",
    "rounds": "3",
}


def test_the_secretary_picks_the_days_tie_breakers_in_order(organiser: Client) -> None:
    response = organiser.post(
        reverse("tournaments:list"),
        {**NEW_DAY, "tiebreaker_1": "wins", "tiebreaker_2": "", "tiebreaker_3": "head_to_head"},
    )

    assert response.status_code == 302
    assert Tournament.objects.get().tiebreakers == ["wins", "head_to_head"]


def test_a_tie_breaker_picked_twice_is_refused_and_nothing_is_created(organiser: Client) -> None:
    response = organiser.post(
        reverse("tournaments:list"), {**NEW_DAY, "tiebreaker_1": "best", "tiebreaker_2": "best"}
    )

    assert response.status_code == 422
    assert "already picked above" in response.content.decode()
    assert not Tournament.objects.exists()


def test_the_settings_page_changes_the_tie_breakers_and_keeps_the_game(organiser: Client) -> None:
    tournament = club_night(secretary("boss"))
    url = reverse("tournaments:edit", args=[tournament.pk])

    form = organiser.get(url)
    response = organiser.post(
        url,
        {**NEW_DAY, "ruleset": "balut", "tiebreaker_1": "best", "tiebreaker_2": "baluts"},
    )

    assert form.status_code == 200 and 'id="tiebreakers"' in form.content.decode()
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.tiebreakers == ["best", "baluts"]
    assert (tournament.name, tournament.ruleset) == ("Spring cup", "bar")
    page = organiser.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "Highest game" in page and 'id="ranked-by"' in page


def test_a_new_shape_discards_the_unstarted_rounds_but_never_fewer_rounds_than_started(
    organiser: Client,
) -> None:
    boss = secretary("boss")
    tournament = club_night(boss)
    start_rounds(tournament, boss, up_to=2)
    url = reverse("tournaments:edit", args=[tournament.pk])

    refused = organiser.post(url, {**NEW_DAY, "rounds": "1"})
    reshaped = organiser.post(url, {**NEW_DAY, "rounds": "4"})

    assert refused.status_code == 422
    assert "2 rounds have started" in refused.content.decode()
    assert reshaped.status_code == 302
    tournament.refresh_from_db()
    assert tournament.rounds == 4
    assert sorted(tournament.drawn.values_list("number", flat=True)) == [1, 2]


def test_only_the_secretary_changes_the_settings_and_only_by_get_or_post(client: Client) -> None:
    tournament = club_night(secretary("boss"))
    url = reverse("tournaments:edit", args=[tournament.pk])
    zed = member("Zed")
    assert zed.user is not None
    client.force_login(zed.user)

    refused = client.post(url, {**NEW_DAY, "tiebreaker_1": "wins"})
    client.force_login(secretary())
    wrong = client.put(url)

    assert refused.status_code == 403 and wrong.status_code == 405
    tournament.refresh_from_db()
    assert tournament.tiebreakers == ["score", "wins", "baluts"]


def test_the_standings_say_which_tie_breaker_decided(organiser: Client) -> None:
    boss = secretary("boss")
    tournament = club_night(boss)
    tournament.tiebreakers = ["baluts", "score"]
    tournament.save()
    start_rounds(tournament, boss, up_to=1, tables=1, played=True)

    page = organiser.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()

    assert "tie with the player above broken by Total score" in page


def test_a_rounds_score_sheets_print_each_tables_players_by_name(organiser: Client) -> None:
    tournament = club_night(secretary("boss"))
    draw_rounds(tournament=tournament)
    url = reverse("tournaments:sheets", args=[tournament.pk, 2])

    response = organiser.get(url)
    missing = organiser.get(reverse("tournaments:sheets", args=[tournament.pk, 9]))
    wrong = organiser.post(url)

    pages = PdfReader(io.BytesIO(response.content)).pages
    assert response.status_code == 200 and len(pages) >= 3
    text = "\n".join(page.extract_text() for page in pages)
    for table in Table.objects.filter(round__number=2).order_by("number"):
        assert f"Round 2 · Table {table.number}" in text
        for name in table.seats.values_list("entrant__name", flat=True):
            assert name in text
    assert missing.status_code == 404 and wrong.status_code == 405


@pytest.mark.parametrize(
    ("language", "heading", "words", "filename"),
    [
        ("da", "Runde 2 · Bord 1", ("Firere", "Underskrift"), "club-night-runde-2-skemaer.pdf"),
        ("de", "Runde 2 · Tisch 1", ("Vierer", "Unterschrift"), "club-night-runde-2-blätter.pdf"),
    ],
)
def test_a_rounds_score_sheets_are_printed_in_the_readers_language_through_and_through(
    organiser: Client, language: str, heading: str, words: tuple[str, ...], filename: str
) -> None:
    tournament = club_night(secretary("boss"))
    draw_rounds(tournament=tournament)

    response = organiser.get(
        reverse("tournaments:sheets", args=[tournament.pk, 2]),
        headers={"accept-language": language},
    )

    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert heading in text and all(word in text for word in words)
    for english in ("Fours", "Signature", "Total score", "Round 2"):
        assert english not in text
    # Non-ASCII names travel as RFC 5987's filename*=utf-8''…, percent-encoded.
    assert quote(filename) in response["Content-Disposition"]


def test_a_member_gets_no_score_sheets(client: Client) -> None:
    tournament = club_night(secretary("boss"))
    draw_rounds(tournament=tournament)
    zed = member("Zed")
    assert zed.user is not None
    client.force_login(zed.user)

    response = client.get(reverse("tournaments:sheets", args=[tournament.pk, 1]))

    assert response.status_code == 403


def test_the_day_shows_the_draws_repeats_beside_the_fewest_any_draw_could_have(
    organiser: Client,
) -> None:
    # 12 players in fours for 3 rounds: each table of 4 takes its players from 3 tables of the
    # round before, so 2 of them sat together there: 3 repeats a round after the first.
    tournament = club_night(secretary("boss"), players=12, rounds=3)
    drawn = draw_rounds(tournament=tournament)

    page = organiser.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()

    total = sum(round_.repeats for round_ in drawn)
    assert total >= 6
    assert f"Over the 3 rounds drawn, {total} pairs meet again." in page
    if total == 6:
        assert "No draw of these rounds can do better." in page
    else:
        assert "No draw of these rounds can have fewer than 6 repeats." in page


def test_a_day_whose_rounds_seat_different_players_shows_no_bound(organiser: Client) -> None:
    tournament = club_night(secretary("boss"), players=12, rounds=3)
    draw_rounds(tournament=tournament)
    seat = Seat.objects.filter(round__number=3, table__number=1).first()
    assert seat is not None
    seat.delete()

    page = organiser.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()

    assert 'id="draw-bound"' not in page
