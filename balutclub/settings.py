"""Settings for BalutClub, read from the environment.

Production is the default: DEBUG is off unless DEBUG=1 is exported, and then SECRET_KEY and
ALLOWED_HOSTS must be given. `make run` exports DEBUG=1 for local play.
"""

import os
import re
import secrets
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.contrib.messages import constants as message_constants
from django.core.exceptions import ImproperlyConfigured

from balutclub.command_mode import read_only_command

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


DEBUG = env_bool("DEBUG")

# Set by balutclub.pytest_env: the suite runs without `collectstatic`.
TESTING = env_bool("BALUTCLUB_TESTING")

# Set by manage.py for commands that only read (balutclub.command_mode): they need no secret.
READ_ONLY_COMMAND = read_only_command()

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY and READ_ONLY_COMMAND:
    # Signs nothing that outlives this process (a read-only command issues no cookie or token).
    SECRET_KEY = secrets.token_urlsafe(50)
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY must be set when DEBUG is off. Export a long random value, e.g. "
            "SECRET_KEY=$(python3 -c 'import secrets; print(secrets.token_urlsafe(50))'), "
            "or export DEBUG=1 for local development."
        )
    # Only reachable with DEBUG on, so this key never signs anything in production.
    SECRET_KEY = "django-insecure-balutclub-local-development-only"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS")
if not ALLOWED_HOSTS and not READ_ONLY_COMMAND:
    if not DEBUG:
        raise ImproperlyConfigured(
            "ALLOWED_HOSTS must be set when DEBUG is off: a comma-separated list of the host "
            "names the club serves the app on, e.g. ALLOWED_HOSTS=balut.example.org."
        )
    ALLOWED_HOSTS = ["127.0.0.1", "localhost"]

CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    # The admin, kept to the server's administrator once it hosts several clubs.
    "clubs.admin_site.ServerAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "crispy_forms",
    "crispy_bootstrap5",
    "django_htmx",
    "axes",
    # The bottom layer: the clubs a server hosts, their members' roles (docs/architecture.md).
    "clubs",
    "scoring",
    "league",
    "tournaments",
    "ratings",
    "teams",
    "stats",
    # The top layer: the federation's pages read every club's books side by side.
    "federation",
    # Above every app: backups and restores read and write every app's tables (its commands
    # backup, restore and delete_club).
    "backups",
    # Above them all too: the read API reads every app's selectors (api.site). "ninja" serves
    # the Swagger UI files of its docs page from its own static files, not from a CDN.
    "api",
    "ninja",
]

MIDDLEWARE = [
    # First: the club's settings read in a request are kept for the rest of it, and only for it
    # (league.settings_memo), whichever middleware or view reads them.
    "league.settings_memo.ClubSettingsPerRequest",
    "django.middleware.security.SecurityMiddleware",
    # WhiteNoise must sit right after SecurityMiddleware so static files skip the rest.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # A database with migrations left to apply gets 503 in words on every page but /healthz,
    # never a 500 (clubs.migrated); after WhiteNoise, as static files need no database.
    "clubs.migrated.RefuseUnmigratedDatabase",
    # HTML compressed here, after WhiteNoise: static files leave above with their own
    # precompressed copies, and every page and htmx answer below is gzipped on the way out
    # (a weak ETag keeps the board's polling 304s working).
    "django.middleware.gzip.GZipMiddleware",
    # Every page says where its scripts and styles may come from (balutclub.security_headers).
    "balutclub.security_headers.ContentSecurityPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The club the address names (/c/<slug>/...), or the server's only club: request.club, and
    # every page's links kept inside it (clubs.middleware). Before the language and the PIN
    # session, which follow the club's settings; after the user, whom a 404 page names.
    "clubs.middleware.ClubMiddleware",
    # After the user is known: the signed-in member's language comes before the browser's.
    "scoring.language.ClubLocaleMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Ends a PIN session on the shared tablet after the club's idle time (scoring.access.pins);
    # after the messages, so it can say so.
    "scoring.access.pins.PinSessionTimeoutMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: turns a lockout flagged during the request into its answer.
    "axes.middleware.AxesMiddleware",
]

# The clubs a server hosts are kept in each process and read again after this many seconds
# (clubs.selectors): another process's new club is seen within it.
CLUB_DIRECTORY_SECONDS = int(os.environ.get("CLUB_DIRECTORY_SECONDS", "5"))

# A club page that evaluates a query of a club-owned model naming no club raises
# (clubs.scoping). Off in production, where it would cost a check per query; the tests set it.
CLUB_QUERY_GUARD = False

ROOT_URLCONF = "balutclub.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "scoring.access.privacy.privacy",
                "clubs.context_processors.site_name",
            ],
        },
    },
]

