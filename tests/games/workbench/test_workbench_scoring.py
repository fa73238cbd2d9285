"""Workbench scoring: the collection optimiser against brute force, the
rulebook's 50-point example, commissions and the tie-breaks."""

from __future__ import annotations

import random

from workbench_positions import card, making, seat

from gemtable.engine.games.workbench import components, scoring
from gemtable.engine.games.workbench.scoring import (
    COLLECTION_POINTS,
    best_split,
    is_collection,
    splits,
)


def codes(*names: str) -> tuple[int, ...]:
    return tuple(sorted(card(name) for name in names))


def partitions(items: list[int]):
    """Every set partition of `items` (Bell-many)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for smaller in partitions(rest):
        yield [[first], *smaller]
        for index in range(len(smaller)):
            yield smaller[:index] + [[first, *smaller[index]]] + smaller[index + 1 :]


def brute_force(cards_: tuple[int, ...]) -> tuple[int, int]:
    """Best (points, longest) over every partition whose blocks are singletons or collections."""
    best = (0, 0)
    for partition in partitions(list(cards_)):
        points = longest = 0
        for block in partition:
            if len(block) == 1:
                continue
            if not is_collection(tuple(block)):
                break
            points += COLLECTION_POINTS[len(block)]
            longest = max(longest, len(block))
        else:
            best = max(best, (points, longest))
    return best


# --- the collection rule ------------------------------------------------------------


def test_a_collection_needs_one_metal_different_pieces_and_a_shared_colour():
    assert is_collection(codes("RR1", "RE2"))            # RG + RGG share ruby and emerald
    assert not is_collection(codes("RR1", "RR3"))        # two rings
    assert not is_collection(codes("RR1", "YE3"))        # rose and yellow gold
    assert not is_collection(codes("RR2", "RE1"))        # YY and RB share nothing
    assert is_collection(codes("RR1", "RE2", "RB4", "RP4"))  # all four hold ruby
    assert not is_collection(codes("RR1",))


def test_best_split_prefers_one_four_card_collection_to_two_pairs():
    # 8 points for the four together beats 2 + 2 for two pairs.
    points, longest, collections = best_split(codes("RR1", "RE2", "RB4", "RP4"))
    assert (points, longest) == (8, 4) and len(collections) == 1


def test_best_split_finds_two_collections_where_one_greedy_choice_blocks_them():
    # Taking the first trio found (WR3+WB1+WP1 on ruby) would strand the
    # emerald cards; the exhaustive search weighs every disjoint choice.
    chosen = codes("WR3", "WE3", "WB1", "WP1", "WE4", "WP2")
    points, longest, collections = best_split(chosen)
    assert (points, longest) == brute_force(chosen) == (10, 4)
    assert sorted(map(len, collections)) == [2, 4]


def test_best_split_matches_brute_force_on_hand_built_sets():
    hand_built = [
        ("RR1", "RE2", "RP4", "RE4", "RB3"),
        ("YR1", "YR2", "YE3", "YE4", "YB1", "YP1", "YP4"),
        ("WR1", "WR3", "WE2", "WE3", "WB3", "WB4", "WP2", "WP3"),
        ("RR2", "RE1", "RB2", "RP1"),
        ("RR3", "RR4", "RE2", "RE3", "RB4", "RP2", "RP4"),
    ]
    for names in hand_built:
        chosen = codes(*names)
        assert best_split(chosen)[:2] == brute_force(chosen), names


def test_best_split_matches_brute_force_on_random_sets():
    rng = random.Random(5)
    for _ in range(150):
        metal = rng.randrange(3)
        pool = [c for c in range(components.CARD_COUNT) if components.METAL[c] == metal]
        chosen = tuple(sorted(rng.sample(pool, rng.randint(2, 8))))
        points, longest, collections = best_split(chosen)
        assert (points, longest) == brute_force(chosen), chosen
        assert sum(COLLECTION_POINTS[len(c)] for c in collections) == points
        used = [c for collection in collections for c in collection]
        assert len(used) == len(set(used)) and all(is_collection(c) for c in collections)


# --- the rulebook's example --------------------------------------------------------------

EXAMPLE = ("YB1", "YR1", "WR3", "WE2", "WP2", "RR1", "RE2", "RP4", "RE4", "RB3")
"""Carlos's finished jewels in the rulebook's scoring example, built from our deck."""


def test_the_rulebooks_fifty_point_example():
    carlos = seat(finished=EXAMPLE, commissions=("emeralds",))
    state = making(carlos, seat("R"), showcase=("WB1", "WB2", "YP1", "YP2", "RP1"))
    assert sum(components.SIZE[c] for c in carlos.finished) == 33
    assert sum(components.GEMS[c][3] for c in carlos.finished) >= 7, "seven emeralds or more"
    rose, yellow, white = splits(carlos.finished)
    assert yellow[0] == 2 and white[0] == 4 and rose[0] == 4 + 2
    assert sorted(len(c) for c in rose[2]) == [2, 3]
    assert scoring.total(state, 0) == 33 + 2 + 4 + 4 + 2 + 5 == 50
    lines = {line.label: line.value for line in state.score_breakdown(0)}
    assert lines == {
        "Gems on finished jewels (10)": 33,
        "Rose gold collections (2)": 6,
        "Yellow gold collections (1)": 2,
        "White gold collections (1)": 4,
        "Commissions (1)": 5,
        "Longest collection": 3,
    }
    assert sum(lines.values()) - 3 == scoring.total(state, 0)


def test_every_seat_gets_the_same_breakdown_rows():
    """The end screen lines seats up row by row: labels differ only in their counts."""
    state = making(seat(finished=EXAMPLE, commissions=("emeralds",)), seat("R"),
                   showcase=("WB1", "WB2", "YP1", "YP2", "RP1"))
    rows = [[line.label.split(" (")[0] for line in state.score_breakdown(s)] for s in (0, 1)]
    assert rows[0] == rows[1]
    assert [line.value for line in state.score_breakdown(1)] == [0, 0, 0, 0, 0, 0]


# --- results and tie-breaks ------------------------------------------------------------------


SHOWCASE = ("WB2", "YP2", "RP1", "RB2", "YB2", "WE1")
B_TRIO = ("RR1", "RE2", "RP4")            # 10 gems + a trio (4) = 14, longest 3
C_PAIRS = ("YR1", "YE3", "WR2", "WB1")    # 10 gems + two pairs (2 + 2) = 14, longest 2
D_TRIO = ("YR1", "YE3", "YP1", "WR1")     # 10 gems + a trio (4) = 14, longest 3


def test_a_commission_breaks_an_equal_score_before_the_longest_collection():
    a = seat(finished=("WR2", "YE1", "WB1"), commissions=("rubies",))  # 7 + pair 2 + 5 = 14
    state = making(a, seat(finished=B_TRIO), seat("R"), showcase=SHOWCASE)
    assert state.scores() == (14, 14, 0)
    assert state.ranking() == (1, 2, 3) and state.winners() == (0,)


def test_then_the_longest_collection_and_then_the_win_is_shared():
    state = making(seat(finished=B_TRIO), seat(finished=C_PAIRS), seat(finished=D_TRIO),
                   seat("R"), showcase=SHOWCASE + ("WB3",))
    assert state.scores() == (14, 14, 14, 0)
    assert state.ranking() == (1, 3, 1, 4)
    assert state.winners() == (0, 2)
    assert state.outcome() == (0.5, 0.0, 0.5, 0.0)
