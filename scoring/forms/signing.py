"""Forms for signing a sheet and for checking one: a signature, a code typed in, a PDF uploaded.

They only read and bound what was posted; the service (signing) and the checks (verification,
sheet_check) decide.
"""

from __future__ import annotations

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.drawings import MAX_DATA_URL_CHARS
from scoring.models import GamePlayer, SignatureMethod

# A game's sheet is a page or two, well under 1 MB; anything over this is not one.
MAX_PDF_BYTES = 5 * 1024 * 1024
MAX_CODE_INPUT = 40


class SignatureForm(forms.Form):
    player = forms.ModelChoiceField(
        queryset=GamePlayer.objects.select_related("member"),
        widget=forms.HiddenInput,
        error_messages={
            "invalid_choice": "There is no such player.",
            "required": "Say who is signing.",
        },
    )
    method = forms.ChoiceField(
        choices=SignatureMethod.choices,
        widget=forms.HiddenInput,
        error_messages={"invalid_choice": "Sign by drawing or by PIN."},
    )
    pin = forms.CharField(required=False, max_length=20, strip=True)
    drawing = forms.CharField(required=False, max_length=MAX_DATA_URL_CHARS, strip=False)
    # The keyboard's signature: the player's name, and the witness's tick that they saw it typed.
    typed_name = forms.CharField(required=False, max_length=100, strip=True)
    witnessed = forms.BooleanField(required=False)

    def error_message(self) -> str:
        return " ".join(str(error) for errors in self.errors.values() for error in errors)


class CodeForm(forms.Form):
    code = forms.CharField(
        label=_("Verification code"),
        max_length=MAX_CODE_INPUT,
        error_messages={"required": _("Type the code printed on the sheet.")},
    )


class SheetUploadForm(forms.Form):
    sheet = forms.FileField(
        label=_("A score sheet PDF"),
        error_messages={
            "required": _("Choose the PDF to check."),
            "empty": _("The file is empty: choose the PDF of a score sheet."),
        },
    )

    def clean_sheet(self) -> UploadedFile:
        upload: UploadedFile = self.cleaned_data["sheet"]
        if upload.size is not None and upload.size > MAX_PDF_BYTES:
            raise forms.ValidationError(
                gettext("The file is %(size)d MB: a score sheet PDF is at most %(most)d MB.")
                % {"size": upload.size // (1024 * 1024), "most": MAX_PDF_BYTES // (1024 * 1024)}
            )
        return upload
