"""`manage.py send_notices [--retry]`: send the notices left waiting (their process stopped
before it could send them) and, with --retry, those that failed and have attempts left.

Run it every few minutes (cron or a systemd timer, docs/install.md): a notice whose mail server
did not answer is tried up to MAX_ATTEMPTS times in all, then left on the secretary's Notices
page with the server's last reply. It prints one line of counts and exits 1 when a send failed.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from clubs.models import NoticeStatus
from scoring.services.notices import deliver_notices, notices_to_send


class Command(BaseCommand):
    help = "Send the notices left waiting; with --retry, try the failed ones again too."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--retry",
            action="store_true",
            help="also try again the notices that failed and have attempts left",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        counts = deliver_notices(notice_ids=notices_to_send(retry=options["retry"]))
        sent, failed = counts[NoticeStatus.SENT], counts[NoticeStatus.FAILED]
        self.stdout.write(f"sent {sent}, failed {failed}")
        if failed:
            raise SystemExit(1)
