"""Game logs: JSON Lines, written one line per action as it happens.

    {"kind": "header", "game": "jowhari", "variant": "standard", "players": 2,
     "seats": ["human", "greedy"], "seed": 7, "version": 1, "started": "..."}
    {"kind": "action", "n": 1, "seat": 0, "action": "take RBG"}
    {"kind": "action", "n": 2, "seat": "chance", "action": "roll 4"}
    ...
    {"kind": "undo", "seat": 0, "to": 5}
    ...
    {"kind": "result", "scores": [10, 7], "winners": [0], "ranking": [1, 2], "turns": 31}

An undo line takes the game back to the position after action `to` (the
actions after it no longer count; the next action line is numbered `to` + 1):
the file only ever grows, and re-playing it gives the game as it was played.

Loading re-plays every action from the header's seed, so a log is also a
check: a line the rules refuse is reported with its file and line number. A
torn last line (the process died mid-write) is dropped with a warning
(jsonlines.py holds the rule, which results files share).
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

import attrs

from . import registry
from .core import CHANCE, IllegalAction, State
from .jsonlines import encode, mend_tail, parse_object, split_lines

FORMAT_VERSION = 1


class GameLogError(ValueError):
    """A log that cannot be read; the message names the file and the line."""


class TornLineWarning(UserWarning):
    """The last line of a log was cut short and has been ignored."""


@attrs.frozen
class Header:
    game: str
    variant: str
    players: int
    seats: tuple[str, ...]
    seed: int
    version: int = FORMAT_VERSION
    started: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "header",
            "game": self.game,
            "variant": self.variant,
            "players": self.players,
            "seats": list(self.seats),
            "seed": self.seed,
            "version": self.version,
            "started": self.started,
        }


@attrs.frozen
class LoadedLog:
    path: Path
    header: Header
    actions: tuple[str, ...]
    """Action texts in order, chance outcomes included."""
    states: tuple[State[Any], ...]
    """The state before the first action, then after each action."""
    finished: bool
    """True when the log ends with a result line."""
    warnings: tuple[str, ...] = ()
    undos: int = 0
    """How many undo lines the log holds (each took moves back)."""

    @property
    def final(self) -> State[Any]:
        return self.states[-1]


def mover_label(state: State[Any]) -> int | str:
    """Who acts in `state`, as a log line names them: a seat number or \"chance\"."""
    mover = state.to_move
    if isinstance(mover, int):
        return mover
    return "chance" if mover is CHANCE else str(mover)


def _result_json(state: State[Any]) -> dict[str, Any]:
    return {
        "kind": "result",
        "scores": list(state.scores()),
        "winners": list(state.winners()),
        "ranking": list(state.ranking()),
        "turns": state.turn,
    }


def _open_private(path: Path, how: int) -> TextIO:
    """Open for writing, readable by this account only: a log holds the seed, and
    so every hidden card and future roll of the game."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | how, 0o600)
    os.fchmod(fd, 0o600)  # an older log made with looser permissions is tightened too
    return os.fdopen(fd, "w", encoding="utf-8")


class GameLogWriter:
    """Appends to a log file, flushing and syncing every line so a crash loses nothing."""

    def __init__(self, path: Path, header: Header | None = None, *, actions_so_far: int = 0):
        self.path = Path(path)
        self._count = actions_so_far
        if header is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.path.exists() and self.path.stat().st_size:
                raise FileExistsError(f"{self.path} already holds a game log")
            if not header.started:
                header = attrs.evolve(header, started=datetime.now(UTC).isoformat(timespec="seconds"))
            self._file = _open_private(self.path, os.O_TRUNC)
            self._write(header.to_json())
        else:
            self._file = _open_private(self.path, os.O_APPEND)

    @classmethod
    def resume(cls, loaded: LoadedLog) -> GameLogWriter:
        """Continue a loaded log; a torn last line is cut off first."""
        mend_tail(loaded.path)
        return cls(loaded.path, actions_so_far=len(loaded.actions))

    def _write(self, record: dict[str, Any]) -> None:
        self._file.write(encode(record))
        self._file.flush()
        os.fsync(self._file.fileno())

    def action(self, before: State[Any], action: object) -> None:
        """Record `action`, played in state `before`."""
        self._count += 1
        self._write(
            {"kind": "action", "n": self._count, "seat": mover_label(before), "action": str(action)}
        )

    def undo(self, seat: int, to: int) -> None:
        """Record that `seat` took the game back to the position after `to` actions."""
        if not 0 <= to <= self._count:
            raise ValueError(f"cannot undo back to action {to} of {self._count}")
        self._count = to
        self._write({"kind": "undo", "seat": seat, "to": to})

    def result(self, final: State[Any]) -> None:
        self._write(_result_json(final))

    def close(self) -> None:
        if not self._file.closed:
            self._file.close()

    def __enter__(self) -> GameLogWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _header_from(record: dict[str, Any], where: str) -> Header:
    if record.get("kind") != "header":
        raise GameLogError(f"{where}: the first line must be a header")
    try:
        version = int(record["version"])
        if version > FORMAT_VERSION:
            raise GameLogError(
                f"{where}: log format version {version} is newer than this gemtable reads"
                f" ({FORMAT_VERSION})"
            )
        return Header(
            game=str(record["game"]),
            variant=str(record["variant"]),
            players=int(record["players"]),
            seats=tuple(str(s) for s in record["seats"]),
            seed=int(record["seed"]),
            version=version,
            started=str(record.get("started", "")),
        )
    except (KeyError, TypeError, ValueError, OverflowError) as error:
        if isinstance(error, GameLogError):
            raise
        raise GameLogError(f"{where}: header is missing or has a bad field ({error})") from None


def load(path: str | os.PathLike[str]) -> LoadedLog:
    """Read and re-play a log; GameLogError for anything but a torn last line."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise GameLogError(f"{path}: cannot read ({error.strerror})") from None
    return loads(raw, path)


