"""What the matches layer tells other apps. ``match_finished`` (``match_id``) is sent after the commit that
ended a match, by the engine's rules, a resignation, the clock or abandonment: tournaments record the result and
pair the next round from it. A receiver must be idempotent and cheap (it runs in the worker or request that
committed); a process that dies between the commit and the signal loses it, so receivers also have a way to catch
up (the tournament's page does)."""

from django.dispatch import Signal

match_finished = Signal()
