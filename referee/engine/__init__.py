"""The referee engine core: protocol, errors, actions/events codec, seeded RNG, replay and bots.

Pure Python: nothing here (or in ``referee.games``) imports Django;
``tests/referee/test_engine_core.py::test_the_engines_import_no_django`` proves it.
"""

from .actions import Action, Codec, Event, encode
from .errors import ActionRefused, IllegalAction, MalformedAction, NotYourTurn
from .protocol import Outcome, RngSeed, get_engine

__all__ = [
    "Action",
    "ActionRefused",
    "Codec",
    "Event",
    "IllegalAction",
    "MalformedAction",
    "NotYourTurn",
    "Outcome",
    "RngSeed",
    "encode",
    "get_engine",
]
