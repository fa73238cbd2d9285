"""A tournament's results for programs: JSON and CSV.

JSON and CSV hold the same figures. Everything in them is reproducible from
the seed except the timing fields (`seconds`, `move_ms`).
"""

from __future__ import annotations

import csv
import io
from typing import Any

from .tournament import TournamentResult


def _r(value: float) -> float:
    return round(value, 4)


def to_json(result: TournamentResult) -> dict[str, Any]:
    pool = result.pool
    matrix = [[result.head_to_head(i, j) for j in range(len(pool))] for i in range(len(pool))]
    return {
        "game": result.game,
        "variant": result.variant,
        "players": result.players,
        "games": result.games,
        "seed": result.seed,
        "model": result.model,
        "confidence": result.confidence,
        "pool": list(pool),
        "standings": [
            {"rank": rank, "kind": s.kind, "mu": _r(s.mu), "sigma": _r(s.sigma),
             "low": _r(s.low), "high": _r(s.high), "games": s.games, "wins": _r(s.wins),
             "win_rate": _r(s.win_rate), "ci95": [_r(x) for x in s.ci95],
             "mean_score": _r(s.mean_score), "mean_turns": _r(s.mean_turns)}
            for rank, s in enumerate(result.standings, start=1)
        ],
        "matrix": {
            "kinds": list(pool),
            "games": [list(row) for row in result.met],
            "rate": [[None if c is None else _r(c[0]) for c in row] for row in matrix],
            "ci95": [[None if c is None else [_r(c[1]), _r(c[2])] for c in row]
                     for row in matrix],
        },
        "separated": result.separated(),
        "mean_turns": _r(result.mean_turns),
        "seconds": round(result.seconds, 3),
        "move_ms": {s.kind: round(1000 * s.move_seconds, 3) for s in result.standings},
        **_fallbacks(result),
    }


def _fallbacks(result: TournamentResult) -> dict[str, Any]:
    """Failures of outside programs (`exec:` kinds), only when there were some."""
    if not any(s.fallbacks for s in result.standings):
        return {}
    return {"fallbacks": {s.kind: s.fallbacks for s in result.standings if s.fallbacks},
            "problems": list(result.problems)}


def to_csv(result: TournamentResult) -> str:
    """One row per kind, best first; `vs KIND` columns give the head-to-head rates."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    pool = result.pool
    header = ["rank", "kind", "mu", "sigma", "low", "high", "games", "wins", "win_rate",
              "ci_low", "ci_high", "mean_score", "mean_turns", "move_ms"]
    for other in pool:
        header += [f"vs {other}", f"vs {other} low", f"vs {other} high", f"vs {other} games"]
    writer.writerow(header)
    for rank, s in enumerate(result.standings, start=1):
        i = pool.index(s.kind)
        row = [rank, s.kind, _r(s.mu), _r(s.sigma), _r(s.low), _r(s.high), s.games,
               _r(s.wins), _r(s.win_rate), _r(s.ci95[0]), _r(s.ci95[1]), _r(s.mean_score),
               _r(s.mean_turns), round(1000 * s.move_seconds, 3)]
        for j in range(len(pool)):
            cell = result.head_to_head(i, j)
            row += ["", "", "", result.met[i][j]] if cell is None else \
                [_r(cell[0]), _r(cell[1]), _r(cell[2]), result.met[i][j]]
        writer.writerow(row)
    return out.getvalue()
