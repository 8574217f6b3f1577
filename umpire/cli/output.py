"""The one place the CLI writes to the terminal, and turns errors into one line.

``console`` is for results (stdout), ``err`` for messages (stderr): both read no markup and show
control characters visibly (:class:`umpire.reports.screen.DataConsole`), because the names they
print come from files others wrote. Rich is imported here, which is fine for the CLI; the core
never imports this module.
"""

from __future__ import annotations

import sys
from typing import Any, NoReturn

from umpire.errors import shown
from umpire.reports.screen import DataConsole
from umpire.text import clipped, json_text, visible

# no markup, no ":name:" emoji codes (their table is not loaded for every answer), no highlighting
console = DataConsole()
err = DataConsole(stderr=True)

EXIT_USER_ERROR = 2


def fail(message: str) -> NoReturn:
    """Print ``Error: ...`` (one line per problem) on stderr and exit with status 2."""
    for line in str(message).splitlines() or ["(no message)"]:
        # Plain write: no markup is interpreted in user-supplied values; a file name that is
        # not UTF-8 is shown escaped rather than failing to print, a control character visibly.
        sys.stderr.write(f"Error: {visible(clipped(shown(line)))}\n")
    sys.stderr.flush()
    raise SystemExit(EXIT_USER_ERROR)


def print_json(data: Any) -> None:
    """Write ``data`` as indented JSON on stdout (plain, so scripts can parse it; control
    characters in its text escaped, :func:`umpire.text.json_text`)."""
    sys.stdout.write(json_text(data) + "\n")
    sys.stdout.flush()
