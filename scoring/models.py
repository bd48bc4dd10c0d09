"""Members, games, their players and turns. The rules engine decides; these only keep.

Every invariant a service checks is mirrored by a database constraint, so two tablets
racing, or a script going round the services, still cannot double a turn or a seat.
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.scoping import ClubScopedManager
from scoring.box_names import game_title_lazy
from scoring.rules import EARLIEST_PLAYED, MAX_PLAYERS, RULESETS


class PublicArea(models.TextChoices):
    """The parts of the app the club may open to visitors who are not signed in
    (scoring.access.privacy). Signed-in members see them all; the secretary's pages are the
    secretary's whatever this says.
    """

    BOARD = "board", _("The TV board")
    STANDINGS = "standings", _("Standings")
    RECORDS = "records", _("Records and the register")
    GAMES = "games", _("Games: the list, live sheets and the signing page")
    MEMBERS = "members", _("Members: the member list and player pages")
    LEDGER = "ledger", _("The drinks ledger")
    DOCUMENTS = "documents", _("Signature images, register scans, game PDFs and game records")


class Member(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="member"
    )
    name = models.CharField(max_length=100)
    known_as = models.CharField("goes by", max_length=40, unique=True)
    email = models.EmailField(blank=True)
    pin_hash = models.CharField(max_length=128, blank=True)
    is_active = models.BooleanField(default=True)
    joined_at = models.DateTimeField(default=timezone.now)
    # Empty: the browser's language. Set by the switcher; the shared tablet follows the scorer.
    language = models.CharField(_("language"), max_length=8, blank=True, choices=settings.LANGUAGES)

    class Meta:
        ordering = ["known_as"]

    def __str__(self) -> str:
        return self.known_as

    def clean(self) -> None:
        # "ann" beside "Ann" would be two people the tablet and the sheets cannot tell apart.
        # The database refuses it too: a unique index on lower(known_as), kept by
        # league/migrations/0017_goes_by_unique_ignoring_case.py.
        namesake = Member.objects.filter(known_as__iexact=self.known_as).exclude(pk=self.pk).first()
        if namesake is not None:
            raise ValidationError(
                {"known_as": _("%(name)s goes by that name already.") % {"name": namesake.known_as}}
            )


# EARLIEST_PLAYED's first instant anywhere on earth, with a day to spare for any offset: a game
# dated earlier is refused on import (rules.check_played), and one near year 1 would not even be
# readable once the club's time zone moves it (PostgreSQL: "timestamp too small").
EARLIEST_GAME_MOMENT = datetime.datetime.combine(
    EARLIEST_PLAYED - datetime.timedelta(days=2), datetime.time(), tzinfo=datetime.UTC
)

# The games the engine describes, in its order; a new one changes the choices (a migration).
# Worded when read: get_ruleset_display() speaks the reader's language.
RULESET_CHOICES = [(info.key, game_title_lazy(info.key)) for info in RULESETS]
RULESET_KEYS = [info.key for info in RULESETS]


class GameStatus(models.TextChoices):
    IN_PROGRESS = "in_progress", _("In progress")
    FINISHED = "finished", _("Finished")


class Game(models.Model):
    # The club the game was played in: every page and book asks for its own club's games.
    club = models.ForeignKey("clubs.Club", on_delete=models.PROTECT, related_name="games")
    ruleset = models.CharField(max_length=10, choices=RULESET_CHOICES)
    options = models.JSONField(default=dict, blank=True)
    friendly = models.BooleanField(default=False)
    status = models.CharField(
        max_length=12, choices=GameStatus.choices, default=GameStatus.IN_PROGRESS
    )
    scorer = models.ForeignKey(
        Member,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="scored_games",
    )
    imported = models.BooleanField(default=False)
    source = models.CharField(max_length=200, blank=True)
    started_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Moves with every recorded turn or correction: what pages poll and cache against.
    updated_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    # Set when the last player signs, cleared when a correction voids the signatures: so it is
    # also the lock (only the secretary corrects a signed sheet), readable with no extra query.
    # It is the code of the game as it was signed; the verify page recomputes it every time.
    verification_code = models.CharField(max_length=12, blank=True, default="")
    # A void game (a duplicate, an abandoned table) stays in the database and on its page, with
    # the reason; it counts nowhere: not in standings, records, the ledger or the register.
    voided_at = models.DateTimeField(null=True, blank=True)
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    void_reason = models.TextField(blank=True)
    # Which digest the code was issued under (scoring.verification.FORMATS): codes printed
    # before the digest stopped depending on ids and microseconds stay checkable as issued.
    verification_format = models.PositiveSmallIntegerField(default=2)
    # The ids the game's rows had where its sheet was printed, when `restore --club` had to give
    # them new ones (scoring.restored_ids): {"game": 12, "members": {"now": then, ...},
    # "corrections": {...}, "users": {...}}; empty otherwise. A code of format 1 hashes them and
    # a printed sheet names the game by its number, so verification reads these.
    restored_ids = models.JSONField(default=dict, blank=True)
    # The released layout its sheet was signed under (scoring.pdf.layouts), set with the code:
    # printing the signed game again and the verify page's redrawing use it, so a sheet keeps
    # its wording across upgrades. Null until signed (an unsigned sheet prints in the current).
    sheet_layout = models.PositiveSmallIntegerField(null=True, blank=True)
    # The game's content (ruleset, players, turns) as rules.record_fingerprint hashes it, kept
    # current turn by turn: an import whose record gives the same is a duplicate.
    fingerprint = models.CharField(max_length=64, blank=True, default="")
    # The club's house rules in force when the game started or arrived (rules.HouseRules.as_dict,
    # asked of the club through scoring.club): its drinks and register claims follow these
    # (booked, checked, after a correction) whatever the club decides later. The services always
    # fill it; a game made round them, with none, counts by the club's rules of the moment.
    house_rules = models.JSONField(default=dict)

    # Every query of it names its club (clubs.scoping).
    objects = ClubScopedManager()

    class Meta:
        ordering = ["-started_at", "-id"]
        indexes = [
            # The TV board asks every few seconds for the latest change and tonight's games.
            models.Index(fields=["updated_at"], name="game_updated"),
            models.Index(fields=["status", "-updated_at"], name="game_status_updated"),
            # The club's records count finished games by kind from the index alone: the void
            # mark is in it, or each game counted is read from the table to ask it.
            models.Index(
                fields=["status", "ruleset", "voided_at"], name="game_status_ruleset_void"
            ),
            # The same for one club's records (issue 29): with the club in front, the count
            # reads this index alone, not each game's row to ask its club.
            models.Index(
                fields=["club", "status", "ruleset", "voided_at"],
                name="game_club_status_ruleset_void",
            ),
            models.Index(fields=["fingerprint"], name="game_fingerprint"),
            models.Index(fields=["club", "status", "-updated_at"], name="game_club_status_updated"),
            models.Index(fields=["club", "-started_at", "-id"], name="game_club_started"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(ruleset__in=RULESET_KEYS), name="game_ruleset_known"
            ),
            models.CheckConstraint(
                condition=(Q(status=GameStatus.FINISHED) & Q(finished_at__isnull=False))
                | (Q(status=GameStatus.IN_PROGRESS) & Q(finished_at__isnull=True)),
                name="game_finished_exactly_when_finish_time_set",
            ),
            models.CheckConstraint(
                condition=Q(verification_code="") | Q(status=GameStatus.FINISHED),
                name="game_code_only_when_finished",
            ),
            # A code names one sheet: the verify page looks games up by it.
            models.UniqueConstraint(
                fields=["verification_code"],
                condition=~Q(verification_code=""),
                name="game_verification_code_unique",
            ),
            models.CheckConstraint(
                condition=Q(voided_at__isnull=True, void_reason="")
                | (Q(voided_at__isnull=False) & ~Q(void_reason="")),
                name="game_void_with_reason",
                violation_error_message=_("Say why the game is void."),
            ),
            models.CheckConstraint(
                condition=Q(started_at__gte=EARLIEST_GAME_MOMENT)
                & (Q(finished_at__isnull=True) | Q(finished_at__gte=EARLIEST_GAME_MOMENT)),
                name="game_played_in_range",
                violation_error_message=_("A game cannot be dated before 1900."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_ruleset_display()} #{self.pk}"

    @property
    def is_finished(self) -> bool:
        return self.status == GameStatus.FINISHED

    @property
    def is_void(self) -> bool:
        return self.voided_at is not None

    @property
    def is_signed(self) -> bool:
        """Every player has an active signature: the sheet is locked."""
        return bool(self.verification_code)


class GamePlayer(models.Model):
    """A seat at the table: a member, or a guest known only by name."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="players")
    seat = models.PositiveSmallIntegerField()
    member = models.ForeignKey(
        Member, null=True, blank=True, on_delete=models.PROTECT, related_name="seats"
    )
    name = models.CharField(max_length=40)
    guess = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["game", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="player_seat_unique"),
            models.UniqueConstraint(fields=["game", "name"], name="player_name_unique"),
            models.UniqueConstraint(
                fields=["game", "member"],
                condition=Q(member__isnull=False),
                name="player_member_once_per_game",
            ),
            models.CheckConstraint(
                condition=Q(seat__lt=MAX_PLAYERS), name="player_seat_within_table"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_guest(self) -> bool:
        return self.member_id is None


class Turn(models.Model):
    """One recorded turn, kept as the game record writes it (`record`).

    `box` and `score` repeat what the rules engine made of it, for the register and
    statistics to query; services rewrite them whenever a correction changes the game.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="turns")
    number = models.PositiveIntegerField()
    player = models.ForeignKey(GamePlayer, on_delete=models.PROTECT, related_name="turns")
    record = models.JSONField()
    box = models.CharField(max_length=30, blank=True)
    score = models.IntegerField()
    request_key = models.UUIDField(null=True, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    recorded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="turn_number_unique"),
            models.UniqueConstraint(
                fields=["game", "request_key"],
                condition=Q(request_key__isnull=False),
                name="turn_request_key_unique",
            ),
        ]

    def __str__(self) -> str:
        return gettext("%(game)s turn %(turn)s") % {"game": self.game, "turn": self.number + 1}


class Correction(models.Model):
    """A recorded change to a turn: nothing is ever overwritten without one."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="corrections")
    turn = models.ForeignKey(Turn, on_delete=models.PROTECT, related_name="corrections")
    before = models.JSONField()
    after = models.JSONField()
    reason = models.TextField()
    corrected_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    corrected_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "corrected_at", "id"]
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="correction_has_reason"),
        ]

    def __str__(self) -> str:
        return gettext("Correction of %(turn)s") % {"turn": self.turn}


