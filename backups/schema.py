"""The tables of an archive's SQLite file, and of the database a restore writes into, made
without replaying the migrations when they are already where they must be.

`migrate` on an empty database replays every migration's model states (80 migrations: a minute
and more of CPU on a busy server, most of a backup's 84 s for 894 rows, issue 36). A backup's
scratch file needs only the tables of the models as they are now, with the migrations that made
them recorded as applied, which the schema editor writes in a fraction of a second; a restore
whose database (or archive) has every migration applied has nothing to migrate, and skips even
the migration graph's rendering.
"""

from __future__ import annotations

from django.apps import apps
from django.core.management import call_command
from django.db import connections
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.recorder import MigrationRecorder


def create_schema(alias: str, *, migrations: list[list[str]]) -> None:
    """The current models' tables in the empty database `alias`, and `migrations` (the source's
    applied ones, as [app, name]) recorded as applied there: what `migrate` would leave, as the
    source database has it."""
    connection = connections[alias]
    with connection.schema_editor() as editor:
        for model in apps.get_models():  # each many-to-many table comes with its model
            if model._meta.managed and not model._meta.proxy:
                editor.create_model(model)
    recorder = MigrationRecorder(connection)
    recorder.ensure_schema()
    recorder.migration_qs.bulk_create(
        [recorder.Migration(app=app, name=name) for app, name in migrations]
    )


def migrate(alias: str = "default") -> None:
    """`migrate` on `alias`, unless every migration is applied there already."""
    executor = MigrationExecutor(connections[alias])
    if executor.migration_plan(executor.loader.graph.leaf_nodes()):
        call_command("migrate", database=alias, verbosity=0, interactive=False)
