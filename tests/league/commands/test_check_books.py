"""`manage.py check_books` finds every game whose books do not follow from its record, and
`--repair` books what is missing, idempotently."""

from __future__ import annotations

import io
from collections.abc import Iterable

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import DatabaseError
from django.test import Client
from django.utils import timezone

from league.checks import HEALTH_WINDOW, inconsistent_game_count, standing_inconsistencies
from league.models import (
    ClaimStatus,
    DebtStatus,
    DrinkDebt,
    KindTally,
    PlayerResultRow,
    RegisterClaim,
    SeasonStanding,
)
from league.services.ledger import settle_debt
from league.services.register import open_claims, ratify_claim
from scoring.models import Game
from scoring.services.games import void_game
from tests.league.helpers import play_bar, season_around_today
from tests.scoring.services.helpers import imported, secretary

pytestmark = pytest.mark.django_db


def check_books(*args: str) -> str:
    out = io.StringIO()
    call_command("check_books", *args, stdout=out)
    return out.getvalue()


def test_books_kept_by_the_app_have_nothing_to_repair() -> None:
    imported("balut-three-players")
    imported("barbut4-with-6666")
    open_claims(game=play_bar())

    out = check_books()

    assert "Checked 3 games (3 finished): 0 inconsistent." in out
    assert inconsistent_game_count() == 0
    assert inconsistent_game_count(window=None) == 0


def test_missing_results_and_drinks_are_reported_and_the_command_fails() -> None:
    bar = imported("bar-register")
    balut = imported("balut-three-players")
    PlayerResultRow.objects.filter(game=bar).delete()
    DrinkDebt.objects.filter(game=balut, reason="three_cocks").delete()

    with pytest.raises(CommandError, match="2 inconsistent games"):
        check_books()

    assert inconsistent_game_count() == 2
    assert inconsistent_game_count(window=None) == 2


def test_each_inconsistency_is_printed() -> None:
    bar = imported("bar-register")
    PlayerResultRow.objects.filter(game=bar, player__name="Eli").update(score=999)
    DrinkDebt.objects.filter(game=bar).update(status=DebtStatus.VOIDED, voided_at=timezone.now())
    out = io.StringIO()

    with pytest.raises(CommandError):
        call_command("check_books", stdout=out)

    lines = out.getvalue().splitlines()
    assert f"game #{bar.pk} results: Eli's row differs in score" in lines
    assert f"game #{bar.pk} drinks: 1 last_place round(s) of Eli not booked" in lines


def test_repair_books_what_is_missing_and_a_second_repair_changes_nothing() -> None:
    bar = imported("bar-register")
    balut = imported("balut-three-players")
    signed = play_bar()
    signed.verification_code = "TESTCODE"
    signed.save(update_fields=["verification_code"])
    PlayerResultRow.objects.filter(game=bar).delete()
    DrinkDebt.objects.filter(game=balut).delete()

    out = check_books("--repair")

    assert "Repaired 3 games." in out and "Still inconsistent after the repair: 0." in out
    assert PlayerResultRow.objects.filter(game=bar).count() == 4
    assert DrinkDebt.objects.filter(game=balut).count() == 4
    assert sorted(RegisterClaim.objects.values_list("player__name", "kind")) == [
        ("Ann", "high"),
        ("Ben", "low"),
    ]
    books = (
        list(PlayerResultRow.objects.order_by("pk").values()),
        list(DrinkDebt.objects.order_by("pk").values()),
        list(RegisterClaim.objects.order_by("pk").values()),
    )
    assert "0 inconsistent" in check_books("--repair")
    assert books == (
        list(PlayerResultRow.objects.order_by("pk").values()),
        list(DrinkDebt.objects.order_by("pk").values()),
        list(RegisterClaim.objects.order_by("pk").values()),
    )