class SignatureMethod(models.TextChoices):
    DRAWING = "drawing", "Drawing"
    PIN = "pin", "PIN"
    # The keyboard's way for those who sign by drawing: the name typed, which the witness
    # signed in on the device confirms they saw the player type (scoring.services.signing).
    TYPED = "typed", "Typed name"


class Signature(models.Model):
    """A player's signature on a finished sheet: a finger drawing, a member's PIN, or the
    player's name typed on the keyboard before a witness.

    Never deleted: a correction made after signing voids it (`voided_at`, and the correction
    that did it), and the players sign again, so the history of both stays readable.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="signatures")
    player = models.ForeignKey(GamePlayer, on_delete=models.PROTECT, related_name="signatures")
    method = models.CharField(max_length=10, choices=SignatureMethod.choices)
    # The drawing as a PNG data URL, re-encoded by the server (scoring.drawings): small (a few
    # tens of kB), and shown inline, so no media storage or file serving is needed.
    image = models.TextField(blank=True)
    # The name a typed signature was made with, as typed (it matches the player's name).
    typed_name = models.CharField(max_length=40, blank=True, default="")
    signed_at = models.DateTimeField(default=timezone.now)
    # Who was signed in on the device that took the signature: the game's scorer or the
    # secretary for a drawing, the member themself (or whoever held the tablet) for a PIN.
    # Empty only for signatures taken before witnesses were kept.
    witness = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    voided_at = models.DateTimeField(null=True, blank=True)
    voided_by_correction = models.ForeignKey(
        Correction,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="voided_signatures",
    )

    class Meta:
        ordering = ["game", "signed_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "player"],
                condition=Q(voided_at__isnull=True),
                name="signature_one_active_per_player",
                violation_error_message="This player has already signed the sheet.",
            ),
            models.CheckConstraint(
                condition=Q(method__in=SignatureMethod.values), name="signature_method_known"
            ),
            models.CheckConstraint(
                condition=(Q(method=SignatureMethod.DRAWING) & ~Q(image=""))
                | (~Q(method=SignatureMethod.DRAWING) & Q(image="")),
                name="signature_drawing_exactly_when_drawn",
            ),
            models.CheckConstraint(
                condition=(Q(method=SignatureMethod.TYPED) & ~Q(typed_name=""))
                | (~Q(method=SignatureMethod.TYPED) & Q(typed_name="")),
                name="signature_typed_name_exactly_when_typed",
            ),
            # Only a correction voids a signature, so the two are set together or not at all.
            models.CheckConstraint(
                condition=Q(voided_at__isnull=True, voided_by_correction__isnull=True)
                | Q(voided_at__isnull=False, voided_by_correction__isnull=False),
                name="signature_voided_by_a_correction",
            ),
        ]

    def __str__(self) -> str:
        return gettext("%(player)s signed %(game)s") % {"player": self.player, "game": self.game}

    @property
    def is_active(self) -> bool:
        return self.voided_at is None
