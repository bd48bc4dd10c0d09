"""Benchmark "first_turn": a gunicorn worker's first turn against a warm one.

gunicorn starts as `make serve` starts it (balutclub/gunicorn_conf.py), with one worker, on a
scratch SQLite file; a tablet (benchmarks.night_client) signs in by PIN and opens a Standard
Balut game. Then, `workers` times: the worker answers `warm_turns` turns (a warm turn each),
is stopped with SIGTERM as max_requests retires a worker, the master forks a new one, and once
that one sits idle, waiting for requests, the next turn is its first request. Latency is the
client's wall time of the turn. Run twice: as configured (the app loaded and warmed in the
master before the fork: balutclub.warmup) and with GUNICORN_PRELOAD=0 (each worker loads the
app itself, warming on its first requests), for comparison. The aim (issue 23): a first turn
costs at most 3 times a warm one.
"""

from __future__ import annotations

import os
import signal
import statistics
import tempfile
import time
from collections.abc import Mapping
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.club_night import _database, _prepare, gunicorn
from benchmarks.crash import _free_port, _manage
from benchmarks.night_client import TabletClient

WORKERS = 5
WARM_TURNS = 4
TARGET_RATIO = 3.0


@dataclass
class Run:
    """One server configuration's first and warm turns, in seconds."""

    label: str
    first: list[float] = field(default_factory=list)
    warm: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def ratio(self) -> float:
        if not self.first or not self.warm:
            return 0.0
        return statistics.median(self.first) / statistics.median(self.warm)

    def line(self) -> str:
        if not self.first or not self.warm:
            return f"  {self.label}: no figures ({'; '.join(self.errors[:3]) or 'no turns'})"
        return (
            f"  {self.label}: a worker's first turn {statistics.median(self.first) * 1000:.1f} ms"
            f" median (max {max(self.first) * 1000:.1f}, {len(self.first)} workers), a warm turn"
            f" {statistics.median(self.warm) * 1000:.1f} ms median ({len(self.warm)} turns):"
            f" {self.ratio:.1f}x"
        )


@dataclass
class ColdWorkerResult:
    runs: list[Run] = field(default_factory=list)

    def figures(self) -> dict[str, float]:
        return {f"{run.label} ratio": run.ratio for run in self.runs}

    def report(self) -> str:
        lines = [run.line() for run in self.runs]
        warmed = self.runs[0] if self.runs else None
        if warmed is not None and warmed.first:
            verdict = "within" if warmed.ratio <= TARGET_RATIO else "ABOVE"
            lines.append(
                f"  the warmed first turn is {verdict} the aim of at most {TARGET_RATIO:.0f}x a"
                " warm one"
            )
        for run in self.runs:
            lines.extend(f"  error ({run.label}): {error}" for error in run.errors[:5])
        return "\n".join(lines)


def run_cold_worker(*, workers: int = WORKERS, warm_turns: int = WARM_TURNS) -> ColdWorkerResult:
    result = ColdWorkerResult()
    configurations = [
        ("warmed in the master (preload_app)", {}),
        ("loaded by each worker (GUNICORN_PRELOAD=0)", {"GUNICORN_PRELOAD": "0"}),
    ]
    with ExitStack() as stack:
        env, _label = stack.enter_context(_database(None))
        _manage(env, "migrate", "--no-input", "-v", "0")
        # One scorer with two games of two seats: 56 turns each, one game a configuration.
        (tablet,) = _prepare(env, 1, 2, 1978)
        for (label, extra), game in zip(configurations, tablet["games"], strict=True):
            run = Run(label)
            result.runs.append(run)
            turns = game["turns"][: 1 + workers * (warm_turns + 1)]
            _play(run, {**env, **extra}, tablet, game["id"], turns, warm_turns)
    return result


def _play(
    run: Run,
    env: Mapping[str, str],
    tablet: Mapping[str, object],
    game: int,
    turns: list[dict[str, str]],
    warm_turns: int,
) -> None:
    port = _free_port()
    server_env = {
        **env,
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "GUNICORN_ACCESS_LOG": "/dev/null",
        "WEB_CONCURRENCY": "1",
    }
    with tempfile.TemporaryFile() as log, gunicorn(server_env, port, log) as server:
        master = server.pid
        client = TabletClient(f"http://127.0.0.1:{port}")
        client.sign_in(member=int(str(tablet["member"])), pin=str(tablet["pin"]))
        client.open_game(game)
        # The first worker's first turn is no figure: it served the sign-in and the game page.
        _turn(run, client, game, turns[0], 0)
        number = 1
        while number < len(turns):
            for _ in range(warm_turns):
                if number >= len(turns):
                    return
                run.warm.append(_turn(run, client, game, turns[number], number))
                number += 1
            if number >= len(turns):
                return
            _replace_worker(master)
            run.first.append(_turn(run, client, game, turns[number], number))
            number += 1


def _turn(run: Run, client: TabletClient, game: int, turn: Mapping[str, str], number: int) -> float:
    begun = time.perf_counter()
    status, _answer = client.post_turn(game, turn, number)
    took = time.perf_counter() - begun
    if status != 200:
        run.errors.append(f"turn {number}: HTTP {status}")
    return took


def _replace_worker(master: int, timeout: float = 60.0) -> None:
    """Stop the master's worker as max_requests does and wait for the one forked in its place
    to sit idle in accept(): booted, no request yet."""
    (old,) = _children(master) or (None,)
    if old is not None:
        os.kill(old, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    last_cpu, still = -1, 0
    while time.monotonic() < deadline:
        time.sleep(0.05)
        new = [pid for pid in _children(master) if pid != old]
        if not new:
            continue
        cpu = _cpu_ticks(new[0])
        still = still + 1 if cpu == last_cpu else 0
        last_cpu = cpu
        if still >= 4:  # no CPU used for 0.2 s: waiting for a request
            return
    raise RuntimeError("gunicorn did not replace its worker within a minute")


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


def _cpu_ticks(pid: int) -> int:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return -1
    return int(fields[11]) + int(fields[12])  # utime + stime
