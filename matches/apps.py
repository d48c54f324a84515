from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "matches"

    def ready(self) -> None:
        from django.core import checks

        from .game_checks import check_games

        checks.register(check_games, "games")  # every registered game has every part (manage.py check)
        # In every process (web, worker, manage.py): the match tasks register with the Celery app, since the
        # services queue them by name from its registry (matches.queueing) and never import the tasks that
        # import them; and the watchdog connects a worker's start and stop (matches.watchdog.sweep_on_start).
        from . import tasks, watchdog  # noqa: F401
