"""Scores: points gained in play plus the end-of-game bonuses.

`best_sets` is the public scoring function of the set bonuses (usable on its
own): given a victory pile of relics and tiles (and optionally a secret
objective with what it needs), it finds the assignment of wild relics and
wild tiles that scores most, as ruling 15 asks.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import product

import attrs

from gemtable.engine.core import ScoreLine

from .components import (
    GEM_LETTERS,
    GEM_NAMES,
    IRIDIA,
    JEWELRY,
    LORE,
    OBJECTIVES,
    RELIC_TYPES,
    RELICS,
    TECH,
    TILES,
    TOKENS,
    WILD_RELIC,
)
from .state import IridesciaState

RELIC_SETS = (("Jewelry, Tech and Lore", 5), ("three Jewelry", 5), ("three Tech", 7),
              ("three Lore", 9))
TILE_SETS = ((7, 12), (5, 7), (3, 3))
"""Tile sets: exactly this many tiles of one gem, for these points."""
OBJECTIVE_TILES = 4
SOLO_SEATS = 2
"""One person and the Rhom."""
TYPE_LETTERS = "JTL"


@cache
def tile_points(n: int) -> tuple[int, tuple[int, ...]]:
    """Best points from `n` tiles of one gem, and the set sizes used."""
    best: tuple[int, tuple[int, ...]] = (0, ())
    for size, points in TILE_SETS:
        if n >= size:
            rest, sizes = tile_points(n - size)
            if rest + points > best[0]:
                best = (rest + points, (size,) + sizes)
    return best


@cache
def relic_points(j: int, t: int, lore: int) -> tuple[int, tuple[int, ...]]:
    """Best relic-set points from counts of each type, and the sets (indexes of RELIC_SETS)."""
    best: tuple[int, tuple[int, ...]] = (0, ())
    for mixed in range(min(j, t, lore) + 1):
        sets = (0,) * mixed + (1,) * ((j - mixed) // 3) + (2,) * ((t - mixed) // 3) \
            + (3,) * ((lore - mixed) // 3)
        points = sum(RELIC_SETS[s][1] for s in sets)
        if points > best[0]:
            best = (points, sets)
    return best


@cache
def _compositions(total: int, parts: int) -> tuple[tuple[int, ...], ...]:
    return tuple(c for c in product(range(total + 1), repeat=parts) if sum(c) == total)


@attrs.frozen
class SetScore:
    points: int
    """Relic sets + tile sets + objective."""
    relic_sets: tuple[int, ...]
    """Indexes into RELIC_SETS of the relic sets formed."""
    relic_as: tuple[int, ...]
    """For each wild relic (in pile order), the type it stands for (0 J, 1 T, 2 L)."""
    tile_sets: tuple[tuple[int, int], ...]
    """(gem, size) of each tile set formed."""
    tile_as: tuple[int, ...]
    """For each wild tile (in pile order), the gem it stands for."""
    objective: int
    """The objective scored (-1 none) and..."""
    objective_points: int


@attrs.frozen
class Context:
    """What an objective needs besides the pile: cargo, coins and the rivals' relics."""

    gems: int = 0
    coins: int = 0
    rival_relics: tuple[tuple[int, ...], ...] = ()


def _objective_met(objective: int, counts: tuple[int, int, int], tile_counts: Sequence[int],
                   wild_relics: int, relics: Sequence[int], context: Context) -> bool:
    o = OBJECTIVES[objective]
    if o.kind == "lead_most":
        gem = GEM_LETTERS.index(o.param)
        mine = sum(1 for r in relics if RELICS[r].lead == gem) + wild_relics
        rivals = max((sum(1 for r in rel if RELICS[r].lead == gem) for rel in context.rival_relics),
                     default=0)
        return mine >= 1 and mine >= rivals
    if o.kind == "type_most":
        kind = TYPE_LETTERS.index(o.param)
        mine = counts[kind]
        rivals = max((sum(1 for r in rel if RELICS[r].type == kind) for rel in context.rival_relics),
                     default=0)
        return mine >= 1 and mine >= rivals
    if o.kind == "each_type":
        return min(counts) >= 1
    if o.kind == "tiles_of":
        return tile_counts[GEM_LETTERS.index(o.param)] >= OBJECTIVE_TILES
    if o.kind == "each_gem_tile":
        return min(tile_counts) >= 1
    if o.kind == "gems_held":
        return context.gems >= int(o.param)
    if o.kind == "coins_held":
        return context.coins >= int(o.param)
    raise AssertionError(o.kind)


def best_sets(relics: Sequence[int], tiles: Sequence[int], objectives: Sequence[int] = (),
              context: Context | None = None) -> SetScore:
    """The best scoring of relic sets, tile sets and one of `objectives` together."""
    context = context or Context()
    base = [0, 0, 0]
    wild_relics = 0
    for r in relics:
        kind = RELICS[r].type
        if kind == WILD_RELIC:
            wild_relics += 1
        else:
            base[kind] += 1
    gem_counts = [0, 0, 0, 0]
    wild_tiles = 0
    for t in tiles:
        gem = TILES[t].gem
        if gem < 4:
            gem_counts[gem] += 1
        else:
            wild_tiles += 1
    best: SetScore | None = None
    for objective in tuple(objectives) or (-1,):
        for r_as in _compositions(wild_relics, 3):
            counts = (base[0] + r_as[0], base[1] + r_as[1], base[2] + r_as[2])
            r_points, r_sets = relic_points(*counts)
            for t_as in _compositions(wild_tiles, 4):
                t_counts = [gem_counts[g] + t_as[g] for g in range(4)]
                t_sets = tuple((g, size) for g in range(4) for size in tile_points(t_counts[g])[1])
                t_points = sum(tile_points(n)[0] for n in t_counts)
                o_points = 0
                if objective >= 0 and _objective_met(objective, counts, t_counts, wild_relics,
                                                     relics, context):
                    o_points = OBJECTIVES[objective].points
                total = r_points + t_points + o_points
                if best is None or total > best.points:
                    best = SetScore(total, r_sets, _expand(r_as), t_sets, _expand(t_as),
                                    objective if o_points else -1, o_points)
    assert best is not None
    return best


