"""What `ssh host stats [NAME]` and `ssh host leaderboard GAME` print: plain text,
every name through `printable` (a name or bot id is never a terminal's command)."""

from __future__ import annotations

from datetime import UTC, datetime

from gemtable.engine import registry

from ..plain import printable, quoted
from .queries import HistoryEntry, SeatLine
from .store import Ladder

HISTORY_SHOWN = 10
"""Tables of a person's history that `stats` lists."""

TABLE_ID_SHOWN = 16
"""Characters of a table id a history line shows (a served table's id is shorter)."""


def when(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M")


def game_title(game_id: str) -> str:
    try:
        return str(registry.get(game_id).title)
    except KeyError:
        return printable(game_id)


def number(value: float) -> str:
    return f"{value:g}" if value == int(value) else f"{value:.1f}"


def stats_text(ladder: Ladder, name: str, id_width: int = TABLE_ID_SHOWN) -> str:
    """A person's ratings per game, best solo scores and latest tables (their
    ids cut to `id_width` characters)."""
    shown = printable(name, 24)
    lines = [f"{shown} on the ladder"]
    rated = []
    for game in registry.all():
        found = ladder.place(name, game.id)
        if found is None:
            continue
        standing, rank, people, like = (found.standing, found.rank, found.people,
                                        found.plays_like)
        rated.append(
            f"  {game.title}: rating {standing.mu:.1f} ± {standing.sigma:.1f}, ordinal "
            f"{standing.ordinal:.1f}, rank {rank} of {people} people, "
            f"{standing.games} game{'s' * (standing.games != 1)}, last played "
            f"{when(standing.last_played)}"
            + (f", plays like {printable(like)}" if like else ""))
    lines += ["Rated games:", *rated] if rated else ["No rated games yet."]
    best = ladder.best_scores(name)
    if best:
        lines.append("Solo games:")
        lines += [f"  {game_title(row.game_id)} ({printable(row.variant)}): best score "
                  f"{number(row.score)}, {row.games} game{'s' * (row.games != 1)}"
                  for row in best]
    history = ladder.history(name)[:HISTORY_SHOWN]
    if history:
        lines.append(f"Last {len(history)} table{'s' * (len(history) != 1)}:")
        lines += [history_line(entry, id_width) for entry in history]
    else:
        lines.append("No finished tables recorded yet.")
    return "\n".join(lines) + "\n"


def history_line(entry: HistoryEntry, id_width: int = TABLE_ID_SHOWN) -> str:
    change = entry.ordinal_change
    if entry.solo:
        rating = "solo" + ("" if entry.rated else ", not counted")
    elif change is None:
        rating = "not rated"
    else:
        rating = f"ordinal {change:+.1f}"
    others = ", ".join(seat_text(seat) for seat in entry.others)
    return (f"  {when(entry.finished_at)}  {printable(entry.table_id, id_width)}"
            f"  {game_title(entry.game_id)}"
            f"  place {entry.place}  score {number(entry.score)}  {rating}"
            + (f"  against {others}" if others else ""))


def seat_text(seat: SeatLine) -> str:
    kind = " (bot)" if seat.kind == "bot" else ""
    return f"{printable(seat.player, 24)}{kind} place {seat.place}"


def leaderboard_text(ladder: Ladder, game_id: str) -> tuple[str, int]:
    """The game's leaderboard and the exit status (1 for a game this server lacks)."""
    ids = [game.id for game in registry.all()]
    if game_id not in ids:
        return (f"gemtable: there is no game {quoted(game_id)}; the games are "
                f"{', '.join(ids)}.\n", 1)
    rows = ladder.leaderboard(game_id)
    title = game_title(game_id)
    if not rows:
        return f"Nobody is rated in {title} yet.\n", 0
    lines = [f"{title} leaderboard", "rank  name                      kind    ordinal  games"
             "  last played"]
    lines += [f"{rank:>4}  {printable(row.name, 24):<24}  {row.kind:<6}  {row.ordinal:>7.1f}"
              f"  {row.games:>5}  {when(row.last_played)}"
              for rank, row in enumerate(rows, start=1)]
    return "\n".join(lines) + "\n", 0
