"""The permission matrix's table: every route of the app, each method, each role, and the answer
expected (tests/test_permissions_matrix.py tries them all; the isolation, translation and axe
tests walk the same routes)."""

from __future__ import annotations

ROLES = ("anonymous", "member", "other_scorer", "scorer", "secretary")
METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")
# The read API (namespace "api_v1") answers JSON by its own rules: tests/api/ tries every path of
# its schema anonymously and with tokens, against a club that hides everything.
SKIPPED_NAMESPACES = ("admin", "api_v1")

Outcomes = dict[str, str]


def everyone(outcome: str) -> Outcomes:
    return dict.fromkeys(ROLES, outcome)


def secretary_only(outcome: str, *, visitors: str = "signin") -> Outcomes:
    """The secretary's pages: visitors are sent to the club's sign-in page (its password form
    is the secretary's), members are refused."""
    return {**everyone("403"), "anonymous": visitors, "secretary": outcome}


def keepers_only(outcome: str, *, visitors: str) -> Outcomes:
    """The game's scorer and the secretary."""
    return {**everyone("403"), "anonymous": visitors, "scorer": outcome, "secretary": outcome}


def members_only(outcome: str) -> Outcomes:
    """A part the club keeps from visitors by default: they are sent to the PIN sign-in."""
    return {**everyone(outcome), "anonymous": "signin"}


