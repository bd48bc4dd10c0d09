"""How a member's PIN is kept: hashed, with fewer rounds than a password (issue 40)."""

from __future__ import annotations

from django.contrib.auth.hashers import PBKDF2PasswordHasher, get_hasher, make_password

# PBKDF2 rounds for a PIN (issue 40). Django's million rounds for a password cost 0.2 s of a
# core (more on a bar's mini-PC) each time a PIN is checked: at the sign-in, at every game's
# start form and at every signature, so 40 tablets sitting down at once queued seconds of it in
# front of their turns. A PIN has at most a million values (four digits: ten thousand): from a
# stolen database a million rounds made guessing a four-digit PIN some half hour of one core
# (seconds on a graphics card), these rounds some seconds; neither keeps a PIN from whoever has
# the database. What stops guessing at the server is the sign-in throttle (clubs.throttle).
PIN_ITERATIONS = 20_000


class PinHasher(PBKDF2PasswordHasher):
    """Django's PBKDF2 (the hash names its own rounds, so check_password reads it as any other
    PBKDF2 hash), with PIN_ITERATIONS rounds."""

    iterations = PIN_ITERATIONS


def hash_pin(pin: str) -> str:
    """The PIN's hash: PBKDF2 at PIN_ITERATIONS rounds, or the server's own hasher when that is
    not PBKDF2 (the tests' quick one)."""
    if get_hasher().algorithm != PinHasher.algorithm:
        return make_password(pin)
    return make_password(pin, hasher=PinHasher())
