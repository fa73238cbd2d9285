"""The middle of the table as lines of text: the round line, the tray (or the
dice being trimmed, or the manufacturing order), the showcase and the
commissions. Pure functions of the view and what the person has chosen."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from gemtable.engine.games.workbench import actions, scoring
from gemtable.engine.games.workbench.components import (
    COMMISSION_COUNT,
    COMMISSION_KIND,
    COMMISSION_TARGET,
    GEMS,
    METAL,
    PIECE,
    PIECES,
    SIZE,
)
from gemtable.engine.games.workbench.rounds import commissions_in_play
from gemtable.engine.games.workbench.rules import fitting
from gemtable.engine.games.workbench.state import KEEP_LIMIT, TRIM, WorkbenchState

from . import glyphs
from .controls import Draft, phase

PHASE_NAMES = {
    "roll": "Rolling the dice", "design": "Design", "trim": "Design",
    "make": "Manufacturing", "move": "Manufacturing", "over": "Game over",
}
PLURAL_GEMS = ("rubies", "sapphires", "ambers", "emeralds")


def round_line(view: WorkbenchState, width: int) -> Text:
    """Round, phase, Initiative, reserve and deck on one line."""
    shown = min(view.round + 1, view.rounds)
    left = glyphs.span(f"Round {shown} of {view.rounds}", glyphs.BOLD)
    left.append(f" · {PHASE_NAMES[phase(view)]}", glyphs.WARN if not view.is_over else glyphs.DIM)
    right = glyphs.span("Initiative ", glyphs.DIM)
    right.append(f"Seat {view.initiative + 1}", glyphs.BOLD)
    right.append(" · Reserve ", glyphs.DIM)
    right.append_text(glyphs.counts_text(view.reserve))
    right.append(f" · Deck {len(view.deck)}", glyphs.DIM)
    if left.cell_len + right.cell_len + 2 > width:
        # Narrow: shorter words, but the seat keeps its full name everywhere.
        right = glyphs.span("Initiative ", glyphs.DIM) + glyphs.span(f"Seat {view.initiative + 1}",
                                                                     glyphs.BOLD)
        right.append(" · ", glyphs.DIM)
        right.append_text(glyphs.counts_text(view.reserve))
        right.append(f" · deck {len(view.deck)}", glyphs.DIM)
    return glyphs.columns(left, right, width)


def _face_groups(dice: tuple[int, ...]) -> list[list[int]]:
    """Colours of the dice showing each face, 1 to 6 (`dice` laid out like the tray)."""
    return [[c for c in range(4) for _ in range(dice[c * 6 + face - 1])] for face in range(1, 7)]


TRAY_TITLE = 9


def _group_width(colours: list[int]) -> int:
    return 3 + max(1, 2 * len(colours) - 1) + 2  # marker, face, space; dice; gap


def _groups_line(title: str, dice: tuple[int, ...], numbers: tuple[int, ...],
                 width: int, all_faces: bool) -> Text:
    line = glyphs.span(f"{title:<{TRAY_TITLE}}", glyphs.BOLD)
    for face, colours in enumerate(_face_groups(dice), start=1):
        if not colours and not all_faces:
            continue
        picked = face in numbers
        line.append(glyphs.CURSOR if picked else " ", glyphs.WARN)
        line.append(str(face), glyphs.PICKED if picked else glyphs.TEXT)
        line.append(" ")
        if colours:
            line.append_text(glyphs.join(glyphs.die(c) for c in colours))
        else:
            line.append("-", glyphs.DIM)
        line.append("  ")
    return glyphs.fit(line, width)


def tray_face_at(view: WorkbenchState, x: int) -> int | None:
    """The number whose group of tray dice is drawn at column `x` of the tray line."""
    left = TRAY_TITLE
    for face, colours in enumerate(_face_groups(view.tray), start=1):
        right = left + _group_width(colours)
        if left <= x < right - 2:
            return face
        left = right
    return None


def tray_lines(view: WorkbenchState, me: int | None, draft: Draft, width: int) -> list[Text]:
    """The tray grouped by number; the Crucible dice; the dice being trimmed."""
    stage = phase(view)
    if stage in ("make", "move", "over"):
        return [_making_order(view, width)]
    numbers = draft.numbers if draft.mode == "" else ()
    lines = [_groups_line("Tray", view.tray, numbers, width, all_faces=True)]
    if any(view.extra):
        lines.append(_groups_line("Crucible", view.extra, numbers, width, all_faces=False))
    if any(view.pending):
        lines.append(glyphs.fit(glyphs.span("Rolling  ", glyphs.BOLD) + glyphs.dice(view.pending),
                                width))
    if view.step == TRIM:
        lines.append(_trim_line(view, draft if me == view.current else None, width))
    return lines


def _trim_line(view: WorkbenchState, draft: Draft | None, width: int) -> Text:
    """The qualifying dice as the Leave choices, the one Enter would leave marked."""
    line = glyphs.span(f"{len(view.pool)} qualify, keep {KEEP_LIMIT}: ", glyphs.WARN)
    options = view.legal_actions()
    current = min(draft.leave, len(options) - 1) if draft is not None else -1
    for i, option in enumerate(options):
        if not isinstance(option, actions.Leave):
            continue
        code = option.colour * 6 + option.face - 1 + (24 if option.extra else 0)
        count = view.pool.count(code)
        line.append(glyphs.CURSOR if i == current else " ", glyphs.WARN)
        line.append_text(glyphs.die(option.colour))
        label = f"{option.face}{'x' if option.extra else ''}"
        line.append(label, glyphs.PICKED if i == current else glyphs.TEXT)
        line.append(f"({count}) " if count > 1 else " ", glyphs.DIM)
    return glyphs.fit(line, width)


def _making_order(view: WorkbenchState, width: int) -> Text:
    """Who still holds dice, in the order they will place them."""
    if view.is_over:
        won = view.winners()
        names = " and ".join(f"Seat {s + 1}" for s in won)
        line = glyphs.span(f"Game over: {names} {'win' if len(won) > 1 else 'wins'}", glyphs.GOOD)
        line.append(f" with {scoring.total(view, won[0])} prestige.", glyphs.GOOD)
        line.append(" The scores below count everything.", glyphs.DIM)
        return glyphs.fit(line, width)
    line = glyphs.span("Placing  ", glyphs.BOLD)
    order = [(view.current + i) % view.players for i in range(view.players)]
    shown = [s for s in order if any(view.seats[s].held)]
    for i, seat in enumerate(shown):
        if i:
            line.append(" · ", glyphs.DIM)
        line.append(f"{glyphs.CURSOR if seat == view.current else ''}Seat {seat + 1} ",
                    glyphs.WARN if seat == view.current else glyphs.TEXT)
        line.append_text(glyphs.dice(view.seats[seat].held))
    if not shown:
        line.append("nobody holds dice", glyphs.DIM)
    note = "   (the tray dice went back to the reserve)"
    if line.cell_len + len(note) <= width:
        line.append(note, glyphs.DIM)
    return glyphs.fit(line, width)


# --- the showcase ----------------------------------------------------------------------


def showcase_columns(width: int) -> int:
    return max(1, min(4, (width + 1) // 40))


def fit_count(view: WorkbenchState, hand: Sequence[int] | None, slot: int) -> tuple[int, bool]:
    """How many of the dice in `hand` (per colour) fit the card in `slot`, and whether
    they cover every gem it still needs."""
    if hand is None:
        return 0, False
    missing = view.missing[slot]
    fits = fitting(hand, missing)
    return fits, fits > 0 and fits == sum(missing)


def finishing_gain(view: WorkbenchState, me: int, card: int) -> tuple[int, int, int]:
    """(gems, change in collection points, commissions) `me` scores by finishing `card` now."""
    return scoring.finishing_gain(view.seats[me].finished, view.commissions, card)


def _card_cell(view: WorkbenchState, me: int | None, hand: Sequence[int] | None, slot: int,
               cursor: int | None, width: int) -> Text:
    card = view.showcase[slot]
    here = slot == cursor
    line = glyphs.span(glyphs.CURSOR if here else " ", glyphs.WARN)
    line.append(str(slot + 1), glyphs.PICKED if here else glyphs.BOLD)
    line.append(" ")
    if card < 0:
        return glyphs.fit(line + glyphs.span("(empty)", glyphs.DIM), width)
    line.append_text(glyphs.fit(glyphs.metal(METAL[card], glyphs.card_name(card)), 16))
    line.append_text(glyphs.fit(glyphs.card_gems(card, view.missing[slot], view.strays[slot]), 6))
    worth = SIZE[card] if me is None or view.is_over else sum(finishing_gain(view, me, card))
    line.append(f"{worth:>2}pt", glyphs.POINTS if worth > SIZE[card] else glyphs.TEXT)
    fits, finishes = fit_count(view, hand, slot)
    if fits:
        line.append("  fit ", glyphs.DIM)
        line.append(f"{fits}{'✓' if finishes else ''}", glyphs.GOOD if finishes else glyphs.TEXT)
    return glyphs.fit(line, width)


def showcase_lines(view: WorkbenchState, me: int | None, cursor: int | None, width: int,
                   hand: Sequence[int] | None = None, picking: bool = False) -> list[Text]:
    """A title, then the showcase in reading order, `showcase_columns` cards a row.

    `hand`: dice (per colour) whose fit each card shows: those you hold, or
    (`picking`) those the number you chose would keep.
    """
    cols = showcase_columns(width)
    cell = (width - (cols - 1) * 2) // cols
    notes = ["UPPER covered, lower open"]
    if hand is not None and any(hand):
        notes.append(f"fit: {'dice of this pick' if picking else 'your dice'} that fit, ✓ all")
    mine = me is not None and not view.is_over
    notes.append("pt: worth to you" if mine else "pt: its gems")
    title = glyphs.span("Showcase", glyphs.BOLD)
    for note in notes:
        if title.cell_len + len(note) + 3 > width:
            break
        title.append((" · " if title.cell_len > 8 else "  ") + note, glyphs.DIM)
    lines = [glyphs.fit(title, width)]
    slots = range(len(view.showcase))
    for start in range(0, len(slots), cols):
        cells = [_card_cell(view, me, hand, slot, cursor, cell)
                 for slot in slots[start:start + cols]]
        lines.append(glyphs.fit(glyphs.join(cells, "  "), width))
    return lines


# --- commissions -----------------------------------------------------------------------


def commission_label(index: int) -> Text:
    target, count = COMMISSION_TARGET[index], COMMISSION_COUNT[index]
    if COMMISSION_KIND[index] == "piece":
        name = PIECES[target] if PIECES[target] == "earrings" else PIECES[target] + "s"
        return glyphs.span(f"{count} {name}", glyphs.TEXT)
    return glyphs.span(f"{count} ", glyphs.TEXT) + glyphs.gem(target, PLURAL_GEMS[target])


def progress(finished: tuple[int, ...], index: int) -> int:
    target = COMMISSION_TARGET[index]
    if COMMISSION_KIND[index] == "piece":
        return sum(1 for card in finished if PIECE[card] == target)
    return sum(GEMS[card][target] for card in finished)


def commission_segments(view: WorkbenchState, me: int | None) -> list[Text]:
    """Every commission in play: open ones with your progress, claimed ones with their holder."""
    held = {k: s for s, seat in enumerate(view.seats) for k in seat.commissions}
    segments = []
    for index in sorted(set(view.commissions) | set(held)):
        segment = commission_label(index)
        if index in held:
            segment.append(f" ✓Seat {held[index] + 1}", glyphs.GOOD)
        elif me is not None:
            # Say what is counted: the commission's pieces or gems in your finished jewels.
            have = progress(view.seats[me].finished, index)
            segment.append(f" (you {have}/{COMMISSION_COUNT[index]})", glyphs.DIM)
        segments.append(segment)
    return segments


def commission_lines(view: WorkbenchState, me: int | None, width: int) -> list[Text]:
    """The commissions in play, under their title, on up to two lines."""
    if not commissions_in_play(view.variant, view.players):
        return []
    segments = commission_segments(view, me)
    title = glyphs.span("Commissions +5: ", glyphs.BOLD)
    lines = glyphs.pack([title + segments[0], *segments[1:]] if segments else [title], width,
                        sep=" · ", max_lines=2, overflow="ellipsis")
    return lines

