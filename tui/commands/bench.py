"""`gemtable bench`: how fast each game plays and searches, as a table or JSON."""

from __future__ import annotations

import json
import sys

from rich import box
from rich.console import Console
from rich.table import Table

from gemtable.ai.bench import BenchResult, run_bench
from gemtable.engine import registry

from .console import FAILED, INTERRUPTED


def bench_command(game_id: str = "all", *, seconds: float = 3.0, players: int | None = None,
                  json_path: str | None = None) -> int:
    """`gemtable bench [GAME|all]`: a table, or with `--json -` only JSON on stdout
    (an object for one game, a list of them for `all`)."""
    err = Console(stderr=True)
    ids = registry.ids() if game_id == "all" else (game_id,)
    try:
        results = [run_bench(g, seconds=seconds, players=players) for g in ids]
    except ValueError as error:  # e.g. a player count the game does not allow
        err.print(f"gemtable bench: error: {error}", markup=False, highlight=False)
        return FAILED
    except KeyboardInterrupt:
        err.print("gemtable bench: interrupted", markup=False, highlight=False)
        return INTERRUPTED
    payloads = [r.to_json() for r in results]
    payload = payloads if game_id == "all" else payloads[0]
    if json_path is not None:
        text = json.dumps(payload) + "\n"
        if json_path == "-":
            sys.stdout.write(text)
            return 0
        try:
            with open(json_path, "w", encoding="utf-8") as f:
                f.write(text)
        except OSError as error:
            err.print(f"gemtable bench: cannot write {json_path}: {error}", markup=False)
            return 1
    Console().print(bench_table(results))
    return 0


def bench_table(results: list[BenchResult]) -> Table:
    table = Table(title="Speed on one core, through the public API", box=box.SIMPLE_HEAD)
    for header in ("game", "players", "playout games/s", "actions/s", "MCTS iter/s",
                   "s/move"):
        table.add_column(header, justify="left" if header == "game" else "right",
                         no_wrap=True)
    for result in results:
        move = result.to_json()["default_mcts_move_seconds"]
        table.add_row(result.game, str(result.players), f"{result.games_per_s:,.1f}",
                      f"{result.actions_per_s:,.0f}", f"{result.mcts_iterations_per_s:,.0f}",
                      "-" if move is None else f"{move:.2f}")
    table.caption = ("playouts: uniform random legal moves to the end; MCTS: the default "
                     "search on positions from a greedy game; s/move: the game's default "
                     "mcts (its iterations a move) at that speed")
    return table
