"""Workbench's own consistency checks on a position (State.invariants) and its
component totals (State.component_counts)."""

from __future__ import annotations

from .components import COMMISSION_TOTAL, EMPTY, GEMS, LETTERS
from .dice import pool_colour
from .rounds import commissions_in_play
from .state import KEEP_LIMIT, OVER, ROUNDS, WorkbenchState


def invariants(state: WorkbenchState) -> tuple[str, ...]:
    broken: list[str] = []
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


def component_counts(state: WorkbenchState) -> dict[str, int]:
    """Dice of each colour wherever they are, jewel cards and commission cards."""
    dice = list(state.reserve)
    for c in range(4):
        base = c * 6
        dice[c] += sum(state.tray[base : base + 6]) + sum(state.extra[base : base + 6])
        dice[c] += state.pending[c]
    for code in state.pool:
        dice[pool_colour(code)] += 1
    for seat in state.seats:
        for c in range(4):
            dice[c] += seat.held[c]
        for colour in seat.tools:
            if colour >= 0:
                dice[colour] += 1
    for card, missing, strays in zip(state.showcase, state.missing, state.strays, strict=True):
        if card >= 0:
            for c in range(4):
                dice[c] += GEMS[card][c] - missing[c]
            for gem, die in strays:
                dice[gem] -= 1
                dice[die] += 1
    counts = {f"{LETTERS[c]} dice": dice[c] for c in range(4)}
    counts["jewel cards"] = (
        len(state.deck)
        + sum(1 for card in state.showcase if card != -1)
        + sum(len(seat.finished) for seat in state.seats)
    )
    counts["commission cards"] = (
        len(state.commissions)
        + sum(len(seat.commissions) for seat in state.seats)
        + COMMISSION_TOTAL
        - commissions_in_play(state.variant, state.players)
    )
    return counts
