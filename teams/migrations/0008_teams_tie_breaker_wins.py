"""The team tables' "won" tie-breaker is "wins", the key every competition uses for it
(scoring.rules.tiebreakers): stored orders follow, and back again when unapplied."""

from django.db import migrations, models

import teams.models.competitions


def _renamed(apps, old: str, new: str) -> None:
    Competition = apps.get_model("teams", "Competition")
    for competition in Competition.objects.filter(tie_breakers__contains=old):
        keys = [new if key.strip() == old else key.strip() for key in competition.tie_breakers.split(",")]
        competition.tie_breakers = ",".join(keys)
        competition.save(update_fields=["tie_breakers"])


def forwards(apps, schema_editor) -> None:
    _renamed(apps, "won", "wins")


def backwards(apps, schema_editor) -> None:
    _renamed(apps, "wins", "won")


class Migration(migrations.Migration):
    dependencies = [
        ("teams", "0007_teams_rosters"),
    ]

    operations = [
        migrations.AlterField(
            model_name="competition",
            name="tie_breakers",
            field=models.CharField(
                default="match_points,difference,score_for,wins,head_to_head",
                max_length=100,
                validators=[teams.models.competitions.validate_breakers],
                verbose_name="tie-breakers",
            ),
        ),
        migrations.RunPython(forwards, backwards),
    ]
