"""Secret objectives judged from a seat's view (objectives.py): met or not so
far, how far along in words, never from anything the seat cannot see, and at
the end exactly what the final scorer counts."""

from __future__ import annotations

import random

import attrs
import pytest

from gemtable.engine import CHANCE, registry
from gemtable.engine.games.iridescia import scoring
from gemtable.engine.games.iridescia.components import OBJECTIVES, RELICS, TILES
from gemtable.engine.games.iridescia.objectives import progress, seat_progress
from gemtable.engine.games.iridescia.state import IridesciaState

GAME = registry.get("iridescia")
A, C, E, S, RAINBOW = range(5)
JEWELRY, TECH, LORE, WILD = range(4)


def objective(name: str) -> int:
    return next(o.id for o in OBJECTIVES if o.name == name)


def tiles(gem: int, n: int) -> tuple[int, ...]:
    return tuple(t.id for t in TILES if t.gem == gem)[:n]


def relics(kind: int, n: int, lead: int | None = None) -> tuple[int, ...]:
    found = tuple(r.id for r in RELICS if r.type == kind and (lead is None or r.lead == lead))
    assert len(found) >= n
    return found[:n]


def table(me: dict, rival: dict | None = None) -> IridesciaState:
    """A 2-seat game with seat 0's (and seat 1's) cards as given."""
    state = GAME.new(2, seed=1)
    seats = list(state.seats)
    seats[0] = attrs.evolve(seats[0], **me)
    if rival:
        seats[1] = attrs.evolve(seats[1], **rival)
    return attrs.evolve(state, seats=tuple(seats))


def judged(name: str, me: dict, rival: dict | None = None):
    o = objective(name)
    return progress(table({"objectives": (o,), **me}, rival), 0, o)


def test_four_tiles_of_a_gem_count_a_rainbow_as_that_gem():
    three = judged("Amethyst Seams", {"pile": tiles(A, 3)})
    assert not three.met and three.status == "3 amethyst tiles; 4 needed"
    four = judged("Amethyst Seams", {"pile": tiles(A, 3) + tiles(RAINBOW, 1)})
    assert four.met and four.status == "4 amethyst tiles; 4 needed"


def test_most_relics_of_a_lead_gem_counts_your_wild_relics_not_the_rivals():
    one_led = relics(JEWELRY, 1, lead=A)
    two_led = relics(JEWELRY, 2, lead=A)
    behind = judged("Amethyst Curator", {"relics": one_led}, {"relics": two_led})
    assert not behind.met
    assert behind.status == "you 1 amethyst-led relic, the best rival 2"
    level = judged("Amethyst Curator", {"relics": one_led + relics(WILD, 1)},
                   {"relics": two_led})
    assert level.met, "a tie is enough"
    rival_wild = judged("Amethyst Curator", {"relics": one_led},
                        {"relics": relics(WILD, 3)})
    assert rival_wild.met and rival_wild.status.endswith("the best rival 0")


def test_most_of_a_relic_type_and_one_of_each_type():
    mine = relics(TECH, 1) + relics(WILD, 1)
    tinkerer = judged("Master Tinkerer", {"relics": mine}, {"relics": relics(TECH, 2)})
    assert tinkerer.met and tinkerer.status == "you 2 Tech relics, the best rival 2"
    none = judged("Master Tinkerer", {"relics": ()})
    assert not none.met, "at least one is needed"
    gap = judged("Antiquarian", {"relics": relics(JEWELRY, 1) + relics(LORE, 1)})
    assert not gap.met and gap.status == "Jewelry 1, Tech 0, Lore 1"
    filled = judged("Antiquarian", {"relics": relics(JEWELRY, 1) + relics(LORE, 1) +
                                    relics(WILD, 1)})
    assert filled.met and filled.status == "Jewelry 1, Tech 1, Lore 1"


def test_holdings_and_a_tile_of_each_gem():
    assert not judged("Treasurer", {"coins": 11}).met
    assert judged("Treasurer", {"coins": 12}).status == "12 coins; 12 needed"
    assert judged("Full Hold", {"cargo": (2, 2, 1, 1)}).met
    assert not judged("Full Hold", {"cargo": (2, 2, 1, 0)}).met
    walker = judged("Prism Walker", {"pile": tiles(A, 1) + tiles(C, 1) + tiles(E, 1)})
    assert not walker.met and walker.status == "tiles of 3 of the 4 gems"
    assert judged("Prism Walker", {"pile": tiles(A, 1) + tiles(C, 1) + tiles(E, 1) +
                                   tiles(RAINBOW, 1)}).met


def test_the_verdict_is_the_scorers_when_a_wild_serves_the_sets_better():
    # T T T L L + one wild: the wild as Lore completes three Lore (9), worth more than
    # Court Jeweller (4) would be with it as Jewelry, so the objective is not met and the
    # words count the wild where the scorer put it.
    mine = relics(TECH, 3) + relics(LORE, 2) + relics(WILD, 1)
    jeweller = judged("Court Jeweller", {"relics": mine})
    assert not jeweller.met and jeweller.status == "you 0 Jewelry relics, the best rival 0"


def test_a_view_judges_its_own_seat_as_the_whole_table_does_and_no_other():
    state = GAME.new(3, seed=7)
    for seat in range(3):
        assert seat_progress(state.view(seat), seat) == seat_progress(state, seat)
        assert len(seat_progress(state, seat)) == 2
        for other in range(3):
            if other != seat:
                assert seat_progress(state.view(seat), other) == (), "hidden objectives"


def _random_game(players: int, seed: int) -> IridesciaState:
    rng = random.Random(seed)
    state = GAME.new(players, seed=seed)
    while not state.is_over:
        if state.to_move is CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state = state.apply(legal[int(rng.random() * len(legal))])
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_at_the_end_met_is_exactly_what_the_final_score_counts(players):
    verdicts = []
    for seed in range(30):
        final = _random_game(players, 1000 * players + seed)
        for seat in range(players):
            judged_now = seat_progress(final.view(seat), seat)
            assert len(judged_now) == 1, "one objective is kept past the Forest"
            (kept,) = judged_now
            counted = scoring.seat_sets(final, seat)
            assert kept.met == (counted.objective == kept.objective)
            lines = {line.label: line.value for line in final.score_breakdown(seat)}
            name = f"Objective: {OBJECTIVES[kept.objective].name}"
            assert (name in lines) == kept.met
            verdicts.append(kept.met)
    assert True in verdicts and False in verdicts, "both verdicts are exercised"
