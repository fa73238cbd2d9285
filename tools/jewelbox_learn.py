"""Learn the Jewel Box value tables (ai/heuristics/jewelbox_tuples.py) by self-play.

Temporal differences on afterstates: each seat's box, once the turn's
beetle is placed (and the Forceps used or not), is valued by the tables, and
the value of that seat's previous afterstate moves towards it; a full box's
target is its score. Every seat is played by the one-turn planner
(ai/heuristics/jewelbox_turn.py) on the tables being learned, on engine states, so the
games follow the engine's rules exactly. The planner reads no face-down
beetle, only how many of each family are unseen.

Each game is dealt from the run's seed and its number, and its dice come
from a generator seeded the same way, so a run gives the same tables every
time. Solo games teach the 5x5 table, two-player games the 4x4 one.

    python tools/jewelbox_learn.py --size 5 --games 60000 --write
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from gemtable.ai.heuristics.jewelbox_tuples import (
    TupleValue,
    load_weights,
    save_weights,
    weights_path,
)
from gemtable.ai.heuristics.jewelbox_turn import TurnPlanner, unseen_supply
from gemtable.ai.stats import Mean
from gemtable.engine import CHANCE, registry
from gemtable.engine.games.jewelbox.state import DISCARDING, SIZES, JewelBoxState

PUBLISHED_Z = 1.96
"""The z of the checks in docs/performance.md, kept so that they reproduce."""

GAMES = {SIZES[variant]: (players, variant) for players, variant in ((1, "solo"), (2, "standard"))}
"""Box size -> (players, variant) of the games that teach its table."""


class Learner:
    """Moves the tables after each afterstate of each seat."""

    def __init__(self, value: TupleValue, alpha: float) -> None:
        self.value = value
        self.alpha = alpha
        self.pending: dict[int, tuple[list[int], float]] = {}

    def afterstate(self, seat: int, state: JewelBoxState) -> None:
        """`seat`'s box in `state` is an afterstate: learn from it."""
        box = state.seats[seat]
        value = self.value
        if value.full(box.masks):
            self._learn(seat, value.final(box.masks, box.tools))
            return
        supply = unseen_supply(state)
        target, frame = value.best_frame(box.masks, box.tools, supply)
        self._learn(seat, target)
        base = value.layout.points(frame.masks, box.tools)
        self.pending[seat] = (value.frame_indices(frame, box.tools, supply), base)

    def _learn(self, seat: int, target: float) -> None:
        previous = self.pending.pop(seat, None)
        if previous is None or not self.alpha:
            return
        indices, base = previous
        w = self.value.w
        estimate = base + sum(w[i] for i in indices)
        step = self.alpha * (target - estimate) / len(indices)
        for i in indices:
            w[i] += step


def play(value: TupleValue, size: int, seed: int, alpha: float) -> list[int]:
    """One self-play game numbered `seed`, learning with step `alpha` (0:
    just play); returns the final scores."""
    players, variant = GAMES[size]
    state: JewelBoxState = registry.get("jewelbox").new(players, seed, variant)
    rng = random.Random(f"jewelbox-learn:{seed}")
    planner = TurnPlanner(value)
    learner = Learner(value, alpha)
    while not state.is_over:
        if state.to_move is CHANCE:
            state = state.apply(state.sample_chance(rng))
            continue
        seat = state.current
        legal = state.legal_actions()
        action = legal[0] if len(legal) == 1 else planner.choose(state)
        after = state.apply(action)
        if state.phase != DISCARDING and (
                after.is_over or after.current != seat or after.phase == DISCARDING):
            learner.afterstate(seat, after)
        state = after
    return list(state.scores())


def run(value: TupleValue, size: int, games: int, first: int, alpha: float,
        report: int, out: Path | None = None) -> list[int]:
    """Play `games` games from number `first`; every `report` games print the
    mean score and, with `out`, save the tables."""
    scores: list[int] = []
    block: list[int] = []
    started = time.perf_counter()
    for k in range(games):
        result = play(value, size, first + k, alpha)
        scores += result
        block += result
        if report and (k + 1) % report == 0:
            print(f"{k + 1} games: mean {sum(block) / len(block):.2f} "
                  f"({time.perf_counter() - started:.0f} s)", flush=True)
            block = []
            if out is not None:
                save_weights(out, value.w)
    return scores


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python tools/jewelbox_learn.py",
        description="Learn a Jewel Box value table by self-play (TD on afterstates)")
    parser.add_argument("--size", type=int, choices=sorted(GAMES), default=5,
                        help="box size: 5 learns from solo games, 4 from two-player ones")
    parser.add_argument("--games", type=int, default=60_000)
    parser.add_argument("--seed", type=int, default=1, help="games are numbered from seed*10^7")
    parser.add_argument("--alpha", type=float, default=0.5,
                        help="step size, shared among the weights a box reads")
    parser.add_argument("--start", type=Path, help="continue from these tables")
    parser.add_argument("--out", type=Path, help="save the tables here as they learn")
    parser.add_argument("--write", action="store_true",
                        help="save them as the shipped tables (ai/heuristics/)")
    parser.add_argument("--check", type=int, default=0,
                        help="then play this many fresh games without learning")
    parser.add_argument("--report", type=int, default=1000)
    args = parser.parse_args(argv)
    if args.alpha < 0 or args.games < 0:
        parser.error("--alpha and --games cannot be negative")
    value = TupleValue(args.size, load_weights(args.start) if args.start else None)
    out = weights_path(args.size) if args.write else args.out
    run(value, args.size, args.games, args.seed * 10_000_000, args.alpha, args.report, out)
    if out is not None:
        save_weights(out, value.w)
    if args.check:
        scores = run(value, args.size, args.check, args.seed * 10_000_000 + 9_000_000, 0.0, 0)
        check = Mean.of(scores, z=PUBLISHED_Z)
        print(f"check: {args.check} fresh games, mean score {check.text()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
