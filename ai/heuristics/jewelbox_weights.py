"""Are Jewel Box's hand-set weights where solo greedy wants them? A measurement.

A coordinate search over `Weights`: each weight in turn is moved up and down
by a step, every candidate plays greedy solo games on the same seeds (so the
deals and dice match), and a move that raises the mean score is kept; the
step halves after each sweep. Then the default and the tuned weights both
play a second, fresh set of seeds, which says whether the gain was real or
fitted to the first seeds' luck.

    python -m gemtable.ai.heuristics.jewelbox_weights --seeds 200 --sweeps 2 --workers 2
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor

import attrs

from ..match import bot_seed, play_match
from ..simple import GreedyBot
from .jewelbox import JewelBoxHeuristic, Weights

TRAIN_FIRST = 1000
CHECK_FIRST = 5000
"""Seeds of the tuning games and of the fresh games that check the result."""


def solo_score(weights: dict[str, float], seed: int) -> int:
    bot = GreedyBot(JewelBoxHeuristic(Weights(**weights)), seed=bot_seed(seed, 0))
    return play_match("jewelbox", [bot], seed=seed).final.scores()[0]


def mean_score(pool: ProcessPoolExecutor, weights: dict[str, float], seeds: range) -> float:
    scores = list(pool.map(solo_score, [weights] * len(seeds), seeds, chunksize=10))
    return sum(scores) / len(scores)


def tune(pool: ProcessPoolExecutor, seeds: range, sweeps: int, step: float = 0.3,
         say: Callable[[str], object] = print) -> tuple[dict[str, float], float, float]:
    """(tuned weights, default's mean, tuned mean) on `seeds`."""
    weights = attrs.asdict(Weights())
    start = best = mean_score(pool, weights, seeds)
    say(f"default: {best:.2f}")
    for sweep in range(sweeps):
        for name in list(weights):
            for factor in (1 + step, 1 - step):
                candidate = dict(weights)
                candidate[name] = round(weights[name] * factor if weights[name] else step, 3)
                score = mean_score(pool, candidate, seeds)
                say(f"sweep {sweep + 1}: {name} {candidate[name]} -> {score:.2f}")
                if score > best:
                    best, weights = score, candidate
                    break
        step /= 2
    return weights, start, best


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gemtable.ai.heuristics.jewelbox_weights")
    parser.add_argument("--seeds", type=int, default=200, help="games per candidate")
    parser.add_argument("--sweeps", type=int, default=2)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    train = range(TRAIN_FIRST, TRAIN_FIRST + args.seeds)
    check = range(CHECK_FIRST, CHECK_FIRST + args.seeds)
    with ProcessPoolExecutor(args.workers) as pool:
        tuned, default_train, tuned_train = tune(pool, train, args.sweeps)
        default_check = mean_score(pool, attrs.asdict(Weights()), check)
        tuned_check = mean_score(pool, tuned, check)
    print(json.dumps({"tuned": tuned, "tuning seeds": [default_train, tuned_train],
                      "fresh seeds": [default_check, tuned_check]}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
