"""What a scorer does on the tablet, step by step, for the browser tests.

Each helper taps what a scorer would tap; none of them works a score out. Expected figures
come from the rules engine (`scoring.rules`), fed the same turns the helpers played.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Locator, Page, Response, expect

from scoring import rules
from scoring.models import Member, Turn
from tests.browser.taps import (
    dice_entered,
    tap,
    tap_dice,
)

# Screenshots to look at after a run; inside the repository (build/ is ignored by git), so two
# checkouts testing at once never overwrite each other's. Each test writes its own file names.
SHOTS = Path(__file__).resolve().parents[2] / "build" / "shots"
PIN = "1234"
TURNS_URL = re.compile(r"/games/\d+/turns/$")


@dataclass(frozen=True)
class Move:
    """A five-dice turn as the scorer taps it.

    `dice` are the five final dice ("44412"); `throws` is the optional throw log, one token a
    throw: "x" for a cocked throw, else the faces of the dice thrown ("66666", "66").
    """

    dice: str
    box: str
    strike: bool = False
    throws: str = ""

    def record(self, player: str) -> dict[str, object]:
        turn: dict[str, object] = {"player": player, "box": self.box, "dice": faces(self.dice)}
        if self.strike:
            turn["strike"] = True
        if self.throws:
            turn["throws"] = [throw_record(token) for token in self.throws.split()]
        return turn


BarbutThrows = Sequence[tuple[str, str]]
"""A Barbut turn: (dice thrown, dice set aside) per throw, e.g. [("1111", "1111"), ("2346", "")]."""


def faces(text: str) -> list[int]:
    return [int(face) for face in text]


def throw_record(token: str) -> dict[str, object]:
    return {"cocked": True} if token == "x" else {"dice": faces(token)}


def shot(page: Page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


# Signing in and starting a game ---------------------------------------------------------------


def sign_in(page: Page, base_url: str, member: Member, pin: str = PIN) -> None:
    """The PIN sign-in of a shared tablet."""
    page.goto(f"{base_url}/signin/")
    page.locator("select[name=member]").select_option(str(member.pk))
    page.locator("input[name=pin]").fill(pin)
    page.get_by_role("button", name="Sign in", exact=True).click()
    expect(page.locator("nav .navbar-text")).to_have_text(member.known_as)


@dataclass(frozen=True)
class Seat:
    """A player at the table as the start form takes them: a member, or a guest by name."""

    member: Member | None = None
    guest: str = ""
    guess: int | None = None

    @property
    def name(self) -> str:
        return self.member.known_as if self.member is not None else self.guest


def start_game(
    page: Page,
    base_url: str,
    *,
    ruleset: str,
    seats: Sequence[Seat],
    scorer: Member,
    pin: str = PIN,
    options: Mapping[str, object] | None = None,
    friendly: bool = False,
    from_home: bool = False,
) -> int:
    """The start form filled in and sent, to the new game's tablet page; the game's id.

    The form is opened at its address (a tablet keeps it bookmarked), or `from_home` through
    the home page's "Start a game" link, as the whole-game tests begin."""
    if from_home:
        page.goto(f"{base_url}/")
        page.get_by_role("link", name="Start a game").click()
        page.wait_for_url(re.compile(r"/games/new/$"))
    else:
        page.goto(f"{base_url}/games/new/")
    form = page.locator("form", has=page.get_by_role("button", name="Start the game"))
    form.locator("select[name=ruleset]").select_option(ruleset)
    for name, value in (options or {}).items():
        field = form.locator(f"[name={name}]")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))
    if friendly:
        form.locator("input[name=friendly]").check()
    for i, seat in enumerate(seats):
        if seat.member is not None:
            form.locator(f"select[name=player_{i}_member]").select_option(str(seat.member.pk))
        else:
            form.locator(f"input[name=player_{i}_guest]").fill(seat.guest)
        if seat.guess is not None:
            form.locator(f"input[name=player_{i}_guess]").fill(str(seat.guess))
    form.locator("select[name=scorer]").select_option(str(scorer.pk))
    form.locator("input[name=pin]").fill(pin)
    form.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    match = re.search(r"/games/(\d+)/$", page.url)
    assert match is not None
    expect(page.locator("nav .navbar-text")).to_have_text(scorer.known_as)
    return int(match.group(1))


def start_game_of_two(
    page: Page, base_url: str, ruleset: str, scorer: Member, other: Member
) -> int:
    """A game of two members, the first of them scoring: how most tablet tests begin."""
    seats = [Seat(member=scorer), Seat(member=other)]
    return start_game(page, base_url, ruleset=ruleset, seats=seats, scorer=scorer)


def recorded(game_id: int) -> list[dict[str, object]]:
    """The game's turns as the database holds them, in order."""
    return [turn.record for turn in Turn.objects.filter(game_id=game_id).order_by("number")]


# Recording turns -------------------------------------------------------------------------------


def play_area(page: Page) -> Locator:
    return page.locator("#play")


def turn_number(page: Page) -> int:
    """How many turns the page says are recorded (the number the next turn is sent as)."""
    return int(play_area(page).get_attribute("data-turn") or "-1")


def player_to_throw(page: Page) -> str:
    return page.locator("#turn-heading [data-player]").inner_text()


# Where a finger lands on an element: its centre as the page shows it, the element scrolled
# into view first if it is not wholly on the screen; null while it is not shown.
def five_dice_slots(page: Page) -> Locator:
    return page.locator("[data-five-dice-turn] [data-slot]")


