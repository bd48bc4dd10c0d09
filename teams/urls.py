from django.urls import path

from teams.views import (
    cup,
    disputes,
    entries,
    fixtures,
    lineups,
    matches,
    seasons,
    setup,
    walkovers,
)

app_name = "teams"

urlpatterns = [
    path("competitions/", entries.competitions, name="competitions"),
    path(
        "competitions/<int:competition_id>/enter/",
        entries.enter_elsewhere,
        name="request_entry",
    ),
    path(
        "competitions/<int:competition_id>/next-season/",
        seasons.next_season,
        name="next_season",
    ),
    path("entries/<int:request_id>/decide/", entries.decide, name="decide_entry"),
    path("competitions/<int:competition_id>/", fixtures.competition, name="competition"),
    path("competitions/new/", setup.new_competition, name="new_competition"),
    path(
        "competitions/<int:competition_id>/setup/",
        setup.competition_setup,
        name="competition_setup",
    ),
    path(
        "competitions/<int:competition_id>/divisions/new/",
        setup.new_division,
        name="new_division",
    ),
    path("divisions/<int:division_id>/setup/", setup.division_setup, name="division_setup"),
    path("divisions/<int:division_id>/teams/new/", setup.new_team, name="new_team"),
    path("divisions/<int:division_id>/teams/enter/", setup.enter_existing_team, name="enter_team"),
    path("divisions/<int:division_id>/draw/", setup.draw, name="draw_fixtures"),
    path("divisions/<int:division_id>/cup/draw/", cup.draw, name="draw_cup"),
    path("divisions/<int:division_id>/bracket/", cup.bracket, name="bracket"),
    path("ties/<int:tie_id>/winner/", cup.settle, name="settle_tie"),
    path("teams/<int:team_id>/edit/", setup.edit_team, name="edit_team"),
    path(
        "competitions/<int:competition_id>/calendar.ics",
        fixtures.competition_calendar,
        name="competition_calendar",
    ),
    path("teams/<int:team_id>/", fixtures.team, name="team"),
    path("teams/<int:team_id>/calendar.ics", fixtures.team_calendar, name="team_calendar"),
    path("fixtures/<int:fixture_id>/move/", fixtures.move, name="move_fixture"),
    path("fixtures/<int:fixture_id>/play/", matches.play_fixture, name="play_fixture"),
    path("fixtures/<int:fixture_id>/lineup/<str:side>/", lineups.lineup, name="lineup"),
    path("fixtures/<int:fixture_id>/walkover/", walkovers.walkover, name="walkover"),
    path("matches/<int:match_id>/", matches.match, name="match"),
    path("matches/<int:match_id>/sign/", matches.sign, name="sign_card"),
    path("matches/<int:match_id>/dispute/", matches.dispute, name="dispute"),
    path("matches/<int:match_id>/concede/", matches.concede, name="concede"),
    path("matches/<int:match_id>/card.pdf", matches.card, name="card_pdf"),
    path("cards/<str:code>/", matches.verify_card, name="verify_card"),
    path("disputes/", disputes.disputes, name="disputes"),
    path("disputes/<int:dispute_id>/resolve/", disputes.resolve, name="resolve_dispute"),
]
