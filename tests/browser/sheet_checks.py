"""Checks of the sheet a browser shows against the rules engine's result, figure by figure."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from scoring import rules

DRINK_REASON_TEXT = {
    "last_place": "came last",
    "balut_from_cup": "Balut out of the cup",
    "three_cocks": "three cocks in a row",
}


def shown_if(figure: object, started: bool) -> str:
    return str(figure) if started else ""


def check_five_dice_sheet(page: Page, expected: rules.GameResult) -> None:
    """Every figure of the sheet on the page against the engine's result."""
    sheet = page.locator("#sheet")
    for player in expected.players:
        name = player.name
        # A player who has filled no box yet shows empty cells (no total, points or place).
        started = any(player.boxes.values())
        expect(sheet.locator(f'[data-total="{name}"]')).to_have_text(
            shown_if(player.score, started)
        )
        expect(sheet.locator(f'[data-rank="{name}"]')).to_have_text(shown_if(player.rank, started))
        for box, scores in player.boxes.items():
            cell = sheet.locator(f'tr[data-row="{box}"] td[data-player-col="{player.seat}"]')
            shown = cell.locator(".cell").all_inner_texts()
            assert shown[: len(scores)] == [str(score) for score in scores], (name, box, shown)
            assert all(text == "·" for text in shown[len(scores) :]), (name, box, shown)
            if rules.is_jackpot_box(box):
                continue
            if len(shown) == 1 or not scores:
                # A single-box row (the bar game) shows no separate total: the box is the total;
                # a row with no box filled shows none either.
                expect(cell.locator(".row-total")).to_have_count(0)
            else:
                total = player.category_totals[box]
                expect(cell.locator(".row-total")).to_have_text(f"= {total}")
        if player.points is None:
            expect(sheet.locator(f'[data-points="{name}"]')).to_have_count(0)
            continue
        points_cell = sheet.locator(f'[data-points="{name}"]')
        expect(points_cell).to_have_text(shown_if(player.total_points, started))
        for category, points in player.points.category.items():
            cell = sheet.locator(f'tr[data-row="{category}"] td[data-player-col="{player.seat}"]')
            badge = cell.locator(".row-points")
            if player.boxes[category]:
                expect(badge).to_have_text(f"{points} pt")
            else:
                expect(badge).to_have_count(0)
        for category, bonus in player.points.jackpot_bonus.items():
            row = f'tr[data-row="{category}_jackpot"] td[data-player-col="{player.seat}"]'
            badge = sheet.locator(row).locator(".row-points")
            if not player.boxes[f"{category}_jackpot"]:
                expect(badge).to_have_count(0)
            elif bonus < 0 and not expected.complete:
                expect(badge).to_have_text(f"{bonus:+d} bonus for now")
            else:
                expect(badge).to_have_text(f"{bonus:+d} bonus")
    so_far = "" if expected.complete else " so far"
    expect(sheet.locator("[data-baluts]")).to_have_text(f"{expected.baluts}{so_far}")
    guess_winners = sheet.locator("[data-guess-winners]")
    if expected.complete:
        winners = ", ".join(expected.guess_winners) or "nobody guessed right"
        expect(guess_winners).to_have_text(f"Guess winners: {winners}")
    else:
        expect(guess_winners).to_have_count(0)
    check_drinks_and_register(page, expected)


def check_drinks_and_register(page: Page, expected: rules.GameResult) -> None:
    drinks = [
        f"{drink.player}: a round ({DRINK_REASON_TEXT[drink.reason]})" for drink in expected.drinks
    ]
    none = "None" if expected.complete else "None yet"
    expect(page.locator("[data-drinks] li")).to_have_text(drinks or [none])
    register = [f"{entry.player}: {entry.score} ({entry.kind})" for entry in expected.register]
    if register:
        expect(page.locator("[data-register] li")).to_have_text(register)
    else:
        expect(page.locator("[data-register]")).to_have_count(0)


def check_barbut_sheet(page: Page, expected: rules.GameResult, game: rules.BarbutGame) -> None:
    """The score cards, and the turn-by-turn lines, against the engine's game and result."""
    lines = page.locator("#sheet details")
    if lines.get_attribute("open") is None:
        lines.locator("summary").click()
    rows = lines.locator("tbody tr")
    expect(rows).to_have_count(len(game.history))
    for number, (row, outcome) in enumerate(zip(rows.all(), game.history, strict=True)):
        cells = row.locator("td").all_inner_texts()
        aside = f" ({outcome.lost} aside)" if outcome.lost else ""
        assert cells[0] == str(number + 1) and cells[1] == game.players[outcome.seat]
        assert cells[3:] == [str(outcome.points), f"{outcome.score}{aside}"], cells
        assert cells[2].endswith(f"(lost {outcome.forfeited})") == bool(outcome.forfeited), cells
    for player in expected.players:
        card = page.locator(f'[data-banked="{player.name}"]')
        expect(card.locator("[data-score]")).to_have_text(str(player.score))
        expect(card).to_contain_text(f"place {player.rank}")
        if player.winner:
            expect(card).to_contain_text(f"{player.name} · wins")
        else:
            expect(card).not_to_contain_text("wins")
        if player.lost:
            expect(card.locator("[data-lost]")).to_have_text(f"{player.lost} lost to 6-6-6-6")
        else:
            expect(card.locator("[data-lost]")).to_have_count(0)
