"""Results files: every finished arena or tournament game, one JSON line each.

    {"kind":"run","version":1,"command":"arena","game":"jowhari","variant":null,
     "seats":["hard","random"],"players":2,"seed":0,"plays_as":["mcts:100","random"],
     "games":1000,"started":"..."}
    {"kind":"game","index":3,"seats":["random","greedy"],"seed":...,"shares":[0.0,1.0],...}

The first line says what the run plays; a game line is appended as each game
finishes, in whatever order they finish. Since game `index` depends only on
the run line and `index`, an interrupted run is continued by playing the
indices the file lacks: nothing is lost and nothing is played twice, and the
totals (added up in index order) equal those of an uninterrupted run.

Lines are flushed at once, so a killed process loses nothing; they are synced
to disk at most once a second, so a power cut may lose the last second of
games, which a resumed run simply plays again. A torn last line (the process
died mid-write) is dropped, and cut off when the run is resumed; a last line
whole but for its line break counts (engine/jsonlines.py, the game logs' rule).
"""

from __future__ import annotations

import json
import os
import time
import warnings
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import attrs

from gemtable.engine.jsonlines import encode, mend_tail, split_lines

from .backends import Backend, GameTask, PlayedGame

RESULTS_VERSION = 1
SYNC_SECONDS = 1.0
SUFFIX = ".jsonl"


class ResultsError(ValueError):
    """A results file that cannot be used: unreadable, another run's, or damaged."""


class DamagedLineWarning(UserWarning):
    """A game line of a results file could not be read; that game is played again."""


@attrs.frozen
class RunSpec:
    """What a run plays. Two runs with equal specs play equal games, index by index."""

    command: str
    """`arena` or `tournament`."""
    game: str
    variant: str | None
    seats: tuple[str, ...]
    """Arena: the given seats. Tournament: the pool."""
    players: int
    seed: int
    plays_as: tuple[str, ...] | None = attrs.field(
        default=attrs.Factory(lambda spec: _plays_as(spec.game, spec.seats), takes_self=True))
    """What each of `seats` plays as in this game (a level names its bot and
    budget); None in files written before it was recorded. A resumed run
    whose levels have since changed would otherwise mix two sets of bots."""

    def to_json(self) -> dict[str, Any]:
        data = {"command": self.command, "game": self.game, "variant": self.variant,
                "seats": list(self.seats), "players": self.players, "seed": self.seed}
        if self.plays_as is not None:
            data["plays_as"] = list(self.plays_as)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RunSpec:
        plays_as = data.get("plays_as")
        return cls(str(data["command"]), str(data["game"]), data["variant"],
                   tuple(str(s) for s in data["seats"]), int(data["players"]),
                   int(data["seed"]),
                   None if plays_as is None else tuple(str(p) for p in plays_as))

    def differences(self, other: RunSpec) -> list[str]:
        mine, theirs = self.to_json(), other.to_json()
        if "plays_as" not in mine or "plays_as" not in theirs:
            mine.pop("plays_as", None)  # an older file: nothing to compare with
            theirs.pop("plays_as", None)
        return [f"{key} {theirs[key]!r} (this run: {mine[key]!r})"
                for key in mine if mine[key] != theirs[key]]


def _plays_as(game_id: str, seats: Sequence[str]) -> tuple[str, ...]:
    from .levels import level_kind

    return tuple(level_kind(kind, game_id) for kind in seats)


def game_to_json(game: PlayedGame) -> dict[str, Any]:
    return {"kind": "game", **attrs.asdict(game)}


def game_from_json(data: dict[str, Any]) -> PlayedGame:
    return PlayedGame(
        index=int(data["index"]),
        game=str(data["game"]),
        seats=tuple(data["seats"]),
        seed=int(data["seed"]),
        variant=str(data["variant"]),
        shares=tuple(float(x) for x in data["shares"]),
        scores=tuple(float(x) for x in data["scores"]),
        ranking=tuple(int(x) for x in data["ranking"]),
        turns=int(data["turns"]),
        think=tuple(float(x) for x in data["think"]),
        decisions=tuple(int(x) for x in data["decisions"]),
        slowest=tuple(float(x) for x in data["slowest"]),
        achievements=tuple(tuple(str(n) for n in seat) for seat in data["achievements"]),
        actions=tuple(str(a) for a in data["actions"]),
        fallbacks=tuple(int(x) for x in data.get("fallbacks", ())),
        problems=tuple(str(x) for x in data.get("problems", ())),
    )


def results_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("gemtable")) / "arena"


def new_results_path(spec: RunSpec, folder: Path | None = None) -> Path:
    """A fresh file such as `arena-jowhari-20261130-145002-s0.jsonl` in the data folder."""
    folder = results_dir() if folder is None else folder
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    base = f"{spec.command}-{spec.game}-{stamp}-s{spec.seed}"
    path, extra = folder / f"{base}{SUFFIX}", 2
    while path.exists():
        path, extra = folder / f"{base}-{extra}{SUFFIX}", extra + 1
    return path


@attrs.frozen
class LoadedResults:
    path: Path
    spec: RunSpec
    games: int
    """Games the run that wrote the file asked for."""
    played: dict[int, PlayedGame]
    torn: bool
    """The last line was cut short (and is not counted)."""
    damaged: tuple[str, ...] = ()
    """A sentence per game line that could not be read (its game is played again)."""


