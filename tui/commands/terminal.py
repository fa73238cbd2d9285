"""Commands that open the interface need a terminal at both ends.

Without one (output piped to a file, input from /dev/null, a cron job) the
interface would start anyway, draw to nowhere and wait for keys that never
come; so such a command says why in one sentence and stops at once.
"""

from __future__ import annotations

import sys
from typing import TextIO

NO_TERMINAL = 2
"""The exit status of a command refused for want of a terminal."""


def _is_terminal(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except ValueError:  # a closed stream
        return False


def has_terminal() -> bool:
    """Whether both standard input and output are a terminal."""
    return _is_terminal(sys.stdin) and _is_terminal(sys.stdout)


def terminal_problem(command: str, advice: str) -> str:
    """Why `command` cannot open its interface here ("" when it can), ending in `advice`."""
    missing = [name for name, stream in (("input", sys.stdin), ("output", sys.stdout))
               if not _is_terminal(stream)]
    if not missing:
        return ""
    which = " and ".join(missing)
    verb = "are not terminals" if len(missing) > 1 else "is not a terminal"
    return (f"{command}: this opens a screen, so it needs a terminal, but its {which} "
            f"{verb}; {advice}.")


def refuse_without_terminal(command: str, advice: str) -> int | None:
    """NO_TERMINAL, with the reason on stderr, if `command` may not open its
    interface here; None when it may."""
    problem = terminal_problem(command, advice)
    if not problem:
        return None
    print(problem, file=sys.stderr)
    return NO_TERMINAL
