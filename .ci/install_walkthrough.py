"""docs/install.md's recipe walked through on a fresh PostgreSQL, as literally as a CI machine
can (.ci/run runs it after the PostgreSQL test run; some two minutes).

Read from the doc and followed: the role and database of section 2 (created on 127.0.0.1 by
the superuser role CI has, as `createuser`/`createdb` would: a login role with a password, a
database it owns), the environment file of section 3 (its lines as printed, the host name kept,
the password and the paths made this run's own), `make serve` (the runtime lock only; it
migrates and collects the static files), /healthz answering 200, the club made by the doc's own
`manage.py create_club` line, and its secretary signing in on the club's sign-in page with the
password given to that line, then opening the club's settings. Not followed: apt-get,
the system user, systemd and the TLS proxy (a CI machine has none of them to give).

Exits non-zero, naming the step, when one fails; drops the role and database either way.
"""

from __future__ import annotations

import os
import re
import secrets
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import NoReturn

import psycopg

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "install.md"
HOST = "balut.example.org"
START_LIMIT_S = 240


def fail(step: str, detail: str = "") -> NoReturn:
    print(f"install walkthrough FAILED at: {step}\n{detail}", file=sys.stderr)
    raise SystemExit(1)


def doc_block_after(marker: str) -> list[str]:
    """The indented (code) lines that follow the first line of the doc containing `marker`."""
    lines = DOC.read_text().splitlines()
    start = next((i for i, line in enumerate(lines) if marker in line), None)
    if start is None:
        fail(f"docs/install.md has no {marker!r}")
    block: list[str] = []
    for line in lines[start + 1 :]:
        if line.startswith("    "):
            block.append(line.strip())
        elif block and line.strip():
            break
    return block


def doc_line(pattern: str) -> str:
    for line in DOC.read_text().splitlines():
        if re.search(pattern, line):
            return line.strip()
    fail(f"docs/install.md has no line matching {pattern!r}")


def manage_words(command: str) -> list[str]:
    """The manage.py command of a doc line, unwrapped from `sudo -u balutclub sh -c '…&& CMD'`.

    The walkthrough runs as this user with the environment file's settings already set, and in
    the checkout rather than /srv/balutclub/app, so what `sh -c` does before the command (load
    the environment, change directory) is done by the walkthrough itself.
    """
    words = shlex.split(command)
    if "sh" in words and "-c" in words:
        inner = words[words.index("-c") + 1]
        words = shlex.split(re.split(r"&&|;", inner)[-1])
    if "manage.py" not in " ".join(words[:2]):
        fail("the doc's line runs manage.py", command)
    return words


