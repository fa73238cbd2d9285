"""Jewel Box's learned value: the terms, the table file, and the fitting tool."""

from __future__ import annotations

import json
import random

import pytest

from gemtable.ai.heuristics import heuristic_for
from gemtable.ai.heuristics.jewelbox import JewelBoxHeuristic
from gemtable.ai.heuristics.jewelbox_fit import fit_row, play_samples, solve
from gemtable.ai.heuristics.jewelbox_terms import INDEX, TERMS
from gemtable.ai.heuristics.jewelbox_value import (
    TABLE_FILE,
    TableError,
    learned_rows,
    parse_table,
)
from gemtable.ai.match import bot_seed, play_match
from gemtable.ai.simple import GreedyBot
from gemtable.engine import registry

HAND = JewelBoxHeuristic(table={})
LEARNED = JewelBoxHeuristic()
LEARNED.learned = True


def states_of(players: int, seed: int):
    result = play_match("jewelbox", ["greedy"] * players, seed=seed)
    state = registry.get("jewelbox").new(players, seed)
    out = []
    for action in result.actions:
        state = state.apply(action)
        out.append(state)
    return out


def test_the_shipped_table_fits_the_terms_and_covers_both_box_sizes():
    rows = learned_rows()
    assert set(rows) == {4, 5}
    for size, by_count in rows.items():
        assert by_count, size
        assert all(0 < count < size * size for count in by_count)
    data = json.loads(TABLE_FILE.read_text(encoding="utf-8"))
    assert data["terms"] == list(TERMS)
    assert set(data["made_by"]) == {"4", "5"}


@pytest.mark.parametrize("players", [1, 2])
def test_the_learned_value_is_a_weighted_sum_of_the_terms(players):
    shipped = LEARNED
    rows = learned_rows()
    used = 0
    for state in states_of(players, seed=3)[::5]:
        supply = shipped.supply(state)
        for box in state.seats:
            terms = shipped.terms(state.geometry, box, supply)
            row = rows[state.size].get(box.beetles, HAND.hand_row)
            used += box.beetles in rows[state.size]
            expected = sum(w * t for w, t in zip(row, terms, strict=True))
            value = shipped.box_value(state.geometry, box.masks, box.tools, supply)
            assert value == pytest.approx(expected)
    assert used


def test_switched_off_it_is_the_hand_set_value():
    shipped = heuristic_for("jewelbox")
    assert isinstance(shipped, JewelBoxHeuristic) and not shipped.learned
    states = states_of(1, seed=4)[::4]
    for state in states:
        assert shipped.values(state) == HAND.values(state)
    assert sum(LEARNED.values(s) != HAND.values(s) for s in states) > len(states) // 2


def test_a_full_box_is_worth_its_score_with_the_learned_value():
    final = states_of(2, seed=5)[-1]
    assert LEARNED.values(final) == pytest.approx(final.scores())


def test_a_table_for_other_terms_or_with_bad_rows_is_refused():
    good = {"terms": list(TERMS), "sizes": {"5": {"3": [0.0] * len(TERMS)}}}
    assert parse_table(good)[5][3] == (0.0,) * len(TERMS)
    with pytest.raises(TableError, match="other terms"):
        parse_table({**good, "terms": list(TERMS)[:-1]})
    with pytest.raises(TableError, match="numbers"):
        parse_table({**good, "sizes": {"5": {"3": [0.0]}}})
    with pytest.raises(TableError, match="no such partial count"):
        parse_table({**good, "sizes": {"4": {"16": [0.0] * len(TERMS)}}})


def test_solve_finds_the_solution_of_a_small_system():
    assert solve([[2.0, 1.0], [1.0, 3.0]], [3.0, 5.0]) == pytest.approx([0.8, 1.4])
    with pytest.raises(ValueError, match="singular"):
        solve([[1.0, 2.0], [2.0, 4.0]], [1.0, 2.0])


def test_fitting_recovers_weights_and_keeps_the_hand_set_mean():
    """Scores made from known weights are fitted back when the pull towards the
    prior is weak; the constant then keeps the prior's mean value."""
    rng = random.Random(2)
    truth = [rng.uniform(0.0, 2.0) for _ in TERMS]
    prior = tuple(1.0 for _ in TERMS)
    samples = []
    for _ in range(400):
        terms = [rng.uniform(0.0, 5.0) for _ in TERMS]
        terms[INDEX["constant"]] = 1.0
        samples.append((terms, sum(w * t for w, t in zip(truth, terms, strict=True))))
    row = fit_row(samples, prior, ridge=1e-6)
    constant = INDEX["constant"]
    for i in range(len(TERMS)):
        if i != constant:
            assert row[i] == pytest.approx(truth[i], abs=1e-3)
    mean = sum(sum(w * t for w, t in zip(row, terms, strict=True)) for terms, _ in samples)
    prior_mean = sum(sum(terms) for terms, _ in samples)
    assert mean == pytest.approx(prior_mean, rel=1e-4)
    assert fit_row(samples, prior, ridge=1e9)[:constant] == pytest.approx(prior[:constant], abs=1e-3)


@pytest.mark.parametrize(("size", "players"), [(5, 1), (4, 2)])
def test_samples_are_every_box_at_the_start_of_its_turns_with_its_final_score(size, players):
    samples = play_samples(size, None, seed=7)
    bots = [GreedyBot(HAND, seed=bot_seed(7, i)) for i in range(players)]
    final = play_match("jewelbox", bots, seed=7).final
    scores = {float(s) for s in final.scores()}
    counts = [count for count, _, _ in samples]
    assert {score for _, _, score in samples} <= scores
    assert len(samples) == players * (size * size - 1)
    assert set(counts) == set(range(1, size * size))
    assert all(len(terms) == len(TERMS) for _, terms, _ in samples)