# Route -> method -> role -> outcome. A method not listed answers 405 to everyone.
EXPECTED: dict[str, dict[str, Outcomes]] = {
    "": {"GET": everyone("200")},
    # The server's list of its clubs (where "/" leads when it hosts several).
    "clubs/": {"GET": everyone("200")},
    # The federation's pages: its administrator's (a superuser, none of these roles) while the
    # federation is not public, as here; tests/federation/ tries the administrator and a
    # public federation.
    # Its administrator signs in on the admin's password page (a server address, no club's).
    "federation/": {"GET": secretary_only("403", visitors="login")},
    "federation/register/": {"GET": secretary_only("403", visitors="login")},
    "federation/standings/": {"GET": secretary_only("403", visitors="login")},
    "federation/records/": {"GET": secretary_only("403", visitors="login")},
    "federation/ratings/": {"GET": secretary_only("403", visitors="login")},
    "federation/settings/": {"POST": secretary_only("403", visitors="login")},
    "federation/clubs/new/": {"POST": secretary_only("403", visitors="login")},
    # The first run: a server with a club (as here) sends it to the list of clubs.
    "clubs/first-run/": {"GET": everyone("302"), "POST": everyone("302")},
    "signin/": {"GET": everyone("200"), "POST": everyone("422")},
    # The secretary's password: a post without one is answered on the sign-in page.
    "signin/password/": {"POST": everyone("422")},
    "signout/": {"POST": everyone("302")},
    "games/new/": {"GET": everyone("200"), "POST": everyone("422")},
    # Finding other clubs' members for a seat: the club's signed-in members only, on a server
    # of several clubs (this one has one; tests/clubs/test_visitor_search.py tries two).
    "games/new/visitors/": {"GET": everyone("403")},
    "games/import/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
    "games/<int:game_id>/": {"GET": everyone("200")},
    # An empty turn is refused with a message on the game page (a redirect, for a plain post).
    "games/<int:game_id>/turns/": {"POST": keepers_only("302", visitors="403")},
    "games/<int:game_id>/turns/<int:number>/correct/": {
        "GET": keepers_only("200", visitors="signin"),
        "POST": keepers_only("422", visitors="signin"),
    },
    # Visitors read the page (it tells them to sign in) but sign nothing; the empty post of a
    # signed-in role is refused as bad input. tests/test_signing_matrix.py tries real
    # signatures.
    "games/<int:game_id>/sign/": {"GET": everyone("200"), "POST": members_only("422")},
    "games/<int:game_id>/record.json": {"GET": members_only("200")},
    "games/<int:game_id>/sheet.pdf": {"GET": members_only("200")},
    # Without ?ruleset=... the blank sheet is refused with its reason.
    "sheets/blank.pdf": {"GET": everyone("400")},
    "sheets/club-night/": {
        "GET": secretary_only("200", visitors="signin"),
        "POST": secretary_only("200", visitors="signin"),
    },
    "verify/": {"GET": everyone("200"), "POST": everyone("422")},
    # A member's own choice of notices (an empty post: none wanted), the secretary's list of
    # the club's notices, and a notice's stop link, which needs no sign-in: a token that is
    # not the server's is a 404 in words (tests/scoring/test_notice_choices.py tries real ones).
    "notices/": {"GET": members_only("200"), "POST": members_only("302")},
    "notices/sent/": {"GET": secretary_only("200")},
    "notices/stop/<str:token>/": {"GET": everyone("404"), "POST": everyone("404")},
    "verify/<str:code>/": {"GET": everyone("404")},
    "register/": {"GET": everyone("200")},
    "register/historic/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
    "register/<int:entry_id>/scan/": {"GET": members_only("200")},
    "register/claims/<int:claim_id>/ratify/": {"POST": secretary_only("302")},
    # Rejecting needs a note: the empty post goes back to the register with the reason.
    "register/claims/<int:claim_id>/reject/": {"POST": secretary_only("302")},
    "ledger/": {"GET": members_only("200")},
    # The member is the one who owes this round: they may settle it.
    "ledger/<int:debt_id>/settle/": {
        "POST": {**secretary_only("302", visitors="signin"), "member": "302"}
    },
    # The round here is owed, settled by nobody: each signed-in role is told "nothing changed".
    "ledger/<int:debt_id>/settle/undo/": {"POST": members_only("302")},
    "ledger/<int:debt_id>/write-off/": {"POST": secretary_only("302")},
    "members/": {"GET": members_only("200")},
    "players/<int:member_id>/": {"GET": members_only("200")},
    "records/": {"GET": everyone("200")},
    "board/": {"GET": everyone("200")},
    "settings/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
    # The installable app: its manifest (named after the club), its icons and the favicon.
    "manifest.webmanifest": {"GET": everyone("200")},
    "favicon.ico": {"GET": everyone("200")},
    "icons/192.png": {"GET": everyone("200")},
    "icons/512.png": {"GET": everyone("200")},
    # The club's feeds (api.feeds): what visitors may see of the club, for feed readers.
    "feeds/results.atom": {"GET": everyone("200")},
    "feeds/calendar.ics": {"GET": everyone("200")},
    "settings/api-tokens/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
    "standings/": {"GET": everyone("200")},
    # Monitoring: public, and 200 only while the books are whole (the matrix's games are).
    "healthz": {"GET": everyone("200")},
    # The tablet's service worker script: a static file, public.
    "sw.js": {"GET": everyone("200")},
    # The language switcher (an empty post still goes back, to the home page) and the
    # JavaScript catalog every page loads.
    "i18n/setlang/": {"POST": everyone("302")},
    "jsi18n/": {"GET": everyone("200")},
    "seasons/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
    "seasons/<int:season_id>/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
    # Taking decisions back: a page that asks for the reason and a tick; an empty post is
    # refused on it, nothing changed.
    "register/<int:entry_id>/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
    "register/claims/<int:claim_id>/reopen/": {
        "GET": secretary_only("200"),
        "POST": secretary_only("422"),
    },
    "ledger/<int:debt_id>/reopen/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
    "games/<int:game_id>/void/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
    "games/<int:game_id>/attest/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
    "audit/": {"GET": secretary_only("200")},
    "members/add/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
    "members/<int:member_id>/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
    # Tournaments: the organiser is the secretary; a day the club has not made public is for
    # signed-in members (the matrix's is not public).
    "tournaments/": {"GET": everyone("200"), "POST": secretary_only("422")},
    "tournaments/<int:tournament_id>/": {"GET": members_only("200")},
    "tournaments/<int:tournament_id>/edit/": {
        "GET": secretary_only("200"),
        "POST": secretary_only("422"),
    },
    # The matrix's day has drawn rounds nobody finished: the cut is refused with its reason.
    "tournaments/<int:tournament_id>/final/": {
        "GET": secretary_only("409"),
        "POST": secretary_only("302"),
    },
    "tournaments/<int:tournament_id>/final/undo/": {"POST": secretary_only("302")},
    "tournaments/<int:tournament_id>/entrants/": {"POST": secretary_only("422")},
    "tournaments/<int:tournament_id>/entrants/clubs-apart/": {"POST": secretary_only("302")},
    "tournaments/<int:tournament_id>/entrants/<int:entrant_id>/drop/": {
        "POST": secretary_only("302")
    },
    "tournaments/<int:tournament_id>/draw/": {"POST": secretary_only("302")},
    "tournaments/<int:tournament_id>/entrants/many/": {"POST": secretary_only("422")},
    # Not void: the secretary is taken to the table's game (or told it has not started).
    "tournaments/<int:tournament_id>/tables/<int:table_id>/replay/": {
        "POST": secretary_only("302")
    },
    # A voided table's result by hand: the form for the secretary; an empty post is refused.
    "tournaments/<int:tournament_id>/tables/<int:table_id>/result/": {
        "GET": secretary_only("200"),
        "POST": secretary_only("422"),
    },
    # A game of no tournament: an empty panel, for everyone who may see the game.
    "tournaments/games/<int:game_id>/": {"GET": everyone("200")},
    "tournaments/<int:tournament_id>/tables/<int:table_id>/start/": {"POST": secretary_only("302")},
    "tournaments/<int:tournament_id>/projector/": {"GET": members_only("200")},
    "tournaments/<int:tournament_id>/cards.pdf": {"GET": secretary_only("200")},
    # The matrix's number is 0, a round no day has: the secretary is told it is not there.
    "tournaments/<int:tournament_id>/rounds/<int:number>/sheets.pdf": {
        "GET": secretary_only("404")
    },
    "tournaments/<int:tournament_id>/results.<str:kind>": {"GET": members_only("200")},
    # The rating list ranks players as the standings do (their privacy area); a member's chart
    # is a member's page; a game's changes are part of its game page.
    "ratings/": {"GET": everyone("200")},
    "ratings/players/<int:member_id>/": {"GET": members_only("200")},
    "ratings/games/<int:game_id>/": {"GET": everyone("200")},
    # Team competitions: public like the standings (the roster only for those who may see the
    # members), and the iCal feeds calendar apps fetch without signing in.
    "competitions/": {"GET": everyone("200")},
    "competitions/<int:competition_id>/": {"GET": everyone("200")},
    "competitions/<int:competition_id>/calendar.ics": {"GET": everyone("200")},
    "teams/<int:team_id>/": {"GET": everyone("200")},
    "teams/<int:team_id>/calendar.ics": {"GET": everyone("200")},
    # Playing a fixture: any signed-in member sees the line-up page; only a captain of the
    # fixture (none of these roles) or the secretary starts the match (an empty post: 422).
    # Moving a fixture: its home captain (none of these roles) or the secretary.
    "fixtures/<int:fixture_id>/move/": {
        "GET": {**everyone("403"), "anonymous": "signin", "secretary": "200"},
        "POST": {**everyone("403"), "anonymous": "signin", "secretary": "422"},
    },
    # A walkover is the organiser's secretary's: the form, and an empty post refused.
    "fixtures/<int:fixture_id>/walkover/": {
        "GET": secretary_only("200"),
        "POST": secretary_only("422"),
    },
    # A line-up before the night: its team's captain (none of these roles) or the secretary.
    "fixtures/<int:fixture_id>/lineup/<str:side>/": {
        "GET": {**everyone("403"), "anonymous": "signin", "secretary": "200"},
        "POST": {**everyone("403"), "anonymous": "signin", "secretary": "422"},
    },
    "fixtures/<int:fixture_id>/play/": {
        "GET": members_only("200"),
        "POST": {**everyone("403"), "anonymous": "signin", "secretary": "422"},
    },
    "matches/<int:match_id>/": {"GET": everyone("200")},
    # A captain signs or disputes by PIN on a signed-in tablet: an empty post is refused.
    "matches/<int:match_id>/sign/": {"POST": members_only("422")},
    "matches/<int:match_id>/dispute/": {"POST": members_only("422")},
    # Conceding a game: a captain of the match (none of these roles) or the secretary.
    "matches/<int:match_id>/concede/": {
        "POST": {**everyone("403"), "anonymous": "signin", "secretary": "422"}
    },
    "matches/<int:match_id>/card.pdf": {"GET": members_only("200")},
    "cards/<str:code>/": {"GET": everyone("404")},
    "disputes/": {"GET": secretary_only("200")},
    # The secretary's setup pages: an empty post is refused as bad input, changing nothing.
    "competitions/new/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
    "competitions/<int:competition_id>/setup/": {
        "GET": secretary_only("200"),
        "POST": secretary_only("422"),
    },
    "competitions/<int:competition_id>/divisions/new/": {"POST": secretary_only("422")},
    "divisions/<int:division_id>/setup/": {
        "GET": secretary_only("200"),
        "POST": secretary_only("422"),
    },
    "divisions/<int:division_id>/teams/new/": {"POST": secretary_only("422")},
    "divisions/<int:division_id>/teams/enter/": {"POST": secretary_only("422")},
    "divisions/<int:division_id>/draw/": {"POST": secretary_only("422")},
    # A cup: its bracket is public like the standings; the draw and the choice after a level
    # match are the secretary's (an empty post is refused in words).
    "divisions/<int:division_id>/bracket/": {"GET": everyone("200")},
    "divisions/<int:division_id>/cup/draw/": {"POST": secretary_only("422")},
    "ties/<int:tie_id>/winner/": {"POST": secretary_only("422")},
    "teams/<int:team_id>/edit/": {"GET": secretary_only("200"), "POST": secretary_only("422")},
    # Inter-club competitions: the club's secretary enters a team in another club's open one
    # (its own competition is not open to it: 404), the organiser answers an entry.
    "competitions/<int:competition_id>/enter/": {"POST": secretary_only("404")},
    "entries/<int:request_id>/decide/": {"POST": secretary_only("404")},
    # The season's end: the organiser's preview (an empty post is refused in words).
    "competitions/<int:competition_id>/next-season/": {
        "GET": secretary_only("200"),
        "POST": secretary_only("422"),
    },
    "disputes/<int:dispute_id>/resolve/": {"POST": secretary_only("302")},
}
