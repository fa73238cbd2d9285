"""A scripted series of finished tables for the ladder's tests, each with the
seats the rules should count, written out by hand."""

from __future__ import annotations

import attrs

from gemtable.tui.serve.ladder import FinishedGame, SeatResult


def person(name: str, place: int, score: float = 0.0, moves: int = 10,
           stand_in: int = 0) -> SeatResult:
    return SeatResult(name, "person", place, score, moves=moves, stand_in_moves=stand_in)


def bot(level: str, place: int, score: float = 0.0) -> SeatResult:
    return SeatResult(level, "bot", place, score, moves=10)


@attrs.frozen
class Scripted:
    game: FinishedGame
    counted: tuple[int, ...]
    """The seats that are rated (in a solo game: whose score counts)."""


def table(number: int, game_id: str, *seats: SeatResult, counted: tuple[int, ...],
          solo: bool = False, calibration: bool = False, variant: str = "standard") -> Scripted:
    game = FinishedGame(table_id=f"t{number:02d}", game_id=game_id, variant=variant,
                        finished_at=1_800_000_000.0 + 60 * number, seats=seats, solo=solo,
                        source="calibration" if calibration else "table")
    return Scripted(game, counted)


SERIES = (
    # Two players.
    table(1, "jowhari", person("alice", 1, 30), bot("greedy", 2, 20), counted=(0, 1)),
    # Three.
    table(2, "jowhari", person("alice", 2, 25), person("bob", 1, 31), bot("mcts:hard", 3, 9),
          counted=(0, 1, 2)),
    # Four, with a tie for second.
    table(3, "jowhari", person("alice", 1), person("bob", 2), person("carol", 2),
          bot("greedy", 4), counted=(0, 1, 2, 3)),
    # A stand-in made most of alice's moves: she is recorded, not rated.
    table(4, "jowhari", person("alice", 1, moves=10, stand_in=6), person("bob", 2),
          bot("greedy", 3), counted=(1, 2)),
    # alice at two seats: rated for nobody, the bot neither.
    table(5, "jowhari", person("alice", 1), person("alice", 2), bot("greedy", 3), counted=()),
    # Bots alone at a table: recorded only.
    table(6, "jowhari", bot("greedy", 1), bot("mcts:hard", 2), counted=()),
    # Calibration: bots only, rated; greedy at two seats.
    table(7, "jowhari", bot("greedy", 1), bot("mcts:hard", 2), bot("greedy", 3),
          counted=(0, 1, 2), calibration=True),
    # Exactly half by a stand-in still counts; two seats of one level against people.
    table(8, "jowhari", person("alice", 3, moves=10, stand_in=5), person("dave", 1),
          bot("greedy", 2), bot("greedy", 4), counted=(0, 1, 2, 3)),
    # Only one person left rated, and no bot: nothing changes.
    table(9, "jowhari", person("alice", 1, stand_in=3), person("bob", 2, stand_in=8),
          counted=()),
    # Five players in another game, everyone tied but one.
    table(10, "marylia", person("alice", 1), person("bob", 1), person("carol", 1),
          person("dave", 1), bot("greedy", 5), counted=(0, 1, 2, 3, 4)),
    # Solo games: scores, no ratings.
    table(11, "jewelbox", person("alice", 1, 40), counted=(0,), solo=True, variant="solo"),
    table(12, "jewelbox", person("alice", 1, 55), counted=(0,), solo=True, variant="solo"),
    table(13, "jewelbox", person("alice", 1, 70, stand_in=9), counted=(), solo=True,
          variant="solo"),
    table(14, "jewelbox", person("alice", 1, 48), counted=(0,), solo=True, variant="solo"),
    table(15, "iridescia", person("alice", 1, 12), bot("rhom", 2, 9), counted=(0,), solo=True),
    table(16, "jewelbox", person("bob", 1, 61), counted=(0,), solo=True, variant="solo"),
)

GAMES = tuple(scripted.game for scripted in SERIES)
