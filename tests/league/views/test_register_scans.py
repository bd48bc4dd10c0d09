"""The register's historic records: the secretary enters one with its scan, a scan that is not
a proper picture (or is enormous when drawn) is refused, and members are served the scan."""

from __future__ import annotations

import datetime
import struct
import zlib

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from league.models import RegisterEntry
from league.services.register import enter_historic_record
from tests.factories import the_club
from tests.league.helpers import pdf_upload, png_upload
from tests.league.views.test_register import historic, the_secretary
from tests.scoring.services.helpers import member, secretary

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss(client: Client) -> User:
    user = the_secretary()
    client.force_login(user)
    return user


def test_the_secretary_enters_a_historic_record_with_its_scan(client: Client, boss: User) -> None:
    response = client.post(
        reverse("league:historic_entry"),
        {
            "date": "1979-11-02",
            "player_name": "Old Tom",
            "score": "171",
            "kind": "high",
            "ruleset": "bar",
            "note": "From the 1979 book",
            "scan": png_upload(),
        },
    )

    assert response.status_code == 302
    entry = RegisterEntry.objects.get()
    assert entry.historic and entry.game is None and entry.scan.name.endswith(".png")
    client.logout()
    assert client.get(reverse("league:register_scan", args=[entry.pk])).status_code == 302
    client.force_login(member("Zed").user)
    scan = client.get(reverse("league:register_scan", args=[entry.pk]))
    assert scan.status_code == 200
    assert scan["Content-Type"] == "image/png"
    assert scan["X-Content-Type-Options"] == "nosniff"
    assert b"".join(scan.streaming_content).startswith(b"\x89PNG")  # type: ignore[attr-defined]


def png_declaring(width: int, height: int) -> SimpleUploadedFile:
    """A PNG of a few bytes whose header says `width` × `height` pixels: enormous when drawn."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
    data += chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")
    return SimpleUploadedFile("sheet.png", data, "image/png")


@pytest.mark.parametrize(
    ("upload", "message"),
    [
        (SimpleUploadedFile("sheet.png", b"not an image"), "photo (JPEG or PNG) or a PDF"),
        (None, "This field is required."),
        (png_declaring(9_000, 9_000), "more pixels than a scan needs (at most 64 megapixels)"),
        (png_declaring(100_000, 100_000), "more pixels than a scan needs"),
    ],
    ids=["not-an-image", "none", "81-megapixels", "10-gigapixels"],
)
def test_a_historic_record_without_a_proper_scan_is_refused(
    client: Client, boss: User, upload: SimpleUploadedFile | None, message: str
) -> None:
    data: dict[str, object] = {
        "date": "1979-11-02",
        "player_name": "Old Tom",
        "score": "171",
        "kind": "high",
        "ruleset": "bar",
    }
    if upload is not None:
        data["scan"] = upload

    response = client.post(reverse("league:historic_entry"), data)

    assert response.status_code == 422
    assert message in response.content.decode()
    assert not RegisterEntry.objects.exists()


def test_a_pdf_scan_is_served_as_a_pdf(member_client: Client) -> None:
    client = member_client
    entry = enter_historic_record(
        in_club=the_club(),
        date=datetime.date(1979, 1, 1),
        player_name="Old Tom",
        member=None,
        score=171,
        kind="high",
        ruleset="bar",
        scan=pdf_upload(),
        note="",
        by=secretary(),
    )

    response = client.get(reverse("league:register_scan", args=[entry.pk]))

    assert response["Content-Type"] == "application/pdf"


def test_an_entry_without_a_scan_has_none_to_serve(member_client: Client) -> None:
    client = member_client
    entry = historic("Old Tom", 170)

    assert client.get(reverse("league:register_scan", args=[entry.pk])).status_code == 404
