"""Books kept above the league (the ratings), told of every game the league books.

The league cannot import the apps above it (tests/test_architecture.py), yet their books must
follow a game's result in the same transaction, as the league's own do. So, as scoring reaches
the league through scoring.club, the league reaches them through this explicit registry: an
app above registers its book in its AppConfig.ready(), and `league.services.books` calls every
registered book right after it has stored the game's result rows, inside the change's
transaction (a failure undoes the change too). `check_books` asks each to check itself against
a full recomputation, and the rebuild of kept figures (after a synthetic history, or
`check_books --repair --rebuild-figures`) asks each to rebuild. Not a Django signal, for the
reasons scoring.club gives: a registry is a plain, typed call, in a known order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from league.models import PlayerResultRow
    from scoring.models import Game


class UpperBook(Protocol):
    """A book an app above the league keeps of finished games."""

    name: str

    def game_booked(self, *, game: Game, rows: Sequence[PlayerResultRow]) -> None:
        """`game`'s result rows are now `rows` (none: it no longer counts). Called inside the
        change's transaction, after the league's books."""

    def check(self, *, repair: bool) -> list[str]:
        """Compare the book with a full recomputation: a line for each difference found; with
        `repair`, write the recomputation (one transaction)."""

    def rebuild(self) -> None:
        """Work the whole book out afresh from the league's kept rows (inside a transaction)."""


_books: dict[str, UpperBook] = {}


def keep_upper_book(book: UpperBook) -> None:
    """Register `book` (once per name: registering again replaces it)."""
    _books[book.name] = book


def upper_books() -> list[UpperBook]:
    return list(_books.values())
