"""``Match.next_seq``: the seq of the next event, kept on the locked row so adjudication needs no query for it."""

from django.db import migrations, models
from django.db.models import Max


def fill_next_seq(apps, schema_editor):
    Match = apps.get_model("matches", "Match")
    Event = apps.get_model("matches", "Event")
    for match_id, last in Event.objects.values_list("match_id").annotate(last=Max("seq")).order_by().iterator():
        Match.objects.filter(pk=match_id).update(next_seq=last + 1)


class Migration(migrations.Migration):

    dependencies = [("matches", "0002_match_cards")]

    operations = [
        migrations.AddField(model_name="match", name="next_seq", field=models.PositiveIntegerField(default=0)),
        migrations.RunPython(fill_next_seq, migrations.RunPython.noop),
    ]
