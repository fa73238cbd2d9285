"""What each seat may know in Workbench, and sampling the rest for search.

Only the order of the face-down deck is hidden: the showcase, the tray, the
reserve (as counts per colour), every workbench (held dice, tool dice,
finished jewels, claimed commissions) and the commission cards in play are
all face up. A view writes each deck card as HIDDEN; a determinization deals
the cards nobody can see into the deck in a random order.
"""

from __future__ import annotations

import random

from gemtable.engine.core import Observer

from .components import CARD_COUNT, HIDDEN
from .state import WorkbenchState


def _copy(state: WorkbenchState, deck: tuple[int, ...],
          observer: Observer | None) -> WorkbenchState:
    return WorkbenchState(
        state.players, state.variant, state.round, state.initiative, state.current, state.step,
        deck, state.showcase, state.missing, state.strays, state.reserve, state.tray,
        state.extra, state.pending, state.pool, state.seats, state.commissions, state.turns,
        observer,
    )


def view(state: WorkbenchState, seat: Observer) -> WorkbenchState:
    """`seat`'s view (checked by State.view): only the deck order is hidden,
    from everyone alike, so any view can become any other."""
    return _copy(state, (HIDDEN,) * len(state.deck), seat)


def unseen_cards(state: WorkbenchState) -> list[int]:
    """Cards that are neither in the showcase nor finished: the deck's contents."""
    seen = {card for card in state.showcase if card >= 0}
    for seat in state.seats:
        seen.update(seat.finished)
    return [card for card in range(CARD_COUNT) if card not in seen]


def determinize(state: WorkbenchState, rng: random.Random) -> WorkbenchState:
    if state.observer is None:
        return state
    deck = unseen_cards(state)
    rng.shuffle(deck)
    return _copy(state, tuple(deck), None)
