"""The register's service: claims from the engine's candidates, the secretary's decisions,
and historic records."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files import File
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from league.models import AuditEntry, ClaimStatus, RegisterClaim, RegisterEntry
from league.selectors import highest_to_date
from league.services.register import (
    WITHDRAWN_NOTE,
    enter_historic_record,
    open_claims,
    ratify_claim,
    reject_claim,
)
from league.services.settings import update_club_settings
from scoring import rules
from scoring.services.corrections import correct_turn
from tests.factories import the_club
from tests.league.helpers import pdf_upload, play_bar, png_upload
from tests.scoring.services.helpers import imported, member, secretary

pytestmark = pytest.mark.django_db


def claims_of(game_claims: list[RegisterClaim]) -> list[tuple[str, int, str, str]]:
    return [(c.player.name, c.score, c.kind, c.status) for c in game_claims]


def old_tom(
    *,
    by: User,
    score: int = 171,
    scan: File[bytes] | None = None,
    date: datetime.date = datetime.date(1979, 11, 2),
) -> RegisterEntry:
    """A historic bar record of 1979, entered by `by`."""
    return enter_historic_record(
        in_club=the_club(),
        date=date,
        player_name=" Old Tom ",
        member=None,
        score=score,
        kind="high",
        ruleset="bar",
        scan=scan,
        note="From the 1979 book.",
        by=by,
    )


def test_a_game_not_yet_finished_opens_no_claim() -> None:
    game = play_bar(leave=1)

    assert open_claims(game=game) == []
    assert not RegisterClaim.objects.exists()


def test_a_finished_bar_game_of_three_opens_a_claim_for_the_162_and_the_38() -> None:
    game = play_bar()

    claims = open_claims(game=game)

    assert claims_of(claims) == [
        ("Ann", 162, "high", "pending"),
        ("Ben", 38, "low", "pending"),
    ]


def test_opening_claims_again_opens_nothing_new() -> None:
    game = play_bar()
    first = open_claims(game=game)

    again = open_claims(game=game)

    assert [c.pk for c in again] == [c.pk for c in first]
    assert RegisterClaim.objects.count() == 2


def test_a_two_player_game_opens_no_claim() -> None:
    game = play_bar(("Ann", "Ben"))

    assert open_claims(game=game) == []


def test_the_clubs_bounds_decide_the_claims() -> None:
    update_club_settings(
        in_club=the_club(),
        by=secretary(),
        club_name="",
        drinks_in_balut=True,
        drinks_in_jackpot=True,
        register_bounds={"bar": rules.RegisterBounds(high=170, low=20)},
        default_options={},
    )

    assert open_claims(game=play_bar()) == []


def test_ratified_claims_go_into_the_register_and_the_162_is_the_highest_to_date() -> None:
    game = play_bar()
    ann, ben = open_claims(game=game)
    boss = secretary()

    entry = ratify_claim(claim=ann, by=boss, note="Witnessed by the bar.")
    ratify_claim(claim=ben, by=boss)

    assert (entry.player_name, entry.score, entry.kind, entry.ruleset) == (
        "Ann",
        162,
        "high",
        "bar",
    )
    assert entry.game == game and entry.claim == ann and not entry.historic
    assert entry.member is not None and entry.member.known_as == "Ann"
    assert entry.date == timezone.localdate(game.finished_at)
    ann.refresh_from_db()
    assert (ann.status, ann.decided_by, ann.note) == ("ratified", boss, "Witnessed by the bar.")
    assert ann.decided_at is not None
    assert RegisterEntry.objects.count() == 2
    assert [(best.score, best.player_name) for best in highest_to_date(the_club())] == [
        (162, "Ann")
    ]


def test_a_higher_score_becomes_the_highest_to_date() -> None:
    boss = secretary()
    ratify_claim(claim=open_claims(game=play_bar())[0], by=boss)
    old_tom(by=boss, score=175, scan=png_upload())

    assert [(best.score, best.player_name) for best in highest_to_date(the_club())] == [
        (175, "Old Tom")
    ]


def test_only_the_secretary_decides_claims() -> None:
    claim = open_claims(game=play_bar())[0]
    ann = member("Zed")

    with pytest.raises(PermissionDenied):
        ratify_claim(claim=claim, by=ann.user)
    with pytest.raises(PermissionDenied):
        reject_claim(claim=claim, by=ann.user, note="no")

    claim.refresh_from_db()
    assert claim.status == ClaimStatus.PENDING
    assert not RegisterEntry.objects.exists()


def test_rejecting_needs_a_note_and_keeps_the_claim() -> None:
    claim = open_claims(game=play_bar())[1]
    boss = secretary()

    with pytest.raises(ValidationError, match="Say why"):
        reject_claim(claim=claim, by=boss, note="  ")
    rejected = reject_claim(claim=claim, by=boss, note="Dice were cocked.")

    assert (rejected.status, rejected.note, rejected.decided_by) == (
        "rejected",
        "Dice were cocked.",
        boss,
    )
    assert not RegisterEntry.objects.exists()


def test_a_decided_claim_cannot_be_decided_again() -> None:
    claim = open_claims(game=play_bar())[0]
    boss = secretary()
    ratify_claim(claim=claim, by=boss)

    with pytest.raises(ValidationError, match="already ratified"):
        ratify_claim(claim=claim, by=boss)
    with pytest.raises(ValidationError, match="already ratified"):
        reject_claim(claim=claim, by=boss, note="changed my mind")

    assert RegisterEntry.objects.count() == 1


def test_after_a_correction_a_pending_claim_no_longer_held_is_withdrawn() -> None:
    game = play_bar()
    open_claims(game=game)
    boss = secretary()
    # Ben's choice was 66542 (23): as 66666 (30) his total is 45, no longer below 41.
    number = next(
        t.number for t in game.turns.all() if t.record["player"] == "Ben" and t.box == "choice"
    )
    correct_turn(
        game=game,
        number=number,
        turn_record={"box": "choice", "dice": [6, 6, 6, 6, 6]},
        reason="Misread the dice",
        corrected_by=boss,
    )
    game.refresh_from_db()

    claims = open_claims(game=game)

    assert claims_of(claims) == [("Ann", 162, "high", "pending")]
    withdrawn = RegisterClaim.objects.get(player__name="Ben")
    assert (withdrawn.status, withdrawn.note, withdrawn.decided_by) == (
        "rejected",
        WITHDRAWN_NOTE,
        None,
    )


def test_a_historic_record_keeps_its_scan_and_has_no_game() -> None:
    entry = old_tom(by=secretary(), scan=pdf_upload())

    entry.refresh_from_db()
    assert entry.historic and entry.game is None and entry.claim is None
    assert (entry.player_name, entry.note) == ("Old Tom", "From the 1979 book.")
    assert entry.scan.name.startswith("register/scans/") and entry.scan.name.endswith(".pdf")
    assert entry.scan.read().startswith(b"%PDF-")


def test_a_historic_record_refuses_a_scan_that_is_neither_image_nor_pdf() -> None:
    script = SimpleUploadedFile("sheet.pdf", b"<script>alert(1)</script>")

    with pytest.raises(ValidationError, match="photo .* or a PDF"):
        old_tom(by=secretary(), scan=script)
    assert not RegisterEntry.objects.exists()


def test_a_historic_record_refuses_a_scan_too_large(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("league.scans.MAX_SCAN_BYTES", 100)

    with pytest.raises(ValidationError, match="too large"):
        old_tom(by=secretary(), scan=png_upload())
    assert not RegisterEntry.objects.exists()


def test_a_historic_record_is_the_secretarys_and_not_in_the_future() -> None:
    with pytest.raises(PermissionDenied):
        old_tom(by=member("Zed").user)
    with pytest.raises(ValidationError, match="future"):
        old_tom(by=secretary(), date=timezone.localdate() + datetime.timedelta(days=1))
    assert not RegisterEntry.objects.exists()


def test_an_imported_game_opens_claims_like_any_other() -> None:
    game = imported("bar-register")

    claims = open_claims(game=game)

    assert claims_of(claims) == [
        ("Dee", 164, "high", "pending"),
        ("Hal", 26, "low", "pending"),
        ("Eli", 14, "low", "pending"),
    ]


@pytest.mark.parametrize(
    ("ruleset", "score", "kind", "field"),
    [
        ("bar", 150, "high", "score"),  # not above the bar register's 159
        ("bar", 45, "low", "score"),  # not below its 41
        ("bar", 12, "high", "score"),  # a low score entered as a high one
        ("balut", 400, "high", "ruleset"),  # the club keeps no register for Standard Balut
    ],
)
def test_a_historic_line_the_register_would_not_take_is_refused(
    ruleset: str, score: int, kind: str, field: str
) -> None:
    with pytest.raises(ValidationError) as refused:
        enter_historic_record(
            in_club=the_club(),
            date=datetime.date(1985, 6, 1),
            player_name="Old Tom",
            member=None,
            score=score,
            kind=kind,
            ruleset=ruleset,
            scan=None,
            note="",
            by=secretary(),
        )
    assert field in refused.value.message_dict
    assert not RegisterEntry.objects.exists() and not AuditEntry.objects.exists()
