"""Reading a backup archive for `manage.py restore`: every check is made, and every file
unpacked and checked, before the database is touched.

Two passes over the archive. The first reads only the tar headers: the manifest comes first (a
backup writes it first), and then every member must be one the manifest names, once, as a plain
file, and together no bigger than a backup of this size can be (MAX_UNPACK_RATIO times the
archive, beyond UNPACKED_ALWAYS_ALLOWED) and than the free space where they go. Only then the
second pass writes the database into the scratch folder and the media files into the staging
folder, each checked against its SHA-256 as it is written. A name in the manifest must be a plain
relative path (no "..", no absolute path, nothing outside MEDIA_ROOT when joined to it).
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import tarfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import IO, Any

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from backups.archive import (
    ARCHIVE_FORMAT,
    DATABASE,
    MANIFEST,
    MEDIA,
    STAGING_PREFIX,
    BackupError,
)

MAX_MANIFEST_BYTES = 16 * 1024 * 1024
# A club's database compresses about 4.5 to 1 (measured on a synthesized year), an empty one 32
# to 1, scans hardly at all; a run of zeros 1000 to 1. Up to this much anything is unpacked.
MAX_UNPACK_RATIO = 50
UNPACKED_ALWAYS_ALLOWED = 64 * 1024 * 1024
# Left free on a disk after unpacking, for the database's own growth while it restores.
FREE_SPACE_MARGIN = 64 * 1024 * 1024
BLOCK = 1 << 20
# What an archive holds (its manifest's "scope"): a whole server, or one club of it.
SERVER_SCOPE = "server"
CLUB_SCOPE = "club"
SHA256 = re.compile(r"[0-9a-f]{64}")
# Errors of reading a damaged or cut-off gzip or tar stream.
READ_ERRORS = (OSError, EOFError, tarfile.TarError, zlib.error)


@dataclass(frozen=True)
class Unpacked:
    manifest: dict[str, Any]
    database: Path
    media: list[str]
    """The media names, each unpacked to the staging folder under the same relative path."""


def megabytes(size: int) -> str:
    return number_format(size / 1024 / 1024, decimal_pos=1)


def unpack(path: Path, *, scratch: Path, staging: Path, scope: str = SERVER_SCOPE) -> Unpacked:
    """The archive at `path` checked, its database written to `scratch`, its media files to
    `staging`; BackupError with the reason otherwise. `scope` is the archive's kind: a whole
    server's (`manage.py backup`) or one club's (`backup --club`)."""
    members = _checked_members(path, scope)
    manifest = members.manifest
    database = scratch / DATABASE
    _check_free_space(path, members.sizes(DATABASE), scratch)
    _check_free_space(path, members.sizes(MEDIA), staging)
    with _opened(path) as archive:
        try:
            for member in archive:
                expected = members.wanted.get(member.name)
                if expected is None or member.size != expected.size:
                    raise BackupError(_("%(path)s changed while it was read.") % {"path": path})
                if member.name == MANIFEST:
                    continue
                target = (
                    database
                    if member.name == DATABASE
                    else staging / member.name.removeprefix(f"{MEDIA}/")
                )
                source = archive.extractfile(member)
                assert source is not None  # a regular file, checked in the first pass
                digest = _copy(source, target)
                if expected.sha256 is not None and digest != expected.sha256:
                    raise BackupError(
                        _("%(path)s is damaged: %(name)s does not match its checksum.")
                        % {"path": path, "name": member.name}
                    )
        except READ_ERRORS as error:
            raise _damaged(path, error) from error
    return Unpacked(manifest=manifest, database=database, media=sorted(manifest["files"]))


@dataclass(frozen=True)
class _Expected:
    size: int
    sha256: str | None


@dataclass
class _Members:
    manifest: dict[str, Any]
    wanted: dict[str, _Expected]

    def sizes(self, prefix: str) -> int:
        return sum(
            expected.size
            for name, expected in self.wanted.items()
            if name == prefix or name.startswith(f"{prefix}/")
        )


def _opened(path: Path) -> tarfile.TarFile:
    try:
        return tarfile.open(path, "r:gz")
    except READ_ERRORS as error:
        raise BackupError(
            _("%(path)s is not a BalutClub backup archive: %(error)s")
            % {"path": path, "error": error}
        ) from error


def _damaged(path: Path, error: BaseException) -> BackupError:
    return BackupError(
        _("%(path)s is cut off or damaged (%(error)s): nothing was restored.")
        % {"path": path, "error": str(error) or type(error).__name__}
    )


def _checked_members(path: Path, scope: str) -> _Members:
    """The first pass: headers only, nothing written."""
    limit = max(UNPACKED_ALWAYS_ALLOWED, MAX_UNPACK_RATIO * path.stat().st_size)
    unpacked = 0
    found: _Members | None = None
    seen: set[str] = set()
    with _opened(path) as archive:
        try:
            for member in _members(archive):
                unpacked += member.size
                if unpacked > limit:
                    raise BackupError(
                        _(
                            "%(path)s would unpack to more than %(limit)s MB from %(size)s MB: "
                            "no backup compresses that well. Nothing was unpacked."
                        )
                        % {
                            "path": path,
                            "limit": megabytes(limit),
                            "size": megabytes(path.stat().st_size),
                        }
                    )
                if found is None:
                    found = _Members(manifest=_manifest(path, archive, member, scope), wanted={})
                    found.wanted = _wanted(path, found.manifest)
                    found.wanted[MANIFEST] = _Expected(size=member.size, sha256=None)
                elif member.name not in found.wanted or member.name in seen:
                    raise BackupError(
                        _("%(path)s holds what no backup does: %(name)s.")
                        % {"path": path, "name": member.name}
                    )
                elif not member.isfile():
                    raise BackupError(
                        _("%(path)s holds %(name)s as something other than a file.")
                        % {"path": path, "name": member.name}
                    )
                else:
                    found.wanted[member.name] = _Expected(
                        size=member.size, sha256=found.wanted[member.name].sha256
                    )
                seen.add(member.name)
            # To the end of the gzip stream, whose trailer (a checksum) proves it whole.
            assert archive.fileobj is not None
            while archive.fileobj.read(BLOCK):
                pass
        except READ_ERRORS as error:
            raise _damaged(path, error) from error
    if found is None:
        raise BackupError(
            _("%(path)s has no readable manifest: not a BalutClub backup.") % {"path": path}
        )
    missing = sorted(set(found.wanted) - seen)
    if missing:
        raise BackupError(
            _("%(path)s is incomplete: %(name)s is missing.") % {"path": path, "name": missing[0]}
        )
    return found


def _members(archive: tarfile.TarFile) -> Iterator[tarfile.TarInfo]:
    """The archive's headers one by one, without keeping them all."""
    while (member := archive.next()) is not None:
        yield member


