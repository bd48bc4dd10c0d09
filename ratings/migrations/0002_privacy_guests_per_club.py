"""A guest is one club's (issue 37): "Sam" at one club and "Sam" at another are two people with
a rating each. The guests' keys gain their club's id (ratings.models.guest_key); a guest who
played in one club keeps their figures under the new key. A name that was one guest across
several clubs is now several: their figures (and those of everyone they played after their
first game in a second club) are worked out afresh from the result rows, as
`check_books --repair` does."""

from __future__ import annotations

from typing import Any

from django.db import migrations, models


def key_guests_by_club(apps: Any, schema_editor: Any) -> None:
    rating_change = apps.get_model("ratings", "RatingChange")
    rating = apps.get_model("ratings", "Rating")
    clubs_of: dict[tuple[str, str], set[int]] = {}
    renamed = []
    for change in (
        rating_change.objects.filter(member__isnull=True)
        .select_related("game")
        .only("pk", "guest_key", "ruleset", "game__club_id")
        .iterator(chunk_size=2000)
    ):
        clubs_of.setdefault((change.ruleset, change.guest_key), set()).add(change.game.club_id)
        change.guest_key = f"{change.game.club_id}:{change.guest_key}"
        renamed.append(change)
    rating_change.objects.bulk_update(renamed, ["guest_key"], batch_size=2000)
    shared = False
    kept = []
    for guest in rating.objects.filter(member__isnull=True).iterator(chunk_size=2000):
        clubs = clubs_of.get((guest.ruleset, guest.guest_key), set())
        if len(clubs) == 1:
            guest.guest_key = f"{next(iter(clubs))}:{guest.guest_key}"
            kept.append(guest)
        else:
            shared = True
    rating.objects.bulk_update(kept, ["guest_key"], batch_size=2000)
    if shared:
        # The app's own replay (the models as this migration leaves them): one guest split in
        # several changes every later rating of theirs and of the people they met.
        from ratings.services.recompute import rebuild_ratings

        rebuild_ratings()


class Migration(migrations.Migration):
    # The replay reads the league's result rows and the games as the app's models describe
    # them: those tables as they stand now.
    dependencies = [
        ("ratings", "0001_ratings"),
        ("league", "0025_finished_games_kept_by_kind"),
        ("scoring", "0016_club_records_count_from_the_index"),
    ]

    operations = [
        migrations.AlterField(
            model_name="rating",
            name="guest_key",
            field=models.CharField(blank=True, max_length=140),
        ),
        migrations.AlterField(
            model_name="ratingchange",
            name="guest_key",
            field=models.CharField(blank=True, max_length=140),
        ),
        migrations.RunPython(key_guests_by_club, migrations.RunPython.noop),
    ]
