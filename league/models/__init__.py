"""The league's models: the books (register, ledger, settings) and the kept results."""

from league.models.books import (
    ClaimStatus,
    ClubSettings,
    DebtStatus,
    DrinkDebt,
    DrinkReason,
    RecordKind,
    RegisterClaim,
    RegisterEntry,
)
from league.models.results import BoxTally, PlayerResultRow, Season

__all__ = [
    "BoxTally",
    "ClaimStatus",
    "ClubSettings",
    "DebtStatus",
    "DrinkDebt",
    "DrinkReason",
    "PlayerResultRow",
    "RecordKind",
    "RegisterClaim",
    "RegisterEntry",
    "Season",
]
