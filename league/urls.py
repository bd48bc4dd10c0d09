from django.urls import path

from league.views import audit, ledger, members, register, settings, standings, undo

app_name = "league"

urlpatterns = [
    path("register/", register.register, name="register"),
    path("register/historic/", register.historic_entry, name="historic_entry"),
    path("register/<int:entry_id>/scan/", register.register_scan, name="register_scan"),
    path("register/claims/<int:claim_id>/ratify/", register.ratify, name="ratify_claim"),
    path("register/claims/<int:claim_id>/reject/", register.reject, name="reject_claim"),
    path("register/claims/<int:claim_id>/reopen/", undo.claim_reopen, name="reopen_claim"),
    path("register/<int:entry_id>/", undo.register_entry, name="register_entry"),
    path("games/<int:game_id>/void/", undo.game_void, name="void_game"),
    path("games/<int:game_id>/attest/", undo.game_attest, name="attest_game"),
    path("audit/", audit.audit_log, name="audit"),
    path("ledger/", ledger.ledger, name="ledger"),
    path("ledger/<int:debt_id>/settle/", ledger.settle, name="settle_debt"),
    path("ledger/<int:debt_id>/settle/undo/", ledger.undo, name="undo_settle"),
    path("ledger/<int:debt_id>/write-off/", ledger.write_off, name="write_off_debt"),
    path("ledger/<int:debt_id>/reopen/", undo.debt_reopen, name="reopen_debt"),
    path("members/", members.members, name="members"),
    path("members/add/", members.member_form, name="member_add"),
    path("members/<int:member_id>/", members.member_form, name="member"),
    path("settings/", settings.club_settings, name="settings"),
    path("standings/", standings.standings, name="standings"),
    path("seasons/", standings.seasons, name="seasons"),
    path("seasons/<int:season_id>/", standings.seasons, name="season"),
]
