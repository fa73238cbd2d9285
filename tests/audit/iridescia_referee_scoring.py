"""The Iridescia referee's own final scoring and ranking, from the rulebook's
end of game and the rulings (15, 18, 22): every way of counting the wild relics
and tiles is tried and the best kept; ties go by the Iridia Stone, then the
Throne, Scepter and Banner, except that in solo a tie on points is the Rhom's."""

from __future__ import annotations

from functools import cache
from itertools import product

from iridescia_referee_board import GEMS, OBJECTIVES, RELICS, TILE_GEM

RELIC_KINDS = ("Jewelry", "Tech", "Lore")
TILE_SET_POINTS = {3: 3, 5: 7, 7: 12}


@cache
def tile_points(n: int) -> int:
    """Best points from n tiles of one gem split into sets of exactly 3, 5 or 7."""
    return max([0] + [p + tile_points(n - size) for size, p in TILE_SET_POINTS.items()
                      if n >= size])


@cache
def relic_points(j: int, t: int, lore: int) -> int:
    best = 0
    for mixed in range(min(j, t, lore) + 1):
        best = max(best, 5 * mixed + 5 * ((j - mixed) // 3) + 7 * ((t - mixed) // 3)
                   + 9 * ((lore - mixed) // 3))
    return best


def _met(objective: int, kinds: tuple[int, int, int], gems: tuple[int, ...], wild_relics: int,
         relics: tuple[int, ...], rivals: list[tuple[int, ...]], cargo: int, coins: int) -> bool:
    kind, param, _ = OBJECTIVES[objective]
    if kind == "lead_most":
        gem = param.lower()
        mine = sum(1 for r in relics if RELICS[r].lead == gem) + wild_relics
        best_rival = max((sum(1 for r in rel if RELICS[r].lead == gem) for rel in rivals),
                         default=0)
        return mine >= 1 and mine >= best_rival
    if kind == "type_most":
        which = "JTL".index(param)
        best_rival = max((sum(1 for r in rel if RELICS[r].kind == RELIC_KINDS[which])
                          for rel in rivals), default=0)
        return kinds[which] >= 1 and kinds[which] >= best_rival
    if kind == "each_type":
        return min(kinds) >= 1
    if kind == "tiles_of":
        return gems[GEMS.index(param.lower())] >= 4
    if kind == "each_gem_tile":
        return min(gems) >= 1
    if kind == "gems_held":
        return cargo >= int(param)
    if kind == "coins_held":
        return coins >= int(param)
    raise AssertionError(kind)


def set_and_objective_points(state, seat: int) -> int:  # noqa: ANN001
    me = state.seats[seat]
    printed = [sum(1 for r in me.relics if RELICS[r].kind == k) for k in RELIC_KINDS]
    wild_relics = sum(1 for r in me.relics if RELICS[r].kind == "Iridia")
    gems = [sum(1 for t in me.pile if TILE_GEM[t] == g) for g in GEMS]
    wild_tiles = sum(1 for t in me.pile if TILE_GEM[t] in "ri")
    rivals = [s.relics for i, s in enumerate(state.seats) if i != seat]
    objectives = [o for o in me.objectives if o >= 0] or [None]
    best = 0
    for relic_as in product(range(3), repeat=wild_relics):
        kinds = tuple(printed[k] + relic_as.count(k) for k in range(3))
        for tile_as in product(range(4), repeat=wild_tiles):
            counts = tuple(gems[g] + tile_as.count(g) for g in range(4))
            base = relic_points(*kinds) + sum(tile_points(n) for n in counts)
            for objective in objectives:
                extra = 0
                if objective is not None and _met(objective, kinds, counts, wild_relics,
                                                  me.relics, rivals, sum(me.cargo), me.coins):
                    extra = OBJECTIVES[objective][2]
                best = max(best, base + extra)
    return best


def final_scores(state) -> tuple[int, ...]:  # noqa: ANN001
    return tuple(s.royalty + sum(s.cargo) // 2 + set_and_objective_points(state, i)
                 for i, s in enumerate(state.seats))


def final_ranking(state, scores: tuple[int, ...]) -> tuple[tuple[int, ...], bool]:  # noqa: ANN001
    """Places (1 for the winners), and whether a tie-breaker decided the top place."""
    solo = state.rhom >= 0 and state.players == 2

    def key(i: int) -> tuple:
        s = state.seats[i]
        tokens = tuple(s.token == t for t in range(3))
        return (scores[i], solo and i == state.rhom, s.iridia) + tokens

    keys = [key(i) for i in range(state.players)]
    places = tuple(1 + sum(1 for other in keys if other > k) for k in keys)
    top = max(scores)
    broke = sum(1 for s in scores if s == top) > 1 and places.count(1) < scores.count(top)
    return places, broke
