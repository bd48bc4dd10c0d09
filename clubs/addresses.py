"""Addresses that outlast a server's second club: a club page's old address without /c/<slug>/.

A server with one club serves its pages without the prefix; once a second club exists, those
addresses name no club. But many were printed or saved: the QR code on every signed sheet
(/verify/<code>/), a game's page and its sheet's PDF (/games/12/...), the TV's /board/. Their
object tells which club they belong to (codes and game numbers are unique on the server), so
clubs.middleware sends a GET of such an address to the same path under the owning club's
prefix (302), and answers an address whose object does not exist with a 404 in words.

The apps above register what they own here, in their AppConfig.ready(), without this app
importing them. The redirect names the club's address and nothing else; the club's page then
shows or refuses what it would for any visitor.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from clubs.models import Club


@dataclass(frozen=True)
class LastingAddress:
    pattern: re.Pattern[str]
    owner: Callable[[re.Match[str]], Club | None]
    """The club the address's object belongs to; None when there is no such object."""
    missing: Callable[[re.Match[str]], str] | None
    """The 404's words when there is no such object; None: the address leads to the list of
    clubs as any other would."""


_addresses: list[LastingAddress] = []


def provide_lasting_address(
    pattern: str,
    owner: Callable[[re.Match[str]], Club | None],
    missing: Callable[[re.Match[str]], str] | None = None,
) -> None:
    """Send a GET of `pattern` (matched at the start of a path without a club prefix) to the
    club `owner(match)` names (once, however often it is registered: ready() may run twice)."""
    compiled = re.compile(pattern)
    if all(known.pattern != compiled for known in _addresses):
        _addresses.append(LastingAddress(compiled, owner, missing))


def lasting_address(path: str) -> tuple[LastingAddress, re.Match[str]] | None:
    for address in _addresses:
        if match := address.pattern.match(path):
            return address, match
    return None


def first_club(_match: re.Match[str]) -> Club | None:
    """The server's oldest club (the one it had before any other): the TV board's."""
    return Club.objects.order_by("id").first()


# The TV on the wall keeps showing the club it showed before the second club came.
provide_lasting_address(r"^/board/", first_club)
