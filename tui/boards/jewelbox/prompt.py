"""The words around the boxes: what the person can do now (or why they
cannot), the key legend, and the key pairs for the screen's key bar."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from gemtable.engine.games.jewelbox import actions
from gemtable.engine.games.jewelbox.board import square_name
from gemtable.engine.games.jewelbox.boxes import family_on
from gemtable.engine.games.jewelbox.components import NAMES, TOOL_POINTS
from gemtable.engine.games.jewelbox.rules import placements
from gemtable.engine.games.jewelbox.state import (
    AFTER,
    CHOOSING,
    DISCARDING,
    PLACING,
    ROLLING,
    START,
    JewelBoxState,
)

from ..layout import key_legend
from . import controls, glyphs
from .explain import (
    Square,
    change,
    square_words,
    total_after_place,
    total_after_swap,
)

LEGEND = (
    (("r", "roll"), ("g", "glass, then 1-5 or p")),
    (("1-5", "take after a 6 / solo discard"),),
    (("f", "forceps: Enter on two beetles"),),
    (("←↑↓→ hjkl", "move"), ("Tab", "next + square")),
    (("Enter", "place"), ("d", "done"), ("Esc", "cancel")),
    ((":", "type"), ("v", "other boxes"), ("?", "scoring rules")),
)
"""Lines of (key, words); the most used first, so a short terminal loses the least."""


def legend(width: int) -> Text:
    return key_legend(LEGEND, width, "  ", glyphs.DIM)


SCORING = (
    (0, "2 edge, 3 inside; no two neighbours alike"),
    (1, "lines of 2/3/4 score 3/6/10"),
    (2, "lone ones: 5 make 15; 2/3/4 give 1/4/8"),
    (3, "2 each if even count, else 1"),
    (4, "5 per group of exactly two"),
    (None, "2 each never used"),
)
"""The scoring rules in brief, in family order (None: the tools)."""


def scoring(paired: bool) -> Text:
    """The rules in brief: one family a line, or two a line (`paired`) so that
    all of them fit in the four rows a small terminal has under four boxes."""
    lines = [glyphs.span("Scoring (edge: outer ring of the full box)", glyphs.TITLE)]
    entries = []
    for family, words in SCORING:
        line = glyphs.letter(family) if family is not None else glyphs.span("Tools", glyphs.TEXT)
        line.append(f" {words}", glyphs.DIM)
        entries.append(line)
    if not paired:
        return Text("\n").join(lines + entries)
    width = max(len(entry) for entry in entries[::2]) + 2
    for left, right in zip(entries[::2], entries[1::2], strict=True):
        left.pad_right(width - len(left))
        lines.append(left + right)
    return Text("\n").join(lines)


def read_only_reason(view: JewelBoxState, seat: int | None, sent: bool,
                     names: dict[int, str]) -> str:
    if view.is_over:
        more = "; v shows another box in full" if view.players > 1 else ""
        return f"The game is over. Arrows look around{more}."
    if sent:
        return "Move sent; waiting for the table…"
    playing = names.get(view.current, f"Seat {view.current + 1}")
    if view.phase == ROLLING:
        return f"{playing} rolled: the die is rolling…"
    if seat is None:
        return f"Watching: {playing} to play. Arrows look around; the board is read-only."
    if view.current == seat:
        return "Waiting for the table…"
    return f"{playing} to play; wait for your turn. Arrows look around."


def turn_hint(view: JewelBoxState, legal: Sequence[object], mode: str,
              picked: Square | None) -> Text:
    """What the person can do now, in the fewest words that still explain it."""
    if mode == controls.GLASS_MODE:
        pile = " · p the pile's top (unseen)" if view.pile else ""
        return glyphs.span(f"Glass: 1-5 takes that log beetle{pile} · Esc cancels", glyphs.WARN)
    if mode == controls.FORCEPS_MODE:
        held = controls.swapping(view)
        cancel = "" if held else " · Esc cancels"
        if picked is None:
            return glyphs.span(f"Forceps{' in hand' if held else ''}: Enter on the first beetle "
                               f"to swap{cancel}", glyphs.WARN)
        return glyphs.span(f"Forceps: {square_name(*picked)} picked; Enter on a beetle of another "
                           "family swaps them", glyphs.WARN)
    phase = view.phase
    line = glyphs.span("Your turn: ", glyphs.GOOD)
    if phase == START:
        parts = ["r rolls"]
        if controls.glasses(legal):
            parts.append("g glass picks any beetle")
        if controls.forceps_ready(legal):
            parts.append("f forceps first")
        line.append(" · ".join(parts), glyphs.TEXT)
    elif phase == CHOOSING:
        line.append("you rolled a 6: 1-5 takes any log beetle", glyphs.TEXT)
    elif phase == PLACING:
        line.append(f"place the {NAMES[view.holding]}: move to a + square, Enter "
                    "(Tab jumps)", glyphs.TEXT)
    elif phase == AFTER:
        line.append("placed. d ends the turn · f forceps swaps two beetles", glyphs.TEXT)
    elif phase == DISCARDING:
        line.append("solo discard: 1-5 removes a log beetle (the pile refills it)", glyphs.TEXT)
    elif controls.swapping(view):
        line.append("the Forceps are in hand: f, then Enter on two beetles", glyphs.TEXT)
    return line


def detail_line(view: JewelBoxState, seat: int, square: Square, placing: bool, mode: str,
                picked: Square | None, legal: Sequence[object]) -> Text:
    """The square under the cursor in words; while placing or swapping, what
    the move would do to the total."""
    line = glyphs.span("", glyphs.TEXT)
    before = view.scores()[seat]
    if placing and square in placements(view, seat):
        after = total_after_place(view, seat, view.holding, square)
        line.append(f"{square_name(*square)}: a {glyphs.SHORT_NAMES[view.holding]} here makes "
                    "your total ", glyphs.TEXT)
        line.append(change(before, after), glyphs.GOOD if after > before else glyphs.TEXT)
        return line
    if (mode == controls.FORCEPS_MODE and picked is not None and square != picked
            and _swappable(view, seat, picked, square)):
        spent = actions.FORCEPS in legal  # not taken up yet: the swap will cost the tool
        after = total_after_swap(view, seat, picked, square) - (TOOL_POINTS if spent else 0)
        line.append("this swap makes your total ", glyphs.TEXT)
        line.append(change(before, after), glyphs.GOOD if after > before else glyphs.TEXT)
        if spent:
            line.append(" (the tool's 2 points included)", glyphs.DIM)
        return line
    line.append(square_words(view, seat, square), glyphs.TEXT)
    return line


def _swappable(view: JewelBoxState, seat: int, a: Square, b: Square) -> bool:
    fa, fb = family_on(view, seat, *a), family_on(view, seat, *b)
    return fa >= 0 and fb >= 0 and fa != fb


