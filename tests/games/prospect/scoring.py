"""Points at the end: nuggets, gem cards (hand and found alike) and sets.

Mid-game the same sums give each seat's standing, counting the cart as if
the turn ended well (a bot's guess at where it stands)."""

from __future__ import annotations

from collections import Counter

from gemtable.engine.core import ScoreLine

from .components import GEM, HIDDEN, POINTS, SET_BONUS, SET_SIZE
from .state import ProspectState, Seat


def _cards(seat: Seat) -> tuple[int, ...]:
    """The seat's cards the viewer can see (all of them in the true state)."""
    return tuple(card for card in (*seat.hand, *seat.found) if card != HIDDEN)


def card_points(seat: Seat) -> int:
    return sum(POINTS[card] for card in _cards(seat))


def sets(seat: Seat) -> int:
    """Gem kinds the seat holds at least SET_SIZE cards of."""
    counts = Counter(GEM[card] for card in _cards(seat))
    return sum(count >= SET_SIZE for count in counts.values())


def score(seat: Seat) -> int:
    return seat.nuggets + seat.cart + card_points(seat) + SET_BONUS * sets(seat)


def scores(state: ProspectState) -> tuple[int, ...]:
    return tuple(score(seat) for seat in state.seats)


def ranking(state: ProspectState) -> tuple[int, ...]:
    """Most points first; a tie goes to the seat with more nuggets banked,
    then to the one with fewer cave-ins; a tie on all three is shared."""
    keys = [(score(seat), seat.nuggets, -seat.cave_ins) for seat in state.seats]
    return tuple(1 + sum(other > mine for other in keys) for mine in keys)


def score_breakdown(state: ProspectState, seat: int) -> tuple[ScoreLine, ...]:
    held = state.seats[seat]
    return (
        ScoreLine("Nuggets", held.nuggets + held.cart),
        ScoreLine("Gem cards", card_points(held)),
        ScoreLine("Sets of three", SET_BONUS * sets(held)),
        ScoreLine("Total", score(held)),
    )
