from tests.matches.conftest import eager_celery, seeded, users  # noqa: F401 - the matches' fixtures, shared
