"""JSON Lines files that only grow (game logs, results files): one JSON object
a line, and one rule for a last line the writing process did not finish.

A last line without its line break counts if it still reads as a whole JSON
object: only the break is missing. Anything else there is torn, the process
died mid-write: readers drop it, and before appending the writer cuts it off
(or adds the missing break), so the file reads as it was read.
"""

from __future__ import annotations

import json
from pathlib import Path


def encode(record: dict) -> str:
    """One line: compact JSON and its line break."""
    return json.dumps(record, separators=(",", ":")) + "\n"


def parse_object(line: str) -> dict | None:
    """The JSON object on a line; None for anything else (cut short, damaged)."""
    try:
        record = json.loads(line)
    except (ValueError, RecursionError):  # RecursionError: absurdly nested brackets
        return None
    return record if isinstance(record, dict) else None


def split_lines(data: bytes) -> tuple[list[str], bool]:
    """The lines that count, without their breaks, and whether a torn last
    line was dropped. Bytes that are not UTF-8 become U+FFFD, for the reader
    to refuse with the line's number."""
    lines = data.decode("utf-8", errors="replace").split("\n")
    last = lines.pop()  # "" after a final line break
    if not last:
        return lines, False
    if parse_object(last) is not None:
        return [*lines, last], False
    return lines, True


def mend_tail(path: Path) -> None:
    """Make the file end at a line break, as `split_lines` read it: a last line
    whole but for its break gets one; a torn one is cut off."""
    data = path.read_bytes()
    if not data or data.endswith(b"\n"):
        return
    cut = data.rfind(b"\n") + 1
    if parse_object(data[cut:].decode("utf-8", errors="replace")) is not None:
        with path.open("ab") as f:
            f.write(b"\n")
        return
    with path.open("r+b") as f:
        f.truncate(cut)
