"""Parser of the search language: tokens to a small AST.

Grammar (juxtaposition is "and", ``or`` binds looser, ``-`` negates the term or group after it)::

    query := either EOF          either := both ("or" both)*
    both  := unary unary*        unary  := "-" unary | "(" either ")" | WORD | PHRASE | TERM

Brackets and ``-`` signs nest at most ``MAX_DEPTH`` deep (deeper is refused, never a RecursionError).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import errors as E
from .errors import query_error
from .lexer import LPAREN, NEG, OR, PHRASE, RPAREN, TERM, WORD, Token, tokenize

MAX_DEPTH = 12


@dataclass(frozen=True)
class Word:
    """A free word or quoted phrase: matches name, reading or rules text."""

    text: str
    position: int
    fragment: str


@dataclass(frozen=True)
class Term:
    """``key op value``; positions are 1-based in the query as typed."""

    key: str
    op: str
    value: str
    position: int
    fragment: str
    value_position: int


@dataclass(frozen=True)
class Not:
    child: Node


@dataclass(frozen=True)
class And:
    children: tuple[Node, ...]


@dataclass(frozen=True)
class Or:
    children: tuple[Node, ...]


Node = Word | Term | Not | And | Or


def parse(query: str) -> Node | None:
    """Parse ``query`` into an AST; ``None`` for an empty query (everything matches).

    Raises ``QueryError(message, position, fragment)`` for an unclosed quote or parenthesis, a stray ``)``,
    empty parentheses, a dangling ``-`` or ``or``, a key without a value, nesting deeper than ``MAX_DEPTH``
    or a query over the lexer's limits.
    """
    parser = _Parser(tokenize(query), len(query))
    if not parser.tokens:
        return None
    node = parser.either()
    if parser.peek() is not None:  # only a stray ')' can stop ``either`` early
        token = parser.peek()
        raise query_error(E.UNEXPECTED_PAREN, token.position, token.text)
    return node


class _Parser:
    def __init__(self, tokens: list[Token], length: int) -> None:
        self.tokens = tokens
        self.index = 0
        self.length = length
        self.depth = 0

    def peek(self) -> Token | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def take(self) -> Token:
        token = self.tokens[self.index]
        self.index += 1
        return token

    def either(self) -> Node:
        children = [self.both()]
        while (token := self.peek()) is not None and token.kind == OR:
            self.take()
            if self.peek() is None or self.peek().kind in (OR, RPAREN):
                raise query_error(E.DANGLING_OR, token.position, token.text)
            children.append(self.both())
        return children[0] if len(children) == 1 else Or(tuple(children))

    def both(self) -> Node:
        children: list[Node] = []
        while (token := self.peek()) is not None and token.kind not in (OR, RPAREN):
            children.append(self.unary())
        if not children:
            token = self.peek()
            if token is None:
                raise query_error(E.DANGLING_OR, self.length, "")
            if token.kind == OR:
                raise query_error(E.DANGLING_OR, token.position, token.text)
            raise query_error(E.UNEXPECTED_PAREN, token.position, token.text)
        return children[0] if len(children) == 1 else And(tuple(children))

    def unary(self) -> Node:
        token = self.take()
        if token.kind in (NEG, LPAREN):
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise query_error(E.TOO_DEEP, token.position, token.text, limit=MAX_DEPTH)
            node = self.negation(token) if token.kind == NEG else self.group(token)
            self.depth -= 1
            return node
        if token.kind in (WORD, PHRASE):
            return Word(token.value, token.position, token.text)
        if token.kind == TERM:
            return Term(token.key, token.op, token.value, token.position, token.text, token.value_position)
        raise query_error(E.UNEXPECTED_PAREN, token.position, token.text)  # pragma: no cover - RPAREN filtered

    def negation(self, minus: Token) -> Node:
        if self.peek() is None or self.peek().kind in (OR, RPAREN):
            raise query_error(E.DANGLING_MINUS, minus.position, minus.text)
        return Not(self.unary())

    def group(self, opening: Token) -> Node:
        if self.peek() is None:
            raise query_error(E.UNCLOSED_PAREN, opening.position, opening.text)
        if self.peek().kind == RPAREN:
            raise query_error(E.EMPTY_PARENS, opening.position, "()")
        node = self.either()
        closing = self.peek()
        if closing is None or closing.kind != RPAREN:
            raise query_error(E.UNCLOSED_PAREN, opening.position, opening.text)
        self.take()
        return node
