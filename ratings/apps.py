from django.apps import AppConfig


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        # The league tells the books above it of every game it books (league.upper_books
        # explains why a registry and not a signal).
        from league.upper_books import keep_upper_book
        from ratings.services.book import RatingsBook
        from scoring.game_panels import add_game_panel

        keep_upper_book(RatingsBook())
        # A finished game's page shows each player's rating change, loaded from our URL.
        add_game_panel("ratings:game")
