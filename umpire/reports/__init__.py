"""Reports: a pure model built from the game, and renderers (terminal, Markdown, PDF)."""
