"""The teams' models: competitions, divisions, teams and fixtures; matches and their cards."""

from teams.models.competitions import (
    Competition,
    CompetitionKind,
    Division,
    DivisionEntry,
    Fixture,
    FixtureStatus,
    Organiser,
    Team,
    TeamMember,
)
from teams.models.cup import CupTie
from teams.models.entries import CompetitionPlace, EntryDecision, EntryRequest
from teams.models.matches import (
    CardReopening,
    CardSignature,
    ConcededGame,
    Dispute,
    LineupPlace,
    Match,
    MatchGame,
    MatchPlayer,
    Walkover,
)

__all__ = [
    "CardReopening",
    "CardSignature",
    "Competition",
    "CompetitionKind",
    "CompetitionPlace",
    "ConcededGame",
    "CupTie",
    "Dispute",
    "Division",
    "DivisionEntry",
    "EntryDecision",
    "EntryRequest",
    "Fixture",
    "FixtureStatus",
    "LineupPlace",
    "Match",
    "MatchGame",
    "MatchPlayer",
    "Organiser",
    "Team",
    "TeamMember",
    "Walkover",
]
