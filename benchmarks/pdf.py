"""Benchmark "pdf": rendering score sheets as PDFs.

Four figures: one 8-player Jackpot sheet (load the game, lay it out, render it), a 100-sheet
club night (the secretary's range query, every game loaded and rendered into one PDF), and the
verify page's check of an uploaded signed sheet and of a signed club night of VERIFY_SHEETS
sheets (text read, every page drawn in-process with PDFium and compared with the server's own
drawing). Each is timed without tracing, then run once more under tracemalloc for its peak
Python memory (PDFium's own bitmaps are C memory, not Python's). The checks run with a budget
far past settings.VERIFY_SECONDS, so the figure is the whole check's time; the output says
whether it fits the page's budget. The games are random full games stored in the
benchmark's throw-away database first, the verified ones signed by drawing (not timed).
"""

from __future__ import annotations

import base64
import random
import resource
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from io import BytesIO

from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from PIL import Image, ImageDraw
from pypdf import PdfReader

from benchmarks.bench_club import bench_club
from benchmarks.goals import ISSUE, goal_line
from benchmarks.stats import SUMMARY_HEADERS, Summary, summarize, table
from scoring import pdf, rules
from scoring.models import Game, SignatureMethod
from scoring.selectors import game_corrections, games_started_between, load_game
from scoring.services.records import import_game_record
from scoring.services.signing import sign_sheet
from scoring.sheet_checks.check import SheetCheck, check_sheet_pdf
from scoring.sheet_checks.drawing import Budget

NAMES = ("Anna", "Bjorn", "Cai", "Dita", "Erik", "Frida", "Gus", "Hanne")
NIGHT = date(2026, 3, 6)
# A club night of 100 sheets: every game and table size the club plays.
NIGHT_MIX = (("jackpot", 8), ("balut", 6), ("bar", 4), ("barbut4", 4))
NIGHT_SHEETS = 100
# Issue 29: the 100-sheet club night under 2 s (median), its memory reported.
NIGHT_GOAL_MS = 2000.0
# A club night small enough for one upload (scoring.sheet_checks.text.MAX_PAGES pages at most).
VERIFY_SHEETS = 20
# The benchmark times the whole check, however long: far past the verify page's budget.
UNBOUNDED_SECONDS = 3600.0


@dataclass(frozen=True)
class Figure:
    label: str
    summary: Summary
    peak_mib: float
    detail: str


@dataclass(frozen=True)
class PdfBenchResult:
    rows: list[Figure]
    night_sheets: int = NIGHT_SHEETS
    # The process's resident high-water mark once the night has been rendered (before the
    # verify figures draw with PDFium): C memory included, which tracemalloc does not see.
    night_max_rss_mib: float = 0.0

    def figures(self) -> dict[str, float]:
        return (
            {f.label: f.summary.median_ms for f in self.rows}
            | {f"{f.label}: peak MiB": f.peak_mib for f in self.rows}
            | {"club night: process max RSS MiB": self.night_max_rss_mib}
        )

    def report(self) -> str:
        lines = [
            table(
                ["render", *SUMMARY_HEADERS, "peak MiB", "output"],
                [[f.label, *f.summary.cells(), f"{f.peak_mib:.1f}", f.detail] for f in self.rows],
            )
        ]
        night = next((f for f in self.rows if f.label.startswith("club night of ")), None)
        if night is None:
            return lines[0]
        value = (
            f"{night.summary.median_ms / 1000:.2f} s median, peak {night.peak_mib:.1f} MiB of "
            f"Python memory, process max RSS {self.night_max_rss_mib:.0f} MiB"
        )
        lines.append(f"  {ISSUE} goals:")
        if self.night_sheets == NIGHT_SHEETS:
            met = night.summary.median_ms < NIGHT_GOAL_MS
            lines.append(
                goal_line(f"the {NIGHT_SHEETS}-sheet club night PDF", value, "under 2 s", met)
            )
        else:
            # A smaller night says nothing of the goal: printed, not judged.
            lines.append(
                f"    the club night PDF at {self.night_sheets} sheets: {value} (the goal, "
                f"under 2 s, is for {NIGHT_SHEETS} sheets: not judged)"
            )
        return "\n".join(lines)


