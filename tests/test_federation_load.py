"""The federation benchmark's bulk load: each copied club's rows are its own, and one club's
pages show nothing of another's."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from benchmarks.federation_load import Snapshot, clone_clubs
from clubs.models import Club, Membership
from league.models import BoxTally, DrinkDebt, MonthTally, PlayerResultRow, Season, SeasonStanding
from league.synthesis.history import Synthesizer
from scoring.models import Game, GamePlayer, Member
from tests.factories import the_club

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_clubs_of_one_year_each_hold_their_own_rows_and_pages() -> None:
    club = the_club()
    Synthesizer(club=club, seed=7, signatures=False).run(
        years=1, games_per_year=12, until=timezone.now() - timedelta(days=2)
    )
    snapshot = Snapshot.take()
    original = {
        "games": Game.objects.filter(club=club).count(),
        "results": PlayerResultRow.objects.filter(club=club).count(),
        "months": MonthTally.objects.filter(club=club).count(),
        "boxes": BoxTally.objects.filter(club=club).count(),
    }

    loaded = clone_clubs(club, snapshot, count=1)

    copy = Club.objects.exclude(pk=club.pk).get()
    assert loaded.clubs == 1 and loaded.rows > original["games"]
    assert Game.objects.filter(club=copy).count() == original["games"] == 12
    assert PlayerResultRow.objects.filter(club=copy).count() == original["results"]
    assert MonthTally.objects.filter(club=copy).count() == original["months"]
    assert BoxTally.objects.filter(club=copy).count() == original["boxes"]
    # Every row of the copy points at the copy's games, players and members, never the original's.
    copied_members = set(
        Member.objects.filter(user__memberships__club=copy).values_list("pk", flat=True)
    )
    original_members = set(
        Member.objects.filter(user__memberships__club=club).values_list("pk", flat=True)
    )
    assert copied_members and not copied_members & original_members
    assert not GamePlayer.objects.filter(game__club=copy, member__in=original_members).exists()
    assert not PlayerResultRow.objects.filter(club=copy, game__club=club).exists()
    assert not PlayerResultRow.objects.filter(club=copy, member__in=original_members).exists()
    assert not DrinkDebt.objects.filter(game__club=copy, debtor__game__club=club).exists()
    assert not SeasonStanding.objects.filter(
        season__club=copy, member__in=original_members
    ).exists()
    assert Season.objects.filter(club=copy).count() == Season.objects.filter(club=club).count()
    assert (
        Membership.objects.filter(club=copy).count() == Membership.objects.filter(club=club).count()
    )
    # The copy's ids are shifted past the original's.
    newest = Game.objects.order_by("-pk").first()
    assert newest is not None and newest.club == copy

    # The original club's pages name none of the copy's members, and the copy's none of the
    # original's (the copies go by their names with the club's slug after them).
    copy_names = list(
        Member.objects.filter(pk__in=copied_members).values_list("known_as", flat=True)
    )
    original_names = list(
        Member.objects.filter(pk__in=original_members).values_list("known_as", flat=True)
    )
    client = Client()
    for slug, foreign, own_suffix in (
        (club.slug, copy_names, ""),
        (copy.slug, original_names, f" {copy.slug}"),
    ):
        # A name of the other club: whole, and (on the copy's pages, where every member's name
        # is an original's with the slug after it) without the copy's slug after it.
        patterns = [
            re.compile(
                rf"\b{re.escape(name)}\b(?!{re.escape(own_suffix)})"
                if own_suffix
                else re.escape(name)
            )
            for name in foreign
            if len(name) >= 3
        ]
        assert patterns
        for page in ("standings/", "register/", "records/", "board/"):
            response = client.get(f"/c/{slug}/{page}")
            assert response.status_code == 200, page
            text = response.content.decode()
            assert not [p.pattern for p in patterns if p.search(text)], (slug, page)


def test_the_federation_benchmark_says_why_it_does_not_run_without_postgresql() -> None:
    from benchmarks.federation import run_federation

    report = run_federation(postgres="postgres://postgres@127.0.0.1:1/none").report()

    assert report.startswith("  not run: no PostgreSQL reachable at 127.0.0.1:1")
    assert "--postgres" in report
