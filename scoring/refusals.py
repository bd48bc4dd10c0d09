"""The rules engine's refusals worded in the reader's language.

The engine (scoring.rules) reports what is wrong as a code with its values and an English
message, which is the msgid here: every place that shows a refusal to a reader words it with
`refusal` (forms, services, views, the import of game records). The `score_game` command prints
the engine's English: it is a command-line tool for the club's administrator, like Django's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime

from django.utils.formats import date_format
from django.utils.translation import gettext

from scoring.box_names import box_name
from scoring.rules.errors import BoxName, InvalidRecord, RuleError, Words


def refusal(error: RuleError) -> str:
    """What the engine refused, in the active language ("turn 3: …" when a record's turn)."""
    if isinstance(error, InvalidRecord) and error.turn is not None:
        return gettext("turn %(turn)s: %(reason)s") % {
            "turn": error.turn,
            "reason": reason(error),
        }
    return reason(error)


def reason(error: RuleError) -> str:
    """What is wrong, in the active language, without the record's turn it is wrong in."""
    return _worded(error.message, error.params)


def _worded(message: str, params: Mapping[str, object]) -> str:
    if not params:
        return gettext(message)
    return gettext(message) % {name: _word(value) for name, value in params.items()}


def _word(value: object) -> object:
    if isinstance(value, RuleError):
        return refusal(value)
    if isinstance(value, Words):
        return _worded(value.message, value.params)
    if isinstance(value, BoxName):
        return box_name(value.key)
    # Dates in the reader's locale. A moment stays at the offset it was given with: that is
    # how its reader wrote it, and converting one near year 1 or 9999 could overflow.
    if isinstance(value, datetime):
        return date_format(value, "DATETIME_FORMAT")
    if isinstance(value, date):
        return date_format(value, "DATE_FORMAT")
    return value
