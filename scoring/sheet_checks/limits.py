"""How much of the server the verify page's uploads may take: a few uploads per client
(django-ratelimit, counting by clubs.throttle.client_ip), and a few checks at a time on the
whole server (settings.VERIFY_CONCURRENT_CHECKS), so that a flood of uploads gets quick refusals
while the other workers go on answering the tablets. Both are kept in the "uploads" cache, a
table of the database every gunicorn worker shares.
"""

from __future__ import annotations

import ipaddress
import math
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest
from django_ratelimit.core import get_usage

from clubs.throttle import client_ip

GROUP = "verify-upload"
# A slot outlives the check's budget by this much: only a worker killed in the middle of a
# check (out of memory, a restart) leaves one taken, and then not for long.
SLOT_MARGIN_SECONDS = 30


def upload_client(request: HttpRequest) -> str:
    """The client's address for counting its uploads (django-ratelimit masks an IPv6 one to
    its /64); one shared name for a request without a usable address."""
    address = client_ip(request)
    try:
        return str(ipaddress.ip_address(address))
    except ValueError:
        return "0.0.0.0"  # noqa: S104 (a name to count by, never bound to)


def minutes_until_allowed(request: HttpRequest) -> int | None:
    """Counts this upload against its client: None if it may go ahead; else how many minutes
    (at least 1) until the client's count starts again."""
    usage = get_usage(
        request,
        group=GROUP,
        key="ip",
        rate=settings.VERIFY_UPLOADS_PER_CLIENT,
        method="POST",
        increment=True,
    )
    if usage is None or not usage["should_limit"]:
        return None
    return max(1, math.ceil(usage["time_left"] / 60))


@contextmanager
def check_slot() -> Iterator[bool]:
    """One of the server's VERIFY_CONCURRENT_CHECKS slots for a check, held while inside:
    True if one was free, False if every one is taken (the caller refuses at once)."""
    cache = caches["uploads"]
    token = uuid.uuid4().hex
    timeout = math.ceil(settings.VERIFY_SECONDS) + SLOT_MARGIN_SECONDS
    for number in range(settings.VERIFY_CONCURRENT_CHECKS):
        key = f"verify-check-slot-{number}"
        # add() writes only if the key is absent: the database's unique key decides a race.
        if cache.add(key, token, timeout=timeout):
            try:
                yield True
            finally:
                if cache.get(key) == token:
                    cache.delete(key)
            return
    yield False
