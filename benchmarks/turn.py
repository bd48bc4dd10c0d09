"""Benchmark "turn": recording one turn through the real view versus a bare view.

Both are POSTed by Django's test client, signed in as the game's scorer, through the full
middleware stack. The clock is the handler's own: from `request_started` to `request_finished`,
the signals a WSGI server's handler sends too, so the client's form encoding and cookie handling
are left out and what remains is the server's work for the request.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from itertools import pairwise
from urllib.parse import urlencode

from django.http import HttpResponse
from django.test import Client, override_settings
from django.urls import reverse

from benchmarks.bench_club import bench_club
from benchmarks.finishing_turn import FINISHING_GAMES, measure_finishing_turns
from benchmarks.goals import ISSUE, goal_line
from benchmarks.plain_page import TEMPLATE_SAMPLES, get_plain, plain_template_ms
from benchmarks.request_clocks import (
    AnswerSize,
    BenchmarkError,
    QueryCount,
    Samples,
    ServerClock,
    count_queries,
)
from benchmarks.stats import SUMMARY_HEADERS, Summary, summarize, table
from scoring import rules
from scoring.models import Game, Member, Turn
from scoring.services.games import Seat, start_game
from scoring.services.members import create_member

RULESET = "balut"
PLAYERS = ("Anna", "Bjorn", "Cai", "Dita")
TURNS_PER_GAME = len(PLAYERS) * rules.FIVE_DICE_RULES[RULESET].turns_per_player  # 112
# As the tablet's form posts it: htmx swapping into #play, from a browser that takes gzip, the
# form's fields URL-encoded (htmx's encoding; the test client would send multipart otherwise).
HTMX = {"HX-Request": "true", "HX-Target": "play", "Accept-Encoding": "gzip"}
FORM = "application/x-www-form-urlencoded"
# Issue 29: a turn costs at most twice a plain page (medians of the same run).
TURN_OVER_PLAIN_GOAL = 2.0
# Issue 29: the finishing turn (the books, the register, the ratings) at most twice a turn.
FINISH_OVER_TURN_GOAL = 2.0


@dataclass(frozen=True)
class TurnBenchResult:
    games: int
    turns_per_game: int
    warmup_turns: int
    turn: Summary
    bare: Summary
    turn_cpu: Summary
    bare_cpu: Summary
    quarters: list[tuple[str, Summary]]
    cpu_quarters: list[tuple[str, Summary]]
    answer_median: AnswerSize
    answer_largest: AnswerSize
    answer_last: AnswerSize
    first_turn: Summary
    last_turn: Summary
    queries_first: QueryCount
    queries_last: QueryCount
    queries_max: int
    bare_queries: int
    plain: Summary
    plain_cpu: Summary
    plain_queries: int
    plain_template_ms: float
    """Median CPU time of a plain page's template renders (TEMPLATE_SAMPLES untimed pages)."""
    finishing: Summary
    finishing_cpu: Summary
    """The finishing turn of games filled by the service (benchmarks.finishing_turn)."""
    before_finishing: Summary
    before_finishing_cpu: Summary

    @property
    def ratio(self) -> float:
        return self.turn.median_ms / self.bare.median_ms

    @property
    def plain_ratio(self) -> float:
        """Issue 29: a turn's median over a plain page's (goal at most 2x)."""
        return self.turn.median_ms / self.plain.median_ms

    @property
    def growth(self) -> float:
        """The last quarter's median over the first's: 1.0 when a turn costs the same all game."""
        return self.quarters[-1][1].median_ms / self.quarters[0][1].median_ms

    @property
    def finish_ratio(self) -> float:
        """The finishing turn over an ordinary one (medians; the finishing turns measured on
        their own, enough of them to read a median from, each against the turn just before it
        in its game, so both met the same load)."""
        return self.finishing.median_ms / self.before_finishing.median_ms

    @property
    def finish_cpu_ratio(self) -> float:
        return self.finishing_cpu.median_ms / self.before_finishing_cpu.median_ms

    def figures(self) -> dict[str, float]:
        """Every figure by name, for the smoke test to check that each was produced."""
        return {
            "answer bytes on the wire": self.answer_median.wire,
            "answer bytes of HTML": self.answer_median.html,
            "turn median ms": self.turn.median_ms,
            "bare median ms": self.bare.median_ms,
            "first turn median ms": self.first_turn.median_ms,
            "last turn median ms": self.last_turn.median_ms,
            "ratio": self.ratio,
            "turn CPU median ms": self.turn_cpu.median_ms,
            "queries first turn": self.queries_first.total,
            "queries last turn": self.queries_last.total,
            "plain page median ms": self.plain.median_ms,
            "turn / plain page": self.plain_ratio,
            "plain page template ms": self.plain_template_ms,
            "finishing turn median ms": self.finishing.median_ms,
            "finishing turn / every turn": self.finish_ratio,
        }

    def report(self) -> str:
        rows = [
            ["turn view, every turn", *self.turn.cells()],
            *([f"turn view, {label}", *summary.cells()] for label, summary in self.quarters),
            *([f"CPU time: {label}", *summary.cells()] for label, summary in self.cpu_quarters),
            ["turn view, first turn of a game", *self.first_turn.cells()],
            ["turn view, last turn of a game", *self.last_turn.cells()],
            ["finishing turn, games of their own", *self.finishing.cells()],
            ["  the turn before it", *self.before_finishing.cells()],
            ["bare view (same stack)", *self.bare.cells()],
            ["plain page (/verify/ GET)", *self.plain.cells()],
            ["CPU time: turn view, every turn", *self.turn_cpu.cells()],
            ["CPU time: bare view", *self.bare_cpu.cells()],
            ["CPU time: plain page", *self.plain_cpu.cells()],
            ["CPU time: finishing turn", *self.finishing_cpu.cells()],
            ["CPU time:   the turn before it", *self.before_finishing_cpu.cells()],
        ]
        cpu_ratio = self.turn_cpu.median_ms / self.plain_cpu.median_ms
        return "\n".join(
            [
                f"  {self.games} game(s) x {self.turns_per_game} turns, 4-player {RULESET!r}, "
                f"after {self.warmup_turns} warm-up turns; "
                "server time per request (wall clock unless marked CPU)",
                table(["request", *SUMMARY_HEADERS], rows),
                f"  last quarter / first quarter (median): {self.growth:.2f}x (goal at most 1.2x)",
                f"  answer to a turn, median: {self.answer_median}; largest ordinary turn: "
                f"{self.answer_largest}; finishing turn: {self.answer_last}",
                f"  ratio turn/bare (median): {self.ratio:.1f}x "
                f"(CPU time: {self.turn_cpu.median_ms / self.bare_cpu.median_ms:.1f}x)",
                f"  DB queries, first turn of a game: {self.queries_first}",
                f"  DB queries, last turn of a game:  {self.queries_last}",
                f"  DB queries, most in any turn: {self.queries_max}; "
                f"bare view: {self.bare_queries}; plain page: {self.plain_queries}",
                f"  {ISSUE} goals:",
                goal_line(
                    "a turn at most twice a plain page (medians, wall clock)",
                    f"{self.turn.median_ms:.2f} ms / {self.plain.median_ms:.2f} ms = "
                    f"{self.plain_ratio:.2f}x (CPU time: {cpu_ratio:.2f}x)",
                    f"at most {TURN_OVER_PLAIN_GOAL:g}x",
                    self.plain_ratio <= TURN_OVER_PLAIN_GOAL,
                ),
                goal_line(
                    "the finishing turn at most twice the turn before it (medians, wall clock)",
                    f"{self.finishing.median_ms:.2f} ms / "
                    f"{self.before_finishing.median_ms:.2f} ms = {self.finish_ratio:.2f}x "
                    f"(CPU time: {self.finish_cpu_ratio:.2f}x; "
                    f"n = {self.finishing.count})",
                    f"at most {FINISH_OVER_TURN_GOAL:g}x",
                    self.finish_ratio <= FINISH_OVER_TURN_GOAL,
                ),
                f"    the plain page's templates (base layout and page, CPU time, median of "
                f"{TEMPLATE_SAMPLES}): {self.plain_template_ms:.2f} ms of "
                f"{self.plain_cpu.median_ms:.2f} ms",
            ]
        )


