from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "matches"

    def ready(self) -> None:
        from django.core import checks

        from .game_checks import check_games

        checks.register(check_games, "games")  # every registered game has every part (manage.py check)
