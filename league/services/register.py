"""The register of record scores (rule 13 of 1978): claims, the secretary's word, history.

A claim is opened for each register candidate of the rules engine's result, computed with the
house rules the game keeps (the register bounds of the day it started or arrived), once every
player has signed the sheet (scoring.services.signing tells the books through scoring.club,
inside its own transaction). A correction of the game sends any
claim whose score it changes back to the secretary (`review_claims`, in the correction's
transaction). The secretary ratifies a claim into the register or rejects it with a note;
historic records from paper sheets are entered with a scan.
"""

from __future__ import annotations

from datetime import date

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files import File
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from clubs.models import Club, NoticeKind
from league.models import AuditAction, ClaimStatus, RecordKind, RegisterClaim, RegisterEntry
from league.selectors import house_rules
from league.services import audit
from scoring import rules
from scoring.access.roles import is_secretary
from scoring.box_names import game_title_lazy
from scoring.models import Correction, Game, GamePlayer, Member
from scoring.notices import send_notice
from scoring.selectors import game_house_rules, load_game
from scoring.transactions import require_transaction

# What an entry's log lines show of it.
ENTRY_FIELDS = ("date", "player_name", "member", "score", "kind", "ruleset", "note")
WITHDRAWN_NOTE = "Withdrawn: after a correction of the game this score is no longer a candidate."
REOPENED_NOTE = "Reopened: a correction of the game changed this score."
NO_LONGER_NOTE = "Reopened: after a correction of the game this score is no longer a candidate."


@transaction.atomic
def open_claims(*, game: Game) -> list[RegisterClaim]:
    """A pending claim for each register candidate of a finished game; the game's claims for
    its candidates, in seating order. Calling it again opens nothing new.

    After a correction (the players sign again, and this is called again) a pending claim takes
    the corrected score, and one that is no longer a candidate is withdrawn (rejected, with a
    note, by no one). A claim the secretary has decided stays as decided.
    """
    if not game.is_finished or game.is_void:
        return []
    loaded = load_game(game)
    candidates = loaded.result(game_house_rules(game)).register
    existing = {
        (claim.player_id, claim.kind): claim
        for claim in RegisterClaim.objects.select_for_update().filter(game=game)
    }
    claims = []
    for candidate in candidates:
        player = loaded.players[candidate.seat]
        claim = existing.pop((player.pk, candidate.kind), None)
        if claim is None:
            claim = RegisterClaim(
                game=game, player=player, score=candidate.score, kind=candidate.kind
            )
        elif claim.status != ClaimStatus.PENDING or claim.score == candidate.score:
            claims.append(claim)
            continue
        claim.score = candidate.score
        claim.full_clean()
        claim.save()
        claims.append(claim)
    now = timezone.now()
    for stale in existing.values():
        if stale.status == ClaimStatus.PENDING:
            stale.status, stale.decided_at, stale.note = ClaimStatus.REJECTED, now, WITHDRAWN_NOTE
            stale.full_clean()
            stale.save(update_fields=["status", "decided_at", "note"])
    return claims


