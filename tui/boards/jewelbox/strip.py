"""The shared parts of the table: the log of five face-up beetles with the die
and the pile, the solo panel (titles and discards), and the action history.

The die shows the face rolled this turn (public, part of the view); seat
names come from the history the screen hands the board.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.text import Text

from gemtable.engine.games.jewelbox.actions import PILE
from gemtable.engine.games.jewelbox.components import EMPTY, FAMILY_COUNT, NAMES
from gemtable.engine.games.jewelbox.scoring import SOLO_TITLES, solo_title
from gemtable.engine.games.jewelbox.state import (
    AFTER,
    CHOOSING,
    DISCARDING,
    PLACING,
    ROLLING,
    START,
    SWAP_FIRST,
    SWAP_LAST,
    JewelBoxState,
)

from ...widgets.log import LogView
from . import glyphs

_LINE = re.compile(r"^\s*\d+\.\s+(?P<who>.+?):\s+(?P<action>.+?)\s*$")


def parse_line(line: str) -> tuple[str, str] | None:
    """(who, action) of a history line such as `12. Seat 2 (greedy): roll`."""
    match = _LINE.match(line)
    return (match.group("who"), match.group("action")) if match else None


def seat_names(history: Sequence[str]) -> dict[int, str]:
    """Seat labels as the table words them (`Seat 2 (greedy)`), from the history."""
    names: dict[int, str] = {}
    for line in history:
        parsed = parse_line(line)
        if parsed and parsed[0].startswith("Seat "):
            number = parsed[0].split()[1]
            if number.isdigit():
                names[int(number) - 1] = parsed[0]
    return names


def _stage(view: JewelBoxState, names: dict[int, str]) -> str:
    who = names.get(view.current, f"Seat {view.current + 1}")
    phase = view.phase
    if view.is_over:
        return "game over"
    if phase == START:
        return f"{who}: roll or use a tool"
    if phase == ROLLING:
        return f"{who}: the die is rolling"
    if phase == CHOOSING:
        return f"{who} rolled a 6: picks any space"
    if phase == PLACING:
        return f"{who} places a {NAMES[view.holding]}"
    if phase == AFTER:
        return f"{who}: Forceps or done"
    if phase in (SWAP_FIRST, SWAP_LAST):
        return f"{who} swaps with the Forceps"
    if phase == DISCARDING:
        return f"{who}: solo discard"
    return ""


def log_strip(view: JewelBoxState, history: Sequence[str], targets: set[int],
              width: int, roomy: bool = False, stage: bool = True) -> Text:
    """`Log 1 W 2 J 3 - 4 L 5 W  pile 57  die [6]  ...`; `targets` are the spaces a
    digit key would act on now, drawn brighter (PILE: the pile, for the glass);
    `stage` adds who does what (the prompt line says it when the person is to act)."""
    line = glyphs.span("Log ", glyphs.DIM)
    for space, family in enumerate(view.log, start=1):
        line.append(f" {space}", glyphs.WARN if space in targets else glyphs.DIM)
        if family == EMPTY:
            line.append(" - ", glyphs.HOLE)
        else:
            line.append_text(glyphs.chip(family))
            if roomy:
                line.append(f" {glyphs.SHORT_NAMES[family]:<8}", glyphs.family_text(family))
    line.append(f"   pile {len(view.pile)}", glyphs.WARN if PILE in targets else glyphs.TEXT)
    line.append("   die ", glyphs.DIM)
    # Bright while the roll is what the turn is about (a 6 to choose from, or
    # the beetle it gave being placed); dim once that beetle is in the box.
    fresh = view.die and view.phase in (CHOOSING, PLACING)
    line.append(f"[{view.die}]" if view.die else "[ ]", glyphs.WARN if fresh else glyphs.DIM)
    if view.phase == PLACING:
        line.append("   in hand ", glyphs.DIM)
        line.append_text(glyphs.chip(view.holding))
        if roomy:
            line.append(f" {NAMES[view.holding]}", glyphs.family_text(view.holding))
    if stage:
        line.append(f"   {_stage(view, seat_names(history))}", glyphs.DIM)
    return glyphs.fit(line, width)


def solo_panel(view: JewelBoxState, width: int) -> list[Text]:
    """Titles to aim for, the discard step, and what has been discarded."""
    total = view.scores()[0]
    over = view.is_over
    lines = [glyphs.span("Solo titles" if over else "Solo: aim for a title", glyphs.TITLE)]
    for needed, title in reversed(SOLO_TITLES):
        line = glyphs.span(f" {title.split()[0]:<8}{needed:>3}   ", glyphs.TEXT)
        if total >= needed:
            line.append("reached", glyphs.GOOD)
        elif over:  # nothing is still "to go" once the box is full
            line.append(f"missed by {needed - total}", glyphs.DIM)
        else:
            line.append(f"{needed - total} to go", glyphs.DIM)
        lines.append(line)
    if view.is_over:
        lines.append(glyphs.span(f"Final {total}: {solo_title(total) or 'no title'}", glyphs.WARN))
    else:
        turns = view.size * view.size
        lines.append(glyphs.span(f"Total so far {total} · turn {view.turns + 1} of {turns}",
                                 glyphs.TEXT))
    if not view.is_over:
        now = view.phase == DISCARDING
        lines.append(glyphs.span("After placing, discard a log",
                                 glyphs.WARN if now else glyphs.DIM))
        lines.append(glyphs.span("beetle (1-5); the pile refills it.",
                                 glyphs.WARN if now else glyphs.DIM))
    line = glyphs.span("Discarded ", glyphs.DIM)
    for family in range(FAMILY_COUNT):
        line.append(" ")
        line.append_text(glyphs.letter(family))
        line.append(f"{view.discards[family]}", glyphs.TEXT)
    lines.append(line)
    return [glyphs.fit(line, width) for line in lines]


class HistoryView(LogView):
    """The most recent actions, newest at the bottom, one line each."""

    WRAP_FROM = None
    LATEST = glyphs.TEXT
    EARLIER = glyphs.DIM
