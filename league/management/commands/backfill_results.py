"""`manage.py backfill_results`: kept as a name for `check_books --repair --rebuild-figures`,
which stores what every finished game lacks and rebuilds the winning runs and box tallies."""

from __future__ import annotations

from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Same as check_books --repair --rebuild-figures (kept for older instructions)."

    def handle(self, *args: Any, **options: Any) -> None:
        call_command("check_books", repair=True, rebuild_figures=True, stdout=self.stdout)
