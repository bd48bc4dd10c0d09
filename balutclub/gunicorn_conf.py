"""gunicorn's settings for `make serve` and the systemd unit in docs/install.md.

Each can be overridden from the environment (WEB_CONCURRENCY, GUNICORN_TIMEOUT, ...) or on
gunicorn's command line, which wins over this file.
"""

from __future__ import annotations

import os
from typing import Any


def _cores() -> int:
    # The cores this process may run on (a container's limit), not the machine's.
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
# Sync workers: every request is short (a turn, a page), and the database does the waiting.
workers = int(os.environ.get("WEB_CONCURRENCY", str(2 * _cores() + 1)))
# A worker silent this long is killed and replaced: no request of the app takes seconds,
# except a month's PDF sheets, which fit well inside it.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "30"))
# Tablets poll and send turns over one kept-alive connection through the proxy.
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "5"))
# Recycle workers now and then, so a slow leak never grows all evening.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "2000"))
max_requests_jitter = max_requests // 10
# The proxy (Caddy or nginx) on this machine is trusted to say the client spoke HTTPS.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-")
errorlog = "-"

# The app is loaded once, in the master, and warmed there (balutclub.warmup: the views, the
# templates, the catalogs, the engine's tables) before the workers are forked: a worker's first
# request, a recycled worker's too, costs what a warm one does (it was 0.5 s against 20 ms).
# The code is read at start only: an upgrade restarts gunicorn (docs/install.md); HUP re-reads
# these settings and forks new workers from the same code. GUNICORN_PRELOAD=0 loads the app in
# each worker instead, as before (`make bench` compares the two).
preload_app = os.environ.get("GUNICORN_PRELOAD", "1") != "0"


def when_ready(server: Any) -> None:
    """In the master, after the app is loaded and before the first worker is forked."""
    if not preload_app:
        return
    try:
        from balutclub.warmup import warm

        warm()
    except Exception:
        # A failed warm-up costs the first requests their time, never the server its start.
        server.log.exception("The warm-up failed: each worker warms on its first requests")
