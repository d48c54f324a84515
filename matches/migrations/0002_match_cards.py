"""The engine state's static card table moves from ``Match.state`` to its own column, written once per match."""

from django.db import migrations, models

import matches.models


def split_cards(apps, schema_editor):
    Match = apps.get_model("matches", "Match")
    for match in Match.objects.filter(state__isnull=False).only("id", "state").iterator():
        state = match.state
        if isinstance(state, dict) and "cards" in state:
            cards = state.pop("cards")
            Match.objects.filter(pk=match.pk).update(cards=cards, state=state)


def join_cards(apps, schema_editor):
    Match = apps.get_model("matches", "Match")
    for match in Match.objects.filter(cards__isnull=False).only("id", "state", "cards").iterator():
        if isinstance(match.state, dict):
            Match.objects.filter(pk=match.pk).update(state={**match.state, "cards": match.cards})


class Migration(migrations.Migration):

    dependencies = [("matches", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="match", name="cards", field=models.JSONField(blank=True, editable=False, null=True),
        ),
        migrations.RunPython(split_cards, join_cards),  # before the state field strips the cards on save
        migrations.AlterField(
            model_name="match", name="state", field=matches.models.StateField(blank=True, null=True),
        ),
    ]