def _manifest(
    path: Path, archive: tarfile.TarFile, member: tarfile.TarInfo, scope: str
) -> dict[str, Any]:
    unreadable = BackupError(
        _("%(path)s has no readable manifest: not a BalutClub backup.") % {"path": path}
    )
    if member.name != MANIFEST or not member.isfile() or member.size > MAX_MANIFEST_BYTES:
        raise unreadable
    source = archive.extractfile(member)
    try:
        manifest = json.loads(source.read()) if source is not None else None
    except ValueError as error:
        raise unreadable from error
    if not isinstance(manifest, dict):
        raise unreadable
    if manifest.get("app") != "balutclub" or manifest.get("format") != ARCHIVE_FORMAT:
        raise BackupError(
            _("%(path)s is not a BalutClub backup archive of a format this reads.") % {"path": path}
        )
    _check_scope(path, manifest, scope)
    files = manifest.get("files")
    database = manifest.get("database_sha256")
    if (
        not isinstance(files, dict)
        or not all(isinstance(sha, str) and SHA256.fullmatch(sha) for sha in files.values())
        or not (database is None or (isinstance(database, str) and SHA256.fullmatch(database)))
    ):
        raise unreadable
    return manifest


def _check_scope(path: Path, manifest: dict[str, Any], scope: str) -> None:
    """A club's archive goes to `restore --club`, a server's to `restore` alone."""
    found = manifest.get("scope", SERVER_SCOPE)
    club = manifest.get("club")
    if found == scope:
        if scope == CLUB_SCOPE and not (
            isinstance(club, dict) and isinstance(club.get("slug"), str)
        ):
            raise BackupError(
                _("%(path)s has no readable manifest: not a BalutClub backup.") % {"path": path}
            )
        return
    if found == CLUB_SCOPE:
        slug = club.get("slug") if isinstance(club, dict) else "?"
        raise BackupError(
            _(
                "%(path)s is the archive of one club (%(slug)s), not of a whole server: restore "
                "it with manage.py restore --club SLUG %(path)s. Nothing was restored."
            )
            % {"path": path, "slug": slug}
        )
    if found == SERVER_SCOPE:
        raise BackupError(
            _(
                "%(path)s is the backup of a whole server, not of one club: restore it with "
                "manage.py restore %(path)s (without --club) into an empty server. Nothing was "
                "restored."
            )
            % {"path": path}
        )
    raise BackupError(
        _("%(path)s is not a BalutClub backup archive of a format this reads.") % {"path": path}
    )


