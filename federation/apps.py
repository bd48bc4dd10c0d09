from django.apps import AppConfig


class FederationConfig(AppConfig):
    """The federation's pages: the clubs of the server side by side (the top layer)."""

    name = "federation"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The server's list of clubs (clubs) links here without naming this app (clubs.links).
        from clubs.links import FEDERATION, provide_page

        provide_page(FEDERATION, "federation:overview")
