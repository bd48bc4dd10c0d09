from django.urls import path

from scoring.views import (
    corrections,
    home,
    install,
    notices,
    pdfs,
    play,
    records,
    secretary_signin,
    setup,
    signin,
    signing,
    verify,
)

app_name = "scoring"

urlpatterns = [
    path("", home.home, name="home"),
    # The installable app's manifest, named after the club (scoring.views.install).
    path("manifest.webmanifest", install.manifest, name="manifest"),
    path("signin/", signin.signin, name="signin"),
    path("signin/password/", secretary_signin.password_signin, name="password_signin"),
    path("signout/", signin.signout, name="signout"),
    path("games/new/", setup.game_new, name="game_new"),
    path("games/new/visitors/", setup.visitor_search, name="visitor_search"),
    path("games/import/", records.game_import, name="game_import"),
    path("games/<int:game_id>/", play.game, name="game"),
    path("games/<int:game_id>/turns/", play.record_turn_view, name="record_turn"),
    path(
        "games/<int:game_id>/turns/<int:number>/correct/",
        corrections.correct_turn,
        name="correct_turn",
    ),
    path("games/<int:game_id>/sign/", signing.sign_sheet, name="sign_sheet"),
    path("games/<int:game_id>/record.json", records.game_record_download, name="game_record"),
    path("games/<int:game_id>/sheet.pdf", pdfs.game_sheet_pdf, name="game_sheet_pdf"),
    path("sheets/blank.pdf", pdfs.blank_sheet_pdf, name="blank_sheet_pdf"),
    path("sheets/club-night/", pdfs.club_night_pdf, name="club_night_pdf"),
    # One name for both: reverse("scoring:verify") is the form, with a code its own page.
    path("notices/", notices.my_notices, name="my_notices"),
    path("notices/sent/", notices.sent, name="club_notices"),
    path("notices/stop/<str:token>/", notices.stop, name="stop_notices"),
    path("verify/", verify.verify, name="verify"),
    path("verify/<str:code>/", verify.verify_code, name="verify"),
]
