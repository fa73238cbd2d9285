"""`gemtable review LOG`: a finished game's review as a plain text report.

The review itself (a search from each person's view, on every core, cached
beside the log) is gemtable.ai.review; this module only words it. The report
is plain text: names and moves from the log are printed literally.
"""

from __future__ import annotations

import sys
from pathlib import Path

from gemtable.ai.review import REVIEW_ITERATIONS, GameReview, ReviewedMove, review_log
from gemtable.engine import gamelog, registry
from gemtable.tui.table.messages import seat_label

from .console import FAILED, INTERRUPTED, stderr_console


def loss_text(move: ReviewedMove, solo: bool) -> str:
    if move.loss <= 0:
        return "best" if move.played == move.preferred else "as good"
    if solo:
        return f"-{move.loss:.1f} points"
    return f"-{100 * move.loss:.0f}% win chance"


def value_text(value: float, solo: bool) -> str:
    return f"{value:.1f} points" if solo else f"{100 * value:.0f}% to win"


def seat_summary(review: GameReview, seat: int, who: str) -> str:
    """How one seat's choices compare with the search's, in one line."""
    mean = review.mean_loss(seat)
    cost = f"{mean:.2f} points" if review.solo else f"{100 * mean:.1f}% win chance"
    return (f"{who}: {review.differing(seat)} of {len(review.choices(seat))} choices differ "
            f"from the search's, costing {cost} a choice on average")


def report(review: GameReview, path: Path) -> str:
    """The review in words: every reviewed move, then the three worst."""
    title = registry.get(review.game).title
    lines = [f"Review of {title}: {path}",
             f"seats: {', '.join(f'{seat_label(i)} ({kind})' for i, kind in enumerate(review.seats))}; "
             f"final scores: {', '.join(f'{s:g}' for s in review.scores)}",
             f"search: {review.budget} iterations a move from the mover's view, seed "
             f"{review.seed}", ""]
    if not review.moves:
        lines.append("No decisions to review.")
        return "\n".join(lines) + "\n"
    lines.append(f"{'move':>5} {'seat':>4} {'turn':>4}  {'played':<22} {'search prefers':<22} cost")
    for m in review.moves:
        preferred = "" if m.preferred == m.played else m.preferred
        note = "forced" if m.legal == 1 else loss_text(m, review.solo)
        lines.append(f"{m.index + 1:>5} {m.seat + 1:>4} {m.turn:>4}  {m.played:<22} "
                     f"{preferred:<22} {note}")
    lines.append("")
    for seat in sorted({m.seat for m in review.moves}):
        lines.append(seat_summary(review, seat, seat_label(seat)))
    lines.append("")
    mistakes = review.mistakes
    if not mistakes:
        lines.append("No mistakes found: every move was as good as the search's.")
    else:
        lines.append("Biggest mistakes:")
        for rank, m in enumerate(mistakes, start=1):
            lines.append(f"  {rank}. move {m.index + 1} ({seat_label(m.seat)}, turn {m.turn}): "
                         f"played {m.played} ({value_text(m.played_value, review.solo)}), "
                         f"better {m.preferred} ({value_text(m.preferred_value, review.solo)}), "
                         f"{loss_text(m, review.solo)}")
    return "\n".join(lines) + "\n"


def review_command(path: Path, *, budget: int = REVIEW_ITERATIONS, seed: int = 0,
                   workers: int | None = None, use_cache: bool = True) -> int:
    """Print the review of the finished game in `path`; progress on stderr."""
    from .console import Progress

    err = stderr_console()
    bar: Progress | None = None

    def progress(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = Progress(err, "reviewing", total)
            bar.start()
        elif done:
            bar.advance()

    try:
        review = review_log(path, budget=budget, seed=seed, workers=workers,
                            progress=progress, use_cache=use_cache)
    except (gamelog.GameLogError, ValueError) as error:
        err.print(f"gemtable review: error: {error}", markup=False, highlight=False)
        return FAILED
    except KeyboardInterrupt:
        err.print("gemtable review: interrupted", markup=False, highlight=False)
        return INTERRUPTED
    finally:
        if bar is not None:
            bar.stop()
    sys.stdout.write(report(review, path))
    return 0
