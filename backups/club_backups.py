"""`manage.py backup --club SLUG`: one club of a server in an archive of its own.

The archive has the whole-server backup's layout (backups.archive: a manifest, a SQLite
database, the media files) with `"scope": "club"` in the manifest, so neither restore takes the
other's archive. Its database holds that club's rows only, with their ids as they are:

- the rows the club owns (CLUB_TABLES: each table with the path from its rows to their club);
- the people they name: the users and members of the club's members, of everyone seated in
  its games (a guest from another club of the server included) and of anyone who recorded,
  corrected, witnessed or decided something in it;
- the other clubs of the server its rows name (the club a visiting entrant of its tournaments
  plays for): their club row only, a reference that `restore --club` finds on the target
  server by its address, or refuses the restore naming it;
- the uploaded files its rows name (the register's scans).

Left out are the server's own tables (sessions, sign-in attempts, the admin's log, permissions,
the federation's settings) and the ratings, a book the server keeps across clubs: after a
restore, `check_books --repair` works it out again with the club's games. A row of the club
that points at something of another club (an inter-club match played at the other club's
tables) cannot travel alone: the backup says which and writes nothing.
"""

from __future__ import annotations

import graphlib
import json
import tarfile
import tempfile
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.db import connections, models, transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from backups.archive import (
    ARCHIVE_FORMAT,
    COMPRESSLEVEL,
    DATABASE,
    MANIFEST,
    MEDIA,
    BackupError,
    Summary,
    add_bytes,
    applied_migrations,
    data_models,
    file_sha256,
    row_counts,
    sqlite_database,
)
from backups.archive_reader import CLUB_SCOPE
from backups.bulk import copy_queryset
from backups.schema import create_schema

USER = "auth.User"
MEMBER = "scoring.Member"
CLUB = "clubs.Club"
# Each table a club owns, with the lookup from its rows to the club's id.
CLUB_TABLES: dict[str, str] = {
    "clubs.Club": "pk",
    "clubs.Membership": "club",
    "scoring.Game": "club",
    "scoring.GamePlayer": "game__club",
    "scoring.Turn": "game__club",
    "scoring.Correction": "game__club",
    "scoring.Signature": "game__club",
    "league.AuditEntry": "club",
    "league.RegisterClaim": "game__club",
    "league.RegisterEntry": "club",
    "league.DrinkDebt": "game__club",
    "league.ClubSettings": "club",
    "league.Season": "club",
    "league.PlayerResultRow": "club",
    "league.SeasonStanding": "season__club",
    "league.GameBooking": "game__club",
    "league.BoxTally": "club",
    "league.KindTally": "club",
    "league.MonthTally": "club",
    "league.TotalBinTally": "club",
    "league.RivalryTally": "club",
    "tournaments.Tournament": "club",
    "tournaments.Entrant": "tournament__club",
    "tournaments.Round": "tournament__club",
    "tournaments.Table": "round__tournament__club",
    "tournaments.Seat": "round__tournament__club",
    "tournaments.ReplacedGame": "table__round__tournament__club",
    "tournaments.HandResult": "table__round__tournament__club",
    "teams.Competition": "club",
    "teams.Division": "competition__club",
    "teams.Team": "club",
    "teams.TeamMember": "team__club",
    "teams.DivisionEntry": "division__competition__club",
    "teams.Fixture": "division__competition__club",
    "teams.Match": "fixture__division__competition__club",
    "teams.MatchPlayer": "match__fixture__division__competition__club",
    "teams.MatchGame": "match__fixture__division__competition__club",
    "teams.CardSignature": "match__fixture__division__competition__club",
    "teams.Dispute": "match__fixture__division__competition__club",
    "teams.CupTie": "division__competition__club",
    # An entry asked of another club's competition, and a player's one team in a competition,
    # are the organising club's rows, as the competition is.
    "teams.EntryRequest": "competition__club",
    "teams.CompetitionPlace": "competition__club",
    "teams.CardReopening": "match__fixture__division__competition__club",
    "teams.Walkover": "fixture__division__competition__club",
    "teams.LineupPlace": "fixture__division__competition__club",
    "teams.ConcededGame": "match__fixture__division__competition__club",
    "api.ApiToken": "club",
    "clubs.NoticeSend": "club",
}
# The people the club's rows name: whole rows, shared by every club they belong to.
PEOPLE = (USER, MEMBER)
# The server's own tables, and the ratings (the server's book across clubs).
SERVER_TABLES = frozenset(
    {
        "admin.LogEntry",
        "auth.Permission",
        "auth.Group",
        "auth.Group_permissions",
        "auth.User_groups",
        "auth.User_user_permissions",
        "contenttypes.ContentType",
        "sessions.Session",
        "axes.AccessFailureLog",
        "axes.AccessAttempt",
        "axes.AccessAttemptExpiration",
        "axes.AccessLog",
        "clubs.Federation",
        "clubs.FirstRunToken",
        # A person's choice of notices, the same in every club of the server.
        "clubs.NoticeOptOut",
        "ratings.Rating",
        "ratings.RatingChange",
        "ratings.RatingBacklog",
    }
)


