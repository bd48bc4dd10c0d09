"""`/healthz` for monitoring: is the database there, is it migrated, are the books whole.

Public and never cached. Its cost: one `SELECT 1`, the migration graph read from the already
imported migration modules plus one query of django_migrations, and
league.checks.inconsistent_game_count: one query comparing each game changed in the last 48
hours with its booking stamp (its fingerprint and state, its rows, their scores and its debts
as booked), one query about every older game, and a replay of only the games the stamps do not
vouch for (none on a healthy night). A few milliseconds after a 40-game club night where the
replay of every recent game took 0.5-0.8 s; asking once a minute or once a second is fine.

It also reads the earliest and latest day of the tables people and imports date (games,
seasons, the register): a day Python or the database cannot hand over (a game filed in year 1
before imports were bounded) breaks every page that lists it, so it makes the club unhealthy
("dates_readable": false). Three small queries over a few thousand rows a year.
"""

from __future__ import annotations

import logging

from django.db import DatabaseError, connection
from django.db.migrations.executor import MigrationExecutor
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from league.checks import inconsistent_game_count, unreadable_dates

logger = logging.getLogger(__name__)


@require_safe
@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    report: dict[str, object] = {
        "database": False,
        "migrations_applied": False,
        "inconsistent_games": None,
        "dates_readable": False,
    }
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        report["database"] = True
        executor = MigrationExecutor(connection)
        plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
        report["migrations_applied"] = not plan
        if not plan:
            unreadable = unreadable_dates()
            if unreadable:
                logger.error("The health check cannot read the dates of %s", ", ".join(unreadable))
            report["dates_readable"] = not unreadable
            report["inconsistent_games"] = inconsistent_game_count()
    except DatabaseError:
        logger.exception("The health check could not read the database")
    healthy = (
        report["migrations_applied"] is True
        and report["dates_readable"] is True
        and report["inconsistent_games"] == 0
    )
    report["status"] = "ok" if healthy else "unhealthy"
    return JsonResponse(report, status=200 if healthy else 503)
