from django.apps import AppConfig


class ApiConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "api"
    verbose_name = "API"

    def ready(self) -> None:
        from clubs.links import API_TOKENS, provide_page

        # The club's settings page links to the tokens' page without naming this app.
        provide_page(API_TOKENS, "api:tokens")