def test_a_register_entry_the_game_no_longer_has_is_reported_and_left_for_the_secretary() -> None:
    game = play_bar()
    ann, _ = open_claims(game=game)
    entry = ratify_claim(claim=ann, by=secretary())
    type(entry).objects.filter(pk=entry.pk).update(score=170)

    out = io.StringIO()
    with pytest.raises(CommandError, match="still need the secretary"):
        call_command("check_books", "--repair", stdout=out)

    assert "the register keeps Ann 170; the game has 162" in out.getvalue()
    ann.refresh_from_db()
    assert ann.status == ClaimStatus.RATIFIED


def test_rebuilding_figures_needs_repair() -> None:
    with pytest.raises(CommandError, match="--repair"):
        check_books("--rebuild-figures")


def test_a_void_game_expects_no_books_so_check_books_and_the_health_check_agree_it_is_whole(
    client: Client,
) -> None:
    game = play_bar()
    ann, _ = open_claims(game=game)
    ratify_claim(claim=ann, by=secretary())
    settle_debt(debt=DrinkDebt.objects.get(game=game), by=secretary("treasurer"))
    void_game(game=game, by=secretary("voider"), reason="Played twice")

    assert "Checked 1 games (1 finished): 0 inconsistent." in check_books()
    assert "Repaired 0 games." in check_books("--repair")
    assert inconsistent_game_count() == 0
    assert inconsistent_game_count(window=None) == 0
    # Past the health check's window it is asked about in one query, not replayed: the same
    # word, from the same `counts` the books and the replay use.
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - 2 * HEALTH_WINDOW)
    assert inconsistent_game_count() == 0
    response = client.get("/healthz")
    assert (response.status_code, response.json()["inconsistent_games"]) == (200, 0)
    assert "0 inconsistent" in check_books()


def test_a_void_game_that_kept_its_books_is_reported_by_both_and_repaired() -> None:
    game = imported("bar-register")
    rows = list(PlayerResultRow.objects.filter(game=game).values())
    void_game(game=game, by=secretary(), reason="Played twice")
    # Rows the void should have taken away, put back round the services.
    PlayerResultRow.objects.bulk_create(PlayerResultRow(**row) for row in rows)
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - 2 * HEALTH_WINDOW)

    with pytest.raises(CommandError, match="1 inconsistent games"):
        check_books()
    assert inconsistent_game_count() == 1
    assert inconsistent_game_count(window=None) == 1

    assert "Still inconsistent after the repair: 0." in check_books("--repair")
    assert not PlayerResultRow.objects.filter(game=game).exists()
    assert inconsistent_game_count() == 0


def test_a_repair_of_the_standings_that_fails_halfway_leaves_them_as_they_were(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    season_around_today("Long", days=60)
    season_around_today("Short", days=10)
    play_bar()
    SeasonStanding.objects.filter(member__known_as="Ann").update(total=999)  # both differ
    before = list(SeasonStanding.objects.order_by("pk").values())
    written: list[list[SeasonStanding]] = []

    def create_then_fail(lines: Iterable[SeasonStanding]) -> int:
        # The first season's lines are written again; the second's fail (a crash, a lost
        # connection), after its old lines were deleted.
        if written:
            raise DatabaseError("connection lost")
        written.append(list(lines))
        SeasonStanding.objects.bulk_create(written[-1])
        return len(written[-1])

    monkeypatch.setattr("league.services.standings._create", create_then_fail)

    with pytest.raises(DatabaseError, match="connection lost"):
        check_books("--repair")

    assert written  # the first season was summed afresh before the failure: both are undone
    assert list(SeasonStanding.objects.order_by("pk").values()) == before
    monkeypatch.undo()
    assert "Still inconsistent after the repair: 0." in check_books("--repair")
    assert standing_inconsistencies() == []


def test_a_count_of_games_by_kind_out_of_step_is_reported_and_counted_afresh() -> None:
    play_bar()
    play_bar()
    KindTally.objects.filter(ruleset="bar").update(games=5)

    with pytest.raises(CommandError, match="1 standings lines and game counts differing"):
        check_books()
    repaired = check_books("--repair")

    assert "bar games: 5 counted for the records page, 2 finished" in repaired
    assert "Finished games by kind counted afresh." in repaired
    assert KindTally.objects.get(ruleset="bar").games == 2
    assert "Finished games by kind: 0 counts differ from the games." in check_books()
