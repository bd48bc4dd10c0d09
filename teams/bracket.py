"""What a cup's bracket page reads: its rounds, named in the reader's language, and their ties
with the signed cards' scores. Two queries however many rounds."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

from teams.cup import FINAL, QUARTER_FINALS, SEMI_FINALS
from teams.models import CupTie, Division, Team


def round_title(teams_in_round: int) -> str:
    """The round's name: Final, Semi-finals, Quarter-finals, Round of 16, ..."""
    if teams_in_round == FINAL:
        return gettext("Final")
    if teams_in_round == SEMI_FINALS:
        return gettext("Semi-finals")
    if teams_in_round == QUARTER_FINALS:
        return gettext("Quarter-finals")
    return gettext("Round of %(teams)d") % {"teams": teams_in_round}


@dataclass(frozen=True)
class BracketTie:
    tie: CupTie
    home_score: int | None
    away_score: int | None

    @property
    def sides(self) -> list[tuple[Team | None, int | None]]:
        """Home and away, each with its score once the card is signed."""
        return [(self.tie.home, self.home_score), (self.tie.away, self.away_score)]

    @property
    def level(self) -> bool:
        """Signed and level, with no winner named yet: the secretary's to settle."""
        return (
            self.tie.winner_id is None
            and self.home_score is not None
            and self.home_score == self.away_score
        )


@dataclass(frozen=True)
class BracketRound:
    number: int
    title: str
    ties: list[BracketTie]


def bracket_of(division: Division) -> list[BracketRound]:
    """The division's cup rounds, first to final; empty before the draw."""
    ties = list(
        CupTie.objects.filter(division=division)
        .select_related("home", "away", "winner", "fixture__match")
        .order_by("round", "position")
    )
    if not ties:
        return []
    rounds = max(tie.round for tie in ties)
    found: dict[int, list[BracketTie]] = {number: [] for number in range(1, rounds + 1)}
    for tie in ties:
        match = getattr(tie.fixture, "match", None) if tie.fixture else None
        signed = match is not None and match.is_signed
        found[tie.round].append(
            BracketTie(
                tie,
                match.home_score if signed and match else None,
                match.away_score if signed and match else None,
            )
        )
    return [
        BracketRound(number, round_title(2 ** (rounds - number + 1)), found[number])
        for number in found
    ]
