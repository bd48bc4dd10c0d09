"""The table of the "uploads" cache (settings.CACHES): the verify page's counts of uploads per
client and its check slots, shared by every worker. Made here so that every database `migrate`
sets up (a new club, a restored backup, the test suite) has it; `createcachetable` is Django's
own command for it and does nothing when the table is there."""

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [("scoring", "0010_signature_typed_name")]

    operations = [migrations.RunPython(create_cache_table, migrations.RunPython.noop)]