WSGI_APPLICATION = "balutclub.wsgi.application"
ASGI_APPLICATION = "balutclub.asgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Server-side prepared statements (psycopg 3): a statement the same connection has run
    # PREPARE_THRESHOLD times (the turn's locked read of its game, the records' unions) is
    # prepared once by the server and then only executed, its plan kept. psycopg prepares only
    # with server-side binding, which Django leaves off by default. PREPARE_THRESHOLD=off turns
    # both off again (a transaction-mode pooler such as PgBouncer before 1.21 cannot keep them).
    _prepare = os.environ.get("PREPARE_THRESHOLD", "5")
    if _prepare.lower() not in ("off", "none", ""):
        _pg_options = DATABASES["default"].setdefault("OPTIONS", {})
        _pg_options.setdefault("server_side_binding", True)
        _pg_options.setdefault("prepare_threshold", int(_prepare))
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Two gunicorn workers recording turns at once: with SQLite's deferred transactions the
    # second writer fails at once with "database is locked" (an error 500 on the tablet).
    # IMMEDIATE takes the write lock when the transaction opens, so a writer waits its turn.
    _sqlite_options = DATABASES["default"].setdefault("OPTIONS", {})
    _sqlite_options.setdefault("transaction_mode", "IMMEDIATE")
    _sqlite_options.setdefault("timeout", 20)
    # Write-ahead log: a commit appends to one file and syncs it once, where the default
    # rollback journal syncs the journal, the database and the journal's removal: on a busy
    # disk that was most of a turn's time. Readers no longer wait for a writer. synchronous
    # stays FULL, so a turn the tablet was told is recorded survives a power cut too.
    # A page cache of 20 MB per connection (SQLite's default is 2 MB), run on each new
    # connection with the journal mode (Django splits init_command on ";"): ten years of
    # history outgrow the default, and the statistics pages then read their index pages from
    # the operating system again on every visit, a system call each (issue 29: the pages at
    # ten years as quick as at one). Unchanged pages stay cached between requests: WAL mode
    # tells a reader when another connection has written.
    _sqlite_options.setdefault("init_command", "PRAGMA journal_mode=WAL; PRAGMA cache_size=-20000")
    # Django's backend, but a writer waiting for another's transaction asks again within a
    # fraction of a millisecond, not after SQLite's growing sleeps (dbengines/sqlite/base.py).
    DATABASES["default"]["ENGINE"] = "dbengines.sqlite"
    # The tests' database in memory, as Django's own SQLite engine has it by default (tools
    # that know only that engine's name, like pytest-django's per-worker names, ask this).
    DATABASES["default"].setdefault("TEST", {}).setdefault("NAME", ":memory:")

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = os.environ.get("LANGUAGE_CODE", "en")
# English is the source; a new language needs an entry here and its catalog (docs/usage.md).
LANGUAGES = [("en", "English"), ("da", "Dansk"), ("de", "Deutsch")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Dates as each language writes them in a table ("25. nov. 2026"): balutclub/formats/.
FORMAT_MODULE_PATH = ["balutclub.formats"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Copenhagen")
# The club's name, printed at the head of every PDF score sheet.
CLUB_NAME = os.environ.get("CLUB_NAME", "").strip() or "BalutClub"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))

# The manifest storage needs `collectstatic` first; local runs and tests serve straight from
# static/ so they work without that step.
_static_backend = (
    "django.contrib.staticfiles.storage.StaticFilesStorage"
    if DEBUG or TESTING
    else "whitenoise.storage.CompressedManifestStaticFilesStorage"
)
if TESTING:
    # Serve straight from the finders, as with DEBUG on, instead of a collected STATIC_ROOT.
    WHITENOISE_USE_FINDERS = True
    WHITENOISE_AUTOREFRESH = True

# Uploaded files: the scans of historic register sheets. They are served by league's
# register_scan view (checked content, by entry), never straight from MEDIA_URL.
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))
MEDIA_URL = os.environ.get("MEDIA_URL", "/media/")

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": _static_backend},
}

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

# The club's own sign-in page: PINs for members, a password for the secretary.
LOGIN_URL = "scoring:signin"

# django-axes checks every sign-in first; the secretary's password goes to ModelBackend, a
# member's PIN on the tablet to scoring.access.pins.PinBackend.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
    "scoring.access.pins.PinBackend",
]
# The sign-in throttle (docs/usage.md, "Sign-in throttling"): a client (IP address) is stopped
# after AXES_FAILURE_LIMIT wrong passwords or PINs, whichever members it tries; one member after
# SIGN_IN_MEMBER_FAILURE_LIMIT, from all clients together, so one client alone can never lock a
# member out. Both locks lift AXES_COOLOFF_TIME after the last counted failure, and tries made
# while locked are not counted (they would keep the lock for ever).
AXES_FAILURE_LIMIT = int(os.environ.get("SIGN_IN_CLIENT_FAILURE_LIMIT", "5"))
SIGN_IN_MEMBER_FAILURE_LIMIT = int(os.environ.get("SIGN_IN_MEMBER_FAILURE_LIMIT", "10"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("SIGN_IN_COOLOFF_MINUTES", "15")))
if SIGN_IN_MEMBER_FAILURE_LIMIT <= AXES_FAILURE_LIMIT:
    raise ImproperlyConfigured(
        "SIGN_IN_MEMBER_FAILURE_LIMIT must be above SIGN_IN_CLIENT_FAILURE_LIMIT, or one client "
        "alone could lock a member out."
    )