def review_claims(
    *, game: Game, players: tuple[GamePlayer, ...], result: rules.GameResult, correction: Correction
) -> list[RegisterClaim]:
    """After `correction` of `game` (its `result` as it now stands, with the house rules), every
    claim whose score the game no longer has goes back to the secretary; the claims changed.

    A pending claim takes the corrected score (or is withdrawn when no longer a candidate). A
    ratified or rejected one is reopened, showing the correction and the score it had; a
    ratified one's register entry is withdrawn until the secretary decides again, so the
    register never shows a score the game no longer has. The caller holds the transaction.
    """
    require_transaction("review_claims", within="the correction's transaction")
    claims = list(RegisterClaim.objects.select_for_update().filter(game=game))
    if not claims:
        return []
    candidates = {
        (players[candidate.seat].pk, candidate.kind): candidate.score
        for candidate in result.register
    }
    scores = {players[player.seat].pk: player.score for player in result.players}
    now = timezone.now()
    changed = []
    for claim in claims:
        candidate = candidates.get((claim.player_id, claim.kind))
        score = candidate if candidate is not None else scores.get(claim.player_id, claim.score)
        if candidate is not None and candidate == claim.score:
            continue
        if candidate is None and claim.status == ClaimStatus.REJECTED:
            continue  # not a record before, not one now: nothing for the register to undo
        if claim.status == ClaimStatus.RATIFIED:
            RegisterEntry.objects.filter(
                club_id=game.club_id, claim=claim, withdrawn_at__isnull=True
            ).update(withdrawn_at=now)
        if claim.score_before is None:
            claim.score_before = claim.score
        claim.reopened_by = correction
        claim.score = score
        if candidate is None and claim.status == ClaimStatus.PENDING:
            claim.status, claim.decided_at, claim.note = (
                ClaimStatus.REJECTED,
                now,
                WITHDRAWN_NOTE,
            )
        else:
            claim.status, claim.decided_by, claim.decided_at = ClaimStatus.PENDING, None, None
            claim.note = REOPENED_NOTE if candidate is not None else NO_LONGER_NOTE
        claim.full_clean(exclude=["game", "player", "reopened_by"])
        claim.save()
        changed.append(claim)
    return changed


def _require_secretary(by: User, club_id: int, refused: str) -> None:
    """`refused`: the whole sentence a member reads ("Only the secretary …"), translated."""
    if not is_secretary(by, club_id):
        raise PermissionDenied(refused)


def _pending(claim: RegisterClaim) -> RegisterClaim:
    """The claim, locked and read afresh; refused unless it is still waiting for a decision."""
    claim = (
        RegisterClaim.objects.select_for_update().select_related("game", "player").get(pk=claim.pk)
    )
    if claim.status != ClaimStatus.PENDING:
        raise ValidationError(
            gettext("This claim was already %(status)s: nothing changed.")
            % {"status": claim.get_status_display().lower()}
        )
    return claim


@transaction.atomic
def ratify_claim(*, claim: RegisterClaim, by: User, note: str = "") -> RegisterEntry:
    """The claim goes into the register, dated the day its game finished."""
    _require_secretary(
        by, claim.game.club_id, gettext("Only the secretary ratifies register claims.")
    )
    claim = _pending(claim)
    now = timezone.now()
    claim.status, claim.decided_by, claim.decided_at = ClaimStatus.RATIFIED, by, now
    claim.note = note.strip()
    claim.full_clean()
    claim.save()
    game = claim.game
    if game.is_void:
        raise ValidationError(gettext("This game is void: its claims are not decided."))
    # A claim reopened (by the secretary, or by a correction of its game) keeps its one entry:
    # ratified again, the same line comes back with the claim's score and note of today.
    entry = RegisterEntry.objects.filter(
        club_id=game.club_id, claim=claim
    ).first() or RegisterEntry(
        club_id=game.club_id, game=game, claim=claim, historic=False, created_at=now
    )
    entry.date = timezone.localdate(game.finished_at or now)
    entry.player_name, entry.member = claim.player.name, claim.player.member
    entry.score, entry.kind, entry.ruleset = claim.score, claim.kind, game.ruleset
    entry.note, entry.created_by = claim.note, by
    entry.removed_at, entry.removed_by, entry.removal_reason = None, None, ""
    entry.withdrawn_at = None
    entry.full_clean()
    entry.save()
    audit.record(
        by=by,
        action=AuditAction.CLAIM_RATIFIED,
        target=claim,
        before={"status": ClaimStatus.PENDING},
        after={"status": claim.status, "entry": entry.pk, "score": claim.score},
        reason=claim.note,
    )
    if entry.member is not None:
        # The claimant hears of it once this transaction commits (scoring.notices).
        send_notice(
            club=game.club,
            to=[entry.member],
            kind=NoticeKind.CLAIM_RATIFIED,
            template="league/notices/claim_ratified",
            link=reverse("league:register"),
            context={"score": claim.score, "game": game_title_lazy(game.ruleset)},
        )
    return entry