def five_dice_record(ruleset: str, players: int, rnd: random.Random) -> dict[str, object]:
    """A whole game, the dice mostly put where they score most, as players do."""
    setup = rules.GameSetup(ruleset=ruleset, players=NAMES[:players])
    game = rules.FiveDiceGame(setup)
    turns = []
    while (seat := game.next_seat) is not None:
        dice = tuple(sorted(rnd.randint(1, 6) for _ in range(5)))
        previews = game.preview(dice, seat)
        best = max(preview.score for preview in previews)
        box = rnd.choice([p.box for p in previews if p.score == best])
        turn = rules.FiveDiceTurn(seat=seat, box=box, dice=dice)
        game.play(turn)
        turns.append(rules.turn_to_json(turn, setup.players))
    guesses = {name: rnd.randint(0, 10) for name in setup.players}
    return {"ruleset": ruleset, "players": list(setup.players), "guesses": guesses, "turns": turns}


def barbut_record(players: int, rnd: random.Random) -> dict[str, object]:
    """A whole Barbut game: keep the best set-aside, bank at 300 or more, until someone wins."""
    setup = rules.GameSetup(ruleset="barbut4", players=NAMES[:players])
    game = rules.BarbutGame(setup)
    turns = []
    while (seat := game.next_seat) is not None:
        throws, in_hand, points = [], 4, 0
        while True:
            dice = tuple(rnd.randint(1, 6) for _ in range(in_hand))
            reading = rules.read_throw(dice)
            if reading.end is not None:
                throws.append(rules.BarbutThrow(dice=dice))
                break
            choice = reading.choices[0]
            throws.append(rules.BarbutThrow(dice=dice, keep=choice.keep))
            points += choice.value
            in_hand = choice.in_hand_after
            if points >= 300:
                break
        turn = rules.BarbutTurn(seat=seat, throws=tuple(throws))
        game.play(turn)
        turns.append(rules.turn_to_json(turn, setup.players))
    return {"ruleset": "barbut4", "players": list(setup.players), "turns": turns}


def store(record: dict[str, object], started: datetime) -> Game:
    game = import_game_record(
        in_club=bench_club(),
        data=record,
        imported_by=None,
        source="bench:pdf",
        allow_duplicate=True,
    )
    Game.objects.filter(pk=game.pk).update(started_at=started)
    return game


def sign_by_drawing(game: Game) -> None:
    """Every seat of an imported game (guests all) signs with the same small drawing, witnessed
    by the secretary (an imported game has no scorer)."""
    picture = Image.new("RGB", (300, 100), "white")
    ImageDraw.Draw(picture).line([(10, 80), (120, 20), (290, 70)], fill="black", width=4)
    png = BytesIO()
    picture.save(png, format="PNG")
    drawing = "data:image/png;base64," + base64.b64encode(png.getvalue()).decode("ascii")
    witness, _ = User.objects.get_or_create(
        username="bench-secretary", defaults={"is_superuser": True, "is_staff": True}
    )
    for player in game.players.order_by("seat"):
        sign_sheet(
            game=game, player=player, method=SignatureMethod.DRAWING, by=witness, drawing=drawing
        )


def measure(action: Callable[[], object], repeats: int) -> tuple[Summary, float]:
    """`repeats` timed calls after one to warm up, then one more under tracemalloc: its peak."""
    action()
    samples = []
    for _ in range(repeats):
        started = time.perf_counter()
        action()
        samples.append(time.perf_counter() - started)
    tracemalloc.start()
    try:
        action()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return summarize(samples), peak / (1024 * 1024)


