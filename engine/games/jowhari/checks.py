"""Jowhari's consistency checks: its own invariants, and the component
totals the generic conservation test compares from state to state."""

from __future__ import annotations

from .actions import HAND_LIMIT
from .components import BONUS, COLOURS, GOLD, PRESTIGE
from .state import GEM_LIMIT, PRESTIGE_GOAL, JowhariState


def invariants(state: JowhariState) -> tuple[str, ...]:
    """Each broken rule of a well-formed position, as a sentence (see State.invariants)."""
    broken = []
    if not 0 <= state.current < state.players:
        broken.append(f"current seat {state.current} is not at the table")
    if not 0 <= state.passes_in_row <= state.players:
        broken.append(f"{state.passes_in_row} passes in a row at a {state.players}-seat table")
    if any(count < 0 for count in state.supply):
        broken.append(f"the supply holds a negative count: {state.supply}")
    for index, seat in enumerate(state.seats):
        who = f"seat {index}"
        if any(count < 0 for count in seat.tokens):
            broken.append(f"{who} holds a negative token count: {seat.tokens}")
        over_limit = seat.gems > GEM_LIMIT
        if over_limit and not (state.returning and index == state.current):
            broken.append(f"{who} holds {seat.gems} gems after its turn, over {GEM_LIMIT}")
        if len(seat.hand) > HAND_LIMIT or len(seat.hand) != len(seat.hand_public):
            broken.append(f"{who} holds {len(seat.hand)} cards in hand "
                          f"({len(seat.hand_public)} public flags), limit {HAND_LIMIT}")
        if seat.prestige != sum(PRESTIGE[card] for card in seat.bought):
            broken.append(f"{who} has {seat.prestige} prestige, not its bought cards' sum")
        bonuses = tuple(sum(BONUS[card] == c for card in seat.bought) for c in range(5))
        if seat.bonuses != bonuses:
            broken.append(f"{who} has bonuses {seat.bonuses}, its bought cards give {bonuses}")
    if state.first_to_goal is not None and state.seats[state.first_to_goal].prestige < PRESTIGE_GOAL:
        broken.append(f"seat {state.first_to_goal} is marked first to the goal below it")
    if state.returning and state.over:
        broken.append("the game is over with tokens still to return")
    return tuple(broken)


def component_counts(state: JowhariState) -> dict[str, int]:
    """Tokens of each kind and cards, summed over the supply, the seats, the
    decks and the centre."""
    counts = {name: state.supply[c] for c, name in enumerate(COLOURS)}
    counts["gold"] = state.supply[GOLD]
    for seat in state.seats:
        for c, name in enumerate(COLOURS):
            counts[name] += seat.tokens[c]
        counts["gold"] += seat.tokens[GOLD]
    counts["cards"] = (
        sum(len(deck) for deck in state.decks)
        + sum(card is not None for row in state.centre for card in row)
        + sum(len(seat.hand) + len(seat.bought) for seat in state.seats)
    )
    return counts
