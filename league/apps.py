from django.apps import AppConfig


class LeagueConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "league"
    verbose_name = "League"

    def ready(self) -> None:
        # Scoring tells the club's books about every change of a game through this hook
        # (scoring.club explains why a hook and not a signal).
        from league.services.books import LeagueBooks
        from scoring.club import keep_books

        keep_books(LeagueBooks())
        # The game's header (scoring) offers the secretary the league's Void (clubs.links).
        from clubs.links import CLUB_SETTINGS, MEMBERS, VOID_GAME, provide_page

        provide_page(VOID_GAME, "league:void_game")
        # An empty club's home (scoring) tells its secretary where to begin.
        provide_page(MEMBERS, "league:members")
        provide_page(CLUB_SETTINGS, "league:settings")
