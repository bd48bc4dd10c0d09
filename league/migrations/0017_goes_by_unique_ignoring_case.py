"""No two members go by the same name, capitals aside ("ann" beside "Ann").

Member lives in scoring; the index is kept here, on scoring's table, so that the scoring app's
migrations stay as they are. Member.clean says the same before the database has to.
"""

from django.db import migrations

INDEX = "scoring_member_goes_by_ci"


def refuse_namesakes(apps, schema_editor):
    db = schema_editor.connection.alias  # the database migrated, not always the default
    member = apps.get_model("scoring", "Member")
    seen: dict[str, str] = {}
    for name in member.objects.using(db).values_list("known_as", flat=True):
        if name.lower() in seen:
            raise RuntimeError(
                f"Members go by {seen[name.lower()]!r} and {name!r}: rename one in the admin "
                "before this migration makes such names unique ignoring case."
            )
        seen[name.lower()] = name


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0016_game_booking_stamps"),
        ("scoring", "0008_member_remembers_language"),
    ]

    operations = [
        migrations.RunPython(refuse_namesakes, migrations.RunPython.noop),
        migrations.RunSQL(
            f"CREATE UNIQUE INDEX {INDEX} ON scoring_member (LOWER(known_as))",
            f"DROP INDEX {INDEX}",
        ),
    ]
