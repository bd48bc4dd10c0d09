"""An inter-club league on the tablet: north's secretary runs it; south's and east's secretaries
sign in with their passwords and enter their teams from their own clubs' pages; north accepts
the entries and draws the fixtures; a match night is played and both captains sign by PIN;
then the home club's secretary corrects a game of the signed match, which ends the signatures,
and the captains sign the corrected card again."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from clubs.models import Club
from clubs.services import open_club
from scoring.models import Member, Turn
from scoring.services.members import create_member
from teams.match_rules import Side
from teams.models import (
    CardReopening,
    DivisionEntry,
    EntryDecision,
    EntryRequest,
    Fixture,
    Match,
    Team,
)
from teams.selectors import division_table, match_outcome
from teams.services.matches import start_match
from teams.services.teams import create_competition, create_team, enter_team
from tests.browser.pages import PIN, shot, tap, tap_dice
from tests.teams.helpers import finish_games

pytestmark = pytest.mark.browser

PASSWORD = "a-long-secretary-password"


def club_with_secretary(slug: str, name: str) -> tuple[Club, User]:
    return open_club(slug=slug, name=name, secretary=f"{slug}-secretary", password=PASSWORD)


def team_of(club: Club, by: User, name: str) -> Team:
    """A team of its captain and one player, both members of `club` with a PIN."""
    captain, player = (
        create_member(in_club=club, name=f"{name} {role}", known_as=f"{name[:3]}{short}", pin=PIN)
        for role, short in (("Captain", "Cap"), ("Player", "1"))
    )
    return create_team(in_club=club, by=by, name=name, captain=captain, members=[player])


def secretary_signs_in(page: Page, base_url: str, club: Club, user: User) -> None:
    """The password form beside the members' PINs on the club's sign-in page."""
    page.goto(f"{base_url}/c/{club.slug}/signin/")
    form = page.locator("#password-signin")
    form.locator("input[name=username]").fill(user.username)
    form.locator("input[name=password]").fill(PASSWORD)
    form.get_by_role("button", name="Sign in as the secretary").click()
    page.wait_for_url(lambda url: "/signin/" not in url)


def captain_signs_in(page: Page, base_url: str, club: Club, member: Member) -> None:
    page.goto(f"{base_url}/c/{club.slug}/signin/")
    page.locator("select[name=member]").select_option(str(member.pk))
    page.locator("input[name=pin]").fill(PIN)
    page.get_by_role("button", name="Sign in", exact=True).click()
    expect(page.locator("nav .navbar-text:not(#club-name)")).to_have_text(member.known_as)


def both_captains_sign(page: Page, match_url: str) -> None:
    page.goto(match_url)
    for side in ("home", "away"):
        card = page.locator(f"[data-side='{side}']")
        card.locator(f"#pin-{side}").fill(PIN)
        card.get_by_role("button", name="Sign the card").click()
        expect(page.locator(f"[data-signed='{side}']")).to_be_visible()


def test_three_clubs_enter_an_inter_club_league_play_sign_correct_and_sign_again(
    live_server: LiveServer, tablet_page: Page, transactional_db: None
) -> None:
    page, url = tablet_page, live_server.url
    north, north_secretary = club_with_secretary("north", "North Balut Club")
    south, south_secretary = club_with_secretary("south", "South Balut Club")
    east, east_secretary = club_with_secretary("east", "East Balut Club")
    competition = create_competition(
        in_club=north,
        by=north_secretary,
        name="County League",
        divisions=["Premier"],
        players_per_team=1,
        table_size=2,
        open_to_other_clubs=True,
    )
    division = competition.divisions.get()
    # The organiser's secretary enters their own club's team (the view tests cover that form).
    enter_team(
        by=north_secretary, division=division, team=team_of(north, north_secretary, "Northerners")
    )
    team_of(south, south_secretary, "Southerners")
    team_of(east, east_secretary, "Easterners")
    secretaries = {north.pk: north_secretary, south.pk: south_secretary, east.pk: east_secretary}

    # South's and east's secretaries each enter their team from their own club's page.
    for club, secretary, team in (
        (south, south_secretary, "Southerners"),
        (east, east_secretary, "Easterners"),
    ):
        page.context.clear_cookies()
        secretary_signs_in(page, url, club, secretary)
        page.goto(f"{url}/c/{club.slug}/competitions/")
        offer = page.locator(f"[data-open-competition='{competition.pk}']")
        expect(offer).to_contain_text("County League")
        offer.locator("select[name=division]").select_option(str(division.pk))
        offer.locator("select[name=team]").select_option(label=team)
        offer.get_by_role("button", name="Enter the team").click()
        expect(page.locator(f"[data-open-competition='{competition.pk}']")).to_contain_text(
            f"{team}:"
        )
    shot(page, "inter-club-entry-sent")
    assert EntryRequest.objects.filter(decision=EntryDecision.PENDING).count() == 2
    assert DivisionEntry.objects.filter(division=division).count() == 1

    # North's secretary accepts both and draws the fixtures.
    page.context.clear_cookies()
    secretary_signs_in(page, url, north, north_secretary)
    setup_url = f"{url}/c/north/divisions/{division.pk}/setup/"
    page.goto(setup_url)
    shot(page, "inter-club-entries-to-accept")
    for entry in EntryRequest.objects.order_by("pk"):
        page.locator(f"[data-entry='{entry.pk}']").get_by_role("button", name="Accept").click()
        expect(page.locator(f"[data-entry='{entry.pk}']")).to_have_count(0)
    assert DivisionEntry.objects.filter(division=division).count() == 3
    draw = page.locator("#draw-form")
    draw.locator("input[name=first_round_on]").fill("2026-01-08")
    draw.locator("input[name=starts_at]").fill("19:30")
    draw.get_by_role("button", name="Preview the fixtures").click()
    page.locator("#confirm-form").get_by_role("button", name="Draw these fixtures").click()
    page.wait_for_load_state()
    expect(page.locator("#draw-form")).to_have_count(1)
    fixtures = Fixture.objects.filter(division=division)
    # Three teams, twice round: each plays each other at home and away.
    assert fixtures.count() == 6

    # Match night: a fixture between two visiting clubs, played, signed by both captains.
    fixture = fixtures.exclude(home__club=north).exclude(away__club=north).order_by("pk").first()
    assert fixture is not None
    home, away, home_club = fixture.home, fixture.away, fixture.home.club
    match = start_match(
        by=home.captain.user,
        fixture=fixture,
        home_players=[home.captain],
        away_players=[away.captain],
    )
    finish_games(match, away_dice="66655")
    # The away captain finds the league, and this fixture, among their own club's pages.
    page.context.clear_cookies()
    captain_signs_in(page, url, away.club, away.captain)
    page.goto(f"{url}/c/{away.club.slug}/competitions/")
    page.locator(f"[data-competition='{competition.pk}']").get_by_role(
        "link", name="County League"
    ).click()
    page.wait_for_url(f"{url}/c/{away.club.slug}/competitions/{competition.pk}/")
    expect(page.locator("main")).to_contain_text(f"{home.name}")
    expect(page.locator("main")).to_contain_text(f"{away.name}")
    shot(page, "inter-club-league-from-the-visitors-club")

    page.context.clear_cookies()
    captain_signs_in(page, url, home_club, home.captain)
    match_url = f"{url}/c/{home_club.slug}/matches/{match.pk}/"
    both_captains_sign(page, match_url)
    match.refresh_from_db()
    assert match.is_signed
    old_code = match.verification_code
    signed = match_outcome(match)
    assert signed is not None and signed.score.home == signed.score.away

    # The home club's secretary corrects the home captain's first turn on the game's page.
    game = match.games.get().game
    first = Turn.objects.get(game=game, number=0)
    page.context.clear_cookies()
    secretary_signs_in(page, url, home_club, secretaries[home_club.pk])
    page.goto(f"{url}/c/{home_club.slug}/games/{game.pk}/turns/0/correct/")
    pad = page.locator("[data-five-dice-correction]")
    tap(page, pad.locator("[data-clear]"))
    tap_dice(page, pad, "44444")
    page.locator(f"[data-box-choice='{first.box}']").click()
    page.locator("textarea[name=reason]").fill("Misread the dice")
    page.get_by_role("button", name="Correct turn 1").click()
    page.wait_for_url(re.compile(rf"/games/{game.pk}/$"))

    match.refresh_from_db()
    assert not match.is_signed and not match.signatures.exists()
    assert CardReopening.objects.get(match=match).verification_code == old_code
    corrected = match_outcome(match)
    assert corrected is not None and corrected.score != signed.score
    assert [row.played for row in division_table(division)] == [0, 0, 0]

    # Both captains sign the corrected card again.
    page.context.clear_cookies()
    captain_signs_in(page, url, home_club, home.captain)
    page.goto(match_url)
    expect(page.locator("main")).to_contain_text("Corrected after signing")
    both_captains_sign(page, match_url)
    shot(page, "inter-club-card-signed-again")

    match = Match.objects.get(pk=match.pk)
    assert match.is_signed and match.verification_code != old_code
    assert {s.side for s in match.signatures.all()} == {Side.HOME.value, Side.AWAY.value}
    assert (match.home_score, match.away_score) == (corrected.score.home, corrected.score.away)
    expect(page.locator("#locked")).to_contain_text(match.verification_code)
    expect(page.locator("#score")).to_contain_text(
        f"{corrected.score.home} : {corrected.score.away}"
    )
    winner, loser = (home, away) if corrected.score.home > corrected.score.away else (away, home)
    table = {row.team: row for row in division_table(division)}
    assert table[winner].played == 1 and table[winner].match_points == 2
    assert table[loser].played == 1 and table[loser].match_points == 0
