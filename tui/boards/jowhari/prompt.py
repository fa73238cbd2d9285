"""The two text lines under the table: what the cursor is on, and what the
person can do now (or why they cannot)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from gemtable.engine.games.jowhari import actions
from gemtable.engine.games.jowhari.components import BONUS, COLOURS, LEVEL, PRESTIGE
from gemtable.engine.games.jowhari.state import GEM_LIMIT, JowhariState

from . import glyphs
from .players import seat_name


def detail_line(view: JowhariState, seat: int | None, spot: actions.Source) -> Text:
    """Everything about the card under the cursor, in words."""
    line = glyphs.span(f"{spot} ", style=glyphs.WARN)
    if spot.kind == "deck":
        count = len(view.decks[spot.level - 1])
        line.append(f"level {spot.level} deck, {count} face down", style=glyphs.TEXT)
        if count:
            line.append(" · r reserves its top card unseen (+1 gold if any left)", style=glyphs.DIM)
        return line
    if spot.kind == "hand":
        hand = view.seats[seat].hand if seat is not None else ()
        card = hand[spot.index] if spot.index < len(hand) else None
    else:
        card = view.centre[spot.level - 1][spot.index]
    if card is None:
        line.append("empty: its deck ran out", style=glyphs.DIM)
        return line
    if card < 0:
        line.append(f"a hidden level {-card} card", style=glyphs.DIM)
        return line
    line.append_text(glyphs.chip(BONUS[card]))
    line.append(f" {COLOURS[BONUS[card]]}, level {LEVEL[card]}, ", style=glyphs.TEXT)
    line.append(f"{PRESTIGE[card]}pt", style=glyphs.PRESTIGE_STYLE)
    line.append(" · cost ", style=glyphs.DIM)
    line.append_text(glyphs.cost_text(card))
    if seat is not None:
        line.append(" · ", style=glyphs.DIM)
        line.append_text(glyphs.shortfall_words(view.seats[seat], card))
    return line


def read_only_reason(view: JowhariState, seat: int | None, sent: bool) -> str:
    if view.is_over:
        return "The game is over. Arrows look around the table."
    if sent:
        return "Move sent; waiting for the table…"
    playing = seat_name(view.current, None)
    if seat is None:
        return f"Watching: {playing} to play. Arrows look around; the board is read-only."
    if view.current == seat:
        return "Waiting for the table…"
    return f"{playing} to play; wait for your turn. Arrows look around the table."


def turn_hint(view: JowhariState, legal: Sequence[object]) -> Text:
    """What the person can do now, shortest useful form first."""
    me = view.seats[view.current]
    if legal and all(isinstance(a, actions.Return) for a in legal):
        extra = me.gems - GEM_LIMIT
        return Text(
            f"You hold {me.gems} gems, over {GEM_LIMIT}: give back {extra} "
            "— press r b g w k (one gem each)", style=glyphs.WARN)
    if tuple(legal) == (actions.PASS,):
        return Text("Nothing is possible this turn: p (or Enter) passes", style=glyphs.WARN)
    line = glyphs.span("Your turn: ", style=glyphs.GOOD)
    line.append("b buy · r reserve · Shift+R/B/G/W/K pick gems · : type a move",
                style=glyphs.TEXT)
    return line
