"""Fit Jewel Box's learned value (jewelbox_value.json) from greedy self-play.

Each round plays greedy games (solo 5x5 boxes, or two-player 4x4 ones) with
the current weights, notes every box at the start of each turn (its terms,
jewelbox_terms.py) with the score that box finished with, and fits one row
of weights per number of beetles by least squares, pulled towards the
hand-set weights (ridge). The next round's games are played with the new
rows, so each round values the play of the one before. The constant term
is then set so that a count's mean value matches the hand-set one: the
search's constants were tuned with that profile over the depths, and an
unbiased one measured worse (docs/performance.md).

Then greedy plays fresh seeds with the hand-set and the fitted weights,
game for game, and the difference is printed: keep the table only if it
plays better there.

    python -m gemtable.ai.heuristics.jewelbox_fit --size 5 --games 1500 --rounds 2 --workers 2
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from functools import partial

from gemtable.engine import registry
from gemtable.engine.games.jewelbox.state import START

from ..match import bot_seed, play_match
from ..paired import Mean, map_games
from ..simple import GreedyBot
from .jewelbox import JewelBoxHeuristic
from .jewelbox_terms import INDEX, TERMS
from .jewelbox_value import TABLE_FILE

Rows = dict[int, tuple[float, ...]]
Sample = tuple[int, list[float], float]
"""(beetles in the box, its terms, the box's final score)."""

FIT_FIRST = 100_000
CHECK_FIRST = 5_000
"""Seeds of the fitting games and of the fresh games that check the result."""


def players_for(size: int) -> int:
    return 1 if size == 5 else 2


def heuristic_with(size: int, rows: Rows | None) -> JewelBoxHeuristic:
    return JewelBoxHeuristic(table={size: rows} if rows else {})


def play_samples(size: int, rows: Rows | None, seed: int) -> list[Sample]:
    """Every seat's box at the start of each of its turns in one greedy game."""
    heuristic = heuristic_with(size, rows)
    players = players_for(size)
    bots = [GreedyBot(heuristic, seed=bot_seed(seed, i)) for i in range(players)]
    result = play_match("jewelbox", bots, seed=seed)
    finals = result.final.scores()
    state = registry.get("jewelbox").new(players, seed, None)
    seen: list[list[tuple[int, list[float]]]] = [[] for _ in range(players)]
    for action in result.actions:
        state = state.apply(action)
        if state.phase != START or state.is_over:
            continue
        supply = heuristic.supply(state)
        for seat, box in enumerate(state.seats):
            if not 0 < box.beetles < size * size:
                continue  # an empty or full box needs no fitted row
            if not seen[seat] or seen[seat][-1][0] != box.beetles:
                seen[seat].append((box.beetles, heuristic.terms(state.geometry, box, supply)))
    return [(count, terms, float(finals[seat]))
            for seat in range(players) for count, terms in seen[seat]]


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix @ x = vector (Gaussian elimination, partial pivoting)."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        if abs(a[col][col]) < 1e-12:
            raise ValueError("singular system")
        for r in range(col + 1, n):
            factor = a[r][col] / a[col][col]
            if factor:
                for c in range(col, n + 1):
                    a[r][c] -= factor * a[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / a[r][r]
    return x


def fit_row(samples: Sequence[tuple[list[float], float]], prior: tuple[float, ...],
            ridge: float) -> tuple[float, ...]:
    """Least squares towards `prior`: ridge/100 per sample on every weight;
    then the constant keeps the prior's mean value over `samples`."""
    k = len(prior)
    strength = ridge * len(samples) / 100
    matrix = [[strength if i == j else 0.0 for j in range(k)] for i in range(k)]
    vector = [strength * p for p in prior]
    for terms, final in samples:
        for i, ti in enumerate(terms):
            if ti:
                vector[i] += ti * final
                row = matrix[i]
                for j, tj in enumerate(terms):
                    if tj:
                        row[j] += ti * tj
    weights = solve(matrix, vector)
    shift = sum(sum((p - w) * t for p, w, t in zip(prior, weights, terms, strict=True))
                for terms, _ in samples) / len(samples)
    weights[INDEX["constant"]] += shift
    return tuple(round(w, 4) for w in weights)


def fit(samples: Sequence[Sample], prior: tuple[float, ...], ridge: float,
        least: int = 100) -> Rows:
    by_count: dict[int, list[tuple[list[float], float]]] = {}
    for count, terms, final in samples:
        by_count.setdefault(count, []).append((terms, final))
    return {count: fit_row(group, prior, ridge)
            for count, group in sorted(by_count.items()) if len(group) >= least}


def greedy_score(size: int, rows: Rows | None, seed: int) -> float:
    """The first seat's score in a greedy game (solo, or against greedy with the same weights)."""
    heuristic = heuristic_with(size, rows)
    bots = [GreedyBot(heuristic, seed=bot_seed(seed, i)) for i in range(players_for(size))]
    return float(play_match("jewelbox", bots, seed=seed).final.scores()[0])


def check(size: int, rows: Rows, games: int, workers: int) -> dict:
    seeds = range(CHECK_FIRST, CHECK_FIRST + games)
    hand = list(map_games(partial(greedy_score, size, None), seeds, workers))
    fitted = list(map_games(partial(greedy_score, size, rows), seeds, workers))
    difference = Mean.of([f - h for f, h in zip(fitted, hand, strict=True)])
    return {"games": games, "hand": Mean.of(hand).text(), "fitted": Mean.of(fitted).text(),
            "difference": difference.text()}


def write(size: int, rows: Rows, how: dict, path=TABLE_FILE) -> None:
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    data["terms"] = list(TERMS)
    data.setdefault("sizes", {})[str(size)] = {str(c): list(r) for c, r in rows.items()}
    data.setdefault("made_by", {})[str(size)] = how
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gemtable.ai.heuristics.jewelbox_fit")
    parser.add_argument("--size", type=int, choices=(4, 5), default=5,
                        help="5: solo boxes; 4: two-player boxes (default 5)")
    parser.add_argument("--games", type=int, default=1500, help="greedy games a round")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--ridge", type=float, default=300.0,
                        help="pull towards the hand-set weights (default 300)")
    parser.add_argument("--check", type=int, default=600, help="fresh games to compare on")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--write", action="store_true", help=f"store the rows in {TABLE_FILE.name}")
    given = list(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(given)
    prior = JewelBoxHeuristic().hand_row
    rows: Rows | None = None
    for round_ in range(args.rounds):
        first = FIT_FIRST * (round_ + 1)
        samples = [s for game in map_games(partial(play_samples, args.size, rows),
                                           range(first, first + args.games), args.workers)
                   for s in game]
        rows = fit(samples, prior, args.ridge)
        print(f"round {round_ + 1}: {len(samples)} boxes, rows for {len(rows)} counts",
              file=sys.stderr)
    assert rows is not None
    result = check(args.size, rows, args.check, args.workers) if args.check else {}
    how = {"games": args.games, "rounds": args.rounds, "ridge": args.ridge,
           "command": " ".join(["python -m gemtable.ai.heuristics.jewelbox_fit", *given]),
           "check": result}
    print(json.dumps(how))
    if args.write:
        write(args.size, rows, how)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