def club_models() -> list[type[models.Model]]:
    """The tables a club archive holds, people first; a table of the app that is neither the
    club's nor the server's stops the backup (a new table must say which it is)."""
    unknown = [
        model._meta.label
        for model in data_models()
        if model._meta.label not in CLUB_TABLES
        and model._meta.label not in PEOPLE
        and model._meta.label not in SERVER_TABLES
    ]
    if unknown:
        raise BackupError(
            _("This version does not know which club these tables' rows belong to: %(tables)s.")
            % {"tables": ", ".join(unknown)}
        )
    return [apps.get_model(label) for label in (*PEOPLE, *CLUB_TABLES)]


def club_rows(club_id: int, alias: str = "default") -> dict[str, QuerySet[Any]]:
    """Every row the club's archive holds, by table label, read from `alias`."""
    rows: dict[str, QuerySet[Any]] = {
        label: apps.get_model(label)._base_manager.using(alias).filter(**{path: club_id})
        for label, path in CLUB_TABLES.items()
    }
    members = _named(rows, MEMBER)
    users = _named(rows, USER)
    Membership = apps.get_model("clubs.Membership")  # noqa: N806 - a model class
    Member = apps.get_model(MEMBER)  # noqa: N806
    members |= set(
        Member._base_manager.using(alias)
        .filter(user__in=rows["clubs.Membership"].values("user"))
        .values_list("pk", flat=True)
    )
    users |= set(
        Member._base_manager.using(alias).filter(pk__in=members).values_list("user", flat=True)
    )
    users |= set(
        Membership._base_manager.using(alias).filter(club_id=club_id).values_list("user", flat=True)
    )
    rows[MEMBER] = Member._base_manager.using(alias).filter(pk__in=members)
    rows[USER] = apps.get_model(USER)._base_manager.using(alias).filter(pk__in=users)
    # The other clubs a visitor came from travel as references, as their people do.
    clubs = {club_id} | _named(rows, CLUB)
    rows[CLUB] = apps.get_model(CLUB)._base_manager.using(alias).filter(pk__in=clubs)
    return rows


def _named(rows: dict[str, QuerySet[Any]], label: str) -> set[int]:
    """The ids of `label` the club's rows point at."""
    found: set[int] = set()
    for queryset in rows.values():
        for field in foreign_keys(queryset.model):
            if target_label(field) == label:
                found |= set(
                    queryset.exclude(**{f"{field.attname}__isnull": True})
                    .order_by()
                    .values_list(field.attname, flat=True)
                    .distinct()
                )
    return found


def foreign_keys(model: type[models.Model]) -> list[models.ForeignKey[Any, Any]]:
    return [
        field
        for field in model._meta.concrete_fields
        if isinstance(field, models.ForeignKey) and field.related_model is not model
    ]


def target_label(field: models.ForeignKey[Any, Any]) -> str:
    """The label of the table `field` points at."""
    model = field.related_model
    assert not isinstance(model, str)  # resolved once the apps are loaded
    return model._meta.label


