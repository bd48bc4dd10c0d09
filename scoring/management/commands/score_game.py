"""`manage.py score_game FILE...`: score game records and print one JSON line each."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring import rules

INVALID_EXIT_STATUS = 2


def read_record_text(path: Path) -> str | dict[str, object]:
    """The file's text, or an error line when it cannot be read as UTF-8 text."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {"error": "no such file"}
    except IsADirectoryError:
        return {"error": "a directory, not a game record file"}
    except UnicodeDecodeError:
        return {"error": "not a text file: a game record is JSON in UTF-8"}
    except OSError as error:
        return {"error": f"cannot be read: {error.strerror}"}


class Command(BaseCommand):
    help = (
        "Score game records (docs/game-record.md) and print one JSON object per file. "
        "Exits 0 when every file is valid, 2 otherwise. Writes nothing."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", metavar="FILE", help="game record JSON files")

    def handle(self, *args: Any, **options: Any) -> None:
        all_valid = True
        for name in options["files"]:
            text = read_record_text(Path(name))
            scored = rules.score_text(text) if isinstance(text, str) else text
            all_valid = all_valid and "error" not in scored
            self.stdout.write(json.dumps({"file": name, **scored}))
        if not all_valid:
            raise CommandError("some records are not valid", returncode=INVALID_EXIT_STATUS)
