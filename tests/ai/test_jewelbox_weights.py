"""The Jewel Box weight search measures greedy exactly as it plays."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import attrs

from gemtable.ai.heuristics import jewelbox_weights
from gemtable.ai.heuristics.jewelbox import Weights
from gemtable.ai.match import play_match


def test_default_weights_score_what_greedy_scores():
    default = attrs.asdict(Weights())
    for seed in (1, 2):
        greedy = play_match("jewelbox", ["greedy"], seed=seed).final.scores()[0]
        assert jewelbox_weights.solo_score(default, seed) == greedy


def test_a_sweep_keeps_only_a_better_candidate():
    said: list[str] = []
    with ProcessPoolExecutor(1) as pool:
        tuned, start, best = jewelbox_weights.tune(pool, range(7, 8), sweeps=1, say=said.append)
        assert best >= start
        assert jewelbox_weights.mean_score(pool, tuned, range(7, 8)) == best
    assert said[0].startswith("default:")
    assert tuned.keys() == attrs.asdict(Weights()).keys()
