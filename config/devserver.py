"""The embedded default's web server (``make run``: ``manage.py runserver``, daphne on Twisted) and long requests.

Twisted's HTTP channel takes a request line and headers of 16 KiB at most: past that it writes a bare ``400`` and
closes the connection while the client is still sending, which a client sees as a dropped connection (a helper
testing issue 31 found that query strings over about 16 KB got no answer under ``make run``). The development
server raises both limits to ``LIMIT``, so a long query string reaches the input layer (``config.input_layer``)
and gets its ``414`` naming the limit, as under the production command. Nothing changes in any other command.
"""

from __future__ import annotations

from collections.abc import Sequence

LIMIT = 1 << 20  # bytes of request line and headers the development server reads before refusing (1 MiB)


def widen_request_limits(argv: Sequence[str]) -> bool:
    """Under ``manage.py runserver`` raise Twisted's request-line and header limits to ``LIMIT``; whether it did
    (False in every other command, and when Twisted is not installed)."""
    if len(argv) < 2 or argv[1] != "runserver":
        return False
    try:
        from twisted.web import http
    except ImportError:
        return False
    http.HTTPChannel.totalHeadersSize = LIMIT
    http.HTTPChannel.MAX_LENGTH = LIMIT
    return True
