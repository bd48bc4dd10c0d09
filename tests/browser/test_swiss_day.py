"""A Swiss day on the iPad that a club can trust: 12 players entered at once (members ticked,
names pasted), one drops out after round 1, a 13th enters late, a voided table of round 2 is
played again, and the standings rank fairly: who has fewer games than the day's minimum is
listed apart (not ranked), and the late entrant's one game does not earn the top table."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from clubs.models import Role
from clubs.services import join_club
from scoring.services.members import create_member
from tests.browser.pages import PIN, shot, sign_in
from tests.factories import the_club
from tests.scoring.services.helpers import fill_game
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.browser

TICKED = ("Ann", "Ben", "Cy", "Dee")
# The last two are guests (with the late Max, never a whole table of guests: a member scores).
PASTED = ("Eli", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou")


def draw(page: Page, said: str) -> None:
    page.locator("#draw").click()
    expect(page.get_by_text(said)).to_be_visible()


def start_every_table(page: Page, day_url: str, number: int) -> None:
    """Tap each table's Start: the game page says which tournament, round and table it is."""
    for index in range(page.locator(f"#round-{number} [data-table]").count()):
        card = page.locator(f"#round-{number} [data-table]").nth(index)
        card.get_by_role("button", name="Start this table's game").click()
        expect(page).to_have_url(re.compile(r"/games/\d+/$"))
        expect(page.locator("#game-tournament")).to_contain_text(
            f"Round {number} · Table {index + 1}"
        )
        page.goto(day_url)


def play_out(tournament: Tournament, number: int) -> None:
    """The round's games are played on the tablets; here they are played out at once."""
    for table in Table.objects.filter(round__tournament=tournament, round__number=number):
        assert table.game is not None
        if table.game.finished_at is None and table.game.voided_at is None:
            fill_game(table.game)


def test_a_swiss_day_with_a_drop_out_a_late_entry_and_a_replayed_void_ranks_fairly(
    live_server: LiveServer, tablet_page: Page, transactional_db: None
) -> None:
    page = tablet_page
    for name in TICKED + PASTED[:6]:
        create_member(in_club=the_club(), name=f"{name} Member", known_as=name, pin=PIN)
    # The club's secretary is a member who signs in with their PIN on the club's tablet.
    boss = create_member(in_club=the_club(), name="Sec Retary", known_as="Sec", pin=PIN)
    assert boss.user is not None
    join_club(club=the_club(), user=boss.user, role=Role.SECRETARY)
    sign_in(page, live_server.url, boss)

    page.goto(f"{live_server.url}/tournaments/")
    form = page.locator("#new-tournament")
    form.locator("input[name=name]").fill("Saturday Swiss")
    form.locator("input[name=starts_on]").fill("2026-11-28")
    form.locator("input[name=ends_on]").fill("2026-11-28")
    form.locator("select[name=ruleset]").select_option("bar")
    form.locator("input[name=table_size]").fill("4")
    form.locator("input[name=rounds]").fill("3")
    form.locator("input[name=swiss]").check()
    form.locator("select[name=ranked_by]").select_option("total")
    form.locator("input[name=min_games]").fill("2")
    form.get_by_role("button", name="Create the tournament").click()
    expect(page.get_by_role("heading", name="Saturday Swiss")).to_be_visible()
    day_url = page.url
    tournament = Tournament.objects.get()

    many = page.locator("#enter-many")
    for name in TICKED:
        many.get_by_label(name, exact=True).check()
    many.locator("textarea[name=names]").fill("\n".join(PASTED))
    many.get_by_role("button", name="Enter them all").click()
    expect(page.get_by_text("12 players entered.")).to_be_visible()
    expect(page.locator("#entrants li")).to_have_count(12)
    # A name pasted again is refused in words, and nobody enters.
    page.locator("#enter-many textarea[name=names]").fill("Zoe\nann")
    page.locator("#enter-many").get_by_role("button", name="Enter them all").click()
    expect(page.locator("#many-error")).to_have_text("Entered already: ann. Nobody was entered.")
    expect(page.locator("#entrants li")).to_have_count(12)

    draw(page, "Drawn: round 1.")
    start_every_table(page, day_url, 1)
    play_out(tournament, 1)

    page.goto(day_url)
    page.locator("#entrants li", has_text="Ann").get_by_role("button", name="Drop out").click()
    expect(page.get_by_text("Ann has dropped out")).to_be_visible()
    page.locator("#enter-many textarea[name=names]").fill("Max")
    page.locator("#enter-many").get_by_role("button", name="Enter them all").click()
    expect(page.get_by_text("1 player entered.")).to_be_visible()
    draw(page, "Drawn: round 2.")
    start_every_table(page, day_url, 2)
    play_out(tournament, 2)

    # Table 1 of round 2 is voided (its dice fell off the table) and played again.
    voided = Table.objects.get(round__tournament=tournament, round__number=2, number=1).game
    assert voided is not None
    page.goto(f"{live_server.url}/games/{voided.pk}/void/")
    page.locator("[name=reason]").fill("The dice fell off the table")
    page.locator("[name=confirm]").check()
    page.get_by_role("button", name="Void the game").click()
    expect(page.locator("#void")).to_be_visible()
    page.goto(day_url)
    card = page.locator("#round-2 [data-table]").first
    expect(card.locator(".voided")).to_be_visible()
    card.get_by_role("button", name="Replay this table").click()
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    expect(page.locator("#game-tournament")).to_contain_text("Round 2 · Table 1")
    replay = Table.objects.get(round__tournament=tournament, round__number=2, number=1).game
    assert replay is not None and replay.pk != voided.pk
    fill_game(replay)

    page.goto(day_url)
    expect(page.locator("#round-2 [data-table]").first.locator(".replaced")).to_contain_text(
        f"Game #{voided.pk}"
    )
    ranked = page.locator("#standings tbody:not(#unranked) tr")
    expect(ranked).to_have_count(11)
    apart = page.locator("#unranked tr.unranked")
    expect(apart).to_have_count(2)
    ann = apart.filter(has_text="Ann")
    expect(ann.locator(".dropped-out")).to_have_text("dropped out after round 1")
    expect(ann.locator(".not-ranked")).to_have_text("not ranked: 1 of 2 games")
    max_row = apart.filter(has_text="Max")
    expect(max_row.locator(".late-entry")).to_have_text("joined in round 2")
    expect(max_row.locator(".not-ranked")).to_have_text("not ranked: 1 of 2 games")
    shot(page, "tournament-fair-standings")

    # Round 3 seats by the standings shown: the late entrant is not at the top table.
    draw(page, "Drawn: round 3.")
    expect(page.locator("#round-3 [data-table]").first).not_to_contain_text("Max")

    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/projector/")
    expect(page.locator("#projector-round")).to_have_text("Round 3 of 3")
    expect(page.locator("#projector-standings tbody tr")).to_have_count(13)
