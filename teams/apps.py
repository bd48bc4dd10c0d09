from django.apps import AppConfig


class TeamsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "teams"
    verbose_name = "Teams"

    def ready(self) -> None:
        # The TV board (stats) shows tonight's team match without importing teams.
        from clubs.board_panels import provide_board_panel
        from teams.board_panel import tonights_panel

        provide_board_panel(tonights_panel)

        # The league tells the books above it of every game it books (league.upper_books):
        # a match card follows a correction of its tables' games in the same transaction.
        from league.upper_books import keep_upper_book
        from teams.book import TeamsBook

        keep_upper_book(TeamsBook())
