"""JSON Lines files that only grow (game logs, results files): one JSON object
a line, and one rule for a last line the writing process did not finish.

A last line without its line break counts if it still reads as a whole JSON
object: only the break is missing. Anything else there is torn, the process
died mid-write: readers drop it, and before appending the writer cuts it off
(or adds the missing break), so the file reads as it was read.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any


def encode(record: Mapping[str, object]) -> str:
    """One line: compact JSON and its line break."""
    return json.dumps(record, separators=(",", ":")) + "\n"


def parse_object(line: str | bytes) -> dict[str, Any] | None:
    """The JSON object on a line; None for anything else (cut short, damaged)."""
    try:
        record = json.loads(line)
    except (ValueError, RecursionError):  # RecursionError: absurdly nested brackets
        return None
    return record if isinstance(record, dict) else None


def _unfinished(data: bytes) -> tuple[int, bool]:
    """Where the text after the last line break starts, and whether that text
    is torn; a whole object there lacks only its break."""
    cut = data.rfind(b"\n") + 1
    tail = data[cut:]
    return cut, bool(tail) and parse_object(tail.decode("utf-8", errors="replace")) is None


def split_lines(data: bytes) -> tuple[list[str], bool]:
    """The lines that count, without their breaks, and whether a torn last
    line was dropped. Bytes that are not UTF-8 become U+FFFD, for the reader
    to refuse with the line's number."""
    cut, torn = _unfinished(data)
    lines = data[:cut if torn else len(data)].decode("utf-8", errors="replace").split("\n")
    if not lines[-1]:
        lines.pop()  # "" after a final line break
    return lines, torn


def torn_tail(path: Path) -> bool:
    """Does the file end in a torn line, one that `split_lines` drops and
    `mend_tail` cuts off?"""
    return _unfinished(path.read_bytes())[1]


def mend_tail(path: Path) -> None:
    """Make the file end at a line break, as `split_lines` read it: a last line
    whole but for its break gets one; a torn one is cut off."""
    data = path.read_bytes()
    if not data or data.endswith(b"\n"):
        return
    cut, torn = _unfinished(data)
    if not torn:
        with path.open("ab") as f:
            f.write(b"\n")
        return
    with path.open("r+b") as f:
        f.truncate(cut)
