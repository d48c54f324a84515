"""PostgreSQL indexes and planner statistics for the search language at catalogue scale; nothing elsewhere.

The API pages results by id (``ORDER BY id LIMIT 51``), so the planner's choice between "walk the game's cards
in id order and stop at 51 matches" and "find every match through an index, then sort" rests on its row
estimates. Game attributes live in one jsonb column and each key exists in one game only, so without help
PostgreSQL multiplies the game's share by each key's whole-table share and under-estimates 10-100 times.
Every expression below is written exactly as ``cards.search.compiler`` compiles it, or it is not used.

Indexes:
- ``(game_id, id)``: walks one game's cards in id order (first pages and cursor pages alike).
- ``(game_id, (attributes ->> key)::integer)`` for the numeric keys 0002 did not cover; ``(game_id,
  attributes ->> key)`` for single-choice keys; ``(game_id, attributes -> 'colours')`` for ``c:red/green``
  (compiled to jsonb equality with the class's orderings).
- pg_trgm GIN on ``UPPER(attributes ->> 'faction')``: ``faction:`` is a substring match (``icontains``).
- pg_trgm GIN on ``name``, ``reading``, ``rules_text`` as they are: a word without case (kana, kanji) is
  compiled to ``contains`` (0002's indexes on ``UPPER(column)`` still serve words with Latin letters).
- ``(card_set_id, UPPER(rarity))``: ``set:LG07 r:SR`` reads only that set's cards of that rarity.

Statistics (``mcv``): ``game_id`` with each key's expression, so estimates are per game; multi-key
statistics over a game's few-valued keys searched together (so ``align:evil faction:ショッカー op>=3`` is
estimated as one condition, not a product of three whole-table shares); ``UPPER(rarity)`` for ``r:``.
Then ``ANALYZE cards_card`` so they exist at once (autovacuum keeps them current afterwards).
"""

from django.db import migrations

NEW_NUMERIC_KEYS = ("wt", "core_cost", "operation", "required_operation", "period", "growth")
NUMERIC_KEYS = ("atk", "hp", "unlock_cost", "attack", "defence", "heart", "skill", "body", *NEW_NUMERIC_KEYS)
CHOICE_KEYS = ("alignment", "affiliation")
TEXT_COLUMNS = ("name", "reading", "rules_text")


def _int(key: str) -> str:
    return f"((attributes ->> '{key}')::integer)"


def _text(key: str) -> str:
    return f"(attributes ->> '{key}')"


INDEXES = {
    "card_game_id_order": "(game_id, id)",
    **{f"card_attr_{key}_int": f"(game_id, {_int(key)})" for key in NEW_NUMERIC_KEYS},
    **{f"card_attr_{key}_text": f"(game_id, {_text(key)})" for key in CHOICE_KEYS},
    "card_attr_colours_list": "(game_id, (attributes -> 'colours'))",
    "card_attr_faction_trgm": f"USING gin ((UPPER({_text('faction')})) gin_trgm_ops)",
    "card_set_rarity": "(card_set_id, (UPPER(rarity::text)))",
    **{f"card_{column}_plain_trgm": f"USING gin ({column} gin_trgm_ops)" for column in TEXT_COLUMNS},
}
STATISTICS = {
    **{f"card_stat_{key}": f"(mcv) ON game_id, {_int(key)}" for key in NUMERIC_KEYS},
    **{f"card_stat_{key}": f"(mcv) ON game_id, {_text(key)}" for key in (*CHOICE_KEYS, "faction")},
    "card_stat_colours": "(mcv) ON game_id, (attributes -> 'colours')",
    "card_stat_riders_profile": f"(mcv) ON game_id, {_text('alignment')}, {_text('faction')}, {_int('operation')}",
    "card_stat_iron_leaguer_profile": f"(mcv) ON game_id, card_type, {_text('affiliation')}, {_int('period')}",
    "card_stat_rarity_upper": "ON (UPPER(rarity::text))",
}


def create_statistics(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, definition in INDEXES.items():
        schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {name} ON cards_card {definition}")
    for name, definition in STATISTICS.items():
        schema_editor.execute(f"CREATE STATISTICS IF NOT EXISTS {name} {definition} FROM cards_card")
    schema_editor.execute("ANALYZE cards_card")


def drop_statistics(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name in INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")
    for name in STATISTICS:
        schema_editor.execute(f"DROP STATISTICS IF EXISTS {name}")


class Migration(migrations.Migration):
    dependencies = [("cards", "0002_search_indexes")]

    operations = [migrations.RunPython(create_statistics, drop_statistics, elidable=False)]
