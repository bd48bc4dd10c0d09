"""The league's tables: sortable, paginated, and exported to CSV or Excel as shown."""

from __future__ import annotations

import django_tables2 as tables
from django.db.models import QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format, number_format
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.links import PLAYER_PAGE, page_url
from league.audit_words import People, describe, subject
from league.models import AuditEntry, DrinkDebt, RegisterEntry
from league.register_rows import RegisterRows
from league.table_pages import drawn_pages
from scoring.models import Member

TEMPLATE = "django_tables2/bootstrap5-responsive.html"
ATTRS = {"class": "table table-striped align-middle fs-5"}
PER_PAGE = 25


def _game_link(game_id: int | None) -> SafeString | str:
    if game_id is None:
        return "—"
    return format_html(
        '<a class="btn btn-outline-light" href="{}">#{}</a>',
        reverse("scoring:game", args=[game_id]),
        game_id,
    )


class RegisterTable(tables.Table):
    date = tables.DateColumn(verbose_name=_("Date"), format="DATE_FORMAT")
    score = tables.Column(verbose_name=_("Score"), attrs={"td": {"class": "fw-bold"}})
    kind = tables.Column(verbose_name=_("High or low"))
    player_name = tables.Column(verbose_name=_("Player"))
    ruleset = tables.Column(verbose_name=_("Game"))
    game = tables.Column(verbose_name=_("Sheet"), order_by=("game_id",), empty_values=())
    note = tables.Column(verbose_name=_("Note"), orderable=False)
    # Only listed when the filter asks for removed entries too; the reason says why.
    removal_reason = tables.Column(
        verbose_name=_("Removed because"), orderable=False, visible=False
    )
    actions = tables.TemplateColumn(
        template_name="league/partials/entry_actions.html",
        verbose_name=_("Actions"),
        orderable=False,
        exclude_from_export=True,
    )

    class Meta:
        model = RegisterEntry
        fields = ("date", "score", "kind", "player_name", "ruleset", "game", "note")
        template_name = "league/partials/register_table.html"
        attrs = {**ATTRS, "id": "register-table"}
        order_by = ("-date",)
        empty_text = _("No record in the register yet.")
        row_attrs = {
            "data-entry": lambda record: record.pk,
            "class": lambda record: (
                "entry-removed text-body-secondary" if record.removed_at else ""
            ),
        }

    def render_game(self, record: RegisterEntry) -> SafeString | str:
        if record.historic:
            if not record.scan:
                return gettext("Paper sheet")
            return format_html(
                '<a class="btn btn-outline-light" href="{}" target="_blank">{}</a>',
                reverse("league:register_scan", args=[record.pk]),
                gettext("Scan"),
            )
        return _game_link(record.game_id)

    def value_game(self, record: RegisterEntry) -> str:
        return gettext("historic") if record.historic else f"#{record.game_id}"

    def order_date(
        self, entries: QuerySet[RegisterEntry], is_descending: bool
    ) -> tuple[QuerySet[RegisterEntry], bool]:
        """By day, the lines of one day in the order they were entered either way: as the page
        listed them on SQLite when it sorted by day alone, now said so on every database. The
        newest first, the page's own order, is read down the entry_standing_newest index."""
        return entries.order_by("-date" if is_descending else "date", "id"), True

    @property
    def drawn_rows(self) -> list[SafeString]:
        """This page's rows as django-tables2 draws them (the same cells and row attributes),
        drawn here in a plain loop: its generic cell machinery was three quarters of the page's
        time. Read by the table's template while `render_table` draws it, whose context (the
        page's `secretary`) is the table's then, as it is for a TemplateColumn."""
        context = getattr(self, "context", None)
        secretary = bool(context.get("secretary")) if context is not None else False
        names = [column.name for column in self.columns]
        rows = RegisterRows(secretary=secretary)
        return rows.draw((row.record for row in self.paginated_rows), names)

    @property
    def drawn_pages(self) -> SafeString:
        """The page links, drawn in a plain loop too (league.table_pages), read by the table's
        template."""
        return drawn_pages(self)


