"""The crash benchmark: gunicorn on PostgreSQL killed (SIGKILL) with games' last turns in flight.

Each simulated tablet holds the last turn of its own game (a two-member Bar Balut game, every
other turn already recorded). They all send it at once; once a few have their answer the whole
server (master and workers, its process group) is killed with SIGKILL, as a power cut would.
The server is started again and the tablets without an answer send the same turn again (same
request key), with `kills` such rounds before a last one that is let finish. Then
`manage.py check_books` compares every game's books with its record: the figure that matters is
0 inconsistent games.

Everything runs in subprocesses against a fresh PostgreSQL database made for the run and
dropped after it, so it needs no Django in the calling process (the pytest test and `make
bench` both call `run_crash`). `python -m benchmarks.crash_games N` is the subprocess that
sets the games up.
"""

from __future__ import annotations

import http.client
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres"
SERVER_ENVIRONMENT = {
    "DJANGO_SETTINGS_MODULE": "balutclub.settings",
    "DEBUG": "0",
    "SECRET_KEY": "balutclub-crash-benchmark-key-not-for-production",
    "ALLOWED_HOSTS": "127.0.0.1",
    # Plain HTTP on the loopback: no redirect to HTTPS.
    "SECURE_SSL_REDIRECT": "0",
    # Static files from the finders: there is no collectstatic in a throw-away setup.
    "BALUTCLUB_TESTING": "1",
}
# Kill once this share of the tablets has its answer: the rest are queued or being booked.
KILL_AFTER_SHARE = 0.2
REQUEST_TIMEOUT = 60.0


@dataclass
class Tablet:
    game: int
    session: str
    csrf: str
    post: dict[str, str]
    answered: bool = False
    sends: int = 0


@dataclass
class CrashResult:
    games: int
    kills: int = 0
    in_flight_at_kills: list[int] = field(default_factory=list)
    resends: int = 0
    errors: int = 0
    finished: int = 0
    inconsistent: int = -1
    check_output: str = ""
    seconds: float = 0.0
    skipped: str = ""

    def figures(self) -> dict[str, float]:
        return {
            "games": self.games,
            "kills": self.kills,
            "resends": self.resends,
            "inconsistent": self.inconsistent,
        }

    def report(self) -> str:
        if self.skipped:
            return f"  skipped: {self.skipped}"
        return "\n".join(
            [
                f"  games {self.games}, kills {self.kills} (last turns in flight at each kill: "
                f"{', '.join(map(str, self.in_flight_at_kills)) or 'none'}), "
                f"re-sends {self.resends}, errors {self.errors}",
                f"  finished games {self.finished}, inconsistent games {self.inconsistent} "
                f"(check_books), {self.seconds:.1f} s",
            ]
        )


def postgres_url(candidate: str | None = None) -> str:
    """The PostgreSQL server to use: `candidate`, $BENCH_POSTGRES_URL, $DATABASE_URL when it
    names PostgreSQL, or the local default."""
    for url in (candidate, os.environ.get("BENCH_POSTGRES_URL"), os.environ.get("DATABASE_URL")):
        if url and url.startswith(("postgres://", "postgresql://")):
            return url
    return DEFAULT_POSTGRES


def _with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


def _admin(url: str, statement: str) -> None:
    import psycopg

    with psycopg.connect(_with_database(url, "postgres"), autocommit=True, connect_timeout=3) as c:
        c.execute(statement.encode())


def reachable(url: str) -> str:
    """'' when the server answers, else why not."""
    try:
        _admin(url, "SELECT 1")
    except Exception as error:  # noqa: BLE001 - any failure means: no PostgreSQL to use
        return f"no PostgreSQL reachable at {urlsplit(url).hostname}:{urlsplit(url).port} ({error})"
    return ""


