"""Prospect's own consistency checks and its component totals."""

from __future__ import annotations

from .components import MARKET_SLOTS, MAX_DIGS
from .state import ProspectState


def invariants(state: ProspectState) -> tuple[str, ...]:
    broken: list[str] = []
    if len(state.market) != MARKET_SLOTS:
        broken.append(f"the market has {len(state.market)} slots")
    if not 0 <= state.digs < MAX_DIGS:
        broken.append(f"{state.digs} digs this turn")
    for number, seat in enumerate(state.seats):
        if seat.nuggets < 0 or seat.cart < 0:
            broken.append(f"seat {number} holds a negative count of nuggets")
        if seat.cart and number != state.current:
            broken.append(f"seat {number} has a full cart out of turn")
    if state.digs == 0 and state.mover.cart:
        broken.append("a cart holds nuggets before any dig")
    return tuple(broken)


def component_counts(state: ProspectState) -> dict[str, int]:
    """Cards wherever they are, face-down ones too."""
    cards = len(state.deck) + sum(card is not None for card in state.market)
    cards += sum(len(seat.hand) + len(seat.found) for seat in state.seats)
    return {"cards": cards}
