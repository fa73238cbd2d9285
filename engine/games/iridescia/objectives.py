"""How a seat stands with its secret objectives, judged from what it may see.

An objective is judged by the final scorer itself (`scoring.best_sets`) on
the position as it is: the seat's own relics, tiles, hold and coins, and the
rivals' restored relics, which lie face up. So "met" here means "would score
if the game ended now", and at the end it is exactly what the score counts.
Wild relics and tiles count as the scorer assigns them, and the counts in
the words follow that same assignment, so the words never contradict the
verdict.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from .components import GEM_LETTERS, GEM_NAMES, OBJECTIVES, RELIC_TYPES, RELICS, TILES, WILD_RELIC
from .scoring import OBJECTIVE_TILES, TYPE_LETTERS, Context, SetScore, best_sets
from .state import IridesciaState


@attrs.frozen
class Progress:
    objective: int
    met: bool
    """The objective would score if the game ended now."""
    status: str
    """How far the seat is, in words ("3 amethyst tiles; 4 needed")."""


def _rival_relics(state: IridesciaState, seat: int) -> tuple[tuple[int, ...], ...]:
    return tuple(s.relics for i, s in enumerate(state.seats) if i != seat)


def progress(state: IridesciaState, seat: int, objective: int) -> Progress:
    """How `seat` stands with `objective`, from anything that shows that seat's
    own cards (its view, or the whole state)."""
    me = state.seats[seat]
    rivals = _rival_relics(state, seat)
    score = best_sets(me.relics, me.pile, (objective,),
                      Context(sum(me.cargo), me.coins, rivals))
    met = score.objective == objective
    return Progress(objective, met, _status(state, seat, objective, score))


def seat_progress(state: IridesciaState, seat: int) -> tuple[Progress, ...]:
    """Each objective the seat holds, as far as `state` shows them: a view of
    another seat shows none, since they are hidden there."""
    return tuple(progress(state, seat, o) for o in state.seats[seat].objectives if o >= 0)


def _relic_counts(relics: tuple[int, ...], score: SetScore) -> list[int]:
    """Relics per type (Jewelry, Tech, Lore), wild ones as the scorer assigned them."""
    counts = [0, 0, 0]
    for r in relics:
        if RELICS[r].type != WILD_RELIC:
            counts[RELICS[r].type] += 1
    for kind in score.relic_as:
        counts[kind] += 1
    return counts


def _tile_counts(pile: tuple[int, ...], score: SetScore) -> list[int]:
    """Tiles per gem, wild ones as the scorer assigned them."""
    counts = [0, 0, 0, 0]
    for t in pile:
        if TILES[t].gem < 4:
            counts[TILES[t].gem] += 1
    for gem in score.tile_as:
        counts[gem] += 1
    return counts


def _best_rival(rivals: tuple[tuple[int, ...], ...], counts: Callable[[int], bool]) -> int:
    """The most relics any rival has restored that `counts` accepts."""
    return max((sum(1 for r in relics if counts(r)) for relics in rivals), default=0)


def _relics(n: int, kind: str) -> str:
    return f"{n} {kind} relic{'s' * (n != 1)}"


def _status(state: IridesciaState, seat: int, objective: int, score: SetScore) -> str:
    o = OBJECTIVES[objective]
    me = state.seats[seat]
    rivals = _rival_relics(state, seat)
    if o.kind == "lead_most":
        gem = GEM_LETTERS.index(o.param)
        mine = sum(1 for r in me.relics if RELICS[r].lead in (gem, -1))
        best = _best_rival(rivals, lambda r: RELICS[r].lead == gem)
        return f"you {_relics(mine, GEM_NAMES[gem] + '-led')}, the best rival {best}"
    if o.kind == "type_most":
        kind = TYPE_LETTERS.index(o.param)
        mine = _relic_counts(me.relics, score)[kind]
        best = _best_rival(rivals, lambda r: RELICS[r].type == kind)
        return f"you {_relics(mine, RELIC_TYPES[kind])}, the best rival {best}"
    if o.kind == "each_type":
        counts = _relic_counts(me.relics, score)
        return ", ".join(f"{RELIC_TYPES[k]} {n}" for k, n in enumerate(counts))
    if o.kind == "tiles_of":
        gem = GEM_LETTERS.index(o.param)
        have = _tile_counts(me.pile, score)[gem]
        return f"{have} {GEM_NAMES[gem]} tiles; {OBJECTIVE_TILES} needed"
    if o.kind == "each_gem_tile":
        have = sum(1 for n in _tile_counts(me.pile, score) if n)
        return f"tiles of {have} of the 4 gems"
    if o.kind == "gems_held":
        return f"{sum(me.cargo)} gems held; {o.param} needed"
    if o.kind == "coins_held":
        return f"{me.coins} coins; {o.param} needed"
    raise AssertionError(o.kind)


__all__ = ["Progress", "progress", "seat_progress"]
