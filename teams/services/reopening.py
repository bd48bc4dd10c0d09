"""A correction of a table's game reaches the match card (the teams' book, teams.book).

The captains signed figures: the score and each player's place. When a correction or a void of
one of the match's games changes those figures, what they signed no longer stands: their
signatures go, the card's kept figures and code go with them (so the division table and the
cup bracket stop counting the match, and a cup winner leaves the next round again), the match is
marked reopened, and both captains are told to sign again. All of it in the correction's own
transaction: if any of it fails, the correction is not kept either. A correction that leaves
every figure alone leaves the card, its signatures and its code alone.
"""

from __future__ import annotations

from django.utils import timezone

from scoring.models import Game
from scoring.transactions import require_transaction
from teams.models import CardReopening, FixtureStatus, Match, MatchGame
from teams.selectors import figures_digest, kept_figures_digest, match_outcome
from teams.services.cup import withdraw_advance
from teams.services.notices import tell_of_reopening


def follow_game(*, game: Game) -> Match | None:
    """Called for every game the league books, inside the change's transaction: the match the
    game is a table of, reopened when its signed figures changed (None when nothing changed)."""
    require_transaction("Following a match game", within="the change's transaction")
    match_id = MatchGame.objects.filter(game=game).values_list("match_id", flat=True).first()
    if match_id is None:
        return None
    # The same row lock the captains' signing takes: a signature and a correction wait for
    # each other, so neither reads the card the other is changing.
    match = Match.objects.select_for_update().select_related("fixture").get(pk=match_id)
    signatures = list(match.signatures.all())
    if not signatures:
        return None
    now = figures_digest(match_outcome(match))
    if match.is_signed:
        changed = kept_figures_digest(match) != now
    else:
        # A signature kept before its figures were (figures == ""): nobody can tell what it
        # was given on, so it is asked again.
        changed = any(signature.figures != now for signature in signatures)
    if not changed:
        return None
    reopen(match)
    return match


def reopen(match: Match) -> None:
    """The card as if nobody had signed it yet, the old figures and code kept in its history."""
    now = timezone.now()
    outcome = match_outcome(match)
    history = CardReopening(
        match=match,
        verification_code=match.verification_code,
        home_score=match.home_score,
        away_score=match.away_score,
        reopened_at=now,
    )
    history.full_clean()
    history.save()
    if match.is_signed:
        withdraw_advance(
            match,
            home_score=outcome.score.home if outcome else None,
            away_score=outcome.score.away if outcome else None,
        )
        fixture = match.fixture
        fixture.status = FixtureStatus.SCHEDULED
        fixture.full_clean()
        fixture.save(update_fields=["status", "updated_at"])
    match.signatures.all().delete()
    match.players.update(rank=None, earned=None)
    match.verification_code = ""
    match.signed_at = None
    match.home_score = match.away_score = None
    match.reopened_at = now
    match.full_clean()
    match.save(
        update_fields=[
            "verification_code",
            "signed_at",
            "home_score",
            "away_score",
            "reopened_at",
        ]
    )
    # Both captains hear of it once the correction commits (scoring.notices).
    tell_of_reopening(match)
