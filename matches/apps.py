from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "matches"

    def ready(self) -> None:
        # The match tasks register with the Celery app in every process (web, worker, manage.py): the services
        # queue them by name from the app's registry (matches.queueing), so they never import the tasks that
        # import them.
        from . import tasks  # noqa: F401