def _expand(counts: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(i for i, n in enumerate(counts) for _ in range(n))


OBJECTIVE_KINDS = tuple(o.kind for o in OBJECTIVES)


def seat_sets(state: IridesciaState, seat: int) -> SetScore:
    """`best_sets` of a seat's pile with its objectives and what they read.

    Each objective is scored on its own (and cached so): the best over them
    all is the first that scores most, which is what `best_sets` finds with
    them together. Sampled positions give rivals new pairs of objectives at
    every search iteration, but the single objectives recur."""
    me = state.seats[seat]
    relics, pile = me.relics, me.pile
    best: SetScore | None = None
    for objective in me.objectives:
        if objective < 0:
            continue  # hidden in a view
        kind = OBJECTIVE_KINDS[objective]
        # Only what this objective reads goes into the key.
        gems = sum(me.cargo) if kind == "gems_held" else 0
        coins = me.coins if kind == "coins_held" else 0
        rivals: tuple[tuple[int, ...], ...] = ()
        if kind == "lead_most" or kind == "type_most":
            rivals = tuple(s.relics for i, s in enumerate(state.seats) if i != seat)
        score = _cached_sets(relics, pile, objective, gems, coins, rivals)
        if best is None or score.points > best.points:
            best = score
    if best is None:
        return _cached_sets(relics, pile, -1, 0, 0, ())
    return best


@lru_cache(maxsize=1 << 15)
def _cached_sets(relics: tuple[int, ...], pile: tuple[int, ...], objective: int, gems: int,
                 coins: int, rivals: tuple[tuple[int, ...], ...]) -> SetScore:
    # Piles change once a turn but scores are asked for at every step (bots).
    if objective < 0:
        return best_sets(relics, pile)
    return best_sets(relics, pile, (objective,), Context(gems, coins, rivals))


def total(state: IridesciaState, seat: int) -> int:
    me = state.seats[seat]
    return me.royalty + sum(me.cargo) // 2 + seat_sets(state, seat).points


def scores(state: IridesciaState) -> tuple[int, ...]:
    return tuple(total(state, seat) for seat in range(state.players))


def ranking(state: IridesciaState) -> tuple[int, ...]:
    """Most points; ties by the Iridia Stone, then Throne, Scepter, Banner, for
    every seat (ruling 22). Only in solo is a tie on points the Rhom's (ruling 18)."""
    solo = state.rhom >= 0 and state.players == SOLO_SEATS
    keys = []
    for i, s in enumerate(state.seats):
        tokens = tuple(s.token == t for t in range(len(TOKENS)))
        keys.append((total(state, i), solo and i == state.rhom, s.iridia) + tokens)
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


def score_breakdown(state: IridesciaState, seat: int) -> tuple[ScoreLine, ...]:
    me = state.seats[seat]
    sets = seat_sets(state, seat)
    relic_pts = sum(RELICS[r].points for r in me.relics)
    token_pts = TOKENS[me.token][1] if me.token >= 0 else 0
    lines = [ScoreLine("Relics restored", relic_pts)]
    if me.token >= 0:
        lines.append(ScoreLine(f"{TOKENS[me.token][0]} token", token_pts))
    lines.append(ScoreLine("Tile bonuses and other play points" if seat != state.rhom
                           else "Rhom points from tiles, items and spare gems",
                           me.royalty - relic_pts - token_pts))
    lines.append(ScoreLine("Gems left (1 per 2)", sum(me.cargo) // 2))
    wild_relics = [r for r in me.relics if RELICS[r].type == WILD_RELIC]
    for r, kind in zip(wild_relics, sets.relic_as, strict=True):
        lines.append(ScoreLine(f"{RELICS[r].name} counts as {RELIC_TYPES[kind]}", 0))
    for s in sets.relic_sets:
        lines.append(ScoreLine(f"Relic set: {RELIC_SETS[s][0]}", RELIC_SETS[s][1]))
    wild_tiles = [t for t in me.pile if TILES[t].gem >= 4]
    for t, gem in zip(wild_tiles, sets.tile_as, strict=True):
        what = "Iridia Stone tile" if TILES[t].gem == IRIDIA else "Rainbow tile"
        lines.append(ScoreLine(f"{what} counts as {GEM_NAMES[gem]}", 0))
    for gem, size in sets.tile_sets:
        lines.append(ScoreLine(f"Tile set: {size} {GEM_NAMES[gem]}", dict(TILE_SETS)[size]))
    if sets.objective >= 0:
        lines.append(ScoreLine(f"Objective: {OBJECTIVES[sets.objective].name}",
                               sets.objective_points))
    lines.append(ScoreLine("Total", total(state, seat)))
    return tuple(lines)


__all__ = ["Context", "SetScore", "best_sets", "JEWELRY", "LORE", "TECH", "ranking",
           "score_breakdown", "scores", "tile_points", "total"]