def run_crash(
    *, games: int = 24, kills: int = 2, workers: int = 2, postgres: str | None = None
) -> CrashResult:
    result = CrashResult(games=games)
    url = postgres_url(postgres)
    why = reachable(url)
    if why:
        result.skipped = why + "; set BENCH_POSTGRES_URL to run the crash benchmark"
        return result
    started = time.perf_counter()
    name = f"balutclub_crash_{os.getpid()}_{secrets.token_hex(4)}"
    _admin(url, f'CREATE DATABASE "{name}"')
    try:
        env = {**os.environ, **SERVER_ENVIRONMENT, "DATABASE_URL": _with_database(url, name)}
        _manage(env, "migrate", "--no-input", "-v", "0")
        tablets = _prepare(env, games)
        port = _free_port()
        for round_number in range(kills + 1):
            waiting = [tablet for tablet in tablets if not tablet.answered]
            if not waiting:
                break
            kill = round_number < kills
            with _server(env, port, workers) as server:
                in_flight = _send_all(waiting, port, result, server if kill else None)
            if kill:
                result.kills += 1
                result.in_flight_at_kills.append(in_flight)
        # Tablets keep sending until they have an answer; the server now stays up.
        with _server(env, port, workers):
            for _ in range(3):
                waiting = [tablet for tablet in tablets if not tablet.answered]
                if not waiting:
                    break
                _send_all(waiting, port, result, None)
        result.errors += sum(1 for tablet in tablets if not tablet.answered)
        result.resends = sum(tablet.sends - 1 for tablet in tablets)
        check = _manage(env, "check_books", check=False)
        result.check_output = check.stdout + check.stderr
        result.inconsistent, result.finished = _parse_check(check.stdout)
    finally:
        _admin(url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    result.seconds = time.perf_counter() - started
    return result


def _manage(
    env: Mapping[str, str], *args: str, check: bool = True
) -> subprocess.CompletedProcess[str]:
    run = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=dict(env),
        capture_output=True,
        text=True,
        check=False,
    )
    if check and run.returncode != 0:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{run.stdout}\n{run.stderr}")
    return run


def _prepare(env: Mapping[str, str], games: int) -> list[Tablet]:
    run = subprocess.run(
        [sys.executable, "-m", "benchmarks.crash_games", str(games)],
        cwd=ROOT,
        env=dict(env),
        capture_output=True,
        text=True,
        check=False,
    )
    if run.returncode != 0:
        raise RuntimeError(f"preparing the games failed:\n{run.stdout}\n{run.stderr}")
    return [Tablet(**row) for row in json.loads(run.stdout.splitlines()[-1])]


def _parse_check(output: str) -> tuple[int, int]:
    """(inconsistent, finished) from check_books' summary line."""
    for line in output.splitlines():
        if line.startswith("Checked "):
            finished = int(line.split("(")[1].split()[0])
            inconsistent = int(line.rsplit(":", 1)[1].split()[0])
            return inconsistent, finished
    raise RuntimeError(f"check_books printed no summary:\n{output}")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def _server(env: Mapping[str, str], port: int, workers: int) -> Iterator[subprocess.Popen[bytes]]:
    """gunicorn in its own process group (so a kill takes its workers too), ready to serve."""
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "balutclub.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--timeout",
            "60",
            "--backlog",
            "256",
        ],
        cwd=ROOT,
        env=dict(env),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        _wait_ready(port, server)
        yield server
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()


def _wait_ready(port: int, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError("gunicorn exited while starting")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/healthz")
            connection.getresponse().read()
            connection.close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("gunicorn did not answer within 60 s")


def _send_all(
    tablets: list[Tablet],
    port: int,
    result: CrashResult,
    server: subprocess.Popen[bytes] | None,
) -> int:
    """Every tablet sends its turn at once; with `server`, SIGKILL it once KILL_AFTER_SHARE of
    them have their answer. The number of turns in flight (sent, unanswered) at the kill."""
    answers = threading.Semaphore(0)
    lock = threading.Lock()
    answered = [0]

    def send(tablet: Tablet) -> None:
        with lock:
            tablet.sends += 1
        status = _post(tablet, port)
        if status == 200:
            tablet.answered = True
            with lock:
                answered[0] += 1
            answers.release()
        elif status is not None:
            with lock:
                result.errors += 1

    in_flight = 0
    with ThreadPoolExecutor(max_workers=len(tablets)) as pool:
        futures = [pool.submit(send, tablet) for tablet in tablets]
        if server is not None:
            needed = max(1, int(len(tablets) * KILL_AFTER_SHARE))
            for _ in range(needed):
                if not answers.acquire(timeout=REQUEST_TIMEOUT):
                    break
            with lock:
                in_flight = len(tablets) - answered[0]
                os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        for future in futures:
            future.result()
    return in_flight


def _post(tablet: Tablet, port: int) -> int | None:
    """The tablet's turn, as its htmx post sends it; the status, or None when the connection
    failed (the server died before answering)."""
    body = urlencode(tablet.post)
    headers = {
        "Content-Type": "application/x-www-form-urlencoded",
        "Cookie": f"sessionid={tablet.session}; csrftoken={tablet.csrf}",
        "X-CSRFToken": tablet.csrf,
        "HX-Request": "true",
    }
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=REQUEST_TIMEOUT)
    try:
        connection.request("POST", f"/games/{tablet.game}/turns/", body=body, headers=headers)
        response = connection.getresponse()
        response.read()
        return response.status
    except (OSError, http.client.HTTPException):
        return None
    finally:
        connection.close()


if __name__ == "__main__":
    outcome = run_crash(
        games=int(sys.argv[1]) if len(sys.argv) > 1 else 24,
        kills=int(sys.argv[2]) if len(sys.argv) > 2 else 2,
    )
    print(outcome.report())
    print(outcome.check_output)
