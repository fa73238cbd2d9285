"""Set bonuses and final scores, scored by hand from the rulebook's numbers:
relic sets 5 (one of each), 5 (three Jewelry), 7 (three Tech), 9 (three Lore);
tile sets of exactly 3 / 5 / 7 of one gem for 3 / 7 / 12."""

from __future__ import annotations

import attrs

from gemtable.engine import registry
from gemtable.engine.games.iridescia.components import OBJECTIVES, RELICS, TILES, WILD_RELIC
from gemtable.engine.games.iridescia.scoring import Context, best_sets, tile_points

JEWELRY = [r.id for r in RELICS if r.type == 0]
TECH = [r.id for r in RELICS if r.type == 1]
LORE = [r.id for r in RELICS if r.type == 2]
WILD = [r.id for r in RELICS if r.type == 3]
DESERT_GEM = {g: [t.id for t in TILES if t.region == 0 and t.gem == g] for g in range(5)}
CANYON_GEM = {g: [t.id for t in TILES if t.region == 1 and t.gem == g] for g in range(5)}
A, C, E, S, R = range(5)


def tiles(gem: int, n: int) -> list[int]:
    pool = [t.id for t in TILES if t.gem == gem]
    assert len(pool) >= n
    return pool[:n]


def objective(name: str) -> int:
    return next(o.id for o in OBJECTIVES if o.name == name)


def test_relic_sets_of_one_kind_and_mixed():
    assert best_sets(JEWELRY[:3], []).points == 5
    assert best_sets(TECH[:3], []).points == 7
    assert best_sets(LORE[:3], []).points == 9
    assert best_sets([JEWELRY[0], TECH[0], LORE[0]], []).points == 5
    assert best_sets(JEWELRY[:2] + TECH[:2], []).points == 0


def test_six_relics_two_mixed_sets_beat_three_lore():
    # J J T T L L: two mixed sets (10) beat nothing else; with a wild the best is
    # still 10 (J T L twice), where completing Lore first (9) leaves J J T T idle.
    relics = JEWELRY[:2] + TECH[:2] + LORE[:2]
    assert best_sets(relics, []).points == 10
    with_wild = best_sets(relics + WILD[:1], [])
    assert with_wild.points == 10
    assert sorted(with_wild.relic_sets) == [0, 0]


def test_wild_relics_complete_the_richest_sets():
    # L L + two wilds: three Lore (9) with one wild, the other idle.
    assert best_sets(LORE[:2] + WILD[:2], []).points == 9
    # T T T L L + wild: three Tech (7) + the wild making three Lore (9) = 16.
    score = best_sets(TECH[:3] + LORE[:2] + WILD[:1], [])
    assert score.points == 16 and score.relic_as == (2,)


def test_tile_sets_are_exactly_three_five_or_seven():
    assert [tile_points(n)[0] for n in range(11)] == [0, 0, 0, 3, 3, 7, 7, 12, 12, 12, 15]
    assert best_sets([], tiles(E, 5)).points == 7
    assert best_sets([], tiles(E, 3) + tiles(A, 3)).points == 6


def test_rainbow_spread_beats_piling_on_the_biggest_gem():
    # 3 emerald, 2 amethyst, 2 citrine, 2 rainbows. Putting both rainbows on the
    # emeralds (5: 7 points) scores 7; one each on amethyst and citrine gives three
    # sets of three: 9.
    pile = tiles(E, 3) + tiles(A, 2) + tiles(C, 2) + tiles(R, 2)
    score = best_sets([], pile)
    assert score.points == 9
    assert sorted(score.tile_as) == [A, C]
    assert sorted(score.tile_sets) == [(A, 3), (C, 3), (E, 3)]


def test_iridia_stone_tile_is_wild():
    iridia = [t.id for t in TILES if t.gem == 5]
    assert best_sets([], tiles(S, 6) + iridia).points == 12


def test_objective_uses_the_wild_the_way_sets_do():
    # J J J T + wild with "Loremaster" (most Lore, 5): the wild as Lore makes no
    # set but meets the objective (5 + 5 for JJJ = 10); as Jewelry it would add nothing.
    lore_master = objective("Loremaster")
    score = best_sets(JEWELRY[:3] + TECH[:1] + WILD[:1], [], (lore_master,), Context())
    assert score.points == 10 and score.relic_as == (2,) and score.objective == lore_master


def test_most_objective_counts_ties_but_not_fewer():
    tinkerer = objective("Master Tinkerer")
    rivals = Context(rival_relics=((TECH[0], TECH[1]),))
    assert best_sets(TECH[2:3], [], (tinkerer,), rivals).objective == -1
    assert best_sets(TECH[2:4], [], (tinkerer,), rivals).objective == tinkerer


def test_tile_objective_trades_against_a_set():
    # 3 amethyst + 1 rainbow, "Amethyst Seams" (4 amethyst, 5): the rainbow as
    # amethyst gives the set of three and the objective: 3 + 5.
    seams = objective("Amethyst Seams")
    score = best_sets([], tiles(A, 3) + tiles(R, 1), (seams,))
    assert score.points == 8


def test_final_score_adds_play_points_gems_and_sets():
    state = registry.get("iridescia").new(4, seed=3)
    seat = state.seats[0]
    seat = attrs.evolve(seat, royalty=21, cargo=(2, 1, 1, 1), relics=tuple(TECH[:3]),
                        pile=tuple(tiles(C, 5)), objectives=(objective("Full Hold"),))
    state = attrs.evolve(state, seats=(seat,) + state.seats[1:])
    # 21 in play + 5 gems // 2 = 2 + three Tech 7 + five citrine 7 (Full Hold needs 6: no).
    assert state.scores()[0] == 21 + 2 + 7 + 7
    labels = [line.label for line in state.score_breakdown(0)]
    assert "Relic set: three Tech" in labels and "Tile set: 5 citrine" in labels


def test_a_seats_sets_are_best_sets_of_all_its_objectives_at_once() -> None:
    # seat_sets scores each objective on its own and keeps the first best: that
    # must be what best_sets finds with the objectives and the full context together.
    import random

    from gemtable.engine import CHANCE
    from gemtable.engine.games.iridescia.scoring import seat_sets

    rng = random.Random(5)
    wild_relics = [r for r, relic in enumerate(RELICS) if relic.type == WILD_RELIC]
    wild_tiles = [t for t, tile in enumerate(TILES) if tile.gem >= 4]
    checked = 0
    for players in (2, 3, 4):
        state = registry.get("iridescia").new(players, players)
        while not state.is_over:
            if state.to_move is CHANCE:
                state = state.apply(state.sample_chance(rng))
                continue
            state = state.apply(rng.choice(state.legal_actions()))
            for seat, me in enumerate(state.seats):
                # Every objective pair on piles with wild cards, not only the dealt ones.
                objectives = tuple(rng.sample(range(len(OBJECTIVES)), 2))
                relics = me.relics + tuple(rng.sample(wild_relics, rng.randrange(2)))
                pile = me.pile + tuple(rng.sample(wild_tiles, rng.randrange(2)))
                seats = list(state.seats)
                seats[seat] = attrs.evolve(me, objectives=objectives, relics=relics, pile=pile)
                probe = attrs.evolve(state, seats=tuple(seats))
                rivals = tuple(s.relics for i, s in enumerate(seats) if i != seat)
                context = Context(sum(me.cargo), me.coins, rivals)
                assert seat_sets(probe, seat) == best_sets(relics, pile, objectives, context)
                checked += 1
    assert checked > 300
