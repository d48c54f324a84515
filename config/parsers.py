"""A JSON parser that answers 400, never 500, for JSON nested too deep for Python's decoder."""

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class SafeJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError as exc:  # json raises it for arrays/objects nested thousands deep
            raise ParseError("JSON parse error - nested too deeply") from exc