def players() -> list[Member]:
    """The four members, made once per database (known_as is unique)."""
    members = []
    for name in PLAYERS:
        member = Member.objects.filter(known_as=name).first()
        members.append(
            member or create_member(in_club=bench_club(), name=f"{name} Bench", known_as=name)
        )
    return members


def new_game(members: Sequence[Member]) -> Game:
    scorer = members[0]
    return start_game(
        in_club=bench_club(),
        ruleset=RULESET,
        seats=[Seat(member=member) for member in members],
        scorer=scorer,
        created_by=scorer.user,
    )


class GameDriver:
    """Plays one game through the view, mirroring it in the engine to choose legal turns."""

    def __init__(self, client: Client, game: Game, rng: random.Random) -> None:
        self.client = client
        self.url = reverse("scoring:record_turn", args=[game.pk])
        self.rng = rng
        self.state = rules.FiveDiceGame(
            rules.GameSetup(
                ruleset=RULESET, players=tuple(p.name for p in game.players.order_by("seat"))
            )
        )
        self.game = game

    def check_recorded(self) -> None:
        """The server kept every turn posted: a silent refusal would flatter the figures."""
        recorded = Turn.objects.filter(game=self.game).count()
        if recorded != self.state.turn_count:
            raise BenchmarkError(f"{self.state.turn_count} turns posted, {recorded} recorded")

    def next_turn(self) -> tuple[dict[str, object], rules.FiveDiceTurn]:
        """Random dice into a random open box of whoever throws next, as the tablet posts it."""
        seat = self.state.next_seat
        if seat is None:
            raise BenchmarkError("the game is over; no turn may follow")
        box = self.rng.choice(self.state.open_boxes(seat))
        dice = [self.rng.randint(1, 6) for _ in range(5)]
        data: dict[str, object] = {
            "expected_number": self.state.turn_count,
            "request_key": str(uuid.uuid4()),
            "player": self.state.players[seat],
            "dice": "".join(map(str, dice)),
            "box": box,
            # The pad's form says it looks its rolls up in the columns its page holds: the
            # answer leaves them out (scoring.views.play._holds_columns).
            "rolls_from": "columns",
        }
        return data, rules.FiveDiceTurn(seat=seat, box=box, dice=tuple(sorted(dice)))

    def post(self, data: dict[str, object], turn: rules.FiveDiceTurn) -> AnswerSize:
        # 409 or 422 would mean the turn was refused: then the engine mirror must not move on.
        response = self.client.post(self.url, urlencode(data), content_type=FORM, headers=HTMX)
        if response.status_code != 200:
            raise BenchmarkError(f"turn {data['expected_number']}: HTTP {response.status_code}")
        self.state.play(turn)
        assert isinstance(response, HttpResponse)
        return AnswerSize.of(response)


