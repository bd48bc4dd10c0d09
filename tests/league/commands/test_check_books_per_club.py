"""`manage.py check_books --club SLUG` checks and repairs one club's books and leaves every other
club's as they are; without --club a server's clubs are checked in turn, each named."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from clubs.models import Club
from league.models import PlayerResultRow
from scoring.models import Game
from scoring.services.records import import_game_record
from tests.factories import other_club, the_club
from tests.scoring.services.helpers import example

pytestmark = pytest.mark.django_db


def game_in(club: Club) -> Game:
    return import_game_record(
        in_club=club,
        data=example("bar-register"),
        imported_by=None,
        source=f"test:{club.slug}",
        allow_duplicate=True,
    )


def check_books(*args: str) -> str:
    out = io.StringIO()
    call_command("check_books", *args, stdout=out)
    return out.getvalue()


def broken_games() -> tuple[Game, Game]:
    """A game of each club whose result rows were lost."""
    ours, theirs = game_in(the_club()), game_in(other_club())
    PlayerResultRow.objects.filter(game__in=[ours, theirs]).delete()
    return ours, theirs


def test_check_books_with_a_club_reports_only_that_clubs_games() -> None:
    ours, theirs = broken_games()
    out = io.StringIO()

    with pytest.raises(CommandError, match="1 inconsistent games"):
        call_command("check_books", "--club", "other", stdout=out)

    assert f"game #{theirs.pk} " in out.getvalue()
    assert f"game #{ours.pk} " not in out.getvalue()
    assert "Checked 1 games (1 finished): 1 inconsistent." in out.getvalue()
    assert "The ratings are the whole server's" in out.getvalue()


def test_repair_with_a_club_repairs_that_club_and_leaves_the_other_as_it_was() -> None:
    ours, theirs = broken_games()

    out = check_books("--club", "other", "--repair")

    assert "Repaired 1 games." in out
    assert PlayerResultRow.objects.filter(game=theirs).exists()
    assert not PlayerResultRow.objects.filter(game=ours).exists()


def test_without_a_club_every_club_is_checked_in_turn_and_named() -> None:
    ours, theirs = broken_games()
    out = io.StringIO()

    with pytest.raises(CommandError, match="2 inconsistent games"):
        call_command("check_books", stdout=out)

    text = out.getvalue()
    assert text.index("Club Other Balut Club (/c/other/):") < text.index(f"game #{theirs.pk} ")
    assert f"(/c/{the_club().slug}/):" in text
    assert "book agrees with" in text or "book differs from" in text
    check_books("--repair")
    assert PlayerResultRow.objects.filter(game__in=[ours, theirs]).count() > 0
    assert "0 inconsistent" in check_books("--club", "other")


def test_an_unknown_club_is_refused_by_name() -> None:
    with pytest.raises(CommandError, match="No club has the address 'nowhere'"):
        check_books("--club", "nowhere")


def test_rebuilding_the_servers_figures_is_refused_for_one_club_of_several() -> None:
    other_club()
    with pytest.raises(CommandError, match="give it without --club"):
        check_books("--club", "other", "--repair", "--rebuild-figures")
