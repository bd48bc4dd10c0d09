"""A sheet signed under an earlier release still verifies after the upgrade (issue 36).

fixtures/upgrade/ holds databases made by earlier releases' own code with a signed game, and
the sheets they printed. Each test migrates a copy of one with today's code, in a process of its
own (the suite's database is today's), and uploads the printed sheet to /verify/.
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import os
import subprocess
import sys
from io import BytesIO
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from scoring.models import Game
from scoring.pdf import layouts, printed_game, write_pdf
from scoring.selectors import game_corrections, game_signatures, load_game
from scoring.sheet_checks.check import pdf_text
from tests.scoring.services.helpers import fill_game, new_game, sign_all

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "upgrade"

UPLOAD = """
import json, sys
import django
django.setup()
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from scoring.models import Game
pdf = SimpleUploadedFile("sheet.pdf", open(sys.argv[1], "rb").read(), "application/pdf")
response = Client().post("/verify/", {"sheet": pdf})
game = Game._base_manager.get()
print(json.dumps({"status": response.status_code, "html": response.content.decode(),
                  "layout": game.sheet_layout}))
"""


def upgraded(name: str, tmp_path: Path) -> dict[str, str]:
    """The environment of a server on a copy of fixture `name`'s database, migrated today."""
    database = tmp_path / f"{name}.sqlite3"
    database.write_bytes(gzip.decompress((FIXTURES / f"{name}.sqlite3.gz").read_bytes()))
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{database}",
        "DJANGO_SETTINGS_MODULE": "balutclub.settings",
    }
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--no-input"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    return env


def verify(env: dict[str, str], pdf: Path) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", UPLOAD, str(pdf)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    answer: dict[str, object] = json.loads(done.stdout)
    return answer


@pytest.mark.parametrize(
    ("name", "layout"), [("layout1", 1), ("layout1-da", 1), ("layout2", 2), ("layout2-de", 2)]
)
def test_a_sheet_signed_before_the_upgrade_verifies_after_it(
    name: str, layout: int, tmp_path: Path
) -> None:
    env = upgraded(name, tmp_path)

    answer = verify(env, FIXTURES / f"{name}-signed.pdf")

    assert answer["layout"] == layout, "the migration gives the game the layout it printed"
    html = str(answer["html"])
    assert answer["status"] == 200, html[html.find("<main") :][:3000]
    assert 'data-verdict="accepted"' in html
    assert "altered" not in html


# A wording change released as it should be: a new layout, the released ones untouched.
LAYOUT_3 = dataclasses.replace(layouts.RELEASED[2], version=3, label_suffix=" \u2013")


def signed_game(players: tuple[str, ...] = ("Ann", "Ben")) -> Game:
    game = new_game("bar", players)
    fill_game(game)
    sign_all(game)
    return Game.objects.get(pk=game.pk)


def printed(game: Game, layout: layouts.Layout | None = None) -> bytes:
    sheet = printed_game(
        load_game(game), game_corrections(game), signatures=game_signatures(game), layout=layout
    )
    out = BytesIO()
    write_pdf([sheet], out, title="")
    return out.getvalue()


def uploaded(client: Client, pdf: bytes) -> tuple[int, str]:
    sheet = SimpleUploadedFile("sheet.pdf", pdf, "application/pdf")
    response = client.post("/verify/", {"sheet": sheet})
    return response.status_code, response.content.decode()


@pytest.mark.django_db
def test_a_new_layout_leaves_the_sheets_signed_before_it_verifying(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = signed_game()
    paper = printed(before)
    assert before.sheet_layout == layouts.CURRENT == 2

    monkeypatch.setitem(layouts.RELEASED, 3, LAYOUT_3)
    monkeypatch.setattr(layouts, "CURRENT", 3)
    # Other players: two sheets alike to the second would share one code (and be refused).
    after = signed_game(("Cy", "Dee"))

    assert after.sheet_layout == 3
    assert "Started \u2013" in pdf_text(printed(after))
    assert "Started:" in pdf_text(paper) and pdf_text(printed(before)) == pdf_text(paper)
    for sheet in (paper, printed(after)):
        status, html = uploaded(client, sheet)
        assert (status, 'data-verdict="accepted"' in html) == (200, True)


@pytest.mark.django_db
def test_a_sheet_is_never_redrawn_in_a_layout_older_than_its_own(client: Client) -> None:
    game = signed_game()

    status, html = uploaded(client, printed(game, layouts.RELEASED[1]))

    assert status == 422
    assert "altered" in html
    assert Game.objects.get(pk=game.pk).sheet_layout == 2
