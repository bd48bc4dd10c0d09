"""The audit log reads as the secretary would say it: labels not field names, people by the
name the club knows them by, times in the club's time zone, in the reader's language; only
what changed; and every import has its line."""

from __future__ import annotations

import datetime
import json
import re

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from league.audit_words import People, describe, subject
from league.models import AuditAction, AuditEntry, ClaimStatus, DrinkDebt, PublicArea, RegisterClaim
from league.selectors import audit_people
from league.services.books import book_game
from league.services.ledger import write_off_debt
from league.services.register import open_claims, ratify_claim
from league.services.settings import update_club_settings
from league.services.undo import reopen_claim
from scoring import rules
from scoring.models import Game
from tests.factories import the_club
from tests.league.helpers import play_bar
from tests.scoring.services.helpers import example, imported, secretary

pytestmark = pytest.mark.django_db

AUDIT = reverse("league:audit")


def said(entry: AuditEntry) -> str:
    return describe(entry, People.of(audit_people(the_club())))


def named_secretary(username: str = "sue-2") -> User:
    boss = secretary(username)
    boss.first_name, boss.last_name = "Sue", "Hansen"
    boss.save()
    return boss


def change(by: User, **changes: object) -> AuditEntry:
    arguments: dict[str, object] = {
        "by": by,
        "club_name": "",
        "drinks_in_balut": True,
        "drinks_in_jackpot": True,
        "register_bounds": {"bar": rules.RegisterBounds(high=159, low=41)},
        "default_options": {},
    }
    update_club_settings(in_club=the_club(), **{**arguments, **changes})  # type: ignore[arg-type]
    return AuditEntry.objects.filter(action=AuditAction.SETTINGS_CHANGED).latest("id")


def test_a_settings_change_reads_as_labels_and_what_visitors_lose() -> None:
    boss = named_secretary()
    everything = list(PublicArea.values)
    change(boss, club_name="", public_areas=everything)
    fewer = [area for area in everything if area not in ("standings", "games")]

    entry = change(boss, club_name="Balutklubben Ørsted", public_areas=fewer)

    assert said(entry) == (
        "Club name: (empty) → Balutklubben Ørsted; Open to visitors: −Standings, "
        "−Games: the list, live sheets and the signing page"
    )


def test_a_changed_default_option_names_the_game_and_the_option_only() -> None:
    boss = named_secretary()
    entry = change(boss, default_options={"balut": {"guess_points": 2}})

    assert entry.after == {"default_options": {"balut": {"guess_points": 2}}}
    assert said(entry) == "Standard Balut: guess points: 0 → 2"


def test_saving_the_settings_page_untouched_logs_nothing(client: Client) -> None:
    boss = named_secretary()
    change(boss, club_name="Ørsted")
    lines = AuditEntry.objects.count()
    client.force_login(boss)
    page = client.get(reverse("league:settings"))
    form = page.context["form"]
    posted = {
        name: value
        for name, value in (
            (field.html_name, field.value()) for field in form if field.value() is not None
        )
        if value is not False
    }

    response = client.post(reverse("league:settings"), posted)

    assert response.status_code == 302, response.content.decode()[:2000]
    assert AuditEntry.objects.count() == lines


def test_saving_the_usual_options_spelt_out_logs_nothing() -> None:
    boss = named_secretary()
    change(boss, club_name="Ørsted")
    spelt_out = {ruleset: rules.parse_options(None).as_dict() for ruleset in rules.RULESET_TITLES}
    lines = AuditEntry.objects.count()

    change(boss, club_name="Ørsted", default_options=spelt_out)

    assert AuditEntry.objects.count() == lines


def ratified_then_reopened(boss: User) -> AuditEntry:
    game = play_bar()
    book_game(game=game)
    open_claims(game=game)
    claim = RegisterClaim.objects.get(game=game, kind="high")
    ratify_claim(claim=claim, by=boss)
    # Decided at 13:19 UTC on 25 Nov 2026: 14:19 in Copenhagen.
    RegisterClaim.objects.filter(pk=claim.pk).update(
        decided_at=datetime.datetime(2026, 11, 25, 13, 19, 3, tzinfo=datetime.UTC)
    )
    reopen_claim(claim=claim, by=boss, reason="Too soon")
    return AuditEntry.objects.get(action=AuditAction.CLAIM_REOPENED)


def test_a_reopened_claim_says_who_ratified_it_and_when_in_club_time() -> None:
    boss = named_secretary()
    entry = ratified_then_reopened(boss)

    text = said(entry)

    # The status's part of the change (the register line it made may be named before it).
    assert "Status: ratified by Sue Hansen on 25 Nov 2026, 14:19 → pending" in text
    assert "decided" not in text and "2026-11-25" not in text and "sue-2" not in text


