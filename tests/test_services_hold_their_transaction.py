"""Every service that writes either opens its own transaction or asserts its caller's
(scoring.transactions.require_transaction), so a step of a change never commits alone (issue 23,
point 6): a repair, a booking, a log line."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest
from django.utils import timezone

from league.models import AuditAction, SeasonStanding
from league.services import audit
from league.services.runs import rebuild_runs, refresh_runs_from
from league.services.standings import rebuild_standings, refresh_standings
from league.services.tallies import rebuild_tallies
from scoring.transactions import NoTransaction
from tests.league.helpers import play_bar, season_around_today

ROOT = Path(__file__).resolve().parent.parent
SERVICE_MODULES = sorted(
    path
    for folder in (
        "scoring/services",
        "league/services",
        "tournaments/services",
        "ratings/services",
    )
    for path in (ROOT / folder).glob("*.py")
    if path.name != "__init__.py"
)
# Public functions of the services that write nothing themselves, each with why.
WRITE_NOTHING = {
    "league/services/audit.py": {"snapshot", "changed"},  # what a log line will say
    "league/services/books.py": {"counts"},  # whether a game has a result
    "league/services/ledger.py": {"debt_row", "may_settle", "settle_undoable"},  # a row; questions
    "league/services/results.py": {"result_rows"},  # unsaved rows
    "league/services/register.py": {"check_within_register"},  # a refusal or none
    "league/services/runs.py": {"winning_runs"},  # the engine of runs, in memory
    "league/services/standings.py": {"season_rows", "summed"},  # read
    # SQL text, a value prepared for it, and reads: the statements that write assert instead.
    "league/services/statements.py": {
        "quoted",
        "moment",
        "placeholders",
        "read_rows",
        "select_rows",
    },
    "league/services/tallies.py": {"game_changes"},  # in memory
    "ratings/services/recompute.py": {
        "games_in_order",
        "replayed",
        "recompute",
        "differences",
    },  # read
    "ratings/services/reads.py": {"changes_from", "standings"},  # read
    "ratings/services/writes.py": {"change_values", "to_rate"},  # unsaved rows; a game in memory
    "scoring/services/members.py": {"validate_pin", "verify_pin"},  # compare only
    # Each notice is sent in its own atomic deliver_notice; the other reads which are due.
    "scoring/services/notices.py": {"deliver_notices", "notices_to_send"},
    "scoring/services/records.py": {"played_moment"},  # a moment from a date
    # Checks, then writes through its atomic `_sign`; refusals cost no transaction.
    "scoring/services/signing.py": {"sign_sheet", "check_may_sign", "clean_typed_name"},
}


def _holds_a_transaction(function: ast.FunctionDef) -> bool:
    for decorator in function.decorator_list:
        if ast.unparse(decorator) in ("transaction.atomic", "transaction.atomic()"):
            return True
    for node in ast.walk(function):
        if isinstance(node, ast.Call) and ast.unparse(node.func) in (
            "require_transaction",
            "transaction.atomic",
        ):
            return True
    return False


def test_every_public_service_function_opens_or_asserts_its_transaction() -> None:
    unheld = []
    for path in SERVICE_MODULES:
        name = str(path.relative_to(ROOT))
        tree = ast.parse(path.read_text())
        for node in tree.body:
            if (
                isinstance(node, ast.FunctionDef)
                and not node.name.startswith("_")
                and node.name not in WRITE_NOTHING.get(name, set())
                and not _holds_a_transaction(node)
            ):
                unheld.append(f"{name}: {node.name}")
    assert unheld == [], "open a transaction (@transaction.atomic) or call require_transaction"


def test_the_list_of_services_that_write_nothing_names_only_functions_that_exist() -> None:
    for name, functions in WRITE_NOTHING.items():
        tree = ast.parse((ROOT / name).read_text())
        defined = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
        assert functions <= defined, name


@pytest.mark.django_db(transaction=True)
def test_summing_the_standings_afresh_outside_a_transaction_is_refused_and_changes_nothing() -> (
    None
):
    season_around_today()
    play_bar()
    lines = list(SeasonStanding.objects.order_by("pk").values())
    assert lines

    with pytest.raises(NoTransaction, match="rebuild_standings must run inside"):
        rebuild_standings()

    assert list(SeasonStanding.objects.order_by("pk").values()) == lines


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "step",
    [
        pytest.param(rebuild_tallies, id="rebuild_tallies"),
        pytest.param(rebuild_runs, id="rebuild_runs"),
        pytest.param(
            lambda: refresh_runs_from(
                member_ids=[1], ruleset="bar", since=timezone.now(), in_club=1
            ),
            id="refresh_runs_from",
        ),
        pytest.param(
            lambda: refresh_standings(
                club_id=1, ruleset="bar", member_ids=[1], moments=[timezone.now()]
            ),
            id="refresh_standings",
        ),
        pytest.param(
            lambda: audit.record(
                by=None, action=AuditAction.SEASON_ADDED, target=season_around_today()
            ),
            id="audit.record",
        ),
    ],
)
def test_a_step_of_a_change_called_outside_a_transaction_is_refused(
    step: Callable[[], object],
) -> None:
    with pytest.raises(NoTransaction):
        step()
