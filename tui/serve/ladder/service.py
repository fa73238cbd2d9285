"""The ladder's answers to a person's session: ratings, leaderboards, their
history, and the replay and review of their own finished tables.

Only what a person may know leaves here. A history is the person's own; a
replay or a review is given only for a table the ladder recorded, which it
does once the game is over, and only to someone who sat at it. The log sent
for a replay is read again and must be a finished game of the recorded kind:
a table id the ladder knows can never bring the log of a game still in play.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from gemtable.engine import gamelog, registry

from .. import protocol
from ..plain import quoted
from .keeper import LadderOff
from .store import Ladder
from .text import game_title

if TYPE_CHECKING:
    from ..hub import Hub


def ratings_of(ladder: Ladder, person: str) -> tuple[protocol.RatingLine, ...]:
    """The person's rating in every game they are rated in, in the registry's order."""
    lines = []
    for game in registry.all():
        found = ladder.place(person, game.id)
        if found is None:
            continue
        standing = found.standing
        lines.append(protocol.RatingLine(
            game=game.id, title=game.title, ordinal=standing.ordinal, mu=standing.mu,
            sigma=standing.sigma, rank=found.rank, people=found.people, games=standing.games,
            plays_like=found.plays_like))
    return tuple(lines)


def board_of(ladder: Ladder, game_id: str) -> protocol.Leaderboard:
    rows = tuple(protocol.BoardRow(name=row.name, kind=row.kind, ordinal=row.ordinal,
                                   mu=row.mu, sigma=row.sigma, games=row.games,
                                   last_played=row.last_played)
                 for row in ladder.leaderboard(game_id))
    return protocol.Leaderboard(game=game_id, title=game_title(game_id), rows=rows)


def history_of(ladder: Ladder, person: str,
               log_of: Callable[[str], Path]) -> protocol.History:
    entries = ladder.history(person)
    lines = tuple(protocol.HistoryLine(
        table=entry.table_id, game=entry.game_id, title=game_title(entry.game_id),
        variant=entry.variant, finished_at=entry.finished_at, seat=entry.seat,
        solo=entry.solo, place=entry.place, score=entry.score, rated=entry.rated,
        ordinal_change=entry.ordinal_change,
        others=tuple(protocol.HistorySeat(player=seat.player, kind=seat.kind, place=seat.place,
                                          score=seat.score, rated=seat.rated)
                     for seat in entry.others),
        replay=log_of(entry.table_id).is_file())
        for entry in entries[:protocol.HISTORY_LIMIT])
    best = tuple(protocol.BestScore(game=row.game_id, title=game_title(row.game_id),
                                    variant=row.variant, score=row.score, games=row.games)
                 for row in ladder.best_scores(person))
    return protocol.History(lines=lines, best=best, total=len(entries))


def finished_log_text(path: Path, game_id: str) -> str | None:
    """The log's text if it holds a finished game of `game_id`; None otherwise."""
    try:
        raw = path.read_bytes()
        loaded = gamelog.loads(raw, path)
    except (OSError, ValueError):
        return None
    if not loaded.finished or not loaded.final.is_over or loaded.header.game != game_id:
        return None
    return raw.decode("utf-8", errors="replace")


async def answer(hub: Hub, person: str, request: protocol.Request) -> object:
    """The reply to one of the ladder's requests from `person`'s session."""
    from ..hub import Refused

    try:
        return await _answer(hub, person, request)
    except LadderOff as error:
        raise Refused(str(error)) from None


async def _answer(hub: Hub, person: str, request: protocol.Request) -> object:
    from ..hub import Refused

    match request:
        case protocol.RatingsQuery():
            return await hub.in_ladder(ratings_of, person)
        case protocol.LeaderboardQuery(game=game_id):
            if game_id not in {game.id for game in registry.all()}:
                raise Refused(f"there is no game {quoted(game_id)} here")
            return await hub.in_ladder(board_of, game_id)
        case protocol.HistoryQuery():
            return await hub.in_ladder(history_of, person, hub.data.table_log)
        case protocol.ReplayQuery(table=table_id) | protocol.ReviewQuery(table=table_id):
            found = await hub.in_ladder(Ladder.seat_at, person, table_id)
            if found is None:
                raise Refused(f"table {quoted(table_id)} is not among your finished tables")
            seat, game_id = found
            reviews = hub.ladder.reviews
            if isinstance(request, protocol.ReviewQuery) and reviews.known(table_id, seat):
                return reviews.status(table_id, seat)  # asked again: how far it has got
            text = await hub.in_thread(finished_log_text, hub.data.table_log(table_id),
                                       game_id)
            if text is None:
                raise Refused(f"the log of table {quoted(table_id)} is no longer on the server")
            if isinstance(request, protocol.ReplayQuery):
                return protocol.ReplayLog(table=table_id, seat=seat, text=text)
            return reviews.status(table_id, seat)
    raise Refused(f"unknown request {type(request).__name__}")
