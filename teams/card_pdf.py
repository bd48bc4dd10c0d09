"""The match card as a PDF: the fixture, each table's players with their places and what they
earned, the score and match points, the captains' signatures, and (once both have signed) the
card's verification code with a QR code of its verify page, as a signed score sheet carries."""

from __future__ import annotations

from dataclasses import dataclass
from io import BytesIO

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import escape
from django.utils.translation import gettext as _
from reportlab.lib.pagesizes import A4
from reportlab.platypus import Image, Paragraph, SimpleDocTemplate, Spacer, Table

from scoring.pdf import parts, styles
from teams.models import Match
from teams.selectors import MatchOutcome

QR_SIZE = 90.0


@dataclass(frozen=True)
class CardInfo:
    match: Match
    outcome: MatchOutcome | None
    verify_url: str


def _grid(rows: list[list[str]], widths: list[float]) -> Table:
    return parts.grid(
        rows,
        widths,
        align="CENTER",
        style=[
            ("FONT", (0, 0), (-1, -1), styles.FONT, 9),
            ("FONT", (0, 0), (-1, 0), styles.FONT_BOLD, 9),
            ("ALIGN", (3, 1), (-1, -1), "RIGHT"),
        ],
    )


def _qr(url: str) -> Image:
    return Image(parts.qr_code(url), QR_SIZE, QR_SIZE)


def card_pdf(info: CardInfo) -> bytes:
    match, fixture = info.match, info.match.fixture
    teams = {"home": fixture.home.name, "away": fixture.away.name}
    story: list[object] = [
        Paragraph(escape(_("Match card: %(home)s v %(away)s") % teams), styles.TITLE),
        Paragraph(
            escape(
                _("%(competition)s, %(division)s, round %(round)d")
                % {
                    "competition": fixture.division.competition.name,
                    "division": fixture.division.name,
                    "round": fixture.round,
                }
            ),
            styles.HEADER,
        ),
        Paragraph(
            escape(
                " · ".join(
                    part
                    for part in (
                        date_format(timezone.localtime(match.started_at), "DATETIME_FORMAT"),
                        fixture.venue,
                    )
                    if part
                )
            ),
            styles.HEADER,
        ),
        Spacer(0, 10),
    ]
    rows = [[_("Table"), _("Player"), _("Team"), _("Place"), _("Earned")]]
    for line in info.outcome.lines if info.outcome else []:
        rows.append(
            [str(line.table), line.name, teams[line.side], str(line.rank), str(line.figure)]
        )
    story.append(_grid(rows, [40, 170, 150, 50, 60]))
    story.append(Spacer(0, 10))
    if info.outcome is None:
        story.append(Paragraph(escape(_("The games are not all over yet.")), styles.NOTE))
    else:
        score = info.outcome.score
        home_points, away_points = score.match_points
        story.append(
            Paragraph(
                escape(
                    _("Score %(home_score)d : %(away_score)d, match points %(home)d : %(away)d")
                    % {
                        "home_score": score.home,
                        "away_score": score.away,
                        "home": home_points,
                        "away": away_points,
                    }
                ),
                styles.SECTION,
            )
        )
    story.append(Spacer(0, 10))
    for signature in match.signatures.select_related("captain"):
        story.append(
            Paragraph(
                escape(
                    _("Signed by %(captain)s, captain of %(team)s, %(moment)s")
                    % {
                        "captain": signature.captain.known_as,
                        "team": teams[signature.side],
                        "moment": date_format(
                            timezone.localtime(signature.signed_at), "DATETIME_FORMAT"
                        ),
                    }
                ),
                styles.NOTE,
            )
        )
    if match.is_signed:
        story += [
            Spacer(0, 12),
            Paragraph(
                escape(_("Verification code: %(code)s") % {"code": match.verification_code}),
                styles.SECTION,
            ),
            _qr(info.verify_url),
            Paragraph(escape(info.verify_url), styles.NOTE),
        ]
    out = BytesIO()
    document = SimpleDocTemplate(
        out,
        pagesize=A4,
        title=_("Match card: %(home)s v %(away)s") % teams,
        leftMargin=styles.MARGIN,
        rightMargin=styles.MARGIN,
        topMargin=styles.MARGIN,
        bottomMargin=styles.MARGIN,
    )
    document.build(story)
    return out.getvalue()
