"""The catalogue's REST API (read-only): games, sets, cards with the search language in ``q``, bulk files.

Every list is cursor-paginated, so pages are stable while the catalogue grows: games and sets by id, cards by
their sort order (``order:`` in ``q`` or ``?order=``; by id when none is asked for) with a keyset cursor over
a total order, and with the number of matching cards (``count``). A card search is compiled once per
``(game, q, order)`` in each process (``card_search``), and so are its page statements (``CardSearch.first_rows``
per page size, ``cursor_rows`` per cursor shape; ``search.rows.CompiledRows``): a first page then runs two
statements (the catalogue version and the page; the count once per catalogue version), a cursor page one. A
card's ``abilities`` are its structured data with the text the card page shows, in the request's language
(``cards.abilities.api_abilities``). ``/api/cards/suggest/`` suggests names while typing. Every GET answer
carries an ETag and ``Cache-Control`` and a matching ``If-None-Match`` answers 304;
anonymous clients are throttled (settings: ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["anon"]``). A malformed
``q`` or ``order``, an unknown ``game`` or a bad cursor answers 400 in the API's error shape (docs/api.md:
``field``, ``position`` 1-based, ``fragment``), never a 500.

The modules (routes in ``cards.api_urls``):

- ``caching``: ETag, ``Cache-Control`` and 304 on every GET (``ConditionalGetMixin``).
- ``games``: ``/api/games/`` and ``/api/sets/``, and the ``game`` parameter every API checks (``known_game``).
- ``cards``: ``/api/cards/``, the card list with the search language, and one card by id.
- ``card_search``: a search of the card list compiled once (``card_search``, ``CardSearch``).
- ``keyset``: the statements of the card pages after or before a cursor.
- ``pagination``: the card list's keyset cursor and ``count`` (``SortedCursorPagination``).
- ``card_serializers``: one card as the API gives it (``CardSerializer``).
- ``card_rows``: the card list's ``values()`` rows rendered as ``CardSerializer`` renders cards.
- ``encoded``: the card list answered as plain JSON from pre-encoded cards (issue 14).
- ``suggest``: ``/api/cards/suggest/``, names while typing.
- ``bulk``: ``/api/bulk/``, each game's whole catalogue as one file.
"""
