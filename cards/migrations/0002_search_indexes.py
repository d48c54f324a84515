"""PostgreSQL indexes for the search language (cards.search); nothing on other databases.

- pg_trgm GIN indexes on UPPER(name), UPPER(reading), UPPER(rules_text): Django's ``icontains`` compiles to
  ``UPPER(col::text) LIKE UPPER(%s)``, which these serve for free words and ``name:``.
- Expression indexes on the numeric attribute keys the search compiles to ``((attributes ->> 'atk'))::integer``.
- A jsonb_path_ops GIN index on ``attributes`` for containment queries.
"""

from django.db import migrations

NUMERIC_KEYS = ("atk", "hp", "unlock_cost", "attack", "defence", "heart", "skill", "body")
TEXT_COLUMNS = ("name", "reading", "rules_text")


def _statements():
    yield "CREATE EXTENSION IF NOT EXISTS pg_trgm"
    for column in TEXT_COLUMNS:
        yield (f"CREATE INDEX IF NOT EXISTS card_{column}_trgm ON cards_card "
               f"USING gin ((UPPER({column}::text)) gin_trgm_ops)")
    for key in NUMERIC_KEYS:
        yield (f"CREATE INDEX IF NOT EXISTS card_attr_{key}_int ON cards_card "
               f"(game_id, ((attributes ->> '{key}')::integer))")
    yield "CREATE INDEX IF NOT EXISTS card_attributes_gin ON cards_card USING gin (attributes jsonb_path_ops)"


def _drops():
    for column in TEXT_COLUMNS:
        yield f"DROP INDEX IF EXISTS card_{column}_trgm"
    for key in NUMERIC_KEYS:
        yield f"DROP INDEX IF EXISTS card_attr_{key}_int"
    yield "DROP INDEX IF EXISTS card_attributes_gin"


def create_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for statement in _statements():
        schema_editor.execute(statement)


def drop_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for statement in _drops():
        schema_editor.execute(statement)


class Migration(migrations.Migration):

    dependencies = [("cards", "0001_initial")]

    operations = [migrations.RunPython(create_indexes, drop_indexes, elidable=False)]
