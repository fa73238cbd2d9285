"""Learning the Jewel Box tables by self-play (tools/jewelbox_learn.py):
a step moves a value by exactly its share of the error, a run repeats
exactly, and learning makes the tables predict final scores better."""

from __future__ import annotations

import random

import pytest

import jewelbox_learn as learn
from gemtable.ai.heuristics.jewelbox_tuples import TupleValue, load_weights
from gemtable.ai.heuristics.jewelbox_turn import TurnPlanner, unseen_supply
from gemtable.engine import CHANCE, registry


def test_a_step_follows_the_gradient_of_the_value():
    """Each weight read moves by alpha times the error over the number read,
    once for each time it is read; an empty stretch of the frame reads one
    weight many times, so the value moves by that much more."""
    value = TupleValue(4)
    state = registry.get("jewelbox").new(2, 1)
    rng = random.Random(1)
    while state.seats[0].beetles < 5 or state.current != 1:
        state = state.apply(state.sample_chance(rng) if state.to_move is CHANCE
                            else rng.choice(state.legal_actions()))
    learner = learn.Learner(value, alpha=0.5)
    box = state.seats[0]
    supply = unseen_supply(state)
    before, frame = value.best_frame(box.masks, box.tools, supply)
    learner.afterstate(0, state)
    indices = value.frame_indices(frame, box.tools, supply)
    reads = sum(indices.count(i) ** 2 for i in set(indices))
    assert reads > len(indices)  # some weight is read more than once
    learner._learn(0, before + 10.0)  # a target ten points above the estimate
    after = value.frame_total(frame, box.tools, supply)
    assert after - before == pytest.approx(0.5 * 10.0 * reads / len(indices))


def test_a_full_box_teaches_its_score_and_ends_the_seats_chain():
    value = TupleValue(4)
    learner = learn.Learner(value, alpha=1.0)
    learner.pending[0] = ([0, 1], 3.0)
    learner._learn(0, 7.0)
    assert value.w[0] == pytest.approx(2.0) and value.w[1] == pytest.approx(2.0)
    assert 0 not in learner.pending


def test_a_run_repeats_exactly():
    first, second = TupleValue(4), TupleValue(4)
    assert learn.run(first, 4, 3, 100, 0.5, 0) == learn.run(second, 4, 3, 100, 0.5, 0)
    assert first.w == second.w and any(first.w)


def test_learning_makes_the_tables_predict_final_scores_better():
    """After a few dozen self-play games, the value of the boxes of fresh games
    is nearer their final scores than the points they hold alone."""
    value = TupleValue(4)
    learn.run(value, 4, 60, 0, 0.5, 0)

    def error(tables: TupleValue) -> float:
        total = count = 0.0
        for seed in range(500, 503):
            state = registry.get("jewelbox").new(2, seed)
            rng = random.Random(seed)
            plan = TurnPlanner(value)
            boxes = []
            while not state.is_over:
                if state.to_move is CHANCE:
                    state = state.apply(state.sample_chance(rng))
                    continue
                if state.phase == 0 and state.seats[state.current].beetles:
                    box = state.seats[state.current]
                    boxes.append((state.current, box.masks, box.tools, unseen_supply(state)))
                legal = state.legal_actions()
                state = state.apply(legal[0] if len(legal) == 1 else plan.choose(state))
            for seat, masks, tools, supply in boxes:
                total += abs(tables.value(masks, tools, supply) - state.scores()[seat])
                count += 1
        return total / count

    assert error(value) < 0.6 * error(TupleValue(4))


def test_the_command_saves_its_tables_and_refuses_nonsense(tmp_path, capsys):
    out = tmp_path / "t4.bin"
    assert learn.main(["--size", "4", "--games", "2", "--out", str(out), "--check", "1"]) == 0
    assert "check: 1 fresh games" in capsys.readouterr().out
    assert any(load_weights(out))
    with pytest.raises(SystemExit):
        learn.main(["--size", "4", "--alpha", "-1"])
    assert "cannot be negative" in capsys.readouterr().err
