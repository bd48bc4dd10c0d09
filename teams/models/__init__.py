"""The teams' models: competitions, divisions, teams and fixtures; matches and their cards."""

from teams.models.competitions import (
    Competition,
    CompetitionKind,
    Division,
    DivisionEntry,
    Fixture,
    FixtureStatus,
    Team,
    TeamMember,
)
from teams.models.cup import CupTie
from teams.models.matches import (
    CardReopening,
    CardSignature,
    Dispute,
    Match,
    MatchGame,
    MatchPlayer,
)

__all__ = [
    "CardReopening",
    "CardSignature",
    "Competition",
    "CompetitionKind",
    "CupTie",
    "Dispute",
    "Division",
    "DivisionEntry",
    "Fixture",
    "FixtureStatus",
    "Match",
    "MatchGame",
    "MatchPlayer",
    "Team",
    "TeamMember",
]
