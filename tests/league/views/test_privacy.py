"""What visitors who are not signed in may see (scoring.access.privacy, the club's setting): by
default the board, standings, records and games are public; the ledger, members, signature images,
scans, game PDFs and game records are for signed-in members. Verifying by code stays public."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from league.models import ClubSettings, PublicArea
from league.services.register import enter_historic_record
from league.services.settings import update_club_settings
from scoring import club
from scoring.models import Game, Signature
from scoring.selectors import game_house_rules, load_game
from scoring.services.games import Seat, start_game
from tests.factories import the_club
from tests.league.helpers import png_upload
from tests.scoring.services.helpers import fill_game, member, secretary, sign_all

pytestmark = pytest.mark.django_db

SIGNIN = reverse("scoring:signin")


@pytest.fixture(autouse=True)
def media_root(settings: Settings, tmp_path: Path) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def signed_game() -> Game:
    """A signed game: Ann by PIN, the guest Zed by a drawing."""
    ann = member("Ann")
    game = start_game(
        in_club=the_club(),
        ruleset="bar",
        seats=[Seat(member=ann), Seat(guest_name="Zed")],
        scorer=ann,
        created_by=ann.user,
    )
    fill_game(game)
    sign_all(game)
    return game


def urls(game: Game) -> dict[PublicArea, list[str]]:
    scan = enter_historic_record(
        in_club=the_club(),
        date=datetime.date(1979, 11, 2),
        player_name="Old Tom",
        member=None,
        score=171,
        kind="high",
        ruleset="bar",
        scan=png_upload(),
        note="",
        by=secretary("scribe"),
    )
    assert game.scorer is not None
    return {
        PublicArea.BOARD: [reverse("stats:board")],
        PublicArea.STANDINGS: [reverse("league:standings")],
        PublicArea.RECORDS: [reverse("stats:records"), reverse("league:register")],
        PublicArea.GAMES: [
            reverse("scoring:home"),
            reverse("scoring:game", args=[game.pk]),
            reverse("scoring:sign_sheet", args=[game.pk]),
        ],
        PublicArea.MEMBERS: [
            reverse("league:members"),
            reverse("stats:player", args=[game.scorer.pk]),
        ],
        PublicArea.LEDGER: [reverse("league:ledger")],
        PublicArea.DOCUMENTS: [
            reverse("scoring:game_sheet_pdf", args=[game.pk]),
            reverse("scoring:game_record", args=[game.pk]),
            reverse("league:register_scan", args=[scan.pk]),
        ],
    }


def open_to_visitors(areas: Sequence[str]) -> None:
    update_club_settings(
        in_club=the_club(),
        by=secretary("chair"),
        club_name="",
        drinks_in_balut=True,
        drinks_in_jackpot=True,
        register_bounds={},
        default_options={},
        public_areas=areas,
    )


def answers(client: Client, found: dict[PublicArea, list[str]]) -> dict[str, str]:
    """Each URL: "open", or "sign in" when the visitor is sent to the PIN sign-in."""
    result = {}
    for paths in found.values():
        for path in paths:
            response = client.get(path)
            if response.status_code == 302:
                assert response["Location"] == f"{SIGNIN}?next={path}"
                result[path] = "sign in"
            else:
                assert response.status_code == 200, path
                result[path] = "open"
    return result


def expected(found: dict[PublicArea, list[str]], public: Sequence[str]) -> dict[str, str]:
    return {
        path: "open" if area in public else "sign in"
        for area, paths in found.items()
        for path in paths
    }


DEFAULT_PUBLIC = ["board", "standings", "records", "games"]


def test_by_default_visitors_see_the_board_standings_records_and_games_only(
    client: Client, signed_game: Game
) -> None:
    found = urls(signed_game)

    assert answers(client, found) == expected(found, DEFAULT_PUBLIC)


def test_signed_in_members_see_everything(member_client: Client, signed_game: Game) -> None:
    found = urls(signed_game)

    assert answers(member_client, found) == expected(found, PublicArea.values)


@pytest.mark.parametrize(
    "public", [[], ["ledger", "members", "documents"], PublicArea.values], ids=str
)
def test_the_club_setting_decides_what_visitors_see(
    client: Client, signed_game: Game, public: list[str]
) -> None:
    found = urls(signed_game)
    open_to_visitors(public)

    assert answers(client, found) == expected(found, public)


def test_verifying_by_code_stays_public_and_shows_visitors_no_signature_image(
    client: Client, member_client: Client, signed_game: Game
) -> None:
    signed_game.refresh_from_db()
    verify = reverse("scoring:verify", args=[signed_game.verification_code])
    image = Signature.objects.get(method="drawing").image
    open_to_visitors([])

    visitor = client.get(verify)
    signed_in = member_client.get(verify).content.decode()

    assert visitor.status_code == 200
    html = visitor.content.decode()
    assert "The code matches" in html
    assert image not in html and "data-signature-hidden" in html
    assert image in signed_in


def test_the_pages_visitors_may_see_link_nothing_they_may_not(
    client: Client, member_client: Client, signed_game: Game
) -> None:
    page = reverse("scoring:game", args=[signed_game.pk])
    sign = reverse("scoring:sign_sheet", args=[signed_game.pk])
    pdf = reverse("scoring:game_sheet_pdf", args=[signed_game.pk])
    image = Signature.objects.get(method="drawing").image

    visitor = client.get(page).content.decode() + client.get(sign).content.decode()
    signed_in = member_client.get(page).content.decode() + member_client.get(sign).content.decode()

    assert pdf not in visitor and image not in visitor
    assert reverse("league:ledger") not in visitor and reverse("league:members") not in visitor
    assert pdf in signed_in and image in signed_in
    assert reverse("league:ledger") in signed_in


def test_the_secretary_chooses_the_public_parts_on_the_settings_page(client: Client) -> None:
    client.force_login(secretary())
    data = {
        "club_name": "",
        "pin_session_hours": "5",
        "public_areas": ["ledger", "board"],
        "balut_thresholds": "at_least",
        "balut_guess_points": "0",
        "jackpot_thresholds": "at_least",
        "jackpot_jackpot_bonus": "added",
        "jackpot_guess_points": "0",
    }

    assert (
        'name="public_areas" value="board"'
        in client.get(reverse("league:settings")).content.decode()
    )
    response = client.post(reverse("league:settings"), data)

    assert response.status_code == 302
    saved = ClubSettings.objects.get()
    assert (saved.public_areas, saved.pin_session_hours) == (["board", "ledger"], 5)
    assert club.house_settings(the_club()).public_areas == frozenset({"board", "ledger"})


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"public_areas": ["kitchen"]}, "Select a valid choice"),
        ({"pin_session_hours": "0"}, "greater than or equal to 1"),
        ({"pin_session_hours": "25"}, "less than or equal to 24"),
    ],
)
def test_bad_privacy_settings_are_refused_and_nothing_changes(
    client: Client, changes: dict[str, object], message: str
) -> None:
    client.force_login(secretary())
    data = {
        "club_name": "",
        "pin_session_hours": "3",
        "public_areas": ["board"],
        "balut_thresholds": "at_least",
        "balut_guess_points": "0",
        "jackpot_thresholds": "at_least",
        "jackpot_jackpot_bonus": "added",
        "jackpot_guess_points": "0",
        **changes,
    }

    response = client.post(reverse("league:settings"), data)

    assert response.status_code == 422
    assert message in response.content.decode()
    assert not ClubSettings.objects.exists()


def test_the_service_refuses_an_unknown_part() -> None:
    with pytest.raises(ValidationError, match="Unknown part 'kitchen'"):
        open_to_visitors(["board", "kitchen"])

    assert not ClubSettings.objects.exists()


def rounds_owed_shown(client: Client, game: Game) -> bool:
    game.refresh_from_db()
    response = client.get(reverse("scoring:verify", args=[game.verification_code]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "The code matches" in html
    return "data-drinks" in html


@pytest.mark.parametrize(("public", "shown"), [([], False), (["ledger"], True)], ids=str)
def test_the_verify_page_shows_visitors_the_rounds_owed_only_where_the_ledger_is_public(
    client: Client, signed_game: Game, public: list[str], shown: bool
) -> None:
    open_to_visitors(public)
    drinks = load_game(signed_game).result(game_house_rules(signed_game)).drinks
    assert drinks, "the game owes at least one round"

    assert rounds_owed_shown(client, signed_game) is shown


def test_members_and_the_secretary_see_the_rounds_owed_on_the_verify_page_whatever_the_setting(
    client: Client, member_client: Client, signed_game: Game
) -> None:
    open_to_visitors([])
    client.force_login(secretary("keeper"))

    assert rounds_owed_shown(member_client, signed_game)
    assert rounds_owed_shown(client, signed_game)


def game_page_rounds_owed(client: Client, game: Game) -> tuple[bool, bool]:
    """Whether the game page shows the rounds owed: in the winner banner, under the sheet."""
    response = client.get(reverse("scoring:game", args=[game.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="winner-banner"' in html
    return "data-banner-drinks" in html, "data-drinks" in html


@pytest.mark.parametrize(
    ("public", "shown"), [(["games"], False), (["games", "ledger"], True)], ids=str
)
def test_the_game_page_shows_visitors_the_rounds_owed_only_where_the_ledger_is_public(
    client: Client, signed_game: Game, public: list[str], shown: bool
) -> None:
    open_to_visitors(public)

    assert game_page_rounds_owed(client, signed_game) == (shown, shown)


def test_members_see_the_rounds_owed_on_the_game_page_while_the_ledger_is_private(
    member_client: Client, signed_game: Game
) -> None:
    open_to_visitors(["games"])

    assert game_page_rounds_owed(member_client, signed_game) == (True, True)


# The menu's links to each part (the brand's link home aside: it is on every page).
MENU_LINKS = {
    PublicArea.BOARD: ["stats:board"],
    PublicArea.STANDINGS: ["league:standings"],
    PublicArea.RECORDS: ["stats:records", "league:register"],
    PublicArea.MEMBERS: ["league:members"],
    PublicArea.LEDGER: ["league:ledger"],
}


def menu_links(client: Client) -> set[str]:
    """The menu's links to the parts, as route names, on the (always public) verify page."""
    html = client.get(reverse("scoring:verify")).content.decode()
    menu = html[html.index("<nav") : html.index("</nav>")]
    return {
        name for names in MENU_LINKS.values() for name in names if f'href="{reverse(name)}"' in menu
    }


@pytest.mark.parametrize("area", PublicArea.values)
def test_the_menu_shows_a_visitor_only_the_part_the_club_opened(client: Client, area: str) -> None:
    open_to_visitors([area])

    assert menu_links(client) == set(MENU_LINKS.get(PublicArea(area), []))


def test_the_menu_shows_a_visitor_no_part_when_the_club_opened_none(client: Client) -> None:
    open_to_visitors([])

    assert menu_links(client) == set()


def test_the_menu_shows_members_every_part_whatever_the_setting(member_client: Client) -> None:
    open_to_visitors([])

    assert menu_links(member_client) == {n for names in MENU_LINKS.values() for n in names}
