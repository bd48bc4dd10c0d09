"""A small team league for the tests: teams of members, entered in one division, drawn."""

from __future__ import annotations

import datetime

from django.contrib.auth.models import User

from scoring import rules
from scoring.models import Member
from scoring.selectors import load_game
from teams.models import Competition, CupTie, Division, Fixture, Match, Team
from teams.services.fixtures import draw_fixtures
from teams.services.matches import start_match
from teams.services.teams import create_competition, create_team, enter_team
from tests.factories import the_club
from tests.scoring.services.helpers import five_dice, member, play

TEAM_NAMES = ("Lions", "Tigers", "Bears", "Wolves", "Hawks", "Otters")


def league_of(
    boss: User, teams: int = 4, *, double: bool = True, name: str = "Winter League"
) -> tuple[Competition, Division, list[Team]]:
    competition = create_competition(
        in_club=the_club(),
        by=boss,
        name=name,
        double_round_robin=double,
        divisions=["Premier", "First"],
    )
    division = competition.divisions.get(level=1)
    entered = []
    for team_name in TEAM_NAMES[:teams]:
        captain = member(f"{team_name[:3]}Cap")
        players = [member(f"{team_name[:3]}{number}") for number in range(1, 4)]
        team = create_team(
            in_club=the_club(),
            by=boss,
            name=team_name,
            captain=captain,
            venue=f"{team_name} Arms",
            members=players,
        )
        enter_team(by=boss, division=division, team=team)
        entered.append(team)
    return competition, division, entered


def drawn_league(
    boss: User, teams: int = 4, *, double: bool = True
) -> tuple[Competition, list[Team], list[Fixture]]:
    competition, division, entered = league_of(boss, teams, double=double)
    fixtures = draw_fixtures(
        by=boss,
        division=division,
        first_round_on=datetime.date(2026, 1, 8),
        starts_at=datetime.time(19, 30),
    )
    return competition, entered, fixtures


def lineup(team: Team) -> list[Member]:
    """The team's four players in the order the captain lists them: the captain first."""
    return [team.captain, *team.members.exclude(pk=team.captain.pk).order_by("known_as")][:4]


def start_match_of(fixture: Fixture) -> Match:
    """The fixture's match, started by its home captain with the teams' usual line-ups."""
    return start_match(
        by=fixture.home.captain.user,
        fixture=fixture,
        home_players=lineup(fixture.home),
        away_players=lineup(fixture.away),
    )


def started_match(boss: User) -> tuple[Match, list[Team]]:
    _, _, fixtures = drawn_league(boss, 2)
    return start_match_of(fixtures[0]), [fixtures[0].home, fixtures[0].away]


def finish_games(match: Match, *, home_dice: str = "66655", away_dice: str = "44412") -> None:
    """Every table's game played to its end: the home players throw better dice."""
    home = set(match.players.filter(side="home").values_list("member_id", flat=True))
    for table_game in match.games.select_related("game"):
        game = table_game.game
        while True:
            loaded = load_game(game)
            state = loaded.state
            assert isinstance(state, rules.FiveDiceGame)
            seat = state.next_seat
            if seat is None:
                break
            dice = home_dice if loaded.players[seat].member_id in home else away_dice
            play(game, five_dice(game, state.open_boxes(seat)[0], dice))
        game.refresh_from_db()
        assert game.is_finished


def cup_of(
    boss: User, teams: int = 5, *, name: str = "Club Cup", names: tuple[str, ...] = TEAM_NAMES
) -> tuple[Division, list[Team]]:
    """A cup of `teams` teams in one division, one player a side at a table of two (quick to
    play), not drawn yet."""
    competition = create_competition(
        in_club=the_club(),
        by=boss,
        name=name,
        kind="cup",
        divisions=["Cup"],
        players_per_team=1,
        table_size=2,
    )
    division = competition.divisions.get()
    return division, enter_one_player_teams(boss, division, names[:teams])


def enter_one_player_teams(boss: User, division: Division, names: tuple[str, ...]) -> list[Team]:
    """A team of its captain and one player for each name, entered in `division`."""
    entered = []
    for team_name in names:
        team = create_team(
            in_club=the_club(),
            by=boss,
            name=team_name,
            captain=member(f"{team_name[:3]}Cap"),
            venue=f"{team_name} Arms",
            members=[member(f"{team_name[:3]}1")],
        )
        enter_team(by=boss, division=division, team=team)
        entered.append(team)
    return entered


def play_and_sign(fixture: Fixture, *, level: bool = False) -> Match:
    """The fixture's match played by its captains (the home captain winning unless `level`) and
    signed by both."""
    from teams.match_rules import Side
    from teams.services.matches import sign_card

    match = start_match(
        by=fixture.home.captain.user,
        fixture=fixture,
        home_players=[fixture.home.captain],
        away_players=[fixture.away.captain],
    )
    finish_games(match, away_dice="66655" if level else "44412")
    sign_card(match=match, side=Side.HOME, signer=fixture.home.captain.user)
    sign_card(match=match, side=Side.AWAY, signer=fixture.away.captain.user)
    match.refresh_from_db()
    return match


def tie_fixture(tie: CupTie) -> Fixture:
    """The tie's fixture: it has one once both its teams are known."""
    assert tie.fixture is not None
    return tie.fixture


def tie_teams(tie: CupTie) -> tuple[Team, Team]:
    assert tie.home is not None and tie.away is not None
    return tie.home, tie.away


def duel_league(boss: User, teams: int = 2) -> tuple[Division, list[Fixture]]:
    """A league of `teams` teams of one player a side at a table of two, drawn (quick to play)."""
    competition = create_competition(
        in_club=the_club(),
        by=boss,
        name="Duel League",
        divisions=["Premier"],
        players_per_team=1,
        table_size=2,
    )
    division = competition.divisions.get()
    enter_one_player_teams(boss, division, TEAM_NAMES[:teams])
    fixtures = draw_fixtures(
        by=boss,
        division=division,
        first_round_on=datetime.date(2026, 1, 8),
        starts_at=datetime.time(19, 30),
    )
    return division, fixtures