def post_bare(client: Client, url: str, data: dict[str, object]) -> None:
    # The same form body and headers as the turn, so both pay the same request overhead.
    response = client.post(url, urlencode(data), content_type=FORM, headers=HTMX)
    if response.status_code != 200:
        raise BenchmarkError(f"bare view: HTTP {response.status_code}")


def play_timed(
    driver: GameDriver, turns: int, clock: ServerClock, bare_url: str
) -> tuple[Samples, Samples, Samples, list[AnswerSize]]:
    """Each turn followed by a bare request and a plain page: interleaved, so all three see the
    same machine state."""
    turn_times, bare_times, plain_times, sizes = Samples(), Samples(), Samples(), []
    for _ in range(turns):
        data, turn = driver.next_turn()
        sizes.append(driver.post(data, turn))
        turn_times.add(clock)
        post_bare(driver.client, bare_url, data)
        bare_times.add(clock)
        get_plain(driver.client)
        plain_times.add(clock)
    return turn_times, bare_times, plain_times, sizes


def quarters(per_game: Sequence[Sequence[float]], turns: int) -> list[tuple[str, Summary]]:
    """Each quarter of a game pooled over the games: the replay and sheet grow as it goes on."""
    parts = min(4, turns)
    bounds = [turns * part // parts for part in range(parts + 1)]
    return [
        (f"turns {low + 1}-{high}", summarize([t for game in per_game for t in game[low:high]]))
        for low, high in pairwise(bounds)
    ]


def run_turn_benchmark(
    *,
    games: int,
    turns_per_game: int = TURNS_PER_GAME,
    warmup_turns: int = TURNS_PER_GAME,
    seed: int = 1978,
    finishing_games: int = FINISHING_GAMES,
) -> TurnBenchResult:
    """Time `games` games of `turns_per_game` turns; Django must be set up and migrated."""
    if not 1 <= turns_per_game <= TURNS_PER_GAME:
        raise ValueError(f"turns_per_game must be 1 to {TURNS_PER_GAME}")
    rng = random.Random(seed)
    members = players()
    client = Client()
    client.force_login(members[0].user)
    with override_settings(ROOT_URLCONF="benchmarks.urls"), ServerClock() as clock:
        bare_url = reverse("bench_bare")
        # Warm-up: template compilation, the engine's caches, SQLite's page cache.
        remaining = warmup_turns
        while remaining > 0:
            driver = GameDriver(client, new_game(members), rng)
            step = min(remaining, TURNS_PER_GAME)
            play_timed(driver, step, clock, bare_url)
            remaining -= step

        # Timed from here: the games before only warmed up.

        per_game: list[list[float]] = []
        per_game_cpu: list[list[float]] = []
        turn_cpu: list[float] = []
        bare_times, plain_times = Samples(), Samples()
        sizes: list[AnswerSize] = []
        last_sizes: list[AnswerSize] = []
        for _ in range(games):
            driver = GameDriver(client, new_game(members), rng)
            timed, bare, plain, answers = play_timed(driver, turns_per_game, clock, bare_url)
            driver.check_recorded()
            per_game.append(timed.wall)
            per_game_cpu.append(timed.cpu)
            turn_cpu += timed.cpu
            finished = turns_per_game == TURNS_PER_GAME
            sizes += answers[:-1] if finished and len(answers) > 1 else answers
            last_sizes.append(answers[-1])
            bare_times.wall += bare.wall
            bare_times.cpu += bare.cpu
            plain_times.wall += plain.wall
            plain_times.cpu += plain.cpu

        # One more game, untimed, counting the queries of every turn.
        driver = GameDriver(client, new_game(members), rng)
        queries = []
        for _ in range(turns_per_game):
            data, turn = driver.next_turn()
            queries.append(count_queries(partial(driver.post, data, turn)))
        bare_queries = count_queries(lambda: post_bare(client, bare_url, {}))
        plain_queries = count_queries(lambda: get_plain(client))
        templates = plain_template_ms(client)
        finishing, before_finishing = measure_finishing_turns(
            client, members, rng, clock, games=finishing_games, total_turns=TURNS_PER_GAME
        )

    return TurnBenchResult(
        games=games,
        turns_per_game=turns_per_game,
        warmup_turns=warmup_turns,
        turn=summarize([t for game in per_game for t in game]),
        bare=summarize(bare_times.wall),
        turn_cpu=summarize(turn_cpu),
        bare_cpu=summarize(bare_times.cpu),
        quarters=quarters(per_game, turns_per_game),
        cpu_quarters=quarters(per_game_cpu, turns_per_game),
        answer_median=sorted(sizes, key=lambda size: size.wire)[len(sizes) // 2],
        answer_largest=max(sizes, key=lambda size: size.wire),
        answer_last=last_sizes[-1],
        first_turn=summarize([game[0] for game in per_game]),
        last_turn=summarize([game[-1] for game in per_game]),
        queries_first=queries[0],
        queries_last=queries[-1],
        queries_max=max(query.total for query in queries),
        bare_queries=bare_queries.total,
        plain=summarize(plain_times.wall),
        plain_cpu=summarize(plain_times.cpu),
        plain_queries=plain_queries.total,
        plain_template_ms=templates,
        finishing=summarize(finishing.wall),
        finishing_cpu=summarize(finishing.cpu),
        before_finishing=summarize(before_finishing.wall),
        before_finishing_cpu=summarize(before_finishing.cpu),
    )
