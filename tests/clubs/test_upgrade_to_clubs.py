"""The upgrade of an installed one-club server over the clubs migrations (clubs 0001, scoring
0014, league 0020): its games, members and books become its one club's, the addresses without
/c/<slug>/ keep serving it, and a sheet signed before the upgrade still verifies, by its code
and by the upload of its printed PDF. Run on SQLite and, in .ci/run's second pass, PostgreSQL."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

from clubs.models import Club, Membership
from clubs.selectors import forget_clubs
from league.models import PlayerResultRow
from scoring.models import Game, Member
from tests.scoring.services.helpers import fill_game, new_game, sign_all
from tests.scoring.services.real_sheets import sheet_of

# Where an installed club stood before clubs existed: every app back to before its club.
BEFORE_CLUBS = [
    ("clubs", None),
    ("scoring", "0013_game_counts_from_the_index"),
    ("league", "0019_game_house_rules_backfill"),
]


def upgrade_from_before_clubs() -> None:
    """The test database stepped back to a one-club server of before the clubs (its clubs'
    rows go with their tables and columns), then migrated forward as an upgrade does."""
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE_CLUBS)
    assert "clubs_club" not in connection.introspection.table_names()
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    forget_clubs()


@pytest.mark.django_db(transaction=True)
def test_a_one_club_database_upgrades_into_its_one_club_and_its_signed_sheet_still_verifies(
    client: Client,
) -> None:
    game = new_game("balut")
    fill_game(game)
    sign_all(game)
    game.refresh_from_db()
    code = game.verification_code
    printed = sheet_of(game)
    members = set(Member.objects.values_list("pk", flat=True))
    assert members and PlayerResultRow.objects.filter(game=game).exists()

    upgrade_from_before_clubs()

    (club,) = Club.objects.all()
    assert set(Game.objects.values_list("club", flat=True)) == {club.pk}
    assert set(PlayerResultRow.objects.values_list("club", flat=True)) == {club.pk}
    assert set(Membership.objects.filter(club=club).values_list("user__member", flat=True)) == (
        members
    )
    for address in (f"/verify/{code}/", f"/c/{club.slug}/verify/{code}/"):
        response = client.get(address)
        assert response.status_code == 200, address
        assert 'data-verdict="match"' in response.content.decode()
    uploaded = client.post(
        "/verify/", {"sheet": SimpleUploadedFile("sheet.pdf", printed, "application/pdf")}
    )
    assert uploaded.status_code == 200, uploaded.content.decode()[-2000:]
    assert 'data-verdict="accepted"' in uploaded.content.decode()
    assert client.get("/").status_code == 200  # the club's home, not the list of clubs