def run_pdf_benchmark(
    *, seed: int = 1978, repeats: int = 10, night_repeats: int = 3, sheets: int = NIGHT_SHEETS
) -> PdfBenchResult:
    rnd = random.Random(seed)
    evening = timezone.make_aware(datetime.combine(NIGHT, datetime.min.time())) + timedelta(
        hours=19
    )
    jackpot = store(five_dice_record("jackpot", 8, rnd), evening - timedelta(days=1))
    for number in range(sheets):
        ruleset, players = NIGHT_MIX[number % len(NIGHT_MIX)]
        record = (
            barbut_record(players, rnd)
            if ruleset == "barbut4"
            else five_dice_record(ruleset, players, rnd)
        )
        store(record, evening + timedelta(minutes=2 * number))

    def one_sheet() -> bytes:
        game = Game.objects.select_related("scorer").get(pk=jackpot.pk)
        return pdf.game_sheet_pdf(load_game(game), game_corrections(game))

    club = bench_club()

    def club_night() -> bytes:
        start = timezone.make_aware(datetime.combine(NIGHT, datetime.min.time()))
        out = BytesIO()
        pdf.club_night_pdf(
            games_started_between(club, start, start + timedelta(days=1)),
            out,
            date_from=NIGHT,
            date_to=NIGHT,
        )
        return out.getvalue()

    sheet = one_sheet()
    with CaptureQueriesContext(connection) as queries:
        night = club_night()
    sheet_summary, sheet_peak = measure(one_sheet, repeats)
    night_summary, night_peak = measure(club_night, night_repeats)
    # ru_maxrss is in KiB on Linux.
    night_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    night_pages = len(PdfReader(BytesIO(night)).pages)
    return PdfBenchResult(
        rows=[
            Figure(
                "one 8-player jackpot sheet",
                sheet_summary,
                sheet_peak,
                f"{len(PdfReader(BytesIO(sheet)).pages)} page, {len(sheet) / 1024:.0f} KiB",
            ),
            Figure(
                f"club night of {sheets} sheets",
                night_summary,
                night_peak,
                f"{night_pages} pages, {len(night) / 1024:.0f} KiB, {len(queries)} queries",
            ),
            *_verify_figures(min(VERIFY_SHEETS, sheets), repeats, night_repeats),
        ],
        night_sheets=sheets,
        night_max_rss_mib=night_rss,
    )


def _verify_figures(count: int, repeats: int, night_repeats: int) -> list[Figure]:
    """The verify page's check of one signed sheet and of a signed club night of `count`."""
    start = timezone.make_aware(datetime.combine(NIGHT, datetime.min.time()))
    games = list(games_started_between(bench_club(), start, start + timedelta(days=1))[:count])
    for game in games:
        sign_by_drawing(game)
    signed = list(games_started_between(bench_club(), start, start + timedelta(days=1))[:count])
    night = BytesIO()
    pdf.club_night_pdf(signed, night, date_from=NIGHT, date_to=NIGHT)
    first = signed[0]
    sheet = pdf.game_sheet_pdf(
        load_game(first), game_corrections(first), signatures=list(first.signatures.all())
    )

    def check(data: bytes) -> SheetCheck:
        return check_sheet_pdf(data, budget=Budget(UNBOUNDED_SECONDS))

    checks = [check(sheet), check(night.getvalue())]
    if not all(check.accepted for check in checks):
        raise AssertionError(f"genuine sheets refused: {[c.problems for c in checks]}")
    sheet_summary, sheet_peak = measure(lambda: check(sheet), repeats)
    night_summary, night_peak = measure(lambda: check(night.getvalue()), night_repeats)
    pages = len(PdfReader(BytesIO(night.getvalue())).pages)
    budget_ms = settings.VERIFY_SECONDS * 1000
    fits = "within" if night_summary.p90_ms < budget_ms else "PAST"
    return [
        Figure("verify an uploaded signed sheet", sheet_summary, sheet_peak, "accepted"),
        Figure(
            f"verify an uploaded club night of {count} signed sheets",
            night_summary,
            night_peak,
            f"{pages} pages, accepted, {night_summary.median_ms / pages:.0f} ms a page, "
            f"{fits} the page's {settings.VERIFY_SECONDS:g} s budget",
        ),
    ]


def run() -> None:
    """Print the figures; `python -m benchmarks pdf` runs this through the shared runner."""
    print(run_pdf_benchmark().report())
