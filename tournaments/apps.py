from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from matches.signals import match_finished

        from .events import on_match_finished

        match_finished.connect(on_match_finished, dispatch_uid="tournaments.advance")
