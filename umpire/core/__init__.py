"""The pure core: dice, modifiers, resolutions, rulings, odds.

Nothing here (or in ``umpire.rules``) imports shapely, sqlite_utils, rich, reportlab or typer,
opens a file or prints: a test walks the imports to keep it so.
"""
