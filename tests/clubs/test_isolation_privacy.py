"""Privacy is the owning club's: a member or the secretary of another club of the server sees
of a club what its visitors see, on every page, fragment, refusal and download (issue 38).

Club B of the isolation world hides everything from visitors. Every URL of the permission
matrix is asked under B's own address with B's ids, by a member and by the secretary of club
A: by GET, by GET as an htmx fragment, by an empty POST and by a POST with a plausible body.
Each answer (its HTML, a PDF's text, a CSV's or a spreadsheet's cells, a redirect's address)
is searched for B's name, its members' names and its games' numbers and codes: none is there,
but on the few pages B gives every visitor (its sign-in and start pages, whose lists name its
members, and the club's name above the pages for everyone), and there nothing more than a
visitor who is not signed in is shown; each answer is of the kind a visitor gets.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from django.test import Client

from clubs.models import Club
from league.models import ClubSettings
from scoring.models import Game, Member
from teams.models import Match
from tests.clubs.isolation_world import World
from tests.clubs.isolation_world import (
    media_root as media_root,  # noqa: F401 (registers the fixture)
)
from tests.clubs.isolation_world import (
    world as world,  # noqa: F401 (registers the fixture)
)
from tests.factories import (
    fast_pin_hashing,  # noqa: F401 (registers the fixture)
)
from tests.permission_table import EXPECTED
from tests.test_permissions_matrix import url_of

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_pin_hashing")]

# The server's own pages: no club's address, nothing of a club's to show.
SERVER_ROUTES = ("clubs/", "healthz", "sw.js", "jsi18n/", "i18n/setlang/")
CLUB_ROUTES = sorted(
    route
    for route in EXPECTED
    if not route.startswith("federation/") and route not in ("clubs/", "healthz")
)
# What a visitor who is not signed in is shown of a club hiding everything: its sign-in page
# (the club's name and the members to choose from), the start page it leads to, and the
# club's name above the few pages every visitor reads (the blank sheet, verification, the
# list of its club nights and the page saying a code names nothing).
SHOWN_TO_VISITORS = {
    "",
    "signin/",
    "games/new/",
    "verify/",
    "verify/<str:code>/",
    "tournaments/",
    "sheets/blank.pdf",
    # The club's sign-in by password (a refusal shows the sign-in page again), and what an
    # installed app and a calendar read: the club's name, and what visitors may see.
    "signin/password/",
    "manifest.webmanifest",
    "feeds/calendar.ics",
    "feeds/results.atom",
    # A notice's stop link, opened from the mail without signing in.
    "notices/stop/<str:token>/",
    *SERVER_ROUTES,
}
ASKED_BY = ("member", "secretary")


def hide_everything(club: Club) -> None:
    ClubSettings.objects.update_or_create(club=club, defaults={"public_areas": []})


def secrets_of(club: Club) -> list[re.Pattern[str]]:
    """What of `club` its visitors may not read: its name, its members' names, its games'
    numbers and the codes of its signatures and match cards."""
    names = [club.name]
    for member in Member.objects.filter(user__memberships__club=club):
        names += [member.name, member.known_as]
    for name in ("Quentin", "B night", "B League", "B Lions", "B Tigers", "B Arms", "B Cup"):
        names.append(name)
    patterns = [re.compile(re.escape(name)) for name in names]
    for game_id in Game.objects.filter(club=club).values_list("pk", flat=True):
        patterns.append(re.compile(rf"#{game_id}(?!\d)"))
    codes = [
        *Game.objects.filter(club=club).values_list("verification_code", flat=True),
        *Match.objects.filter(fixture__division__competition__club=club).values_list(
            "verification_code", flat=True
        ),
    ]
    patterns += [re.compile(re.escape(code)) for code in codes if code]
    return patterns


def plausible_body(world: World) -> dict[str, object]:
    """What a form of the club might be sent: B's ids where a form names a person or a game,
    a PIN, a reason and a tick."""
    member_id = world.b_kwargs["member_id"]
    return {
        "member": member_id,
        "pin": "1234",
        "signer": member_id,
        "side": "home",
        "reason": "I saw it differently.",
        "note": "A note.",
        "confirm": "on",
        "expected_number": 0,
        "ruleset": "bar",
        "player_0_member": member_id,
        "player_1_member": member_id,
        "player_0_pin": "1234",
        "player_1_pin": "1234",
        "scorer": member_id,
        "name": "Anything",
        "date_from": "2026-11-27",
        "date_to": "2026-11-27",
        "code": "AAAA-AAAA-AA",
    }


def text_of(response: Response) -> str:
    """Everything a reader could get from the answer: a PDF's text, a workbook's cells, the
    body otherwise, and where a redirect sends them."""
    body = b"".join(response) if response.streaming else response.content
    kind = response.get("Content-Type", "")
    if body.startswith(b"%PDF"):
        from pypdf import PdfReader

        text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)
    elif "spreadsheetml" in kind:
        from openpyxl import load_workbook

        book = load_workbook(io.BytesIO(body), read_only=True)
        text = "\n".join(
            str(cell)
            for sheet in book.worksheets
            for row in sheet.iter_rows(values_only=True)
            for cell in row
        )
    else:
        text = body.decode("utf-8", "replace")
    return text + "\n" + response.get("Location", "")


def answers(client: Client, url: str, body: dict[str, object]) -> dict[str, Response]:
    return {
        "GET": client.get(url),
        "GET fragment": client.get(url, headers={"HX-Request": "true"}),
        "POST empty": client.post(url),
        "POST plausible": client.post(url, body),
    }


def found(patterns: list[re.Pattern[str]], text: str) -> list[str]:
    return [pattern.pattern for pattern in patterns if pattern.search(text)]


@pytest.mark.parametrize("role", ASKED_BY)
@pytest.mark.parametrize("route", CLUB_ROUTES)
def test_another_clubs_member_or_secretary_finds_nothing_of_a_hidden_club(
    client: Client, world: World, media_root: Path, route: str, role: str
) -> None:
    b = Club.objects.get(slug="other")
    hide_everything(b)
    secrets = secrets_of(b)
    url = "/c/other" + url_of(route, world.b_kwargs)
    body = plausible_body(world)
    visitor = Client()
    user = world.users[role]
    assert user is not None
    client.force_login(user)

    theirs = answers(client, url, body)
    a_visitors = answers(visitor, url, body)

    leaks = {
        how: found(secrets, text_of(answer))
        for how, answer in theirs.items()
        if found(secrets, text_of(answer))
    }
    if route in SHOWN_TO_VISITORS:
        # What they see is at most what a visitor who is not signed in sees there.
        leaks = {
            how: [
                secret for secret in seen if secret not in found(secrets, text_of(a_visitors[how]))
            ]
            for how, seen in leaks.items()
        }
        leaks = {how: seen for how, seen in leaks.items() if seen}
    assert leaks == {}
    assert {how: kind_of(answer) for how, answer in theirs.items()} == {
        how: kind_of(answer) for how, answer in a_visitors.items()
    }


def kind_of(response: Response) -> str:
    """A refusal is a refusal, whether a visitor is sent to sign in or told no."""
    if response.status_code in (403, 404, 405) or (
        response.status_code == 302
        and ("/signin/" in response["Location"] or "/login/" in response["Location"])
    ):
        return "refused"
    return str(response.status_code)
