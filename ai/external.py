"""A seat played by a program outside gemtable, in any language (`exec:COMMAND`).

The program reads one JSON object a line on its standard input, a request
for a move, and answers each with one JSON line `{"action": TEXT}` on its
standard output (docs/bots.md has the whole protocol). A request carries the
game, the seat, the seat's view (`engine/viewjson.py`: built from the view,
never the true state) and the texts of the legal actions.

The table must never wait on a program that misbehaves. Each move has a
time limit (`exec:2s:COMMAND`; DEFAULT_LIMIT otherwise). When the program
crashes, does not answer in time or answers something that is not a reply,
it is stopped and the fallback bot plays that move; when it answers an
action that is not legal here, the fallback plays the move and the program
keeps running. Either way the problem is kept in `problems` (and logged).
A stopped program is started again for the next move; after GIVE_UP
failures in a row the fallback plays the rest of the game.

The program runs in a process group of its own, so stopping it stops any
process it started too, and every process is waited for (no zombies). The
bot closes its program when the game ends (`close`), or failing that when
the bot is dropped. A table that makes a fresh bot for each decision keeps
the first for its seat and hands it each later decision (`carry_on`), so the
program runs once a game.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import selectors
import shlex
import shutil
import signal
import subprocess
import threading
import time
import weakref
from collections import deque
from pathlib import Path
from typing import Any

import attrs

from gemtable.engine import IllegalAction, State
from gemtable.engine.viewjson import view_to_json

from .base import Bot, BotKindError, check_view

log = logging.getLogger("gemtable.ai.external")

PREFIX = "exec:"
PROTOCOL = 1
DEFAULT_LIMIT = 5.0
"""Seconds a program may take for one move unless its kind says otherwise."""
FALLBACK = "greedy"
GIVE_UP = 3
"""Failures in a row (program stopped each time) after which it is not started again."""
CLOSE_GRACE = 0.5
"""Seconds a program gets to exit by itself once its input is closed."""
MAX_REPLY = 1 << 20
"""A reply line longer than this is nonsense."""
STDERR_LINES = 3

_LIMIT = re.compile(r"(\d+(?:\.\d*)?|\.\d+)s")


@attrs.frozen
class ExecKind:
    """`exec:[SECONDSs:]COMMAND` taken apart."""

    argv: tuple[str, ...]
    limit: float


def is_exec_kind(kind: str) -> bool:
    return kind.startswith(PREFIX)


def parse_exec_kind(kind: str) -> ExecKind:
    """The command and time limit of an `exec:` kind; BotKindError if it names no program."""
    rest = kind[len(PREFIX):]
    limit = DEFAULT_LIMIT
    head, colon, tail = rest.partition(":")
    if colon and _LIMIT.fullmatch(head.strip()):
        limit = float(head.strip()[:-1])
        rest = tail
        if limit <= 0:
            raise BotKindError(f"the time limit in {kind!r} must be above 0 seconds")
    try:
        argv = tuple(shlex.split(rest))
    except ValueError as error:
        raise BotKindError(f"cannot read the command in {kind!r}: {error}") from None
    if not argv:
        raise BotKindError(f"{kind!r} names no program: use exec:COMMAND "
                           "(e.g. exec:python mybot.py) or exec:SECONDSs:COMMAND")
    program = argv[0]
    if shutil.which(program) is None and not Path(program).is_file():
        raise BotKindError(f"no program {program!r} for {kind!r} (not on PATH, not a file)")
    return ExecKind(argv, limit)


class BotProgramError(Exception):
    """What went wrong with the program on one move, in words for the report."""

    def __init__(self, reason: str, *, stop: bool) -> None:
        super().__init__(reason)
        self.reason = reason
        self.stop = stop
        """Whether the program must be stopped (it cannot be trusted to be in step)."""


class _Program:
    """One running copy of the program: send a line, read a line within a deadline."""

    def __init__(self, argv: tuple[str, ...]) -> None:
        self.argv = argv
        self.process = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            start_new_session=True, close_fds=True)
        self._stdout = bytearray()
        self._stderr: deque[str] = deque(maxlen=STDERR_LINES)
        self._stderr_part = bytearray()
        for pipe in (self.process.stdin, self.process.stdout, self.process.stderr):
            assert pipe is not None
            os.set_blocking(pipe.fileno(), False)

    def ask(self, line: bytes, limit: float) -> bytes:
        """Write `line`, and return the next line the program prints (without its newline)."""
        process = self.process
        assert process.stdin and process.stdout and process.stderr
        deadline = time.monotonic() + limit
        pending = memoryview(line)
        with selectors.DefaultSelector() as selector:
            selector.register(process.stdout, selectors.EVENT_READ, "out")
            selector.register(process.stderr, selectors.EVENT_READ, "err")
            selector.register(process.stdin, selectors.EVENT_WRITE, "in")
            while True:
                newline = self._stdout.find(b"\n")
                if newline >= 0:
                    reply = bytes(self._stdout[:newline])
                    del self._stdout[:newline + 1]
                    return reply
                if len(self._stdout) > MAX_REPLY:
                    raise BotProgramError("printed a line too long to be a reply", stop=True)
                left = deadline - time.monotonic()
                if left <= 0:
                    raise BotProgramError(f"gave no answer within {limit:g}s", stop=True)
                if not selector.get_map():
                    raise self._ended()
                for key, _ in selector.select(left):
                    if key.data == "in":
                        try:
                            written = os.write(process.stdin.fileno(), pending)
                        except BrokenPipeError:
                            raise self._ended() from None
                        pending = pending[written:]
                        if not pending:
                            selector.unregister(process.stdin)
                        continue
                    chunk = os.read(key.fd, 65536)
                    if not chunk:
                        selector.unregister(key.fileobj)
                        if key.data == "out":
                            raise self._ended()
                    elif key.data == "out":
                        self._stdout += chunk
                    else:
                        self._keep_stderr(chunk)

    def last_words(self) -> str:
        """The last line the program wrote to its standard error ("" if none)."""
        assert self.process.stderr is not None
        with contextlib.suppress(BlockingIOError, OSError):
            while chunk := os.read(self.process.stderr.fileno(), 65536):
                self._keep_stderr(chunk)
        return self._stderr[-1] if self._stderr else ""

    def _keep_stderr(self, chunk: bytes) -> None:
        self._stderr_part += chunk
        *lines, rest = self._stderr_part.split(b"\n")
        self._stderr.extend(line.decode("utf-8", "replace").strip() for line in lines
                            if line.strip())
        self._stderr_part = bytearray(rest[-4096:])

    def _ended(self) -> BotProgramError:
        """The program closed its output: it has ended, or is about to."""
        try:
            code = self.process.wait(timeout=CLOSE_GRACE)
            how = _exit_words(code)
        except subprocess.TimeoutExpired:
            how = "closed its output"
        said = f" (its last words: {self._stderr[-1][:160]!r})" if self._stderr else ""
        return BotProgramError(f"{how} without answering{said}", stop=True)

    def close(self, grace: float = CLOSE_GRACE) -> None:
        _stop_process(self.process, grace=grace)


def _exit_words(code: int) -> str:
    if code < 0:
        try:
            return f"was killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"was killed by signal {-code}"
    return f"exited with code {code}"


def _stop_process(process: subprocess.Popen[bytes], *, grace: float) -> None:
    """End the program and everything it started; always wait for it (no zombie)."""
    if process.stdin is not None:
        with contextlib.suppress(OSError):
            process.stdin.close()  # end of input: a well-behaved program exits now
    if process.poll() is None and grace > 0:
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=grace)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)  # its own children too
    process.wait()
    for pipe in (process.stdout, process.stderr):
        if pipe is not None:
            pipe.close()


def program_name(kind: str) -> str:
    """A short name for an `exec:` kind, for labels: its script's or program's
    file name (`exec:2s:python /srv/bots/my_bot.py` -> `my_bot.py`)."""
    rest = kind[len(PREFIX):]
    head, colon, tail = rest.partition(":")
    if colon and _LIMIT.fullmatch(head.strip()):
        rest = tail
    try:
        words = shlex.split(rest)
    except ValueError:
        words = rest.split()
    if not words:
        return kind
    named = [w for w in words[1:] if not w.startswith("-") and ("/" in w or "." in w)]
    return Path(named[0] if named else words[0]).name or kind


def request(view: State[Any], seat: int) -> dict[str, Any]:
    """The line the program receives for one move (docs/bots.md)."""
    return {
        "protocol": PROTOCOL,
        "game": view.game.id,
        "variant": getattr(view, "variant", None),
        "players": view.players,
        "seat": seat,
        "turn": view.turn,
        "view": view_to_json(view),
        "legal": [str(action) for action in view.legal_actions()],
    }


class ExecBot:
    """A seat played by an outside program; the fallback bot covers its failures."""

    def __init__(self, kind: str, *, game_id: str, seed: int, fallback: Bot | None = None) -> None:
        from .base import make_bot

        parsed = parse_exec_kind(kind)
        self.kind = kind
        self.argv, self.limit = parsed.argv, parsed.limit
        self.fallback = fallback or make_bot(FALLBACK, game_id=game_id, seed=seed)
        self.problems: list[str] = []
        """One sentence per move the fallback played instead, in order."""
        self._program: _Program | None = None
        self._failures_in_row = 0
        self._finalizer: weakref.finalize[[], ExecBot] | None = None
        self._lock = threading.Lock()

    @property
    def pid(self) -> int | None:
        """The running program's process id; None while none runs."""
        return self._program.process.pid if self._program is not None else None

    def last_words(self) -> str:
        """The last line the running program wrote to its standard error."""
        return self._program.last_words() if self._program is not None else ""

    def choose(self, view: State[Any]) -> object:
        seat = check_view(view)
        with self._lock:  # one move at a time: the program answers requests in order
            try:
                return self._ask(view, seat)
            except BotProgramError as error:
                return self._fall_back(view, error)
            except (OSError, ValueError):  # its pipes were closed under it (`close`)
                return self._fall_back(view, BotProgramError("was stopped", stop=True))

    def carry_on(self, fresh: ExecBot) -> ExecBot:
        """This bot, its program still running, for a new decision: it takes on
        `fresh`'s fallback (seeded for that decision). `fresh` started nothing."""
        self.fallback = fresh.fallback
        return self

    def _ask(self, view: State[Any], seat: int) -> object:
        if self._failures_in_row >= GIVE_UP:
            raise BotProgramError(f"failed {GIVE_UP} moves in a row, so it is not started "
                                  "again this game", stop=False)
        program = self._start()
        line = json.dumps(request(view, seat), separators=(",", ":")) + "\n"
        reply = program.ask(line.encode("utf-8"), self.limit)
        text = _reply_text(reply)
        try:
            action = view.parse_action(text)
        except IllegalAction as error:
            raise BotProgramError(f"answered {text[:80]!r}, which is not legal here: "
                                  f"{error.reason}", stop=False) from None
        self._failures_in_row = 0
        return action

    def _start(self) -> _Program:
        if self._program is None or self._program.process.poll() is not None:
            self._stop_program()
            try:
                self._program = _Program(self.argv)
            except OSError as error:
                raise BotProgramError(f"could not be started: {error}", stop=True) from None
            self._finalizer = weakref.finalize(self, self._program.close)
        return self._program

    def _fall_back(self, view: State[Any], error: BotProgramError) -> object:
        if error.stop:
            self._stop_program(grace=0.0)  # it failed: no time to say goodbye
            self._failures_in_row += 1
        action = self.fallback.choose(view)
        # The fallback first: a log line cut to the screen's width still says it.
        problem = f"{self.fallback.kind} played for it: the program {error.reason}"
        self.problems.append(problem)
        log.info("seat %s (%s): %s", view.to_move, self.kind, problem)
        return action

    def _stop_program(self, grace: float = CLOSE_GRACE) -> None:
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        if self._program is not None:
            self._program.close(grace)
            self._program = None

    def close(self) -> None:
        """Close the program's input and stop it (the game is over or abandoned)."""
        self._stop_program()


def _reply_text(reply: bytes) -> str:
    """The action text in a reply line; nonsense raises BotProgramError."""
    shown = reply[:80].decode("utf-8", "replace")
    try:
        data = json.loads(reply)
    except ValueError:
        raise BotProgramError(f"printed {shown!r}, which is not a JSON reply", stop=True) from None
    if not isinstance(data, dict) or not isinstance(data.get("action"), str):
        raise BotProgramError(f"printed {shown!r}, not an object with an \"action\" text",
                              stop=True)
    return str(data["action"])
