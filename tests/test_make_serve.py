"""`make serve` starts the production server: migrations, static files, gunicorn, a page.

It runs the real target in a process group of its own, with production settings, on a free
port: SQLite in a scratch directory, or the PostgreSQL database DATABASE_URL names (.ci/run's
second pass), then stops it the way systemd does (SIGTERM).
"""

from __future__ import annotations

import gzip
import json
import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Starting means migrating a new database on a busy machine: generous, and only an upper bound.
START_LIMIT_SECONDS = 240


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def fetch(url: str, **headers: str) -> tuple[int, bytes, dict[str, str]]:
    # As Caddy forwards it: the client spoke HTTPS to the proxy.
    request = urllib.request.Request(url, headers={"X-Forwarded-Proto": "https", **headers})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read(), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read(), dict(error.headers)


def test_make_serve_migrates_collects_static_files_and_serves_with_gunicorn(
    tmp_path: Path,
) -> None:
    port = free_port()
    database = os.environ.get("DATABASE_URL", "")
    if not database.startswith("postgres"):
        database = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    env = {
        **{key: value for key, value in os.environ.items() if key != "BALUTCLUB_TESTING"},
        "DEBUG": "0",
        "SECRET_KEY": "make-serve-test-" + "x" * 40,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_PROXY_SSL_HEADER": "1",
        "DATABASE_URL": database,
        "STATIC_ROOT": str(tmp_path / "static"),
        "MEDIA_ROOT": str(tmp_path / "media"),
        "WEB_CONCURRENCY": "2",
    }
    log = (tmp_path / "serve.log").open("w")
    server = subprocess.Popen(
        ["make", "--no-print-directory", "serve", "HOST=127.0.0.1", f"PORT={port}"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        status, body, headers = 0, b"", dict[str, str]()
        deadline = time.monotonic() + START_LIMIT_SECONDS
        while time.monotonic() < deadline and server.poll() is None:
            try:
                status, body, headers = fetch(f"http://127.0.0.1:{port}/")
                break
            except OSError:
                time.sleep(1)
        output = (tmp_path / "serve.log").read_text()
        assert status == 200, output
        assert b"BalutClub" in body
        assert "gunicorn" in output.lower() and "Booting worker" in output, output
        assert headers.get("X-Frame-Options") == "DENY"
        manifest = json.loads((tmp_path / "static" / "staticfiles.json").read_text())
        hashed = manifest["paths"]["css/balutclub.css"]
        static_status, css, static_headers = fetch(f"http://127.0.0.1:{port}/static/{hashed}")
        assert static_status == 200 and css
        assert "immutable" in static_headers.get("Cache-Control", "")
        # Far in the future: a hashed name never changes content (WhiteNoise: ten years).
        max_age = re.search(r"max-age=(\d+)", static_headers.get("Cache-Control", ""))
        assert max_age is not None and int(max_age.group(1)) >= 365 * 24 * 3600
        # HTML is compressed for a browser that takes it, static files precompressed.
        _, packed, page_headers = fetch(f"http://127.0.0.1:{port}/", **{"Accept-Encoding": "gzip"})
        assert page_headers.get("Content-Encoding") == "gzip"
        assert b"BalutClub" in gzip.decompress(packed)
        _, _, css_headers = fetch(
            f"http://127.0.0.1:{port}/static/{hashed}", **{"Accept-Encoding": "gzip"}
        )
        assert css_headers.get("Content-Encoding") == "gzip"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=60)
        log.close()
    assert server.returncode is not None
