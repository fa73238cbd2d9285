"""The middle of the table as lines of text: the round line, the tray (or the
dice being trimmed, or the manufacturing order), the showcase and the
commissions. Pure functions of the view and what the person has chosen."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from gemtable.engine.games.workbench import actions as A
from gemtable.engine.games.workbench import scoring
from gemtable.engine.games.workbench.cards import (
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

from . import glyphs as G
from .controls import Draft, phase

PHASE_NAMES = {
    "roll": "Rolling the dice", "design": "Design", "trim": "Design",
    "make": "Manufacturing", "move": "Manufacturing", "over": "Game over",
}
PLURAL_GEMS = ("rubies", "sapphires", "ambers", "emeralds")


def round_line(view: WorkbenchState, width: int) -> Text:
    """Round, phase, Initiative, reserve and deck on one line."""
    shown = min(view.round + 1, view.rounds)
    left = G.span(f"Round {shown} of {view.rounds}", G.BOLD)
    left.append(f" · {PHASE_NAMES[phase(view)]}", G.WARN if not view.is_over else G.DIM)
    right = G.span("Initiative ", G.DIM)
    right.append(f"Seat {view.initiative + 1}", G.BOLD)
    right.append(" · Reserve ", G.DIM)
    right.append_text(G.counts_text(view.reserve))
    right.append(f" · Deck {len(view.deck)}", G.DIM)
    if left.cell_len + right.cell_len + 2 > width:
        # Narrow: shorter words, but the seat keeps its full name everywhere.
        right = G.span("Initiative ", G.DIM) + G.span(f"Seat {view.initiative + 1}", G.BOLD)
        right.append(" · ", G.DIM)
        right.append_text(G.counts_text(view.reserve))
        right.append(f" · deck {len(view.deck)}", G.DIM)
    return G.columns(left, right, width)


def _face_groups(dice: tuple[int, ...]) -> list[list[int]]:
    """Colours of the dice showing each face, 1 to 6 (`dice` laid out like the tray)."""
    return [[c for c in range(4) for _ in range(dice[c * 6 + face - 1])] for face in range(1, 7)]


TRAY_TITLE = 9


def _group_width(colours: list[int]) -> int:
    return 3 + max(1, 2 * len(colours) - 1) + 2  # marker, face, space; dice; gap


def _groups_line(title: str, dice: tuple[int, ...], numbers: tuple[int, ...],
                 width: int, all_faces: bool) -> Text:
    line = G.span(f"{title:<{TRAY_TITLE}}", G.BOLD)
    for face, colours in enumerate(_face_groups(dice), start=1):
        if not colours and not all_faces:
            continue
        picked = face in numbers
        line.append(G.CURSOR if picked else " ", G.WARN)
        line.append(str(face), G.PICKED if picked else G.TEXT)
        line.append(" ")
        if colours:
            line.append_text(G.join(G.die(c) for c in colours))
        else:
            line.append("-", G.DIM)
        line.append("  ")
    return G.fit(line, width)


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
        lines.append(G.fit(G.span("Rolling  ", G.BOLD) + G.dice(view.pending), width))
    if view.step == TRIM:
        lines.append(_trim_line(view, draft if me == view.current else None, width))
    return lines


def _trim_line(view: WorkbenchState, draft: Draft | None, width: int) -> Text:
    """The qualifying dice as the Leave choices, the one Enter would leave marked."""
    line = G.span(f"{len(view.pool)} qualify, keep {KEEP_LIMIT}: ", G.WARN)
    options = view.legal_actions()
    current = min(draft.leave, len(options) - 1) if draft is not None else -1
    for i, option in enumerate(options):
        if not isinstance(option, A.Leave):
            continue
        code = option.colour * 6 + option.face - 1 + (24 if option.extra else 0)
        count = view.pool.count(code)
        line.append(G.CURSOR if i == current else " ", G.WARN)
        line.append_text(G.die(option.colour))
        label = f"{option.face}{'x' if option.extra else ''}"
        line.append(label, G.PICKED if i == current else G.TEXT)
        line.append(f"({count}) " if count > 1 else " ", G.DIM)
    return G.fit(line, width)


def _making_order(view: WorkbenchState, width: int) -> Text:
    """Who still holds dice, in the order they will place them."""
    if view.is_over:
        won = view.winners()
        names = " and ".join(f"Seat {s + 1}" for s in won)
        line = G.span(f"Game over: {names} {'win' if len(won) > 1 else 'wins'}", G.GOOD)
        line.append(f" with {view.score_of(won[0])} prestige.", G.GOOD)
        line.append(" The scores below count everything.", G.DIM)
        return G.fit(line, width)
    line = G.span("Placing  ", G.BOLD)
    order = [(view.current + i) % view.players for i in range(view.players)]
    shown = [s for s in order if any(view.seats[s].held)]
    for i, seat in enumerate(shown):
        if i:
            line.append(" · ", G.DIM)
        line.append(f"{G.CURSOR if seat == view.current else ''}Seat {seat + 1} ",
                    G.WARN if seat == view.current else G.TEXT)
        line.append_text(G.dice(view.seats[seat].held))
    if not shown:
        line.append("nobody holds dice", G.DIM)
    note = "   (the tray dice went back to the reserve)"
    if line.cell_len + len(note) <= width:
        line.append(note, G.DIM)
    return G.fit(line, width)


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
    line = G.span(G.CURSOR if here else " ", G.WARN)
    line.append(str(slot + 1), G.PICKED if here else G.BOLD)
    line.append(" ")
    if card < 0:
        return G.fit(line + G.span("(empty)", G.DIM), width)
    line.append_text(G.fit(G.metal(METAL[card], G.card_name(card)), 16))
    line.append_text(G.fit(G.card_gems(card, view.missing[slot], view.strays[slot]), 6))
    worth = SIZE[card] if me is None or view.is_over else sum(finishing_gain(view, me, card))
    line.append(f"{worth:>2}pt", G.POINTS if worth > SIZE[card] else G.TEXT)
    fits, finishes = fit_count(view, hand, slot)
    if fits:
        line.append("  fit ", G.DIM)
        line.append(f"{fits}{'✓' if finishes else ''}", G.GOOD if finishes else G.TEXT)
    return G.fit(line, width)


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
    title = G.span("Showcase", G.BOLD)
    for note in notes:
        if title.cell_len + len(note) + 3 > width:
            break
        title.append((" · " if title.cell_len > 8 else "  ") + note, G.DIM)
    lines = [G.fit(title, width)]
    slots = range(len(view.showcase))
    for start in range(0, len(slots), cols):
        cells = [_card_cell(view, me, hand, slot, cursor, cell)
                 for slot in slots[start:start + cols]]
        lines.append(G.fit(G.join(cells, "  "), width))
    return lines


# --- commissions -----------------------------------------------------------------------


def commission_label(index: int) -> Text:
    target, count = COMMISSION_TARGET[index], COMMISSION_COUNT[index]
    if COMMISSION_KIND[index] == "piece":
        name = PIECES[target] if PIECES[target] == "earrings" else PIECES[target] + "s"
        return G.span(f"{count} {name}", G.TEXT)
    return G.span(f"{count} ", G.TEXT) + G.gem(target, PLURAL_GEMS[target])


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
            segment.append(f" ✓Seat {held[index] + 1}", G.GOOD)
        elif me is not None:
            # Say what is counted: the commission's pieces or gems in your finished jewels.
            have = progress(view.seats[me].finished, index)
            segment.append(f" (you {have}/{COMMISSION_COUNT[index]})", G.DIM)
        segments.append(segment)
    return segments


def commission_lines(view: WorkbenchState, me: int | None, width: int) -> list[Text]:
    """The commissions in play, under their title, on up to two lines."""
    if not commissions_in_play(view.variant, view.players):
        return []
    segments = commission_segments(view, me)
    title = G.span("Commissions +5: ", G.BOLD)
    lines = G.pack([title + segments[0], *segments[1:]] if segments else [title], width,
                   sep=" · ", max_lines=2, overflow="ellipsis")
    return lines

