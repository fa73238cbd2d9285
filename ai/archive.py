"""Arena and tournament games as game logs, so the replay viewer opens them.

A `PlayedGame` keeps every action's text; re-applying them from the game's
seed gives back each state (checking every action on the way), and
`gamelog.write_complete` writes the usual log: header, actions, result.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gemtable.engine import State, gamelog, registry

from .backends import PlayedGame


def states_of(played: PlayedGame) -> list[State[Any]]:
    """Every state of the game, from set-up to the end."""
    state = registry.get(played.game).new(len(played.seats), played.seed, played.variant)
    states = [state]
    for text in played.actions:
        state = state.apply(state.parse_action(text))
        states.append(state)
    return states


def log_name(played: PlayedGame) -> str:
    return f"{played.game}-game-{played.index:05d}.jsonl"


def write_log(played: PlayedGame, path: Path) -> Path:
    """Write `played` as a game log at `path` (replacing an older copy)."""
    states = states_of(played)
    header = gamelog.Header(played.game, played.variant, len(played.seats), played.seats,
                            played.seed)
    path = Path(path)
    path.unlink(missing_ok=True)
    gamelog.write_complete(path, header, states, played.actions)
    return path


class LogArchive:
    """Writes each game it is handed as a log in `folder` (`--logs DIR`)."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)

    def __call__(self, played: PlayedGame) -> None:
        write_log(played, self.folder / log_name(played))
