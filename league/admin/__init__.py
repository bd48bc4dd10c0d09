"""The Django admin, set up for the secretary: members, games, the register, the ledger and
the club's settings. Every change it makes goes through the same services as the pages."""

from league.admin import books, games, members

__all__ = ["books", "games", "members"]
