"""Small template filters for match boards."""

from django import template

register = template.Library()


@register.filter
def get_item(mapping, key):
    """``mapping|get_item:key`` → ``mapping[key]`` or None."""
    try:
        return mapping.get(key)
    except AttributeError:
        return None


@register.filter
def is_list(value) -> bool:
    """True for a list (a hand whose cards the viewer may see), False for a count."""
    return isinstance(value, list)