def file_fields(model: type[models.Model]) -> list[models.FileField]:
    return [field for field in model._meta.concrete_fields if isinstance(field, models.FileField)]


def strays(rows: dict[str, QuerySet[Any]]) -> list[str]:
    """Where the club's rows point at a row the archive would not hold: one line a kind."""
    found = []
    for label, queryset in rows.items():
        for field in foreign_keys(queryset.model):
            target = rows.get(target_label(field))
            if target is None:
                continue
            count = (
                queryset.exclude(**{f"{field.attname}__isnull": True})
                .exclude(**{f"{field.attname}__in": target.values("pk")})
                .count()
            )
            if count:
                found.append(f"{count} {label} ({field.name})")
    return found


def club_backup(path: Path, *, club_id: int, slug: str, name: str) -> Summary:
    """Write the club's archive to `path` (atomically, as backups.backup does)."""
    root = Path(settings.MEDIA_ROOT)
    club_models()
    with tempfile.TemporaryDirectory(prefix="balutclub-backup-") as scratch:
        database = Path(scratch) / DATABASE
        with sqlite_database(database, scratch=True) as alias:
            create_schema(alias, migrations=applied_migrations("default"))
            files = _copy_club(club_id, slug=slug, target=alias)
            counts = row_counts(alias)
            rows = {model._meta.db_table: counts[model._meta.db_table] for model in club_models()}
            migrations = applied_migrations(alias)
        present = {name: root / name for name in files if (root / name).is_file()}
        manifest = {
            "format": ARCHIVE_FORMAT,
            "app": "balutclub",
            "scope": CLUB_SCOPE,
            "club": {"slug": slug, "name": name},
            "created_at": timezone.now().isoformat(),
            "source_engine": connections["default"].vendor,
            "migrations": migrations,
            "rows": rows,
            "files": {name: file_sha256(file) for name, file in sorted(present.items())},
            "database_sha256": file_sha256(database),
        }
        partial = path.with_name(f".{path.name}.partial")
        with tarfile.open(partial, "w:gz", compresslevel=COMPRESSLEVEL) as archive:
            add_bytes(archive, MANIFEST, json.dumps(manifest, indent=1).encode())
            archive.add(database, arcname=DATABASE)
            for name, file in sorted(present.items()):
                archive.add(file, arcname=f"{MEDIA}/{name}")
        partial.replace(path)
    return Summary(rows=rows, files=len(present))


def _copy_club(club_id: int, *, slug: str, target: str) -> set[str]:
    """The club's rows, as one snapshot of the configured database, into `target`; the names
    of the files they keep."""
    connection = connections["default"]
    files: set[str] = set()
    with transaction.atomic(using="default"):
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        rows = club_rows(club_id)
        stray = strays(rows)
        if stray:
            raise BackupError(
                _(
                    "Club %(slug)s's rows point at rows of other clubs of this server, which "
                    "its archive cannot hold: %(rows)s. Nothing was written."
                )
                % {"slug": slug, "rows": "; ".join(stray)}
            )
        with transaction.atomic(using=target):
            for queryset in rows.values():
                files |= _copy_rows(queryset.order_by("pk"), target=target)
    return files


def _copy_rows(queryset: QuerySet[Any], *, target: str) -> set[str]:
    """The rows copied to `target`; the names of the files they keep."""
    files: set[str] = set()
    for kept in file_fields(queryset.model):
        files |= set(queryset.exclude(**{kept.attname: ""}).values_list(kept.attname, flat=True))
    copy_queryset(queryset, target=target)
    return {name for name in files if name}


def ordered(tables: list[type[models.Model]]) -> list[type[models.Model]]:
    """The tables with every table a row points at before it."""
    by_label = {model._meta.label: model for model in tables}
    graph = graphlib.TopologicalSorter(
        {
            label: {target_label(key) for key in foreign_keys(model)} & set(by_label)
            for label, model in by_label.items()
        }
    )
    return [by_label[label] for label in graph.static_order()]
