"""Each player's workbench as lines: prestige, kept dice, the four tool slots,
finished jewels grouped by metal with the collections they score (the
engine's own best split), and commissions claimed."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from gemtable.engine.games.workbench.components import (
    COMMISSION_ID,
    GEMS,
    METAL,
    METALS,
    PIECE,
)
from gemtable.engine.games.workbench.scoring import COLLECTION_POINTS, splits, total
from gemtable.engine.games.workbench.state import WorkbenchState

from . import glyphs

NAME_WIDTH = 13


def _name(view: WorkbenchState, seat: int, me: int | None, names: Sequence[str]) -> Text:
    """`names`: each seat as the table names it ("Seat 2 (greedy)"), if known."""
    acting = not view.is_over and view.current == seat and view.step >= 2
    line = glyphs.span(glyphs.CURSOR if acting else " ", glyphs.WARN)
    name = names[seat] if seat < len(names) else glyphs.seat_name(seat, me)
    line.append(name, glyphs.PICKED if acting else glyphs.BOLD)
    width = max(NAME_WIDTH, *(len(n) + 1 for n in names))  # points line up under each other
    line.append(" " * max(1, width - len(name)))
    line.append(f"{total(view, seat):>2} pt", glyphs.POINTS)
    return line


def _tools(view: WorkbenchState, seat: int, short: bool) -> Text:
    """`Crucible R  Cloth -  …`, or in short `C:R O:- L:- U:-` (the keys that store there)."""
    parts = []
    for tool, colour in enumerate(view.seats[seat].tools):
        name = f"{glyphs.TOOL_KEYS[tool].upper()}:" if short else f"{glyphs.TOOL_NAMES[tool]} "
        part = glyphs.span(name, glyphs.DIM)
        part.append_text(glyphs.die(colour) if colour >= 0 else glyphs.span("-", glyphs.DIM))
        parts.append(part)
    return glyphs.join(parts, " " if short else "  ")


def _held(view: WorkbenchState, seat: int) -> Text:
    line = glyphs.span("held ", glyphs.DIM)
    held = view.seats[seat].held
    line.append_text(glyphs.fit(glyphs.dice_or_none(held), 6))
    return line


def jewel_text(card: int) -> Text:
    """`pend RRGGG`: a finished jewel's piece and gems."""
    return glyphs.span(glyphs.PIECE_SHORT[PIECE[card]] + " ",
                       glyphs.TEXT) + glyphs.gem_letters(GEMS[card])


def metal_marks(finished: tuple[int, ...]) -> list[list[Text]]:
    """Per metal held: its name (`rose:`), each collection in brackets with its
    points (`[ring RG, earr RB]+2`), then each jewel in no collection."""
    groups = []
    for metal, (_, _, collections) in enumerate(splits(finished)):
        cards = sorted(c for c in finished if METAL[c] == metal)
        if not cards:
            continue
        marks = [glyphs.metal(metal, f"{METALS[metal]}:")]
        grouped = {c for group in collections for c in group}
        for group in collections:
            mark = glyphs.span("[", glyphs.DIM)
            mark.append_text(glyphs.join((jewel_text(c) for c in group), ", "))
            mark.append("]", glyphs.DIM)
            mark.append(f"+{COLLECTION_POINTS[len(group)]}", glyphs.POINTS)
            marks.append(mark)
        marks += [jewel_text(card) for card in cards if card not in grouped]
        groups.append(marks)
    return groups


def metal_segments(finished: tuple[int, ...]) -> list[Text]:
    """One segment per metal held: collections in brackets with their points, then the rest."""
    return [glyphs.join(marks) for marks in metal_marks(finished)]


def commission_marks(view: WorkbenchState, seat: int) -> list[Text]:
    """`✓earrings +5`: each commission the seat has claimed, with its points."""
    return [glyphs.span(f"✓{COMMISSION_ID[k]} +5",
                        glyphs.GOOD) for k in view.seats[seat].commissions]


