"""`manage.py restore --club SLUG FILE`: one club's archive into a server that hosts others.

All or nothing, as the whole-server restore (backups.restoring): every check of the archive
first (backups.archive_reader), its database migrated forward in the scratch folder, then in
one transaction every row is added and every file moved into place; anything failing rolls
all of it back and puts the files back. No other club's row or file is changed:

- the club goes to the address SLUG, which must be free, or a club with nothing in it yet (as
  `create_club` leaves it: its secretary's membership stays, its settings are the archive's);
  a club there with games, seasons, a register or a ledger is refused;
- a person whose user name the server knows already is that person (their password, PIN and
  their other clubs stay as they are), and the command names them; a new person whose "goes
  by" name another person of the server has gets the club's address after it; a server
  administrator in the archive comes back without that right, which is the server's to give;
- each table keeps its ids when none of them is taken on this server, or all its rows get
  fresh ids (every row pointing at them follows), so the rows keep their order;
- an uploaded file whose name this server uses already gets a name of its own;
- another club the archive names (the club a visiting entrant played for) is the club at the
  same address here, as a person is the one with the same user name; a server without it is
  refused before anything is written, naming each such club: the visitors' results and labels
  would otherwise lose their club, and inventing an empty club would add one to the
  federation's list that nobody opened.

Signed sheets keep verifying: the codes of format 2 hash no id (scoring.verification). Codes of
format 1, printed before it, hash the game's, its players' and its corrections' ids, and every
printed sheet names its game by number: where this restore changes those ids, each signed game
keeps the ones it was printed with (scoring.restored_ids), which the verify page reads.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from django.apps import apps
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.db import connections, models, transaction
from django.utils.translation import gettext as _

from backups.archive import BackupError, sqlite_database
from backups.archive_reader import CLUB_SCOPE, unpack
from backups.bulk import BATCH
from backups.club_backups import (
    CLUB,
    CLUB_TABLES,
    MEMBER,
    USER,
    club_models,
    ordered,
)
from backups.club_deletion import delete_club_rows, remove_unnamed_files, replaceable_files
from backups.club_restore_checks import check_address, code_clashes, other_clubs
from backups.club_rows import (
    People,
    Table,
    add_rows,
    kept_memberships,
    linked_members,
    linked_users,
    source_rows,
)
from backups.progress import Progress
from backups.restoring import MediaPlacement, _staging, _upgrade, refused_as_backup_errors
from backups.schema import migrate
from scoring import restored_ids


@dataclass
class ClubRestore:
    """What the restore did, for the command to tell."""

    archive_slug: str
    rows: int = 0
    files: int = 0
    linked: list[str] = field(default_factory=list)
    renamed: list[tuple[str, str]] = field(default_factory=list)
    demoted: list[str] = field(default_factory=list)
    fresh_ids: list[str] = field(default_factory=list)
    other_clubs: list[str] = field(default_factory=list)
    """The other clubs the archive names, each the club at its address here."""
    renumbered: int = 0
    """Signed games whose numbers changed: their printed sheets name them by the old one."""


def club_restore(
    path: Path, *, slug: str, replace: bool = False, progress: Progress | None = None
) -> ClubRestore:
    """Load the club archive at `path` as the club at `slug` (in place of the club there and
    its rows when `replace`); BackupError, with nothing changed, when the archive is not a sound
    club archive, the address is taken or its signed games' codes are held here."""
    progress = progress or Progress()
    root = Path(settings.MEDIA_ROOT)
    club_models()
    check_address(slug, replace=replace)
    with (
        tempfile.TemporaryDirectory(prefix="balutclub-restore-") as scratch,
        _staging(root) as staging,
    ):
        progress.step(_("Checking and unpacking %(path)s…") % {"path": path})
        unpacked = unpack(path, scratch=Path(scratch), staging=staging / "new", scope=CLUB_SCOPE)
        report = ClubRestore(archive_slug=unpacked.manifest["club"]["slug"])
        with sqlite_database(unpacked.database) as alias, refused_as_backup_errors(path):
            progress.step(_("Bringing the tables up to this version…"))
            _upgrade(alias)
            other_clubs(alias, archive_slug=report.archive_slug, slug=slug)
            migrate()
            code_clashes(alias, slug=slug, replace=replace)
            loader = _Loader(source=alias, slug=slug, root=root, report=report, progress=progress)
            replacing = replaceable_files(unpacked.media, slug=slug) if replace else frozenset()
            names = loader.place_files(unpacked.media, staging / "new", replacing=replacing)
            placement = MediaPlacement(root=root, staging=staging, names=names)
            placement.check()
            try:
                with transaction.atomic():
                    check_address(slug, lock=True, replace=replace)
                    if replace:
                        replaced(slug)
                    progress.step(_("Copying the rows…"))
                    loader.load()
                    loader.check_counts()
                    placement.install()
            except BaseException:
                placement.undo()
                raise
        report.files = len(names)
    from clubs.selectors import forget_clubs

    forget_clubs()
    return report


