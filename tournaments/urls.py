from django.urls import path

from tournaments.views import downloads, final, pages, tables

app_name = "tournaments"

urlpatterns = [
    path("tournaments/", pages.tournament_list, name="list"),
    path("tournaments/<int:tournament_id>/", pages.detail, name="detail"),
    path("tournaments/<int:tournament_id>/edit/", pages.edit, name="edit"),
    path("tournaments/<int:tournament_id>/entrants/", pages.enter, name="enter"),
    path(
        "tournaments/<int:tournament_id>/entrants/clubs-apart/",
        pages.clubs_apart,
        name="clubs_apart",
    ),
    path(
        "tournaments/<int:tournament_id>/entrants/<int:entrant_id>/drop/",
        pages.drop,
        name="drop",
    ),
    path("tournaments/<int:tournament_id>/draw/", pages.draw, name="draw"),
    path("tournaments/<int:tournament_id>/entrants/many/", pages.enter_many, name="enter_many"),
    path(
        "tournaments/<int:tournament_id>/tables/<int:table_id>/start/", tables.start, name="start"
    ),
    path(
        "tournaments/<int:tournament_id>/tables/<int:table_id>/replay/",
        tables.replay,
        name="replay",
    ),
    path(
        "tournaments/<int:tournament_id>/tables/<int:table_id>/result/",
        tables.hand_result,
        name="hand_result",
    ),
    path("tournaments/games/<int:game_id>/", tables.game_panel, name="game_panel"),
    path("tournaments/<int:tournament_id>/final/", final.final, name="final"),
    path("tournaments/<int:tournament_id>/final/undo/", final.undo, name="undo_final"),
    path("tournaments/<int:tournament_id>/projector/", pages.projector, name="projector"),
    path("tournaments/<int:tournament_id>/cards.pdf", downloads.cards, name="cards"),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:number>/sheets.pdf",
        downloads.sheets,
        name="sheets",
    ),
    path("tournaments/<int:tournament_id>/results.<str:kind>", downloads.results, name="results"),
]