def summary_marks(view: WorkbenchState, seat: int) -> list[Text]:
    """A workbench in short: `tools C:R O:- L:- I:-`, `jewels 7`, then `sets+4`
    (collection points) and `✓1` (commissions claimed) when there are any."""
    s = view.seats[seat]
    marks = [glyphs.span("tools ", glyphs.DIM) + _tools(view, seat, short=True),
             glyphs.span(f"jewels {len(s.finished)}", glyphs.DIM)]
    sets = sum(split[0] for split in splits(s.finished))
    if sets:
        marks.append(glyphs.span(f"sets+{sets}", glyphs.POINTS))
    if s.commissions:
        marks.append(glyphs.span(f"✓{len(s.commissions)}", glyphs.GOOD))
    return marks


def spread_mark(view: WorkbenchState, seat: int) -> Text | None:
    """`(2 rose, 1 white)`: finished jewels per metal; None without any."""
    finished = view.seats[seat].finished
    metals = [(m, sum(1 for c in finished if METAL[c] == m)) for m in range(len(METALS))]
    if not any(n for _, n in metals):
        return None
    return (glyphs.span("(", glyphs.DIM) + glyphs.join((glyphs.metal(m, f"{n} {METALS[m]}") for m,
                                                        n in metals if n),
                                                       ", ")
            + glyphs.span(")", glyphs.DIM))


def bench_marks(view: WorkbenchState, seat: int) -> list[Text]:
    """Every mark the seat's workbench may show beyond its name, points, held
    dice and tool slots: each needs its line in the legend."""
    marks = [mark for group in metal_marks(view.seats[seat].finished) for mark in group]
    marks += commission_marks(view, seat) + summary_marks(view, seat)
    spread = spread_mark(view, seat)
    return marks + ([spread] if spread is not None else [])


def bench_full(view: WorkbenchState, seat: int, me: int | None, width: int,
               max_lines: int = 3, names: Sequence[str] = ()) -> list[Text]:
    """The whole workbench: a head line, then finished jewels and commissions packed."""
    head = _name(view, seat, me, names)
    head.append("  ")
    head.append_text(_held(view, seat))
    head.append("  ")
    head.append_text(_tools(view, seat, short=width < 74))
    lines = [glyphs.fit(head, width)]
    segments = metal_segments(view.seats[seat].finished) + commission_marks(view, seat)
    if not segments:
        segments = [glyphs.span("no finished jewels yet", glyphs.DIM)]
    lines += glyphs.pack(segments, width, indent=3, max_lines=max_lines - 1, overflow="ellipsis")
    return lines


def bench_compact(view: WorkbenchState, seat: int, me: int | None, width: int,
                  names: Sequence[str] = ()) -> Text:
    """One line: prestige, kept dice, tools, finished jewels per metal, commissions."""
    line = _name(view, seat, me, names)
    line.append("  ")
    line.append_text(_held(view, seat))
    line.append("  ")
    tools, *jewels = summary_marks(view, seat)
    line.append_text(tools)
    line.append("  ")
    line.append_text(glyphs.join(jewels))
    spread = spread_mark(view, seat)
    if spread is not None and line.cell_len + spread.cell_len + 1 <= width:
        line.append(" ")
        line.append_text(spread)
    return glyphs.fit(line, width)


def bench_lines(view: WorkbenchState, me: int | None, width: int, roomy: bool,
                names: Sequence[str] = ()) -> list[Text]:
    """Every workbench, yours first. Roomy (or two players): all in full; otherwise
    yours in full and the others on one line each."""
    order = list(range(view.players))
    if me is not None:
        order = order[me:] + order[:me]
    full = roomy or view.players == 2
    lines: list[Text] = []
    for seat in order:
        if full or seat == me:
            lines += bench_full(view, seat, me, width, max_lines=4 if roomy else 3,
                                names=names)
        else:
            lines.append(bench_compact(view, seat, me, width, names))
    return lines