def read_results(path: Path) -> LoadedResults:
    """Read a results file; ResultsError names the file and line of any damage."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise ResultsError(f"{path}: cannot read ({error.strerror})") from None
    lines, torn = split_lines(data)
    if not lines or not lines[0]:
        raise ResultsError(f"{path}: empty or cut short before its run line ends")
    played: dict[int, PlayedGame] = {}
    damaged: list[str] = []
    spec, games = None, 0
    for number, line in enumerate(lines, start=1):
        try:
            record = json.loads(line)
            if number == 1:
                if record.get("kind") != "run" or record.get("version", 0) > RESULTS_VERSION:
                    raise ValueError("the first line must be a run line this version reads")
                spec, games = RunSpec.from_json(record), int(record["games"])
                continue
            if record.get("kind") != "game":
                raise ValueError("expected a game line")
            game = game_from_json(record)
        except _BAD_LINE as error:
            if number == 1:
                raise ResultsError(f"{path}:{number}: bad line ({error})") from None
            # One damaged game costs that game only: it is played again, and
            # every other finished game is kept.
            note = f"{path}:{number}: bad line ({error}); that game will be played again"
            warnings.warn(note, DamagedLineWarning, stacklevel=2)
            damaged.append(note)
            continue
        played.setdefault(game.index, game)
    assert spec is not None
    return LoadedResults(Path(path), spec, games, played, torn, tuple(damaged))


_BAD_LINE = (ValueError, KeyError, TypeError, AttributeError, OverflowError, RecursionError)
"""What reading a damaged line can raise (RecursionError: absurdly nested brackets)."""


def find_resumable(spec: RunSpec, folder: Path | None = None) -> Path | None:
    """The newest results file in the data folder written by a run with `spec`."""
    folder = results_dir() if folder is None else folder
    if not folder.is_dir():
        return None
    for path in sorted(folder.glob(f"*{SUFFIX}"), key=lambda p: -p.stat().st_mtime):
        try:
            with path.open("r", encoding="utf-8") as f:
                head = json.loads(f.readline())
            if head.get("kind") == "run" and RunSpec.from_json(head) == spec:
                return path
        except (OSError, *_BAD_LINE):
            continue
    return None


class ResultsWriter:
    """Appends game lines; flushed at once, synced at most once a second."""

    def __init__(self, path: Path, *, spec: RunSpec | None = None, games: int = 0) -> None:
        self.path = Path(path)
        self._synced = time.monotonic()
        if spec is not None:
            if self.path.exists() and self.path.stat().st_size:
                raise ResultsError(f"{self.path} already holds results: continue it with "
                                   "--resume, or choose another --results file")
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._file = self.path.open("w", encoding="utf-8")
            started = datetime.now(UTC).isoformat(timespec="seconds")
            self._write({"kind": "run", "version": RESULTS_VERSION, **spec.to_json(),
                         "games": games, "started": started}, sync=True)
        else:
            mend_tail(self.path)
            self._file = self.path.open("a", encoding="utf-8")

    def _write(self, record: dict[str, Any], *, sync: bool = False) -> None:
        self._file.write(encode(record))
        self._file.flush()
        if sync or time.monotonic() - self._synced >= SYNC_SECONDS:
            os.fsync(self._file.fileno())
            self._synced = time.monotonic()

    def append(self, game: PlayedGame) -> None:
        self._write(game_to_json(game))

    def close(self) -> None:
        if not self._file.closed:
            self._file.flush()
            os.fsync(self._file.fileno())
            self._file.close()


def open_results(path: Path, spec: RunSpec, games: int, *,
                 resume: bool) -> tuple[ResultsWriter, dict[int, PlayedGame]]:
    """A writer for `path` and the games it already holds (none unless resuming)."""
    if not resume or not path.exists():
        return ResultsWriter(path, spec=spec, games=games), {}
    loaded = read_results(path)
    differences = spec.differences(loaded.spec)
    if differences:
        raise ResultsError(f"{path} holds another run: " + "; ".join(differences))
    return ResultsWriter(path), loaded.played


def play_games(
    tasks: Sequence[GameTask],
    backend: Backend,
    *,
    done: dict[int, PlayedGame] | None = None,
    writer: ResultsWriter | None = None,
    on_start: Callable[[], None] | None = None,
    on_game: Callable[[PlayedGame], None] | None = None,
) -> list[PlayedGame]:
    """Every task's game in index order: those in `done`, the rest played now
    (each appended to `writer` and reported to `on_game` as it finishes)."""
    done = dict(done or {})
    wanted = {task.index for task in tasks}
    for index in [i for i in done if i not in wanted]:
        del done[index]  # a damaged index, or a game beyond this run's count
    for task in tasks:
        game = done.get(task.index)
        if game is not None and (game.seats != task.seats or game.seed != task.seed
                                 or game.game != task.game):
            warnings.warn(
                f"game {task.index} in the results file was played by {list(game.seats)} "
                f"with seed {game.seed}; this run plays it with {list(task.seats)}, seed "
                f"{task.seed}: the line is damaged or from another version, so the game "
                "is played again", DamagedLineWarning, stacklevel=2)
            del done[task.index]
    missing: Iterable[GameTask] = [t for t in tasks if t.index not in done]
    for game in backend.run(missing, on_start=on_start):
        done[game.index] = game
        if writer is not None:
            writer.append(game)
        if on_game is not None:
            on_game(game)
    return [done[t.index] for t in tasks]