def admin(sql: str) -> None:
    dsn = "host={PGHOST} port={PGPORT} user={PGUSER} dbname=postgres".format(
        PGHOST=os.environ.get("PGHOST", "127.0.0.1"),
        PGPORT=os.environ.get("PGPORT", "5432"),
        PGUSER=os.environ.get("PGUSER", "postgres"),
    )
    with psycopg.connect(dsn, autocommit=True) as connection:
        connection.execute(sql)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def fetch(url: str) -> tuple[int, str]:
    # As the doc's proxy forwards it: the club's host name, spoken over HTTPS.
    request = urllib.request.Request(url, headers={"Host": HOST, "X-Forwarded-Proto": "https"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


class Browser:
    """Cookies kept by hand: the server marks them Secure (it is told the request came over
    HTTPS), and urllib's cookie jar never sends a Secure cookie back over plain http."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}

    def open(self, path: str, form: dict[str, str] | None = None) -> tuple[int, str, str]:
        headers = {"Host": HOST, "X-Forwarded-Proto": "https", "Referer": f"https://{HOST}{path}"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        address = f"http://127.0.0.1:{self.port}{path}"
        request = urllib.request.Request(address, data=data, headers=headers)
        opener = urllib.request.build_opener(NoRedirect)
        try:
            response = opener.open(request, timeout=10)
        except urllib.error.HTTPError as error:
            response = error
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return response.status, response.headers.get("Location", ""), response.read().decode()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def sign_in(port: int, slug: str, username: str, password: str) -> None:
    """The secretary signs in on the club's sign-in page with the password create_club set, and
    opens the club's settings, which only a secretary may."""
    browser = Browser(port)
    status, _, body = browser.open(f"/c/{slug}/signin/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', body)
    if status != 200 or token is None:
        fail(f"/c/{slug}/signin/ answers with its form", f"{status}\n{body[-2000:]}")
    print(f"   /c/{slug}/signin/: 200, its form")
    form = {"csrfmiddlewaretoken": token.group(1), "username": username, "password": password}
    status, location, body = browser.open(f"/c/{slug}/signin/password/", form)
    if status != 302:
        fail("the secretary signs in with the password", f"{status}\n{body[-2000:]}")
    status, _, body = browser.open(f"/c/{slug}/settings/")
    if status != 200:
        fail("the signed-in secretary opens the club's settings", f"{status}\n{body[-2000:]}")
    print(f"   signed in as {username} through the page (sent to {location}), settings: 200")


def environment(scratch: Path, role: str, password: str) -> dict[str, str]:
    """Section 3's file, line by line as the doc prints it, made this run's own."""
    database_url = (
        f"postgres://{role}:{password}@127.0.0.1:{os.environ.get('PGPORT', '5432')}/{role}"
    )
    settings: dict[str, str] = {}
    for line in doc_block_after("/etc/balutclub.env"):
        name, _, value = line.partition("=")
        settings[name] = value
    expected = {"SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL", "STATIC_ROOT", "MEDIA_ROOT"}
    if not expected <= set(settings):
        fail("section 3's environment file", f"missing {expected - set(settings)}: {settings}")
    settings["SECRET_KEY"] = secrets.token_urlsafe(50)
    settings["DATABASE_URL"] = database_url
    settings["MEDIA_ROOT"] = str(scratch / "media")
    settings["STATIC_ROOT"] = str(scratch / "staticfiles")
    env = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "BALUTCLUB_TESTING"}}
    env.pop("DATABASE_URL", None)
    return {**env, **settings}


def walk(scratch: Path, role: str, password: str) -> None:
    print("2. PostgreSQL: a login role with a password, and its database")
    admin(f"CREATE ROLE \"{role}\" LOGIN PASSWORD '{password}'")
    admin(f'CREATE DATABASE "{role}" OWNER "{role}"')
    env = environment(scratch, role, password)
    port = free_port()
    print(f"4. make serve (runtime lock), on 127.0.0.1:{port}")
    log_path = scratch / "serve.log"
    with log_path.open("w") as log:
        server = subprocess.Popen(
            ["make", "--no-print-directory", "serve", "HOST=127.0.0.1", f"PORT={port}"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + START_LIMIT_S
        status, body = 0, ""
        while time.monotonic() < deadline and server.poll() is None:
            try:
                status, body = fetch(f"http://127.0.0.1:{port}/healthz")
                break
            except OSError:
                time.sleep(1)
        output = log_path.read_text()
        if "requirements-dev.lock" in output:
            fail("make serve installs the runtime lock only", output[-3000:])
        if status != 200:
            fail("/healthz answers 200", f"{status} {body}\n{output[-3000:]}")
        print("   /healthz: 200", body)

        command = doc_line(r"manage\.py create_club ")
        print(f"   the club, as the doc makes it: {command}")
        words = manage_words(command)
        slug = words[words.index("create_club") + 1]
        secretary = words[words.index("--secretary") + 1]
        secretary_password = secrets.token_urlsafe(16)
        made = subprocess.run(
            [*words, "--password", secretary_password],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
        )
        if made.returncode != 0:
            fail("the doc's create_club line", made.stdout + made.stderr)
        sign_in(port, slug, secretary, secretary_password)
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=40)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()


def main() -> None:
    started = time.monotonic()
    role = f"balutclub_walk_{secrets.token_hex(4)}"
    password = secrets.token_urlsafe(16)
    with tempfile.TemporaryDirectory(prefix="install-walk-") as scratch:
        try:
            walk(Path(scratch), role, password)
        finally:
            admin(f'DROP DATABASE IF EXISTS "{role}" WITH (FORCE)')
            admin(f'DROP ROLE IF EXISTS "{role}"')
    print(f"docs/install.md walked through on PostgreSQL in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