def _wanted(path: Path, manifest: dict[str, Any]) -> dict[str, _Expected]:
    """Each member the archive must hold, by its name in the archive; sizes come with the
    headers."""
    names = set(manifest["files"])
    for name in sorted(names):
        if not is_plain_name(name) or any(
            str(parent) in names for parent in PurePosixPath(name).parents
        ):
            raise BackupError(
                _("%(path)s names a file that cannot be restored: %(name)s.")
                % {"path": path, "name": repr(name)}
            )
    return {
        DATABASE: _Expected(size=0, sha256=manifest.get("database_sha256")),
        **{
            f"{MEDIA}/{name}": _Expected(size=0, sha256=sha)
            for name, sha in manifest["files"].items()
        },
    }


def is_plain_name(name: object) -> bool:
    """A relative path as `backup` writes one: no "." or ".." parts, no doubled or trailing
    slash, no control characters or backslashes, not the restore's staging folder."""
    if not isinstance(name, str) or not name or len(name) > 1024:
        return False
    if any(ord(character) < 32 or character in "\\\x7f" for character in name):
        return False
    relative = PurePosixPath(name)
    return (
        not relative.is_absolute()
        and str(relative) == name
        and not any(part in (".", "..") for part in relative.parts)
        and not relative.parts[0].startswith(STAGING_PREFIX)
    )


def _check_free_space(path: Path, needed: int, folder: Path) -> None:
    free = shutil.disk_usage(folder).free
    if needed + FREE_SPACE_MARGIN > free:
        raise BackupError(
            _(
                "Restoring %(path)s needs %(needed)s MB in %(folder)s, but only %(free)s MB are "
                "free there. Nothing was unpacked."
            )
            % {
                "path": path,
                "needed": megabytes(needed + FREE_SPACE_MARGIN),
                "folder": folder,
                "free": megabytes(free),
            }
        )


def _copy(source: IO[bytes], target: Path) -> str:
    """Write `source` to `target`; its SHA-256. A read error is the archive's (the caller's
    READ_ERRORS), a write error the disk's."""
    digest = hashlib.sha256()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        copy = target.open("wb")
    except OSError as error:
        raise _unwritable(target, error) from error
    with copy:
        for block in iter(lambda: source.read(BLOCK), b""):
            digest.update(block)
            try:
                copy.write(block)
            except OSError as error:
                raise _unwritable(target, error) from error
    return digest.hexdigest()


def _unwritable(target: Path, error: OSError) -> BackupError:
    return BackupError(
        _("Could not unpack into %(folder)s (%(error)s): nothing was restored.")
        % {"folder": target.parent, "error": error.strerror or error}
    )
