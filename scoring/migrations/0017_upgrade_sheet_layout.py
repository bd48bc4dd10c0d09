"""Each signed game keeps the layout its sheet was printed with (scoring.pdf.layouts).

Layout 1 printed every sheet up to commit c83017a; layout 2 from 1cdafd7 (and release
f4f62e6). Which one printed a game signed before this migration follows from when the
database took the code of layout 2: the migrations that came after c83017a were applied then
(django_migrations keeps when). A game signed before the first of them was printed in layout
1, one signed after in layout 2; on a database that comes straight from layout 1, those
migrations run in this same `migrate`, after every signature. (A sheet printed again after an
upgrade took the newer layout: the verify page also tries the later ones.)
"""

from django.db import migrations, models
from django.db.models import Max, Q

# The migrations in release f4f62e6 that commit c83017a (the last of layout 1) did not have.
AFTER_LAYOUT_1 = [
    ("clubs", "0001_initial"),
    ("league", "0017_goes_by_unique_ignoring_case"),
    ("league", "0018_audit_logs_imports"),
    ("league", "0019_game_house_rules_backfill"),
    ("league", "0020_clubs_own_their_books"),
    ("league", "0021_audit_lines_in_every_language"),
    ("league", "0022_register_lines_standing_best_first"),
    ("league", "0023_register_newest_first"),
    ("league", "0024_club_heads_one_step_down"),
    ("league", "0025_finished_games_kept_by_kind"),
    ("ratings", "0001_ratings"),
    ("scoring", "0011_upload_limits_table"),
    ("scoring", "0012_game_played_in_range"),
    ("scoring", "0013_game_counts_from_the_index"),
    ("scoring", "0014_game_club"),
    ("scoring", "0015_game_keeps_its_ids_before_a_restore"),
    ("scoring", "0016_club_records_count_from_the_index"),
    ("teams", "0001_teams_competitions_fixtures_and_matches"),
    ("teams", "0002_competition_tie_breakers"),
    ("teams", "0003_competition_names_per_club"),
    ("teams", "0004_cup_ties"),
    ("tournaments", "0001_tournaments_entrants_rounds_tables"),
    ("tournaments", "0002_round_explanations"),
    ("tournaments", "0003_tournament_tiebreakers"),
    ("tournaments", "0004_round_final"),
    ("tournaments", "0005_entrant_plays_for"),
]


def layout_2_arrived(recorder_model, using):
    """When the database first ran code of layout 2; None if it never recorded that."""
    condition = Q()
    for app, name in AFTER_LAYOUT_1:
        condition |= Q(app=app, name=name)
    first = recorder_model.objects.using(using).filter(condition).order_by("applied").first()
    return first.applied if first else None


def keep_the_printed_layout(apps, schema_editor):
    from django.db.migrations.recorder import MigrationRecorder

    using = schema_editor.connection.alias
    Game = apps.get_model("scoring", "Game")
    signed = Game._base_manager.using(using).exclude(verification_code="")
    if not signed.exists():
        return
    arrived = layout_2_arrived(MigrationRecorder(schema_editor.connection).Migration, using)
    games = signed.annotate(
        signed_at=Max("signatures__signed_at", filter=Q(signatures__voided_at__isnull=True))
    )
    first: list[int] = []
    second: list[int] = []
    for game_id, signed_at in games.values_list("id", "signed_at"):
        # Unsure (no record of when layout 2 arrived, no active signature): the earlier layout,
        # since the verify page tries the later ones after a sheet's own, never earlier ones.
        printed_first = arrived is None or signed_at is None or signed_at < arrived
        (first if printed_first else second).append(game_id)
    for layout, ids in ((1, first), (2, second)):
        for start in range(0, len(ids), 500):
            Game._base_manager.using(using).filter(id__in=ids[start : start + 500]).update(
                sheet_layout=layout
            )


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0016_club_records_count_from_the_index"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="sheet_layout",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.RunPython(keep_the_printed_layout, migrations.RunPython.noop),
    ]
