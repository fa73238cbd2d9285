"""A rules document's card catalogue: Markdown made from a game's own card data
and words, kept in rules.md between two markers so that the document and the
board never say different things.

A game with a catalogue has a module that makes the block and ends in

    if __name__ == "__main__":
        sys.exit(catalogue_command(sys.argv[1:], prog=..., rules=RULES, make=...))

which rewrites the block (`--check` only says whether it is current). The
markers are HTML comments: `Game.rules_text` leaves them out of what players see.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

START = "<!-- catalogue:start -->"
END = "<!-- catalogue:end -->"


def with_block(document: str, body: str) -> str:
    """`document` with the text between the markers replaced by `body`."""
    start, end = document.find(START), document.find(END)
    if start < 0 or end < start:
        raise ValueError(f"the rules document has no {START} ... {END} block")
    return f"{document[:start + len(START)]}\n\n{body.rstrip()}\n\n{document[end:]}"


def catalogue_command(argv: Sequence[str], *, prog: str, rules: Path,
                      make: Callable[[], str]) -> int:
    """Write the catalogue `make()` gives into `rules` (or, with --check, only
    say whether it is current: exit 1 if not). Exit 2 if the markers are missing."""
    parser = argparse.ArgumentParser(prog=prog,
                                     description="Write the card catalogue into the rules document.")
    parser.add_argument("--check", action="store_true",
                        help="only say whether the catalogue is current (exit 1 if not)")
    parser.add_argument("--rules", type=Path, default=rules,
                        help="the rules document to update (default: the game's own)")
    args = parser.parse_args(list(argv))
    document = args.rules.read_text(encoding="utf-8")
    try:
        fresh = with_block(document, make())
    except ValueError as error:
        print(f"{args.rules}: {error}", file=sys.stderr)
        return 2
    if fresh == document:
        print("the card catalogue is current")
        return 0
    if args.check:
        print(f"{args.rules}: the card catalogue is out of date: run {prog} to rewrite it",
              file=sys.stderr)
        return 1
    args.rules.write_text(fresh, encoding="utf-8")
    print(f"rewrote the card catalogue in {args.rules}")
    return 0
