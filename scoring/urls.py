from django.urls import path

from scoring.views import home, play, records, signin

app_name = "scoring"

urlpatterns = [
    path("", home.home, name="home"),
    path("signin/", signin.signin, name="signin"),
    path("signout/", signin.signout, name="signout"),
    path("games/<int:game_id>/", play.game, name="game"),
    path("games/<int:game_id>/turns/", play.record_turn_view, name="record_turn"),
    path("games/<int:game_id>/record.json", records.game_record_download, name="game_record"),
]
