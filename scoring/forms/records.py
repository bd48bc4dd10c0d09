"""Forms for turns already recorded and games that arrive whole: corrections and imports.

They read what was posted into game-record JSON (docs/game-record.md); the rules engine, through
the services, decides whether it may be kept.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring import rules
from scoring.box_names import box_name
from scoring.forms.days import ClubDayField
from scoring.services.records import played_moment

MAX_REASON_LENGTH = 1000
MAX_THROWS_LENGTH = 10_000
# A full Jackpot game of eight players with throw logs is well under 200 kB.
MAX_RECORD_BYTES = 1_000_000


class CorrectionForm(forms.Form):
    reason = forms.CharField(
        max_length=MAX_REASON_LENGTH,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Why the turn is corrected; everyone sees it beside the correction."),
        error_messages={"required": _("Say why the turn is corrected.")},
    )

    def turn_record(self) -> dict[str, object]:
        """The corrected turn as a game record writes it, without its player."""
        raise NotImplementedError


class FiveDiceCorrectionForm(CorrectionForm):
    dice = forms.CharField(
        required=False,
        max_length=20,
        help_text=_("The five final dice, e.g. 44412."),
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    score = forms.IntegerField(
        label=_("Paper score"),
        required=False,
        min_value=0,
        max_value=999,
        help_text=_("For a turn kept on paper: the score as written, instead of the dice."),
    )
    box = forms.ChoiceField(widget=forms.RadioSelect)
    strike = forms.BooleanField(label=_("Strike the jackpot"), required=False)
    keep_throws = forms.BooleanField(label=_("Keep the throw log"), required=False)

    field_order = ["dice", "score", "box", "strike", "keep_throws", "reason"]

    def __init__(
        self, data: Mapping[str, Any] | None = None, *, ruleset: str, recorded: Mapping[str, Any]
    ) -> None:
        dice = recorded.get("dice")
        initial = {
            "dice": "".join(str(face) for face in dice) if isinstance(dice, list) else "",
            "score": recorded.get("score"),
            "box": recorded.get("box"),
            "strike": bool(recorded.get("strike")),
            "keep_throws": True,
        }
        super().__init__(data, initial=initial)
        self.recorded = recorded
        box_field = self.fields["box"]
        assert isinstance(box_field, forms.ChoiceField)
        info = rules.ruleset_info(ruleset)
        box_field.choices = [(box, box_name(box)) for box in info.box_keys]
        if not info.jackpot_boxes:
            del self.fields["strike"]
        if not recorded.get("throws"):
            del self.fields["keep_throws"]
        # Only a turn kept on paper is corrected by its score; a tablet turn has its dice.
        if recorded.get("score") is None:
            del self.fields["score"]

    def clean_dice(self) -> list[int] | None:
        text = self.cleaned_data["dice"].replace(",", "").replace(" ", "")
        if not text:
            return None
        if len(text) != 5 or any(face not in "123456" for face in text):
            raise forms.ValidationError(_("Give the five dice as five faces 1 to 6, e.g. 44412."))
        return [int(face) for face in text]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        dice, score = cleaned.get("dice"), cleaned.get("score")
        if "dice" in self.errors or "score" in self.errors:
            return cleaned
        if "score" not in self.fields:
            if dice is None:
                self.add_error("dice", _("Give the turn's five dice."))
        elif (dice is None) == (score is None):
            self.add_error("dice", _("Give either the five dice or the paper score."))
        return cleaned

    def turn_record(self) -> dict[str, object]:
        data = self.cleaned_data
        record: dict[str, object] = {"box": data["box"]}
        if data.get("dice") is not None:
            record["dice"] = data["dice"]
        else:
            record["score"] = data["score"]
        if data.get("strike"):
            record["strike"] = True
        if data.get("keep_throws"):
            record["throws"] = self.recorded["throws"]
        return record


class BarbutCorrectionForm(CorrectionForm):
    throws = forms.CharField(
        max_length=MAX_THROWS_LENGTH,
        # Written by the dice pad the correction page shows, never typed.
        widget=forms.HiddenInput,
    )

    field_order = ["throws", "reason"]

    def __init__(
        self, data: Mapping[str, Any] | None = None, *, recorded: Mapping[str, Any]
    ) -> None:
        super().__init__(data, initial={"throws": json.dumps(recorded.get("throws", []))})

    def clean_throws(self) -> list[Any]:
        message = gettext("The throws could not be read: tap the turn on the pad again.")
        try:
            throws = json.loads(self.cleaned_data["throws"])
        except (ValueError, RecursionError) as error:
            raise forms.ValidationError(message) from error
        if not isinstance(throws, list) or not throws:
            raise forms.ValidationError(message)
        return throws

    def turn_record(self) -> dict[str, object]:
        return {"throws": self.cleaned_data["throws"]}


def correction_form(
    ruleset: str, recorded: Mapping[str, Any], data: Mapping[str, Any] | None = None
) -> CorrectionForm:
    if rules.ruleset_info(ruleset).five_dice:
        return FiveDiceCorrectionForm(data, ruleset=ruleset, recorded=recorded)
    return BarbutCorrectionForm(data, recorded=recorded)


class MultipleFileInput(forms.FileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """Several files under one name (Django's documented recipe)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("widget", MultipleFileInput(attrs={"accept": ".json,application/json"}))
        super().__init__(**kwargs)

    def clean(self, data: Any, initial: Any = None) -> list[UploadedFile]:
        files = data if isinstance(data, (list, tuple)) else [data]
        return [super(MultipleFileField, self).clean(file, initial) for file in files if file]


@dataclass(frozen=True)
class RecordUpload:
    """One game record as sent: its decoded JSON, or why it could not be read."""

    name: str
    data: object = None
    error: str = ""


class GameImportForm(forms.Form):
    records = MultipleFileField(
        label=_("Game record files"),
        required=False,
        allow_empty_file=True,
        help_text=_("One or more .json game records; each becomes a game of its own."),
    )
    text = forms.CharField(
        label=_("Or paste one game record"),
        required=False,
        max_length=MAX_RECORD_BYTES,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
    )
    played_on = ClubDayField(
        label=gettext_lazy("Played on"),
        required=False,
        help_text=gettext_lazy(
            "For records that do not say when they were played (no “played” key): "
            "the day the game was played. Left empty, such a game is filed under today."
        ),
    )
    import_duplicates = forms.BooleanField(
        label=gettext_lazy("Import games the club already has anyway"),
        required=False,
        help_text=gettext_lazy(
            "A record with the same ruleset, players and turns as a game already here is "
            "refused unless this is ticked; its drinks and wins would count twice."
        ),
    )

    book_rounds = forms.BooleanField(
        label=gettext_lazy("Book the rounds owed in these games"),
        required=False,
        help_text=gettext_lazy(
            "Left unticked, the games count for the standings and the register but book no "
            "rounds owed: a historic paper game's rounds were bought long ago."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The browser's date picker offers no day a game cannot be filed under.
        self.fields["played_on"].widget.attrs["max"] = timezone.localdate().isoformat()

    def clean_played_on(self) -> Any:
        played_on = self.cleaned_data["played_on"]
        try:
            played_moment(played_on, now=timezone.now())
        except ValidationError as refused:
            raise forms.ValidationError(refused.messages) from refused
        return played_on

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if not self.errors and not cleaned.get("records") and not cleaned.get("text", "").strip():
            raise forms.ValidationError(_("Choose a game record file, or paste one."))
        return cleaned

    def uploads(self) -> list[RecordUpload]:
        files: Sequence[UploadedFile] = self.cleaned_data["records"]
        uploads = [_read_file(file) for file in files]
        text = self.cleaned_data["text"]
        if text.strip():
            uploads.append(_decode(gettext("Pasted record"), text))
        return uploads


def _read_file(file: UploadedFile) -> RecordUpload:
    name = file.name or gettext("unnamed file")
    if file.size is not None and file.size > MAX_RECORD_BYTES:
        return RecordUpload(
            name, error=gettext("The file is larger than 1 MB; no game record is that big.")
        )
    try:
        text = file.read().decode("utf-8-sig")
    except UnicodeDecodeError:
        return RecordUpload(
            name, error=gettext("The file is not UTF-8 text, so not a game record.")
        )
    return _decode(name, text)


def _decode(name: str, text: str) -> RecordUpload:
    if not text.strip():
        return RecordUpload(name, error=gettext("It is empty; a game record is a JSON object."))
    try:
        return RecordUpload(name, data=json.loads(text))
    except json.JSONDecodeError as error:
        message = gettext("It is not valid JSON: %(error)s at line %(line)d column %(column)d.") % {
            "error": error.msg,
            "line": error.lineno,
            "column": error.colno,
        }
    except ValueError as error:
        message = gettext("It is not valid JSON: %(error)s.") % {"error": error}
    except RecursionError:
        message = gettext("It is not a game record: the JSON is nested too deeply.")
    return RecordUpload(name, error=message)
