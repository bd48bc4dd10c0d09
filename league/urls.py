from django.urls import path

from league.views import ledger, members, register, settings, standings

app_name = "league"

urlpatterns = [
    path("register/", register.register, name="register"),
    path("register/historic/", register.historic_entry, name="historic_entry"),
    path("register/<int:entry_id>/scan/", register.register_scan, name="register_scan"),
    path("register/claims/<int:claim_id>/ratify/", register.ratify, name="ratify_claim"),
    path("register/claims/<int:claim_id>/reject/", register.reject, name="reject_claim"),
    path("ledger/", ledger.ledger, name="ledger"),
    path("ledger/<int:debt_id>/settle/", ledger.settle, name="settle_debt"),
    path("ledger/<int:debt_id>/write-off/", ledger.write_off, name="write_off_debt"),
    path("members/", members.members, name="members"),
    path("settings/", settings.club_settings, name="settings"),
    path("standings/", standings.standings, name="standings"),
    path("seasons/", standings.seasons, name="seasons"),
    path("seasons/<int:season_id>/", standings.seasons, name="season"),
]
