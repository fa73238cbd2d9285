"""Cell-exact line layout that every board's glyphs share."""

from __future__ import annotations

from rich.text import Text


def fit(text: Text, width: int) -> Text:
    """Exactly `width` cells: cut with an ellipsis, or padded."""
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