@transaction.atomic
def reject_claim(*, claim: RegisterClaim, by: User, note: str) -> RegisterClaim:
    """Not a record after all; the note says why, for whoever reads the claim later."""
    _require_secretary(
        by, claim.game.club_id, gettext("Only the secretary rejects register claims.")
    )
    if not note.strip():
        raise ValidationError({"note": gettext("Say why the claim is rejected.")})
    claim = _pending(claim)
    claim.status, claim.decided_by, claim.decided_at = ClaimStatus.REJECTED, by, timezone.now()
    claim.note = note.strip()
    claim.full_clean()
    claim.save()
    audit.record(
        by=by,
        action=AuditAction.CLAIM_REJECTED,
        target=claim,
        before={"status": ClaimStatus.PENDING},
        after={"status": claim.status},
        reason=claim.note,
    )
    return claim


def check_within_register(*, in_club: Club, ruleset: str, kind: str, score: int) -> None:
    """A historic line is a register line: its game keeps a register, and its score is one the
    register takes (beyond the club's bounds, by the engine's rule), high or low as it says."""
    bounds = house_rules(in_club).register_bounds.get(ruleset)
    if bounds is None:
        raise ValidationError(
            {"ruleset": gettext("The club keeps no register for this game (its settings).")}
        )
    if bounds.kind(score) != kind:
        raise ValidationError(
            {
                "score": gettext(
                    "The register takes a high score above %(high)d or a low one below "
                    "%(low)d: %(score)d as %(kind)s is not one."
                )
                % {
                    "high": bounds.high,
                    "low": bounds.low,
                    "score": score,
                    "kind": RecordKind(kind).label if kind in RecordKind.values else kind,
                }
            }
        )


@transaction.atomic
def enter_historic_record(
    *,
    in_club: Club,
    date: date,
    player_name: str,
    member: Member | None,
    score: int,
    kind: str,
    ruleset: str,
    scan: File[bytes] | None,
    note: str,
    by: User,
) -> RegisterEntry:
    """A record from before the app, kept with a scan of its paper sheet (checked by the
    model: an image or a PDF, not too large)."""
    _require_secretary(by, in_club.pk, gettext("Only the secretary enters historic records."))
    if date > timezone.localdate():
        raise ValidationError({"date": gettext("A historic record cannot be dated in the future.")})
    check_within_register(in_club=in_club, ruleset=ruleset, kind=kind, score=score)
    entry = RegisterEntry(
        club=in_club,
        date=date,
        player_name=player_name.strip(),
        member=member,
        score=score,
        kind=kind,
        ruleset=ruleset,
        historic=True,
        scan=scan,
        note=note.strip(),
        created_by=by,
    )
    entry.full_clean()
    entry.save()
    audit.record(
        by=by,
        action=AuditAction.ENTRY_ADDED,
        target=entry,
        after=audit.snapshot(entry, ENTRY_FIELDS),
        reason=entry.note,
    )
    return entry


@transaction.atomic
def attest_game(*, game: Game, by: User, reason: str) -> list[RegisterClaim]:
    """The secretary vouches for an imported game's sheet in place of the players' signatures
    (a historic game whose players cannot all sign any more): its register claims open now."""
    _require_secretary(by, game.club_id, gettext("Only the secretary attests a game."))
    if not reason.strip():
        raise ValidationError({"reason": gettext("Say why the game is attested.")})
    game = Game.objects.select_for_update().get(pk=game.pk)
    if not game.imported:
        raise ValidationError(gettext("Only an imported game is attested; its players sign."))
    if not game.is_finished or game.is_void:
        raise ValidationError(gettext("Only a finished game that is not void is attested."))
    if game.is_signed:
        raise ValidationError(gettext("Every player has signed: there is nothing to attest."))
    if RegisterClaim.objects.filter(game=game).exists():
        raise ValidationError(gettext("This game's claims are already open: nothing changed."))
    claims = open_claims(game=game)
    audit.record(
        by=by,
        action=AuditAction.GAME_ATTESTED,
        target=game,
        after={"claims": [claim.pk for claim in claims]},
        reason=reason,
    )
    return claims