# In this order: clubs.throttle reads the client's count first, then the member's.
AXES_LOCKOUT_PARAMETERS = ["ip_address", "username"]
AXES_HANDLER = "clubs.throttle.ClubAxesHandler"
# A right sign-in clears only that person's own wrong tries from that client (clubs.throttle).
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
# Every failed sign-in stays listed in the admin (the counts reset on success; this log does not),
# so the secretary can see who was guessing, and when.
AXES_ENABLE_ACCESS_FAILURE_LOG = True
AXES_LOCKOUT_CALLABLE = "clubs.throttle.lockout_response"
# Never written into the attempts table: a wrong PIN is a near miss of the right one.
AXES_SENSITIVE_PARAMETERS = ["username", "ip_address", "pin", "drawing"]
# Behind the club's reverse proxy the client's address is the proxy's: SIGN_IN_PROXY_COUNT=1
# reads it from the last X-Forwarded-For entry the (one) trusted proxy added.
SIGN_IN_PROXY_COUNT = int(os.environ.get("SIGN_IN_PROXY_COUNT", "0"))
AXES_CLIENT_IP_CALLABLE = "clubs.throttle.client_ip"

# What a page may load and run (balutclub.security_headers): only the app's own scripts and
# styles, never inline ones; Bootstrap's CSS draws icons from data: URLs.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

# The verify page's uploads (docs/usage.md, "Uploads to the verify page"): the most seconds one
# upload's check may take, well inside gunicorn's worker timeout (past it the check stops and
# says so); how many uploads one client (clubs.throttle.client_ip) may send, in
# django-ratelimit's words ("10/10m": ten in ten minutes); and how many checks run at once on the
# whole server, so the other workers keep answering the tablets while uploads pour in.
VERIFY_SECONDS = float(os.environ.get("VERIFY_SECONDS", "10"))
VERIFY_UPLOADS_PER_CLIENT = os.environ.get("VERIFY_UPLOADS_PER_CLIENT", "10/10m")
VERIFY_CONCURRENT_CHECKS = int(os.environ.get("VERIFY_CONCURRENT_CHECKS", "1"))
# The verify page's throttle counts and its check slots, shared by every gunicorn worker: in a
# table of the database (`manage.py createcachetable`, which `make run`/`make serve` and the
# systemd unit run), as the club runs no memcached or redis. Its increments are not atomic, so
# two uploads of one client at the very same instant may count once: the limit on checks running
# at once holds regardless.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "uploads": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "balutclub_upload_limits",
    },
}
RATELIMIT_USE_CACHE = "uploads"
# The read API's answers one client may ask for (api.site), in django-ratelimit's words.
API_REQUESTS_PER_CLIENT = os.environ.get("API_REQUESTS_PER_CLIENT", "600/10m")
RATELIMIT_IP_META_KEY = "scoring.sheet_checks.limits.upload_client"
if not re.fullmatch(r"[1-9]\d*/\d*[smhd]", VERIFY_UPLOADS_PER_CLIENT):
    raise ImproperlyConfigured(
        "VERIFY_UPLOADS_PER_CLIENT is a count and a period, like 10/10m (s, m, h or d)."
    )
if VERIFY_CONCURRENT_CHECKS < 1 or not VERIFY_SECONDS > 0:
    raise ImproperlyConfigured("VERIFY_CONCURRENT_CHECKS and VERIFY_SECONDS must be above 0.")

# Mail (docs/install.md, "Mail"): the console under `make run` (DEBUG), SMTP from the
# environment in production. scoring.notices sends the club's notices through it; its links are
# SITE_URL followed by the page's path.
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.console.EmailBackend"
    if DEBUG
    else "django.core.mail.backends.smtp.EmailBackend",
)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS")
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL")
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "10"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "BalutClub <balutclub@localhost>")
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

# Bootstrap has no "alert-error": refusals reported through messages show as "alert-danger".
MESSAGE_TAGS = {message_constants.ERROR: "danger"}

if not DEBUG:
    # Behind a TLS-terminating proxy the club sets SECURE_PROXY_SSL_HEADER=1.
    if env_bool("SECURE_PROXY_SSL_HEADER"):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    # A modest HSTS lifetime: a club that moves hosts is not locked out for a year.
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "3600"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = False
    SECURE_HSTS_PRELOAD = False
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"
    X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
