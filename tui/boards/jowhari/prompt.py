"""The two text lines under the table: what the cursor is on, and what the
person can do now (or why they cannot)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from gemtable.engine.games.jowhari import actions as A
from gemtable.engine.games.jowhari.cards import BONUS, COLOURS, LEVEL, PRESTIGE
from gemtable.engine.games.jowhari.state import GEM_LIMIT, JowhariState

from . import glyphs as G
from .players import seat_name


def detail_line(view: JowhariState, seat: int | None, spot: A.Source) -> Text:
    """Everything about the card under the cursor, in words."""
    line = G.span(f"{spot} ", style=G.WARN)
    if spot.kind == "deck":
        count = len(view.decks[spot.level - 1])
        line.append(f"level {spot.level} deck, {count} face down", style=G.TEXT)
        if count:
            line.append(" · r reserves its top card unseen (+1 gold if any left)", style=G.DIM)
        return line
    if spot.kind == "hand":
        hand = view.seats[seat].hand if seat is not None else ()
        card = hand[spot.index] if spot.index < len(hand) else None
    else:
        card = view.centre[spot.level - 1][spot.index]
    if card is None:
        line.append("empty: its deck ran out", style=G.DIM)
        return line
    if card < 0:
        line.append(f"a hidden level {-card} card", style=G.DIM)
        return line
    line.append_text(G.chip(BONUS[card]))
    line.append(f" {COLOURS[BONUS[card]]}, level {LEVEL[card]}, ", style=G.TEXT)
    line.append(f"{PRESTIGE[card]}pt", style=G.PRESTIGE_STYLE)
    line.append(" · cost ", style=G.DIM)
    line.append_text(G.cost_text(card))
    if seat is not None:
        line.append(" · ", style=G.DIM)
        line.append_text(G.shortfall_words(view.seats[seat], card))
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
    if legal and all(isinstance(a, A.Return) for a in legal):
        extra = me.gems - GEM_LIMIT
        return Text(
            f"You hold {me.gems} gems, over {GEM_LIMIT}: give back {extra} "
            "— press r b g w k (one gem each)", style=G.WARN)
    if tuple(legal) == (A.PASS,):
        return Text("Nothing is possible this turn: p (or Enter) passes", style=G.WARN)
    line = G.span("Your turn: ", style=G.GOOD)
    line.append("b buy · r reserve · Shift+R/B/G/W/K pick gems · : type a move",
                style=G.TEXT)
    return line
