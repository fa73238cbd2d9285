"""The game's own consistency checks and its component counts (what the
generic conservation test sums)."""

from __future__ import annotations

from .board import CELLS, FINISHED
from .components import BARRICADES, CARGO, GEM_NAMES, TOKENS, TOKENS_FOR
from .state import EMPTY, GIVE, OVER, IridesciaState


def component_counts(state: IridesciaState) -> dict[str, int]:
    seats = state.seats
    counts = {
        "tiles": sum(1 for t in state.cells if t != EMPTY) + len(state.box) + len(state.discards)
        + sum(len(s.pile) for s in seats),
        "coins": state.coin_supply + sum(s.coins for s in seats),
        "stone dice": state.stone_supply + state.active + sum(s.stones for s in seats),
        "barricades": state.barricade_supply + len(state.barricades),
        "relics": len(state.relic_deck) + sum(1 for r in state.relic_row if r >= 0)
        + sum(len(s.relics) + len(s.reserved) for s in seats),
        "items": len(state.item_deck) + sum(1 for k in state.market if k >= 0)
        + len(state.item_discard) + len(state.item_box) + sum(len(s.items) for s in seats),
        "objectives": len(state.objective_box)
        + sum(len(s.objectives) + len(s.dropped) for s in seats),
        "rhom cards": len(state.rhom_deck) + len(state.rhom_pile),
        "royalty tokens": len(state.tokens) + sum(1 for s in seats if s.token >= 0)
        + len(TOKENS) - _tokens_in_play(state),
    }
    for g in range(4):
        counts[f"{GEM_NAMES[g]} gems"] = state.gem_supply[g] + sum(s.cargo[g] for s in seats)
    return counts


def _tokens_in_play(state: IridesciaState) -> int:
    return len(TOKENS_FOR[state.players])


def invariants(state: IridesciaState) -> tuple[str, ...]:
    broken = []
    for i, s in enumerate(state.seats):
        if sum(s.cargo) > CARGO and not (state.step == GIVE and state.current == i):
            broken.append(f"seat {i + 1} holds {sum(s.cargo)} gems, more than {CARGO}")
        if min(s.cargo) < 0 or s.coins < 0 or s.stones < 0:
            broken.append(f"seat {i + 1} has a negative count")
        if i != state.rhom and len(set(s.items)) != len(s.items):
            broken.append(f"seat {i + 1} holds two copies of an item")
        if s.position >= CELLS or s.position < FINISHED:
            broken.append(f"seat {i + 1} stands off the board")
    if min(state.gem_supply) < 0 or state.coin_supply < 0 or state.stone_supply < 0:
        broken.append("a supply is negative")
    if any(not 1 <= d <= 6 for d in state.market_dice):
        broken.append("a market die shows no face")
    if state.step == OVER and any(s.position != FINISHED for s in state.seats):
        broken.append("the game ended before every explorer reached the Castle")
    if len(state.barricades) + state.barricade_supply != BARRICADES:
        broken.append("barricades were lost or made")
    return tuple(broken)
