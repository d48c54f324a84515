"""The API's JSON parser: 400, never 500, for JSON nested too deep for Python's decoder, and for a body holding a
character no store takes (a lone surrogate anywhere, NUL in a key: ``config.input_layer.json_refused``), whatever
the media type and charset DRF parsed it from."""

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class SafeJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        from .api_errors import ApiError
        from .input_layer import bad_character_message, json_refused

        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError as exc:  # json raises it for arrays/objects nested thousands deep
            raise ParseError("JSON parse error - nested too deeply") from exc
        refused = json_refused(data)
        if refused is not None:
            raise ApiError("bad_character", bad_character_message(*refused), field=refused[0])
        return data