def set_aside_choice(scope: Page | Locator, keep: str) -> Locator:
    """The Barbut button that sets `keep` aside ("1 5"), and no other that merely contains it."""
    return scope.locator("[data-choices] button").filter(has_text=re.compile(rf"^{keep} →"))


def double_tap(page: Page, target: Locator) -> None:
    """Two taps of one finger on one spot, as quick as a hand makes them; waits for the turn's
    answer and for the tablet to say the tap has settled: the next pad is drawn and its rest
    is over, so whatever the second tap landed on has shown what it did."""
    target.wait_for(state="visible")
    box = target.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    before = turn_number(page)
    with page.expect_response(lambda r: TURNS_URL.search(r.url) is not None) as answer:
        page.mouse.click(x, y)
        page.mouse.click(x, y)
    assert answer.value.status == 200, answer.value.text()
    wait_until_settled(page, before + 1)


def wait_until_settled(page: Page, turn: int) -> None:
    """The tablet's own signal that a Record tap has had all its effects (tablet_queue.js):
    answered or queued, the pad for `turn` drawn and its rest over."""
    expect(play_area(page)).to_have_attribute("data-settled", str(turn))


def submit_turn(page: Page, button: Locator) -> Response:
    """Tap a button that sends the turn; wait for the answer and for it to be swapped in."""
    before = play_area(page).evaluate("e => { e.dataset.stale = 'yes'; return e.dataset.turn; }")
    with page.expect_response(
        lambda r: TURNS_URL.search(r.url) is not None and r.request.method == "POST"
    ) as answer:
        tap(page, button)
    page.wait_for_function(SWAPPED_IN, arg=before)
    expect(play_area(page)).to_have_count(1)
    return answer.value


# A refused or finishing turn is answered with the whole play area (a new #play); a recorded
# one with the pieces it changed, after which the tablet moves #play on to the next turn, with
# its pad set up (the same script sets both). A five-dice turn the plan can play on from is
# shown before its answer (tablet_queue.js): the answer is in once #play says the server has
# stored what it shows (data-stored), or once the turn waits in the queue (the badge).
SWAPPED_IN = """before => {
    const play = document.getElementById('play');
    if (!play || (play.dataset.stale && play.dataset.turn === before)) return false;
    const badge = play.querySelector('[data-queue-badge]');
    return play.dataset.stored === play.dataset.turn || Boolean(badge && !badge.hidden);
}"""


def clear_the_dice(page: Page, turn: Locator) -> None:
    if dice_entered(turn):
        tap(page, turn.locator("[data-clear]"))
        expect(turn.locator("[data-slot]")).to_have_text(["·"] * 5)


def play_five_dice_turn(
    page: Page,
    dice: str,
    box: str,
    *,
    strike: bool = False,
    throws: str = "",
    expected: rules.BoxPreview | None = None,
) -> Response:
    """Tap a five-dice turn in: the throw log if any, the final dice, the box, then confirm.

    `expected` is the engine's preview of the box: the score the box button shows must match.
    """
    turn = page.locator("[data-five-dice-turn]")
    if throws:
        log = turn.locator("details.throw-log")
        if log.get_attribute("open") is None:
            tap(page, log.locator("summary"))
        for token in throws.split():
            if token == "x":
                tap(page, turn.locator("[data-log-cocked]"))
            else:
                # A logged throw stays on the pad: the next one is tapped on a cleared pad
                # (or die by die over it, as tests/browser/test_throw_log.py does).
                clear_the_dice(page, turn)
                tap_dice(page, turn, token)
                tap(page, turn.locator("[data-log-throw]"))
        shown = " · ".join("cocked" if t == "x" else " ".join(t) for t in throws.split())
        expect(turn.locator("[data-log-view]")).to_have_text(shown)
    if turn.locator("[data-slot]").all_inner_texts() != list(dice):
        clear_the_dice(page, turn)
        tap_dice(page, turn, dice)
    expect(turn.locator("[data-slot]")).to_have_text(list(dice))
    button = turn.locator(f"[data-box='{box}']").first
    if expected is not None:
        expect(button.locator("[data-score]")).to_have_text(re.compile(rf"^{expected.score}\b"))
    tap(page, button)
    dialog = turn.locator("dialog[data-confirm]")
    expect(dialog).to_be_visible()
    if expected is not None:
        expect(dialog.locator("[data-confirm-text]")).to_contain_text(
            f"{rules.box_label(box)} {expected.score}"
        )
    if strike:
        return submit_turn(page, dialog.locator("[data-confirm-strike]"))
    return submit_turn(page, dialog.locator("[data-confirm-ok]"))


def play_barbut_turn(page: Page, throws: BarbutThrows) -> Response:
    """Tap each throw's dice, pick what is set aside, throw on; bank, or end a lost turn."""
    turn = page.locator("[data-barbut-turn]")
    for index, (thrown, keep) in enumerate(throws):
        if index:
            tap(page, turn.locator("[data-throw-again]"))
        tap_dice(page, turn, thrown)
        expect(turn.locator("[data-thrown] .die")).to_have_text(list(thrown))
        if not keep:
            assert index == len(throws) - 1, "only the last throw can set nothing aside"
            return submit_turn(page, turn.locator("[data-end-turn]"))
        tap(page, set_aside_choice(turn, " ".join(sorted(keep))))
    return submit_turn(page, turn.locator("[data-bank]"))


def barbut_record(player: str, throws: BarbutThrows) -> dict[str, object]:
    return {
        "player": player,
        "throws": [{"dice": faces(thrown), "keep": faces(keep)} for thrown, keep in throws],
    }
