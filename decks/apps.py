from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "decks"

    def ready(self) -> None:
        from . import catalogue

        catalogue.connect()  # card and set writes change the catalogue version the deck index is kept by