def test_the_log_speaks_the_readers_language() -> None:
    boss = named_secretary()
    entry = ratified_then_reopened(boss)

    with translation.override("da"):
        danish = said(entry)
    with translation.override("de"):
        german = said(entry)

    # Dates as each language writes them (balutclub/formats), not the English "25 Nov 2026".
    assert "Status: godkendt af Sue Hansen den 25. nov. 2026 kl. 14.19 → afventer" in danish
    assert "Stand: bestätigt von Sue Hansen am 25. Nov. 2026, 14:19 → offen" in german


def test_what_a_line_is_about_reads_in_the_readers_language_whoever_wrote_it() -> None:
    boss = named_secretary()
    with translation.override("en"):
        entry = ratified_then_reopened(boss)

    with translation.override("da"):
        danish = subject(entry)
    with translation.override("de"):
        german = subject(entry)

    assert re.search(r"\(high\) in Bar Balut \(1978\) #\d+$", entry.object_repr)
    assert danish == entry.object_words["da"] and "(high)" not in danish and " in " not in danish
    assert german == entry.object_words["de"] and "(high)" not in german


def test_a_line_written_before_lines_had_every_language_shows_its_words_as_written() -> None:
    entry = AuditEntry(object_repr="Old Tom 171 (high, 2 Nov 1979)", object_words={})

    with translation.override("da"):
        assert subject(entry) == "Old Tom 171 (high, 2 Nov 1979)"


def test_a_written_off_round_reads_as_its_status_not_a_code() -> None:
    boss = named_secretary()
    game = play_bar()
    book_game(game=game)
    debt = DrinkDebt.objects.filter(game=game).first()
    assert debt is not None
    write_off_debt(debt=debt, by=boss, reason="Left the club")

    entry = AuditEntry.objects.get(action=AuditAction.DEBT_WRITTEN_OFF)

    assert said(entry) == "Status: owed → written off"


def test_the_who_filter_and_column_name_people_not_logins(client: Client) -> None:
    boss = named_secretary()
    change(boss, club_name="Ørsted")
    client.force_login(boss)

    html = client.get(AUDIT).content.decode()

    table = html[html.index('id="audit-table"') :]
    assert f'<option value="{boss.pk}">Sue Hansen</option>' in html
    assert "Sue Hansen" in table and "sue-2" not in table
    assert client.get(AUDIT, {"by": boss.pk}).content.decode().count("data-audit=") == 1


def test_an_imported_game_is_logged_with_who_when_which_file_and_which_game() -> None:
    boss = named_secretary()
    game = imported("bar-register", by=boss)

    entry = AuditEntry.objects.get(action=AuditAction.GAME_IMPORTED)

    assert (entry.by, entry.object_type, entry.object_id) == (boss, "game", game.pk)
    text = said(entry)
    assert "Source: test:bar-register" in text and "Players: " in text


def test_a_game_imported_on_the_page_names_its_file_in_the_log(client: Client) -> None:
    boss = named_secretary()
    client.force_login(boss)
    upload = SimpleUploadedFile(
        "tuesday.json", json.dumps(example("bar-register")).encode(), "application/json"
    )

    client.post(reverse("scoring:game_import"), {"records": upload})

    game = Game.objects.get()
    entry = AuditEntry.objects.get(action=AuditAction.GAME_IMPORTED)
    assert entry.object_id == game.pk and "tuesday.json" in entry.after["source"]
    page = client.get(AUDIT, {"action": "game_imported"}).content.decode()
    assert "Game imported" in page and "tuesday.json" in page


def test_a_refused_import_logs_nothing() -> None:
    boss = named_secretary()
    with pytest.raises(ValidationError):
        imported("invalid-face", by=boss)
    assert not AuditEntry.objects.filter(action=AuditAction.GAME_IMPORTED).exists()


def test_an_old_line_with_unknown_values_still_reads() -> None:
    entry = AuditEntry(
        action=AuditAction.SETTINGS_CHANGED,
        object_type="clubsettings",
        before={"odd_key": [1, 2], "decided_at": "not a time"},
        after={"odd_key": None, "status": "who knows"},
        at=timezone.now(),
    )
    assert "odd key" in said(entry) and ClaimStatus.PENDING not in said(entry)


def test_a_games_tiebreakers_changed_name_the_game_in_the_readers_language() -> None:
    boss = named_secretary()
    change(boss, standings_tiebreakers={"barbut4": ["average", "wins"]})
    entry = change(boss, standings_tiebreakers={"barbut4": ["wins", "average"]})

    with translation.override("da"):
        danish = said(entry)
    with translation.override("de"):
        german = said(entry)

    assert "4-Dice Barbut" not in danish and "4-Dice Barbut" not in german
    assert danish.startswith("4-terningers Barbut: ")
    assert german.startswith("4-Würfel-Barbut: ")
