from django.apps import AppConfig
from django.db.models.signals import post_migrate


def ensure_editors_group(sender, **kwargs) -> None:
    """The staff group whose members review proposals ("Card editors", with the review permission), made after
    every migrate (the permission exists only once migrate has created it)."""
    from django.contrib.auth.models import Group, Permission

    from .models import EDITORS_GROUP

    permission = Permission.objects.filter(codename="review_cardproposal", content_type__app_label="community").first()
    if permission is None:
        return
    group, _ = Group.objects.get_or_create(name=EDITORS_GROUP)
    group.permissions.add(permission)


class CommunityConfig(AppConfig):
    name = "community"
    verbose_name = "Community card data"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        post_migrate.connect(ensure_editors_group, sender=self)