def _closed_by(debt: DrinkDebt) -> str:
    user = debt.settled_by
    if user is None:
        return ""
    member = getattr(user, "member", None)
    return member.known_as if member is not None else user.get_username()


class LedgerTable(tables.Table):
    created_at = tables.DateColumn(
        verbose_name=_("Booked"),
        format="DATE_FORMAT",
        order_by=("created_at", "game_id", "sequence"),
    )
    game = tables.Column(verbose_name=_("Game"), order_by=("game_id",))
    debtor = tables.Column(verbose_name=_("Owes"), order_by=("debtor__name",))
    reason = tables.Column(verbose_name=_("Reason"))
    owed_to = tables.Column(verbose_name=_("To"), orderable=False)
    status = tables.Column(verbose_name=_("Status"))
    # Shown inside the status cell on the page (a tablet has no room for three more columns),
    # and as columns of their own in the downloads.
    settled_at = tables.DateTimeColumn(
        verbose_name=_("Closed"), format="DATETIME_FORMAT", visible=False
    )
    settled_by = tables.Column(verbose_name=_("Closed by"), visible=False, empty_values=())
    write_off_reason = tables.Column(verbose_name=_("Why written off"), visible=False)
    actions = tables.TemplateColumn(
        template_name="league/partials/debt_actions.html",
        verbose_name=_("Actions"),
        orderable=False,
        exclude_from_export=True,
    )

    class Meta:
        model = DrinkDebt
        fields = (
            "created_at",
            "game",
            "debtor",
            "reason",
            "owed_to",
            "status",
            "settled_at",
            "settled_by",
            "write_off_reason",
        )
        template_name = TEMPLATE
        attrs = {**ATTRS, "id": "ledger-table"}
        order_by = ("-created_at",)
        empty_text = _("No round in the ledger matches.")
        row_attrs = {"data-debt": lambda record: record.pk}

    def render_game(self, record: DrinkDebt) -> SafeString | str:
        return _game_link(record.game_id)

    def value_game(self, record: DrinkDebt) -> str:
        return f"#{record.game_id}"

    def render_debtor(self, record: DrinkDebt) -> str:
        return record.debtor.name

    def render_status(self, record: DrinkDebt) -> SafeString:
        if record.settled_at is None:
            return format_html("{}", record.get_status_display())
        detail = gettext("%(when)s by %(who)s") % {
            "when": date_format(timezone.localtime(record.settled_at), "DATE_FORMAT"),
            "who": _closed_by(record),
        }
        if record.write_off_reason:
            detail += f": {record.write_off_reason}"
        status = format_html(
            '{}<br><span class="small text-body-secondary">{}</span>',
            record.get_status_display(),
            detail,
        )
        if record.no_longer_holds_since is None:
            return status
        # Closed before a correction of the game took the round away: the secretary decides.
        return format_html(
            '{}<br><span class="badge text-bg-danger text-wrap" data-no-longer-holds>{}</span>',
            status,
            gettext("For the secretary: after a correction of the game this round is not owed."),
        )

    def value_status(self, record: DrinkDebt) -> str:
        if record.no_longer_holds_since is not None:
            return gettext("%(status)s (no longer owed after a correction)") % {
                "status": record.get_status_display()
            }
        return record.get_status_display()

    def render_settled_by(self, record: DrinkDebt) -> str:
        return _closed_by(record)


