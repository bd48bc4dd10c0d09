"""A token's text and its digest: what the secretary copies once, and what the database keeps."""

from __future__ import annotations

import hashlib
import secrets

# Every token starts so, which tells a reader of a leaked log line what it is.
TOKEN_START = "bc_"
PREFIX_LENGTH = 10


def new_token_text() -> str:
    return TOKEN_START + secrets.token_urlsafe(32)


def digest_of(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