class _Loader:
    """The archive's rows added to the configured database, each id mapped to the one it gets."""

    def __init__(
        self, *, source: str, slug: str, root: Path, report: ClubRestore, progress: Progress
    ) -> None:
        self.source = source
        self.progress = progress
        self.slug = slug
        self.root = root
        self.report = report
        self.ids: dict[str, dict[Any, Any]] = {}
        self.files: dict[str, str] = {}
        self.club_id: int | None = None
        self.people = People(linked=report.linked, renamed=report.renamed, demoted=report.demoted)

    def place_files(
        self, names: list[str], staged: Path, *, replacing: frozenset[str] = frozenset()
    ) -> list[str]:
        """Each of the archive's files under a name free on this server, or its own name when
        the file there is one the restore may replace (moved so in the staging folder); the
        names they go to."""
        taken: set[str] = set()
        for name in names:
            new = name
            number = 0
            while (
                (self.root / new).exists() or (self.root / new).is_symlink() or new in taken
            ) and new not in replacing:
                number += 1
                plain = PurePosixPath(name)
                suffix = f"-{self.slug}" + (f"-{number}" if number > 1 else "")
                new = str(plain.with_name(f"{plain.stem}{suffix}{plain.suffix}"))
            taken.add(new)
            self.files[name] = new
        for name, new in self.files.items():
            if new != name:
                (staged / new).parent.mkdir(parents=True, exist_ok=True)
                os.replace(staged / name, staged / new)
        return sorted(taken)

    def load(self) -> None:
        tables = ordered(club_models())
        for done, model in enumerate(tables, start=1):
            self.progress.copied(tables=done - 1, of=len(tables), rows=self.report.rows)
            label = model._meta.label
            self.ids[label] = {}
            if label == CLUB:
                rows = model._base_manager.using(self.source)
                self._club(rows.get(slug=self.report.archive_slug))
                self._visited_clubs()
                self.report.rows += 1
                continue
            self._add(model)
            self.report.rows += len(self.ids[label])
        self.progress.copied(tables=len(tables), of=len(tables), rows=self.report.rows, done=True)
        self._keep_printed_ids()
        reset = connections["default"].ops.sequence_reset_sql(no_style(), club_models())
        with connections["default"].cursor() as cursor:
            for statement in reset:
                cursor.execute(statement)

    def _keep_printed_ids(self) -> None:
        """Each signed game whose ids changed keeps those it was printed with (composed with
        any an earlier restore kept), so its code and its printed number still verify."""
        Game = apps.get_model("scoring.Game")  # noqa: N806 - a model class
        source = {
            label: apps.get_model(label)._base_manager.using(self.source)
            for label in ("scoring.Game", "scoring.GamePlayer", "scoring.Correction")
        }
        signed = dict(
            source["scoring.Game"]
            .exclude(verification_code="")
            .values_list("pk", "restored_ids")
            .iterator(chunk_size=BATCH)
        )
        moved: dict[int, dict[str, dict[int, int]]] = {pk: {} for pk in signed}

        def note(game: int, kind: str, label: str, old: int) -> None:
            if game in moved:
                moved[game].setdefault(kind, {})[old] = self.ids[label][old]

        players = source["scoring.GamePlayer"].exclude(member_id=None)
        for game, member in players.values_list("game_id", "member_id").iterator(BATCH):
            note(game, restored_ids.MEMBERS, MEMBER, member)
        corrections = source["scoring.Correction"].values_list("game_id", "pk", "corrected_by_id")
        for game, correction, user in corrections.iterator(BATCH):
            note(game, restored_ids.CORRECTIONS, "scoring.Correction", correction)
            note(game, restored_ids.USERS, USER, user)
        changed = []
        games = self.ids["scoring.Game"]
        for old, kept in signed.items():
            now = restored_ids.composed(kept or {}, game=(old, games[old]), moved=moved[old])
            if now != (kept or {}):
                changed.append(Game(pk=games[old], restored_ids=now))
            self.report.renumbered += old != games[old]
        Game._base_manager.bulk_update(changed, ["restored_ids"], batch_size=BATCH)

    def _mapped(self, table: Table, row: list[Any]) -> list[Any]:
        """`row` pointing at the rows its references became."""
        for index, label in table.keys:
            if row[index] is not None:
                row[index] = self.ids[label][row[index]]
        for index in table.files:
            if row[index]:
                row[index] = self.files.get(row[index], row[index])
        return row

    def _club(self, row: models.Model) -> None:
        Club = type(row)  # noqa: N806 - a model class
        club = Club._base_manager.filter(slug=self.slug).first()
        if club is None:
            club = Club(slug=self.slug, name=row.name, created_at=row.created_at)  # type: ignore[attr-defined]
            try:
                club.full_clean()
            except ValidationError as refused:
                raise BackupError("; ".join(refused.messages)) from refused
            club.save()
        else:
            # An empty club made for the restore: its settings are the archive's.
            apps.get_model("league.ClubSettings")._base_manager.filter(club=club).delete()
        self.ids[CLUB][row.pk] = self.club_id = club.pk

    def _visited_clubs(self) -> None:
        """The other clubs the archive names: references to this server's, never added."""
        here = other_clubs(self.source, archive_slug=self.report.archive_slug, slug=self.slug)
        self.ids[CLUB].update(here)
        Club = apps.get_model(CLUB)  # noqa: N806 - a model class
        self.report.other_clubs = [
            f"{club.name} ({club.slug})" for club in Club._base_manager.filter(pk__in=here.values())
        ]

    def _add(self, model: type[models.Model]) -> None:
        """The table's rows added, with their own ids when none is taken here, else fresh ones;
        the people and memberships this server has already linked, not added."""
        label = model._meta.label
        table = Table(model)
        ids = self.ids[label]
        rows = source_rows(model, source=self.source)
        if label in (USER, MEMBER, "clubs.Membership"):
            rows = self._linked(table, list(rows))
        else:
            rows = (self._mapped(table, row) for row in rows)
        span = model._base_manager.using(self.source).aggregate(
            low=models.Min("pk"), high=models.Max("pk")
        )
        fresh = (
            not model._meta.pk.is_relation
            and span["low"] is not None
            and model._base_manager.filter(pk__gte=span["low"], pk__lte=span["high"]).exists()
        )
        if fresh:
            self.report.fresh_ids.append(label)
        add_rows(model, rows, ids=ids, fresh=fresh)

    def _linked(self, table: Table, rows: list[list[Any]]) -> Iterator[list[Any]]:
        """The rows of the people's tables and the memberships (mapped), less those this server
        has already (each mapped to the one here)."""
        label = table.model._meta.label
        ids = self.ids[label]
        if label == USER:
            ids.update(linked_users(rows, self.people))
        elif label == MEMBER:
            ids.update(
                linked_members(rows, users=self.ids[USER], slug=self.slug, people=self.people)
            )
        rows = [self._mapped(table, row) for row in rows]
        if label == "clubs.Membership":
            ids.update(kept_memberships(rows))
        return (row for row in rows if row[table.pk] not in ids)

    def check_counts(self) -> None:
        """Every row of the archive is the club's here (a link counts as its row)."""
        club = self.club_id
        for label, lookup in CLUB_TABLES.items():
            model = apps.get_model(label)
            here = model._base_manager.filter(**{lookup: club}).count()
            there = model._base_manager.using(self.source).count()
            if label == CLUB:
                there -= len(self.report.other_clubs)
            if here < there or (here != there and label != "clubs.Membership"):
                raise BackupError(
                    _(
                        "%(table)s differs from the archive (%(here)d rows, not %(there)d): "
                        "nothing was restored."
                    )
                    % {"table": label, "here": here, "there": there}
                )


def replaced(slug: str) -> None:
    """The rows of the club at `slug` deleted, its club row kept for the archive's rows (inside
    the restore's transaction); its files removed once that has committed."""
    Club = apps.get_model(CLUB)  # noqa: N806 - a model class
    club = Club._base_manager.filter(slug=slug).first()
    if club is not None:
        deleted = delete_club_rows(club.pk, slug=slug, keep_club=True)
        transaction.on_commit(lambda: remove_unnamed_files(deleted.files))
