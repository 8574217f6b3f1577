"""The one place the CLI writes to the terminal, and turns errors into one line.

``console`` is for results (stdout), ``err`` for messages (stderr). Rich is imported here, which
is fine for the CLI; the core never imports this module.
"""

from __future__ import annotations

import json
import sys
from typing import Any, NoReturn

from rich.console import Console

# emoji=False: no ":name:" codes in umpire's output, and their table is not loaded for every answer
console = Console(highlight=False, emoji=False)
err = Console(stderr=True, highlight=False, emoji=False)

EXIT_USER_ERROR = 2


def fail(message: str) -> NoReturn:
    """Print ``Error: ...`` (one line per problem) on stderr and exit with status 2."""
    from umpire.errors import shown

    for line in str(message).splitlines() or ["(no message)"]:
        # Plain write: no markup is interpreted in user-supplied values; a file name that is
        # not UTF-8 is shown escaped rather than failing to print.
        sys.stderr.write(f"Error: {shown(line)}\n")
    sys.stderr.flush()
    raise SystemExit(EXIT_USER_ERROR)


def print_json(data: Any) -> None:
    """Write ``data`` as indented JSON on stdout (plain, so scripts can parse it)."""
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n")
    sys.stdout.flush()
