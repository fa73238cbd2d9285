"""Cell-exact line layout that every board's glyphs share."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.console import OverflowMethod
from rich.style import Style
from rich.text import Text

CUT = "…"
"""The one mark of text cut short to fit: `fit` ends a cut line with it, and a
panel that drops what does not fit ends its last line with it."""
CUT_LEGEND = (CUT, "cut to fit (a bigger terminal shows all)")
"""The legend's row for CUT, in the LEGEND of every board that cuts lines."""


def fit(text: Text, width: int) -> Text:
    """Exactly `width` cells: cut with the CUT mark (Rich's ellipsis), or padded."""
    text = text.copy()
    if text.cell_len > width:
        text.truncate(max(0, width), overflow="ellipsis")
    else:
        text.append(" " * (width - text.cell_len))
    return text


def columns(left: Text, right: Text, width: int) -> Text:
    """`left` and `right` on one line of `width` cells, the right one flush."""
    room = width - right.cell_len
    if room < 1:
        return fit(left, width)
    line = fit(left, room)
    line.append_text(right)
    return line


def fit_label(label: str, width: int) -> str:
    """A seat label in `width` characters that keeps its state: "Seat 4 (ca…, away)".

    Names from outside can be long; cutting the end would drop "away" or "a bot
    plays", which matter more than the last letters of a name.
    """
    if len(label) <= width:
        return label
    head, opened, inner = label.partition(" (")
    if opened and inner.endswith(")"):
        name, comma, state = inner[:-1].partition(", ")
        tail = f"{comma}{state})"
        room = width - len(head) - len(opened) - len(tail)
        if room >= 2:
            return f"{head}{opened}{name[:room - 1]}…{tail}"
    return label[:max(0, width - 1)] + "…"


TEXT = Style(color="#e4e4e4")
"""Plain words on the dark board."""
DIM = Style(color="#8a8a8a")
"""Words that matter less: older log entries, what is cut, what is missing."""
GOOD = Style(color="#5fd787", bold=True)
"""What went well: a move played, a choice complete."""
WARN = Style(color="#ffd75f", bold=True)
"""What needs a look: a refusal, a missing part, a key to press."""
BOLD = Style(bold=True)


def span(text: str, style: Style | str = "") -> Text:
    """Styled text whose style stays its own when more text is appended.

    (`Text(x, style=s)` would make `s` the base style of everything added later.)
    """
    out = Text()
    out.append(text, style=style)
    return out


def key_legend(rows: Sequence[Sequence[tuple[str, str]]], width: int, gap: str,
               dim: Style = DIM) -> Text:
    """Rows of (keys, what they do) pairs, each row one line of `width` cells:
    the keys in WARN, their words in `dim`, `gap` between pairs."""
    lines = []
    for entries in rows:
        line = Text()
        for index, (keys, words) in enumerate(entries):
            line.append(gap if index else "")
            line.append(keys, WARN)
            line.append(f" {words}", dim)
        lines.append(fit(line, width))
    return Text("\n").join(lines)


def join(parts: Iterable[Text], sep: str = " ", style: Style | str = "") -> Text:
    """`parts` one after another, `sep` (in `style`) between them.

    Unlike `Text(sep).join`, which would keep each part's base style, only the
    parts' spans are kept, as `append_text` does: boards draw with spans alone.
    """
    out = Text()
    for i, part in enumerate(parts):
        if i:
            out.append(sep, style=style)
        out.append_text(part)
    return out


def wrap(entry: str, width: int, indent: int = 3) -> list[str]:
    """An entry cut at spaces into lines of `width`, continuations indented.

    Unlike `textwrap.wrap`, an empty entry keeps its line, runs of spaces are
    kept as typed and a width of 0 or less leaves one word a line.
    """
    lines, line = [], ""
    for word in entry.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = " " * indent + word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line]


def pack(segments: Sequence[Text], width: int, indent: int = 0, sep: str = "  ",
         max_lines: int = 99, overflow: OverflowMethod = "crop") -> list[Text]:
    """Segments laid out left to right, wrapping between segments, never inside one;
    past `max_lines` the segments left out are marked by CUT, as a cut line is.

    `overflow` is how the last line kept is shortened to make room for the mark.
    """
    lines: list[Text] = []
    line = Text(" " * indent)
    for segment in segments:
        if line.cell_len > indent and line.cell_len + len(sep) + segment.cell_len > width:
            lines.append(line)
            line = Text(" " * indent)
        if line.cell_len > indent:
            line.append(sep)
        line.append_text(segment)
    if line.cell_len > indent:
        lines.append(line)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        last = lines[-1].copy()
        last.truncate(max(0, width - 1), overflow=overflow, pad=True)
        lines[-1] = last + span(CUT, DIM)
    return [fit(line, width) for line in lines]
