"""What scoring asks of the club's books, and what it tells them.

Scoring keeps games; the league app keeps the books that follow from them (stored results,
winning runs and tallies, drinks debts, register claims) and the club's house rules. Scoring
never imports league (a test proves it): it names here what it needs, as a typed Protocol, and
the league registers its implementation in `LeagueConfig.ready()`.

Why an explicit hook and not a Django signal: the books must be written in the same database
transaction as the change of the game, and a failure there must undo the change. A signal's
receivers are optional and anonymous (a receiver that was never connected, because its module was
not imported, fails silently and leaves a finished game unbooked) and `send()` hides the order
and the return values. One registered object, called where the change happens, is a plain
function call: mypy checks it, a missing registration fails loudly, and a reader follows
`game_changed` straight to the league's `LeagueBooks`.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from django.core.exceptions import ImproperlyConfigured, ValidationError
from django.utils.translation import gettext

from scoring import rules
from scoring.transactions import require_transaction

if TYPE_CHECKING:
    from clubs.models import Club
    from scoring.models import Correction, Game, GamePlayer

logger = logging.getLogger(__name__)


class PlayedGame(Protocol):
    """What the books need of a game as it now stands: a LoadedGame, or a LiveGame (a game in
    play, kept turn by turn without its turns' rows)."""

    @property
    def game(self) -> Game: ...

    @property
    def players(self) -> tuple[GamePlayer, ...]: ...

    def result(
        self, house_rules: rules.HouseRules = rules.DEFAULT_HOUSE_RULES
    ) -> rules.GameResult: ...


class GameChange(enum.StrEnum):
    """Why a game's result came into being or changed."""

    FINISHED = "finished"  # its last turn was recorded on the tablet
    IMPORTED = "imported"  # it arrived whole: a game record, demo data
    CORRECTED = "corrected"  # a recorded turn was corrected
    VOIDED = "voided"  # it no longer counts (for the void the secretary is to get)


@dataclass(frozen=True)
class HouseSettings:
    """The club's house rules and defaults, as scoring needs them; read in one query."""

    club_name: str
    house_rules: rules.HouseRules
    default_options: Mapping[str, rules.Options]
    public_areas: frozenset[str]
    """The parts of the app visitors who are not signed in may see (scoring.access.privacy)."""
    pin_session_hours: int
    """A PIN session on the shared tablet ends after this long without use."""
    default_language: str = "en"
    """The language when the browser asks for none the club has, and of printed sheets."""

    def options_for(self, ruleset: str) -> rules.Options:
        return self.default_options.get(ruleset) or rules.parse_options(None)


class ClubBooks(Protocol):
    """The club's books as scoring sees them."""

    def house_settings(self, club: Club) -> HouseSettings: ...

    def clubs_showing(self, area: str) -> frozenset[int]:
        """The ids of the clubs that open `area` to visitors (one or two queries)."""
        ...

    def game_changed(
        self, *, loaded: PlayedGame, change: GameChange, correction: Correction | None
    ) -> None:
        """Book everything that follows from `loaded` (replayed as it now stands). Called inside
        the transaction of the change: raising undoes the change too."""

    def sheet_signed(self, *, game: Game) -> None:
        """Every player has signed `game`: open its register claims (same transaction)."""


class BookingFailed(Exception):
    """The books could not follow a change: nothing of the change was kept, it may be sent
    again. Its message is for the scorer or the secretary."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


_books: ClubBooks | None = None


def keep_books(books: ClubBooks) -> None:
    """Register the club's books (the league does, in its AppConfig.ready)."""
    global _books  # noqa: PLW0603 - one registry, set once at start-up
    _books = books


def books() -> ClubBooks:
    if _books is None:
        raise ImproperlyConfigured(
            "No club books are registered: add 'league' to INSTALLED_APPS (its AppConfig "
            "registers them)."
        )
    return _books


def house_settings(club: Club) -> HouseSettings:
    """The house settings of `club` (each club of the server keeps its own)."""
    return books().house_settings(club)


def clubs_showing(area: str) -> frozenset[int]:
    """The clubs of the server that let visitors see `area` (a PublicArea): what one club may
    show of another's (privacy is the owning club's)."""
    return books().clubs_showing(area)


def house_rules(club: Club) -> rules.HouseRules:
    return house_settings(club).house_rules


def game_changed(
    *, loaded: PlayedGame, change: GameChange, correction: Correction | None = None
) -> None:
    """Tell the books, inside the caller's transaction, that a game's result came into being
    or changed. Any failure of the books becomes BookingFailed, which the caller lets out of its
    transaction: the change is rolled back with whatever the books had written."""
    require_transaction("game_changed", within="the change's transaction")
    try:
        books().game_changed(loaded=loaded, change=change, correction=correction)
    except ValidationError as refused:
        # A book that refuses the change in words (a cup winner who has played the next round
        # already) is no failure of the books: the secretary is told why, and nothing is kept.
        raise BookingFailed(" ".join(refused.messages)) from refused
    except Exception as error:
        logger.exception("Booking game %s (%s) failed", loaded.game.pk, change)
        raise BookingFailed(
            gettext(
                "The club's books could not be written, so nothing of this change was kept. "
                "Try again in a moment; if it keeps failing, tell the secretary."
            )
        ) from error


def sheet_signed(*, game: Game) -> None:
    """Tell the books, inside the signing transaction, that every player signed `game`."""
    require_transaction("sheet_signed", within="the signing transaction")
    try:
        books().sheet_signed(game=game)
    except Exception as error:
        logger.exception("Opening the register claims of game %s failed", game.pk)
        raise BookingFailed(
            gettext(
                "The register could not be written, so this signature was not kept. "
                "Try again in a moment; if it keeps failing, tell the secretary."
            )
        ) from error
