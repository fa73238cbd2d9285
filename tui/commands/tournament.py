"""`gemtable tournament` for people: rich tables and a terminal plot of the
ratings on stdout, unless JSON or CSV go there."""

from __future__ import annotations

import json

import plotext as plt
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from gemtable.ai.archive import LogArchive
from gemtable.ai.runner import RunOptions
from gemtable.ai.tournament import TournamentOptions, TournamentResult, run_tournament
from gemtable.ai.tournament_report import to_csv, to_json
from gemtable.engine import registry
from gemtable.tui.table.messages import kind_label

from .arena import fallback_lines
from .console import Progress, guarded, say_to, stderr_console, write_text


def _ms(seconds: float) -> str:
    ms = 1000 * seconds
    return f"{ms:.1f}" if ms < 10 else f"{ms:.0f}"


def standings_table(result: TournamentResult) -> Table:
    title = registry.get(result.game).title
    model = "Plackett-Luce" if result.model == "plackett-luce" else "Thurstone-Mosteller"
    table = Table(
        title=f"{title} tournament: {result.games} games, {result.players} a table, "
              f"seed {result.seed}",
        caption=Text(f"rating: openskill {model} mu ± {result.standings[0].z:.2f} sigma "
                     f"(a {result.confidence:.0%} interval); wins: "
                     f"share of games won, with a 95% CI; score and turns: means a game; ms: "
                     f"thinking time a move. "
                     f"{result.mean_turns:.1f} turns a game, {result.seconds:.1f} s in all"
                     + fallback_lines(tuple(st.kind for st in result.standings),
                                      tuple(st.fallbacks for st in result.standings),
                                      tuple(st.decisions for st in result.standings),
                                      result.problems)),  # outside text: never markup
        box=box.SIMPLE_HEAD,
    )
    for header in ("#", "kind", "rating", "games", "wins", "95% CI", "score", "turns", "ms"):
        table.add_column(header, justify="left" if header == "kind" else "right",
                         no_wrap=True)
    for rank, s in enumerate(result.standings, start=1):
        lo, hi = s.ci95
        table.add_row(str(rank), Text(kind_label(s.kind)), f"{s.mu:.1f} ± {s.high - s.mu:.1f}",
                      str(s.games), f"{s.win_rate:.0%}", f"{100 * lo:.0f}–{hi:.0%}",
                      f"{s.mean_score:.1f}", f"{s.mean_turns:.1f}", _ms(s.move_seconds))
    return table


def matrix_table(result: TournamentResult) -> Table:
    """Row kind finishing ahead of column kind, best first both ways."""
    order = [result.pool.index(s.kind) for s in result.standings]
    table = Table(title="How often the row finished ahead of the column",
                  caption="95% CI and games played below each rate", box=box.SIMPLE_HEAD)
    table.add_column("", no_wrap=True)
    for j in order:
        table.add_column(Text(kind_label(result.pool[j])), justify="center", no_wrap=True)
    for i in order:
        cells = []
        for j in order:
            cell = result.head_to_head(i, j)
            cells.append("·" if cell is None else
                         f"{cell[0]:.0%}\n{cell[1]:.0%}–{cell[2]:.0%} n={result.met[i][j]}")
        table.add_row(Text(kind_label(result.pool[i])), *cells)
    return table


def rating_plot(result: TournamentResult, *, width: int = 80, colour: bool = True) -> str:
    """Each kind's rating as a point with its interval, best at the top."""
    figure = plt.figure
    figure.clear()
    standings = result.standings
    count = len(standings)
    rows = list(range(count, 0, -1))
    mus = [s.mu for s in standings]
    figure.draw(figure.error(mus, rows, [0.0] * count, [s.high - s.low for s in standings]))
    low = min(s.low for s in standings)
    high = max(s.high for s in standings)
    pad = (high - low) * 0.05 or 1.0
    figure.ruler("x").lim(low - pad, high + pad)
    figure.ruler("y").lim(0.5, count + 0.5)
    figure.ruler("y").ticks(rows, [kind_label(s.kind) for s in standings])
    figure.title(f"rating (mu) with {result.confidence:.0%} interval")
    figure.plot_size(max(40, width), 5 + 2 * count)
    figure.theme("simple" if colour else "colorless")
    return figure.build().string(colorless=not colour)


def tournament_command(tournament: TournamentOptions, *, json_path: str | None = None,
                       csv_path: str | None = None, plot: bool = True,
                       options: RunOptions | None = None) -> int:
    """`gemtable tournament`: tables and the plot on stdout, unless JSON or CSV go there."""
    options = options or RunOptions()
    err = stderr_console()
    progress = Progress(err, f"{tournament.game} tournament", tournament.games)
    results = options.results_path(tournament.spec, say_to(err, "tournament"))

    def body() -> int:
        result = run_tournament(
            tournament, backend=options.make_backend(), results=results,
            resume=options.resume, on_start=progress.start, on_game=progress.advance,
            on_played=LogArchive(options.logs) if options.logs else None)
        progress.stop()
        ok = write_text("tournament", err, json.dumps(to_json(result)) + "\n", json_path)
        ok = write_text("tournament", err, to_csv(result), csv_path) and ok
        if "-" not in (json_path, csv_path):
            out = Console()
            out.print(standings_table(result))
            out.print(matrix_table(result))
            if plot:
                out.print(Text.from_ansi(rating_plot(result, width=min(out.width, 100),
                                                     colour=out.is_terminal)))
        return 0 if ok else 1

    return guarded("tournament", err, progress, results, body)
