"""The league's models: the books (register, ledger, settings) and the kept results."""

from league.models.books import (
    ClaimStatus,
    ClubSettings,
    DebtStatus,
    DrinkDebt,
    DrinkReason,
    PublicArea,
    RecordKind,
    RegisterClaim,
    RegisterEntry,
)
from league.models.results import PlayerResultRow, Season
from league.models.tallies import BoxTally, MonthTally, RivalryTally, TotalBinTally

__all__ = [
    "BoxTally",
    "ClaimStatus",
    "ClubSettings",
    "DebtStatus",
    "DrinkDebt",
    "DrinkReason",
    "MonthTally",
    "PlayerResultRow",
    "PublicArea",
    "RecordKind",
    "RegisterClaim",
    "RegisterEntry",
    "RivalryTally",
    "Season",
    "TotalBinTally",
]
