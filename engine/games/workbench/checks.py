"""Workbench's own consistency checks on a position (see State.invariants)."""

from __future__ import annotations

from .cards import COMMISSION_TOTAL, EMPTY, GEMS
from .state import KEEP_LIMIT, OVER, ROUNDS, WorkbenchState


def invariants(state: WorkbenchState) -> tuple[str, ...]:
    broken = []
    players = state.players
    if not 0 <= state.current < players or not 0 <= state.initiative < players:
        broken.append(f"seat {state.current} (initiative {state.initiative}) is not at the table")
    if not 0 <= state.step <= OVER:
        broken.append(f"step {state.step} is not a step of a round")
    rounds = ROUNDS[state.variant][players]
    if not 0 <= state.round <= rounds or (state.round == rounds) != (state.step == OVER):
        broken.append(f"{state.round} rounds done of {rounds} at step {state.step}")
    for name in ("reserve", "tray", "extra", "pending"):
        if any(count < 0 for count in getattr(state, name)):
            broken.append(f"the {name} holds a negative count: {getattr(state, name)}")
    for slot, (card, missing) in enumerate(zip(state.showcase, state.missing, strict=True)):
        if any(count < 0 for count in missing):
            broken.append(f"showcase slot {slot} misses a negative number of gems: {missing}")
        if card >= 0 and any(m > g for m, g in zip(missing, GEMS[card], strict=True)):
            broken.append(f"showcase slot {slot} misses more gems than its card has")
        if card == EMPTY and (any(missing) or state.strays[slot]):
            broken.append(f"empty showcase slot {slot} still has dice on it")
    if len(set(state.commissions)) != len(state.commissions):
        broken.append(f"a commission is in play twice: {state.commissions}")
    claimed = [c for seat in state.seats for c in seat.commissions]
    if set(claimed) & set(state.commissions) or len(set(claimed)) != len(claimed):
        broken.append("a commission card is claimed twice, or claimed and still in play")
    for index, seat in enumerate(state.seats):
        who = f"seat {index}"
        if any(count < 0 for count in seat.held) or sum(seat.held) > KEEP_LIMIT:
            broken.append(f"{who} holds {seat.held} dice, the limit is {KEEP_LIMIT}")
        if any(not -1 <= colour < 4 for colour in seat.tools):
            broken.append(f"{who}'s tools hold unknown colours: {seat.tools}")
        if any(not 0 <= c < COMMISSION_TOTAL for c in seat.commissions):
            broken.append(f"{who} claimed an unknown commission")
    return tuple(broken)
