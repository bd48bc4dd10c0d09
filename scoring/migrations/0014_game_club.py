"""Several clubs on one server: every game belongs to a club.

An installed club upgrades without noticing: if the database holds any game or member, one club
is made for them (the league's next migration names it after the club's settings) and every game
and every member joins it, the secretaries as its secretaries. A new server has no club until
`manage.py create_club` (or the demo data) makes one.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

UPGRADED_CLUB_SLUG = "club"


def the_existing_club(apps, schema_editor):
    db = schema_editor.connection.alias  # the database migrated, not always the default
    Club = apps.get_model("clubs", "Club")
    Membership = apps.get_model("clubs", "Membership")
    Game = apps.get_model("scoring", "Game")
    Member = apps.get_model("scoring", "Member")
    if not Game.objects.using(db).exists() and not Member.objects.using(db).exists():
        return
    club = Club.objects.using(db).order_by("pk").first()
    if club is None:
        club = Club.objects.using(db).create(slug=UPGRADED_CLUB_SLUG, name="Balut club")
    Game.objects.using(db).filter(club__isnull=True).update(club=club)
    secretaries = set(
        apps.get_model("auth", "User")
        .objects.using(db).filter(groups__name="Secretary")
        .values_list("pk", flat=True)
    )
    Membership.objects.using(db).bulk_create(
        [
            Membership(
                club=club,
                user_id=user_id,
                role="secretary" if user_id in secretaries else "member",
                joined_at=joined_at,
            )
            for user_id, joined_at in Member.objects.using(db).values_list("user_id", "joined_at")
        ],
        ignore_conflicts=True,
    )


def no_club_any_more(apps, schema_editor):
    db = schema_editor.connection.alias  # the database migrated, not always the default
    # Back to one club per server: the club's rows go with the column.
    apps.get_model("clubs", "Membership").objects.using(db).all().delete()


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0001_initial'),
        ('scoring', '0013_game_counts_from_the_index'),
        ('auth', '0012_alter_user_first_name_max_length'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='club',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='games', to='clubs.club'),
        ),
        migrations.RunPython(the_existing_club, no_club_any_more),
        migrations.AlterField(
            model_name='game',
            name='club',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='games', to='clubs.club'),
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(fields=['club', 'status', '-updated_at'], name='game_club_status_updated'),
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(fields=['club', '-started_at', '-id'], name='game_club_started'),
        ),
    ]
