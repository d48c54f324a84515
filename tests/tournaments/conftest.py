from tests.matches.conftest import seeded  # noqa: F401 - the matches' fixture, shared
