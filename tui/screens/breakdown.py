"""The rows of the end card's score table, built from every seat's breakdown.

Seats' breakdowns may differ (one merchant holds three unsold items, another
none; a Rhom scores other things than the explorers). The table still reads
as one: a label that several seats have is one row, and the rows come in
three parts:

1. the lines every seat has (in the order of the first column's seat);
2. then, seat by seat in column order, the lines that seat is the first to
   have, in that seat's own order, so each seat's extras stay together;
3. last, the closing lines every breakdown ends with (a total, a wealth).

Lines with the same label in one breakdown (two unsold emeralds) add up to
one cell with their number beside the points, as does a label's trailing
count such as "Scarabs (5)".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from gemtable.engine import ScoreLine

COUNT_SUFFIX = re.compile(r"\s*\((\d+)\)$")
"""A trailing count in a label, "Scarabs (5)": shown in the cell, not the label."""


@dataclass
class Tally:
    """Every line of one seat under one label: points, and how many things."""

    value: int | float = 0
    count: int = 0
    counted: bool = False
    """The number of things is worth showing: the label carried one, or the
    label came more than once."""

    def cell(self) -> str:
        return f"{self.value:g}" + (f" ({self.count})" if self.counted else "")


def tallies(lines: Sequence[ScoreLine]) -> dict[str, Tally]:
    """One seat's lines by label (its count set aside), in order of first appearance."""
    result: dict[str, Tally] = {}
    for line in lines:
        count = COUNT_SUFFIX.search(line.label)
        label = COUNT_SUFFIX.sub("", line.label)
        tally = result.setdefault(label, Tally())
        tally.counted = tally.counted or count is not None or tally.count > 0
        tally.value += line.value
        tally.count += int(count.group(1)) if count else 1
    return result


def _closing(labels: Sequence[Sequence[str]]) -> list[str]:
    """The labels every seat's breakdown ends with, in that order."""
    if not labels:
        return []
    shortest = min(len(seat) for seat in labels)
    size = 0
    while size < shortest and len({seat[-1 - size] for seat in labels}) == 1:
        size += 1
    return list(labels[0][len(labels[0]) - size:])


def row_labels(labels: Sequence[Sequence[str]]) -> list[str]:
    """The table's row labels for seats' distinct labels given in column order."""
    if not labels:
        return []
    closing = _closing(labels)
    shared = [label for label in labels[0]
              if label not in closing and all(label in seat for seat in labels)]
    rows = list(shared)
    for seat in labels:
        rows += [label for label in seat if label not in closing and label not in rows]
    return rows + closing


def breakdown_rows(breakdowns: Sequence[Sequence[ScoreLine]],
                   order: Sequence[int]) -> list[tuple[str, list[str]]]:
    """Rows of (label, one cell per seat in `order`); a seat without the line has ""."""
    per_seat = [tallies(breakdowns[seat]) for seat in order]
    labels = row_labels([list(seat) for seat in per_seat])
    return [(label, [seat[label].cell() if label in seat else "" for seat in per_seat])
            for label in labels]


def shows_counts(breakdowns: Sequence[Sequence[ScoreLine]]) -> bool:
    """Whether some cell holds a count beside its points ("4 (2)")."""
    return any(tally.counted for lines in breakdowns for tally in tallies(lines).values())
