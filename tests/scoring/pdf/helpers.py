"""Reading the PDFs back, and games to print: the golden games, random full games."""

from __future__ import annotations

import random
import re
from io import BytesIO
from pathlib import Path

from django.contrib.auth.models import User
from pypdf import DocumentInformation, PdfReader

from scoring import rules
from scoring.models import Game
from scoring.selectors import LoadedGame, load_game
from scoring.services.records import import_game_record
from tests import golden
from tests.factories import the_club

DEMO = Path(__file__).resolve().parents[3] / "fixtures" / "demo"
# The golden game of each ruleset (fixtures/golden/), the demo's finished games.
EXAMPLES = {
    "balut": "balut-three-players",
    "jackpot": "jackpot-fives-bonus",
    "bar": "bar-register",
    "barbut4": "barbut4-with-6666",
}
NAMES = ("Ann", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal")
STRONG_THROWS = (
    (6, 6, 6, 6, 6),
    (5, 5, 5, 5, 5),
    (2, 3, 4, 5, 6),
    (5, 5, 6, 6, 6),
    (4, 4, 4, 4, 6),
    (6, 6, 6, 6, 2),
    (1, 2, 3, 4, 5),
)


def example_record(ruleset: str) -> dict[str, object]:
    data: dict[str, object] = golden.record(EXAMPLES[ruleset])
    return data


def import_record(data: dict[str, object], by: User | None = None, source: str = "") -> Game:
    # Club nights are built from the same few records: each is a game of its own here.
    return import_game_record(
        in_club=the_club(), data=data, imported_by=by, source=source, allow_duplicate=True
    )


def random_record(
    ruleset: str, players: int, seed: int, names: tuple[str, ...] = NAMES
) -> dict[str, object]:
    """A whole five-dice game: strong throws now and then, mostly into the best open box."""
    rnd = random.Random(seed)
    names = names[:players]
    guesses = {seat: rnd.randint(0, 12) for seat in range(players)}
    setup = rules.GameSetup(ruleset=ruleset, players=names, guesses=guesses)
    game = rules.FiveDiceGame(setup)
    turns = []
    while (seat := game.next_seat) is not None:
        dice: tuple[int, ...]
        if rnd.random() < 0.4:
            dice = rnd.choice(STRONG_THROWS)
        else:
            dice = tuple(sorted(rnd.randint(1, 6) for _ in range(5)))
        previews = game.preview(dice, seat)
        best = max(preview.score for preview in previews)
        boxes = [preview.box for preview in previews if preview.score == best]
        box = rnd.choice(boxes if rnd.random() < 0.8 else game.open_boxes(seat))
        turn = rules.FiveDiceTurn(seat=seat, box=box, dice=dice)
        game.play(turn)
        turns.append(rules.turn_to_json(turn, names))
    return {
        "ruleset": ruleset,
        "players": list(names),
        "options": {"guess_points": 3},
        "guesses": {names[seat]: guess for seat, guess in guesses.items()},
        "turns": turns,
    }


def loaded(game: Game) -> LoadedGame:
    return load_game(Game.objects.select_related("scorer").get(pk=game.pk))


def pages_text(content: bytes) -> list[str]:
    reader = PdfReader(BytesIO(content))
    return [page.extract_text() for page in reader.pages]


def lines_of(content: bytes) -> list[str]:
    """Every text line of every page, stripped; a table cell comes out as a line of its own."""
    return [
        line.strip() for text in pages_text(content) for line in text.splitlines() if line.strip()
    ]


def metadata(content: bytes) -> DocumentInformation:
    """The document's title and author, as a PDF viewer shows them."""
    info = PdfReader(BytesIO(content)).metadata
    assert info is not None, "the PDF has no document information"
    return info


def page_count(content: bytes) -> int:
    return len(PdfReader(BytesIO(content)).pages)


class Cursor:
    """Walks the lines of a PDF in order, so each row is looked for after the one before."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.at = 0

    def row(self, label: str, cells: list[str]) -> None:
        """The next line `label`, followed by exactly `cells`."""
        try:
            start = self.lines.index(label, self.at)
        except ValueError:
            raise AssertionError(f"no row {label!r} after line {self.at}") from None
        found = self.lines[start + 1 : start + 1 + len(cells)]
        assert found == cells, f"row {label!r}: printed {found}, the engine says {cells}"
        self.at = start + 1 + len(cells)


def printed_games(content: bytes) -> list[int]:
    """The game numbers of the sheets, in order: each sheet's header says "game #N" once."""
    found = []
    for line in lines_of(content):
        match = re.search(r"\u00b7 game #(\d+)$", line)
        if match:
            found.append(int(match.group(1)))
    return found
