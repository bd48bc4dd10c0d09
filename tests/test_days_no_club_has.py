"""Days no club can have (before 1900, after today for a game, year 9999 in a filter) are
refused wherever they come in, and a database holding one anyway is reported unhealthy.

The year-1 record is the bug of issue 23: imported on PostgreSQL, the club's time zone moved it
before year 1, and every page listing the game, check_books and backup failed with "timestamp
too small" while /healthz said ok. These tests run on SQLite and again in .ci/run's PostgreSQL
pass; the ones marked `postgres` need PostgreSQL's own arithmetic.
"""

from __future__ import annotations

import datetime
import io
import json
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.db import IntegrityError, connection, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from league.forms import SeasonForm
from league.services.books import book_game
from scoring import rules
from scoring.models import Game, GamePlayer, Turn
from scoring.refusals import refusal
from tests import golden
from tests.scoring.services.helpers import imported, member, secretary

pytestmark = pytest.mark.django_db

IMPORT = reverse("scoring:game_import")


def record(played: str) -> str:
    return json.dumps({**golden.record("bar-register"), "played": played})


def nothing_written() -> bool:
    return not (Game.objects.exists() or GamePlayer.objects.exists() or Turn.objects.exists())


def pages_of_a_club_with_one_game(client: Client) -> list[str]:
    game = imported("bar-register")
    book_game(game=game)
    dee = member("Dee")
    return [
        "/",
        reverse("stats:records"),
        reverse("league:register"),
        reverse("league:ledger"),
        reverse("stats:player", args=[dee.pk]),
        reverse("scoring:game", args=[game.pk]),
        reverse("league:void_game", args=[game.pk]),
        "/healthz",
    ]


@pytest.mark.parametrize("played", ["0001-01-01", "0001-01-01T00:00:00+01:00", "1899-12-31"])
def test_a_record_played_before_1900_is_refused_and_every_page_still_answers(
    client: Client, played: str
) -> None:
    client.force_login(secretary())

    response = client.post(IMPORT, {"text": record(played)})

    assert response.status_code == 422
    assert "too long ago: give a day from 1 Jan 1900 on" in response.content.decode()
    assert nothing_written()
    for page in pages_of_a_club_with_one_game(client):
        assert client.get(page).status_code == 200, page


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)  # backup reads in a transaction of its own
def test_on_postgresql_year_1_is_refused_by_the_import_and_by_the_database(
    client: Client, tmp_path: Path
) -> None:
    assert connection.vendor == "postgresql"
    client.force_login(secretary())

    refused = client.post(IMPORT, {"text": record("0001-01-01")})
    pages = pages_of_a_club_with_one_game(client)
    game = Game.objects.get()
    year_1 = timezone.make_aware(datetime.datetime(1, 1, 1, 0, 30))
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.filter(pk=game.pk).update(started_at=year_1)

    assert refused.status_code == 422
    assert all(client.get(page).status_code == 200 for page in pages)
    call_command("check_books", stdout=io.StringIO())
    call_command("backup", str(tmp_path / "club.tar"), stdout=io.StringIO())
    assert (tmp_path / "club.tar").stat().st_size > 0


def test_the_database_refuses_a_game_dated_before_1900_that_skips_the_services() -> None:
    game = imported("bar-register")
    early = datetime.datetime(1899, 6, 1, tzinfo=datetime.UTC)

    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.filter(pk=game.pk).update(started_at=early)
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.filter(pk=game.pk).update(finished_at=early)
    game.started_at = early
    with pytest.raises(ValidationError, match="cannot be dated before 1900"):
        game.full_clean()


def test_the_first_day_of_1900_in_the_clubs_time_zone_is_kept(client: Client) -> None:
    client.force_login(secretary())

    response = client.post(IMPORT, {"text": record("1900-01-01")})

    assert response.status_code == 200
    assert timezone.localdate(Game.objects.get().started_at) == datetime.date(1900, 1, 1)


