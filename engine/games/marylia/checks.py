"""The state's own consistency checks, and the components it holds."""

from __future__ import annotations

from .components import IS_MONSTER, RESOURCES, TYPES
from .state import ACT, ACTIONS_PER_TURN, BID, JOIN, PLACE, MaryliaState
from .telling import city_name, who


def invariants(state: MaryliaState) -> tuple[str, ...]:
    problems = []
    if state.bank < 0:
        problems.append("the bank holds fewer than 0 coins")
    if not 0 <= state.actions_left <= ACTIONS_PER_TURN:
        problems.append(f"{state.actions_left} actions left is outside 0 to {ACTIONS_PER_TURN}")
    for index, seat in enumerate(state.seats):
        if seat.coins < 0:
            problems.append(f"{who(index)} holds {seat.coins} coins")
        if seat.hand[0] >= 0:
            if min(seat.hand) < 0:
                problems.append(f"{who(index)} holds a negative number of some card")
            if sum(seat.hand) != seat.held:
                problems.append(f"{who(index)}'s hand size {seat.held} is not its card count")
        if state.step != PLACE and not 0 <= seat.city < len(state.characters):
            problems.append(f"{who(index)}'s merchant is in no city")
    for city, card in enumerate(state.characters):
        if card >= 0 and IS_MONSTER[card] and state.resources[city] >= 0:
            problems.append(f"a resource lies beside the Monster of {city_name(city)}")
        if card < 0 and (state.character_coins[city] or any(state.treasure[city])):
            problems.append(f"coins or treasure lie in the empty character space of "
                            f"{city_name(city)}")
        if card >= 0 and not IS_MONSTER[card] and any(state.treasure[city]):
            problems.append(f"treasure lies under a non-Monster in {city_name(city)}")
    if state.step in (JOIN, BID) and state.auction is None:
        problems.append("an auction step without an auction")
    if state.step == ACT and state.auction is not None:
        problems.append("an auction left open during a turn")
    if any(state.resource_discard[t] < 0 for t in range(TYPES)):
        problems.append("a negative discard pile")
    return tuple(problems)


def component_counts(state: MaryliaState) -> dict[str, int]:
    """Resource cards of each type, encounter and event cards, and coins,
    summed over every place they can be."""
    counts = [0] * TYPES
    for kind in state.resource_deck:
        counts[kind] += 1
    for kind in state.resources:
        if kind >= 0:
            counts[kind] += 1
    for pile in (state.resource_discard, *state.treasure):
        for t in range(TYPES):
            counts[t] += pile[t]
    for s in state.seats:
        for t in range(TYPES):
            counts[t] += s.hand[t]
        for item in s.items:
            for t in range(TYPES):
                counts[t] += item.parts[t]
    result = {f"{RESOURCES[t]} cards": counts[t] for t in range(TYPES)}
    result["encounter cards"] = (len(state.encounter_deck) + len(state.encounter_discard)
                                 + sum(1 for card in state.characters if card >= 0))
    result["event cards"] = len(state.event_deck)
    result["coins"] = (state.bank + sum(s.coins for s in state.seats)
                       + sum(state.character_coins))
    result["merchants"] = sum(1 for s in state.seats)
    return result
