"""The league's models: the books (register, ledger, settings), the kept results, the audit log."""

from league.models.audit import NEEDS_REASON, AuditAction, AuditEntry
from league.models.books import (
    ClaimStatus,
    DebtStatus,
    DrinkDebt,
    DrinkReason,
    RecordKind,
    RegisterClaim,
    RegisterEntry,
)
from league.models.club_settings import ClubSettings, PublicArea
from league.models.results import GameBooking, PlayerResultRow, Season, SeasonStanding
from league.models.tallies import BoxTally, KindTally, MonthTally, RivalryTally, TotalBinTally

__all__ = [
    "NEEDS_REASON",
    "AuditAction",
    "AuditEntry",
    "BoxTally",
    "ClaimStatus",
    "ClubSettings",
    "DebtStatus",
    "DrinkDebt",
    "DrinkReason",
    "GameBooking",
    "KindTally",
    "MonthTally",
    "PlayerResultRow",
    "PublicArea",
    "RecordKind",
    "RegisterClaim",
    "RegisterEntry",
    "RivalryTally",
    "Season",
    "SeasonStanding",
    "TotalBinTally",
]
