"""The club night benchmark's phases (benchmarks.club_night): what every tablet does at once,
each request's wall time kept in a `Phase`.

What a scorer does before a turn (signing in, opening the game page) is done in steps of its
own, untimed: a turn's latency is the turn's, not the page opened before it. Opening 40 games in
the same instant before the paced game made its first turns wait behind 40 game pages, a queue
a real night never has (its tables sit down minutes apart), and those 40 first turns alone were
more than the 1% of turns the p99 reads.
"""

from __future__ import annotations

import random
import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from benchmarks.night_client import TabletClient
from benchmarks.night_replay import LAST_TURN, TURN, ReplayTablet


@dataclass
class Phase:
    """One phase's requests: latencies in seconds, errors, and its wall time."""

    name: str
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def add(self, latency: float, error: str = "") -> None:
        with self.lock:
            self.latencies.append(latency)
            if error:
                self.errors.append(error)

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    def percentile(self, share: int) -> float:
        if len(self.latencies) < 2:
            return self.latencies[0] * 1000 if self.latencies else 0.0
        return statistics.quantiles(self.latencies, n=100, method="inclusive")[share - 1] * 1000

    def line(self, unit: str) -> str:
        return (
            f"{len(self.latencies)} {unit} in {self.seconds:.1f} s: {self.rate:.1f} {unit}/s; "
            f"p50 {self.percentile(50):.1f} ms, p90 {self.percentile(90):.1f} ms, "
            f"p99 {self.percentile(99):.1f} ms; errors {len(self.errors)}"
        )


def signed_in(base: str, night: list[dict], phase: Phase) -> list[TabletClient]:
    """Every tablet's client, signed in with its scorer's PIN (not timed)."""
    clients = [TabletClient(base) for _ in night]

    def sign_in(index: int) -> None:
        tablet = night[index]
        begun = time.perf_counter()
        clients[index].sign_in(member=int(tablet["member"]), pin=str(tablet["pin"]))
        phase.add(time.perf_counter() - begun)

    in_threads(len(night), sign_in, phase)
    return clients


def floor(clients: list[TabletClient], path: str, seconds: float, phase: Phase) -> None:
    """Every client asks for the page at `path`, again and again, for `seconds`: with a new
    client each, a visitor's; with the tablets' own, the signed-in scorer's."""
    until = time.perf_counter() + seconds

    def ask(index: int) -> None:
        client = clients[index]
        while time.perf_counter() < until:
            begun = time.perf_counter()
            status = client.get_status(path)
            phase.add(time.perf_counter() - begun, "" if status == 200 else f"{path}: {status}")

    started = time.perf_counter()
    in_threads(len(clients), ask, phase)
    phase.seconds = time.perf_counter() - started


def open_games(clients: list[TabletClient], night: list[dict], round_number: int) -> None:
    """Every tablet opens its game of `round_number`, untimed, before the round starts."""
    errors = Phase("open")

    def open_game(index: int) -> None:
        clients[index].open_game(int(night[index]["games"][round_number]["id"]))

    in_threads(len(clients), open_game, errors)
    if errors.errors:
        raise RuntimeError(f"opening the games failed: {errors.errors[:3]}")


def play_all(
    clients: list[TabletClient],
    night: list[dict],
    round_number: int,
    phase: Phase,
    *,
    pace: float | None,
    seed: int,
    finishing: Phase | None = None,
    ordinary: Phase | None = None,
) -> None:
    """Every tablet plays its game of `round_number`: in a closed loop, or one turn every
    `pace` seconds from a random moment within the first `pace`. Each game's last turn, which
    books the game, is also kept in `finishing`, the others in `ordinary`: at the paced rate
    the 40 games, alike in length, all end within the same second."""
    open_games(clients, night, round_number)
    rng = random.Random(seed + round_number)
    offsets = [rng.uniform(0, pace or 0) for _ in clients]

    def play(index: int) -> None:
        game = night[index]["games"][round_number]
        played = [0]

        def on_turn(seconds: float, error: str) -> None:
            phase.add(seconds, error)
            played[0] += 1
            split = finishing if played[0] == len(game["turns"]) else ordinary
            if split is not None:
                split.add(seconds, error)

        clients[index].play(
            game=int(game["id"]),
            turns=game["turns"],
            on_turn=on_turn,
            pace=pace,
            start=started + offsets[index],
        )

    started = time.perf_counter()
    in_threads(len(clients), play, phase)
    phase.seconds = time.perf_counter() - started


def in_threads(count: int, work: Callable[[int], None], phase: Phase) -> None:
    def guarded(index: int) -> None:
        try:
            work(index)
        except Exception as error:  # noqa: BLE001 - a tablet's failure is counted, not fatal
            with phase.lock:
                phase.errors.append(f"tablet {index}: {error!r}")

    threads = [threading.Thread(target=guarded, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def arrive_all(tablets: list[ReplayTablet], phase: Phase) -> None:
    """Every recorded tablet's first visit (static files, the sign-in page, the PIN), at once."""

    def arrive(index: int) -> None:
        tablets[index].arrive(lambda seconds, error, step, path: phase.add(seconds, error))

    started = time.perf_counter()
    in_threads(len(tablets), arrive, phase)
    phase.seconds = time.perf_counter() - started


def replay_all(
    tablets: list[ReplayTablet],
    night: list[dict],
    round_number: int,
    turns: Phase,
    others: Phase,
    *,
    pace: float | None,
    seed: int,
) -> None:
    """Every recorded tablet starts its game of `round_number` through the start form and plays
    it as the tablet sends it (benchmarks.night_replay): closed loop, or from a random moment
    within the first `pace` seconds, a turn every `pace`. Turns go in `turns`, every other
    request (the start form, the game page and what it loads, coming back into view) in
    `others`; both phases get the wall time of the whole round."""
    rng = random.Random(seed + 100 + round_number)
    offsets = [rng.uniform(0, pace or 0) for _ in tablets]

    def on_request(seconds: float, error: str, step: str, path: str) -> None:
        (turns if step in (TURN, LAST_TURN) else others).add(seconds, error)

    def play(index: int) -> None:
        tablets[index].play(
            night[index]["started_games"][round_number],
            on_request,
            pace=pace,
            start=started + offsets[index],
        )

    started = time.perf_counter()
    in_threads(len(tablets), play, turns)
    turns.seconds = others.seconds = time.perf_counter() - started
