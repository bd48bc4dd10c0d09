"""The records page counts finished, unvoided games by kind from the index alone: the void mark
joins the index, which replaces the one without it (issue 29)."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0012_game_played_in_range"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="game",
            name="game_status_ruleset",
        ),
        migrations.AddIndex(
            model_name="game",
            index=models.Index(
                fields=["status", "ruleset", "voided_at"], name="game_status_ruleset_void"
            ),
        ),
    ]
