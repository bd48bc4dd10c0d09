"""Environment defaults for the test suite, loaded by pytest as an early plugin (`-p`).

pytest-django imports the settings before any conftest.py runs, so defaults set in a conftest
come too late; an early plugin runs first. Values already exported (e.g. DATABASE_URL from
.ci/run) win over these defaults.
"""

import atexit
import os
import shutil
import tempfile

# Tests run with production settings (DEBUG off) so the guards that protect a real club are the
# ones under test; only the HTTPS redirect is dropped, since the test servers speak plain HTTP.
os.environ.setdefault("DEBUG", "0")
os.environ.setdefault("SECRET_KEY", "balutclub-test-suite-key-not-for-production")
os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost,127.0.0.1")
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
os.environ["BALUTCLUB_TESTING"] = "1"
# The verify page's count of uploads per client lives in a database table that flushing between
# live-server tests leaves alone: the suite's uploads would add up from test to test. The tests
# of that limit set their own.
os.environ.setdefault("VERIFY_UPLOADS_PER_CLIENT", "1000/10m")
# The read API's count per client is kept in the same table: the suite's requests add up too.
os.environ.setdefault("API_REQUESTS_PER_CLIENT", "100000/10m")
# The clubs are read once per test (tests/conftest.py's one_club): a slow test must not count a
# second read of them among its queries. A club made in a test is seen at once all the same.
os.environ.setdefault("CLUB_DIRECTORY_SECONDS", "3600")

# Uploads go to a folder of this process's own, never the repository's media/, so parallel
# pytest-xdist workers never share a file. Workers inherit the controller's environment: a
# MEDIA_ROOT this plugin made there is replaced; one exported by hand is kept.
if os.environ.get("MEDIA_ROOT", "") in ("", os.environ.get("BALUTCLUB_TEST_MEDIA_ROOT")):
    _media = tempfile.mkdtemp(prefix="balutclub-test-media-")
    os.environ["MEDIA_ROOT"] = os.environ["BALUTCLUB_TEST_MEDIA_ROOT"] = _media
    atexit.register(shutil.rmtree, _media, ignore_errors=True)


def pytest_configure(config: object) -> None:
    """BALUTCLUB_TEST_CLOCK=2026-11-27T23:30:00+00:00 runs the suite with the clock set there
    (and running on), in every xdist worker: a test that passes only at some hours of the day,
    or on some days, fails at the hour that breaks it. Used to run the suite at 23:30 UTC and
    at 00:30 in the club's time zone (docs/architecture.md, "Time in tests"). Servers started
    as separate processes keep the real clock; the browsers' clocks start at the set time
    (tests/conftest.py's tablet_context)."""
    moment = os.environ.get("BALUTCLUB_TEST_CLOCK")
    if not moment:
        return
    import datetime

    import time_machine

    time_machine.travel(datetime.datetime.fromisoformat(moment), tick=True).start()
