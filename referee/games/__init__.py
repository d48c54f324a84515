"""One rules engine per game, pure Python (no Django)."""
