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
        import os
        import sys

        from config.devserver import widen_request_limits

        from . import embedded_timer, tasks, watchdog  # noqa: F401

        widen_request_limits(sys.argv)  # make run: a long query string answered 414, not dropped
        # make run: passed deadlines applied with no page open. Decided from the command line and Django's settings
        # alone: reading Celery's app.conf here would load its configuration before a test or command adjusts it.
        if embedded_timer.should_start(sys.argv, environ=os.environ):
            embedded_timer.start()