def loads(raw: bytes, path: Path) -> LoadedLog:
    """`load` of a log's bytes; `path` names it in messages (a log that came
    over a connection: a name, not a file)."""
    lines, torn = split_lines(raw)
    records: list[tuple[int, dict[str, Any]]] = []
    for number, line in enumerate(lines, start=1):
        record = parse_object(line)
        if record is None:
            raise GameLogError(f"{path}:{number}: not a JSON object: {line[:60]!r}")
        records.append((number, record))
    notes: list[str] = []
    if torn:
        note = (f"{path}:{len(lines) + 1}: last line was cut short (the game stopped "
                "mid-write); ignored")
        warnings.warn(note, TornLineWarning, stacklevel=2)
        notes.append(note)
    if not records:
        raise GameLogError(f"{path}: empty log (no header line)")

    header = _header_from(records[0][1], f"{path}:{records[0][0]}")
    try:
        game = registry.get(header.game)
    except KeyError as error:
        raise GameLogError(f"{path}:1: {error}") from None
    try:
        state = game.new(header.players, seed=header.seed, variant=header.variant)
    except ValueError as error:
        raise GameLogError(f"{path}:1: {error}") from None

    states = [state]
    actions: list[str] = []
    finished = False
    undos = 0
    for number, record in records[1:]:
        where = f"{path}:{number}"
        if finished:
            raise GameLogError(f"{where}: a line after the result line")
        kind = record.get("kind")
        if kind == "result":
            if not state.is_over:
                raise GameLogError(f"{where}: result line but the game is not over")
            finished = True
            continue
        if kind == "undo":
            to = record.get("to")
            if not isinstance(to, int) or not 0 <= to <= len(actions):
                raise GameLogError(f"{where}: an undo back to {to!r}, but only "
                                   f"{len(actions)} actions were played")
            del states[to + 1:], actions[to:]
            state = states[-1]
            undos += 1
            continue
        if kind != "action" or not isinstance(record.get("action"), str):
            raise GameLogError(f"{where}: expected an action line, got {record!r:.80}")
        try:
            action = state.parse_action(record["action"])
        except IllegalAction as error:
            raise GameLogError(f"{where}: {record['action']!r} is illegal here: {error}") from None
        state = state.apply(action)
        states.append(state)
        actions.append(str(action))
    return LoadedLog(path, header, tuple(actions), tuple(states), finished, tuple(notes),
                     undos)


def write_complete(path: Path, header: Header, states: Sequence[State[Any]],
                   actions: Sequence[object]) -> None:
    """Write a whole game at once (for arena archives and tests)."""
    with GameLogWriter(path, header) as writer:
        for before, action in zip(states, actions, strict=False):
            writer.action(before, action)
        if states and states[-1].is_over:
            writer.result(states[-1])