class MembersTable(tables.Table):
    known_as = tables.Column(verbose_name=_("Member"))
    name = tables.Column(verbose_name=_("Name"))
    games_played = tables.Column(
        verbose_name=_("Games played"), attrs={"td": {"data-col": "games_played"}}
    )
    rounds_owed = tables.Column(verbose_name=_("Rounds owed"), attrs={"td": {"data-col": "owed"}})
    joined_at = tables.DateColumn(verbose_name=_("Member since"), format="MONTH_YEAR_FORMAT")
    actions = tables.TemplateColumn(
        template_name="league/partials/member_actions.html",
        verbose_name=_("Actions"),
        orderable=False,
        exclude_from_export=True,
    )

    class Meta:
        model = Member
        fields = ("known_as", "name", "games_played", "rounds_owed", "joined_at")
        template_name = TEMPLATE
        attrs = {**ATTRS, "id": "members-table"}
        order_by = ("known_as",)
        empty_text = _("No member yet.")
        row_attrs = {"data-member": lambda record: record.known_as}

    def render_rounds_owed(self, value: int, record: Member) -> SafeString | str:
        if not value:
            return "0"
        return format_html(
            '<a class="btn btn-outline-warning" href="{}?status=owed&amp;member={}">{}</a>',
            reverse("league:ledger"),
            record.pk,
            value,
        )

    def value_rounds_owed(self, value: int) -> int:
        return value


class StandingsTable(tables.Table):
    """A season's standings: rows of league.selectors.standings, ranked by the tie-breakers."""

    place = tables.Column(verbose_name="#", attrs={"td": {"data-col": "place"}})
    member = tables.Column(
        verbose_name=_("Member"),
        accessor="member__known_as",
        order_by=("member__known_as",),
        linkify=lambda record: page_url(PLAYER_PAGE, record["member_id"]) or None,
    )
    games = tables.Column(verbose_name=_("Games played"), attrs={"td": {"data-col": "games"}})
    wins = tables.Column(verbose_name=_("Wins"), attrs={"td": {"data-col": "wins"}})
    average = tables.Column(verbose_name=_("Average"), attrs={"td": {"data-col": "average"}})
    best = tables.Column(verbose_name=_("Best"), attrs={"td": {"data-col": "best"}})
    baluts = tables.Column(verbose_name=_("Baluts"), attrs={"td": {"data-col": "baluts"}})
    lasts = tables.Column(verbose_name=_("Last places"), attrs={"td": {"data-col": "lasts"}})

    class Meta:
        template_name = TEMPLATE
        attrs = {**ATTRS, "id": "standings-table"}
        empty_text = _("No member has finished a game of this kind in this season.")
        row_attrs = {"data-member": lambda record: record["member__known_as"]}

    def __init__(
        self, *args: object, average_label: str, best_label: str, **kwargs: object
    ) -> None:
        super().__init__(*args, **kwargs)
        # Points for the games ranked by points, the total score for the others.
        self.columns["average"].column.verbose_name = average_label
        self.columns["best"].column.verbose_name = best_label

    def render_average(self, value: float) -> str:
        # "164,0" in Danish and German, as the player page writes it.
        return number_format(value, 1)

    def value_average(self, value: float) -> str:
        return number_format(value, 1)


class AuditTable(tables.Table):
    """The log, each line's change said in words (league.audit_words) by the names `people`
    holds, read once for the page."""

    at = tables.DateTimeColumn(verbose_name=_("When"), format="DATETIME_FORMAT")
    by = tables.Column(
        verbose_name=_("Who"), accessor="by_id", order_by=("by_id",), empty_values=()
    )
    action = tables.Column(verbose_name=_("What"))
    object_repr = tables.Column(verbose_name=_("Of"), orderable=False)
    change = tables.Column(verbose_name=_("Change"), orderable=False, empty_values=())
    reason = tables.Column(verbose_name=_("Why"), orderable=False)

    class Meta:
        model = AuditEntry
        fields = ("at", "by", "action", "object_repr", "change", "reason")
        template_name = TEMPLATE
        attrs = {**ATTRS, "id": "audit-table"}
        order_by = ("-at",)
        empty_text = _("Nothing in the log matches.")
        row_attrs = {"data-audit": lambda record: record.pk}

    def __init__(self, *args: object, people: People, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.people = people

    def render_by(self, record: AuditEntry) -> str:
        return "" if record.by_id is None else self.people.user(record.by_id)

    def render_object_repr(self, record: AuditEntry) -> str:
        return subject(record)

    def render_change(self, record: AuditEntry) -> str:
        return describe(record, self.people)
