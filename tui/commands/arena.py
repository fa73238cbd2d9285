"""`gemtable arena`: progress on stderr, the results as a table (or JSON)."""

from __future__ import annotations

import json

from rich.console import Console
from rich.table import Table
from rich.text import Text

from gemtable.ai.archive import LogArchive
from gemtable.ai.arena import ArenaOptions, ArenaResult, run_arena
from gemtable.ai.runner import RunOptions
from gemtable.engine import registry
from gemtable.tui.table.messages import kind_label

from .console import Progress, guarded, say_to, stderr_console, write_text


def _ms(seconds: float) -> str:
    """Milliseconds, with a decimal where whole ones would all read 0."""
    ms = 1000 * seconds
    return f"{ms:.1f}" if ms < 10 else f"{ms:.0f}"


def results_table(result: ArenaResult, seed: int):
    """A rich table of the results, one row per given seat."""
    title = registry.get(result.game).title
    table = Table(
        title=f"{title}: {result.games} games, seed {seed}",
        caption=Text(f"score: mean final score; ms: thinking time per move. "
                     f"{result.mean_turns:.1f} turns a game, {result.seconds:.1f} s in all"
                     + "".join(f"\n{name}: reached in {count} of {result.games} games"
                               for name, count in (result.titles or {}).items())
                     + fallback_lines(result.seats, result.fallbacks, result.decisions,
                                      result.problems)),  # outside text: never markup
    )
    for header in ("seat", "kind", "wins", "win rate", "95% CI", "score", "ms/move", "max ms"):
        table.add_column(header, justify="left" if header == "kind" else "right")
    for i, kind in enumerate(result.seats):
        lo, hi = result.ci95[i]
        table.add_row(
            str(i + 1), Text(kind_label(kind)), f"{result.wins[i]:g}", f"{result.win_rate[i]:.1%}",
            f"{lo:.0%}-{hi:.0%}", f"{result.mean_score[i]:.2f}",
            _ms(result.mean_move_seconds[i]), _ms(result.max_move_seconds[i]),
        )
    return table


def fallback_lines(seats: tuple[str, ...], fallbacks: tuple[int, ...],
                   decisions: tuple[int, ...], problems: tuple[str, ...]) -> str:
    """Caption lines saying how often an outside program failed, and how (none if never);
    they name each program in full, where the table's rows name it by its file."""
    lines = [f"\n{kind}: the fallback bot played {count} of its {asked} moves"
             for kind, count, asked in zip(seats, fallbacks, decisions, strict=False) if count]
    if lines:
        lines += [f"\n  {text}" for text in problems]
    return "".join(lines)


def arena_command(arena: ArenaOptions, *, json_path: str | None = None,
                  options: RunOptions | None = None) -> int:
    """`gemtable arena`: progress on stderr, the table (or only JSON) on stdout."""
    options = options or RunOptions()
    err = stderr_console()
    progress = Progress(err, f"{arena.game}: {' vs '.join(arena.kinds)}", arena.games)
    results = options.results_path(arena.spec, say_to(err, "arena"))

    def body() -> int:
        result = run_arena(
            arena, backend=options.make_backend(), results=results, resume=options.resume,
            on_start=progress.start, on_game=progress.advance,
            on_played=LogArchive(options.logs) if options.logs else None,
        )
        progress.stop()
        if not write_text("arena", err, json.dumps(result.to_json()) + "\n", json_path):
            return 1
        if json_path != "-":
            Console().print(results_table(result, arena.seed))
        return 0

    return guarded("arena", err, progress, results, body)