@pytest.mark.parametrize("day", ["0001-01-01", "1899-12-31"])
def test_played_on_before_1900_on_the_form_is_refused_and_nothing_imported(
    client: Client, day: str
) -> None:
    client.force_login(secretary())
    upload = json.dumps(golden.record("bar-register"))

    response = client.post(IMPORT, {"text": upload, "played_on": day})

    assert response.status_code == 422
    assert "Give a day from 1 Jan 1900 to 31 Dec 2999." in response.content.decode()
    assert nothing_written()


def test_the_refusal_of_an_early_day_is_worded_and_dated_in_the_readers_language() -> None:
    with pytest.raises(rules.InvalidRecord) as refused:
        rules.parse_played({"played": "0001-01-01"}, now=timezone.localtime())

    with translation.override("da"):
        danish = refusal(refused.value)
    with translation.override("de"):
        german = refusal(refused.value)

    assert danish == (
        "Spillet er dateret 1. jan. 0001, for længe siden: angiv en dag fra 1. jan. 1900 og frem."
    )
    assert german.startswith("Das Spiel ist auf 1. Jan. 0001 datiert, das ist zu lange her")


@pytest.mark.parametrize(
    "query",
    ["until=9999-12-31", "since=0001-01-01", "since=1899-12-31&until=2026-01-01"],
)
def test_the_audit_log_refuses_a_day_no_club_has_with_400_and_the_reason(
    client: Client, query: str
) -> None:
    client.force_login(secretary())

    page = client.get(f"/audit/?{query}")
    download = client.get(f"/audit/?{query}&export=csv")

    assert page.status_code == 400
    assert "Give a day from 1 Jan 1900 to 31 Dec 2999." in page.content.decode()
    assert download.status_code == 400
    assert download["Content-Type"].startswith("text/plain")


def test_the_ledger_refuses_a_game_id_no_table_holds_with_400(client: Client) -> None:
    client.force_login(secretary())

    response = client.get("/ledger/?game=999999999999999999999")

    assert response.status_code == 400
    assert "data-debt=" not in response.content.decode()


def test_the_club_night_sheets_refuse_a_day_no_club_has(client: Client) -> None:
    client.force_login(secretary())
    url = reverse("scoring:club_night_pdf")

    page = client.get(url, {"date_from": "2026-01-01", "date_to": "9999-12-31"})
    asked = client.get(
        url, {"date_from": "0001-01-01", "date_to": "2026-01-01"}, HTTP_ACCEPT="application/json"
    )
    posted = client.post(url, {"date_from": "2026-01-01", "date_to": "9999-12-31"})

    assert page.status_code == 422
    assert "31 Dec 2999" in page.content.decode()
    assert asked.status_code == 422 and "1 Jan 1900" in asked.json()["error"]
    assert posted.status_code == 422


def test_a_season_of_year_1_or_9999_is_refused() -> None:
    form = SeasonForm({"name": "Forever", "starts_on": "0001-01-01", "ends_on": "9999-12-31"})

    assert not form.is_valid()
    assert set(form.errors) == {"starts_on", "ends_on"}


def _hold_an_unreadable_game(game: Game) -> None:
    """Put a game in year 0 (1 BC) as an import before the check could, past the constraint."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # The test's own inserts leave their deferred foreign key checks pending.
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            cursor.execute("ALTER TABLE scoring_game DROP CONSTRAINT game_played_in_range")
            cursor.execute(
                "UPDATE scoring_game SET started_at = '0001-12-31 23:00:00+00 BC' WHERE id = %s",
                [game.pk],
            )
        else:
            cursor.execute("PRAGMA ignore_check_constraints = 1")
            cursor.execute(
                "UPDATE scoring_game SET started_at = '0000-12-31 23:00:00' WHERE id = %s",
                [game.pk],
            )
            cursor.execute("PRAGMA ignore_check_constraints = 0")


def test_healthz_reports_a_database_holding_a_game_it_cannot_read(
    client: Client, caplog: pytest.LogCaptureFixture
) -> None:
    _hold_an_unreadable_game(imported("bar-register"))

    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json()["dates_readable"] is False
    assert response.json()["status"] == "unhealthy"
    assert "cannot read the dates of scoring.Game" in caplog.text
