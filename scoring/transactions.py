"""The transaction a service relies on, asserted.

A service opens its own transaction (`@transaction.atomic`) or, when it is one step of a change
that must commit or fail whole (booking a game, summing standings, recording an audit line),
relies on its caller's: such a step calls `require_transaction` before it writes, so a caller
that forgot the transaction fails at once instead of leaving half a change behind.
"""

from __future__ import annotations

from django.db import transaction


class NoTransaction(RuntimeError):
    """A service that relies on its caller's transaction was called outside one."""


def require_transaction(
    what: str, *, within: str = "its caller's transaction", using: str | None = None
) -> None:
    """Raise NoTransaction unless the caller holds a transaction for `what` to write in."""
    if not transaction.get_connection(using).in_atomic_block:
        raise NoTransaction(f"{what} must run inside {within} (transaction.atomic).")
