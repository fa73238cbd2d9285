"""Bots in worker processes, so a thinking bot never holds up the server.

The table asks its bot factory for a bot and calls `choose(view)` on one of
its own worker threads. Here that call sends the kind, the seed and the view
(never the true state) to a process pool and waits for the action's text;
the server's event loop and every other table carry on meanwhile.

The pool also decides, server-wide, how many processes each search may use:
the cores are shared among the bots thinking at that moment, and none is
taken that the machine's load leaves busy (ai/parallel.py
`server_search_workers`); the answer goes out in the kind (`mcts` becomes
`mcts@2`), so a search kind's own `@WORKERS` is overruled here.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from gemtable.engine import State

log = logging.getLogger("gemtable.serve")


def watch_parent(parent: int) -> None:
    """In a worker: exit when the server is gone, even if it was killed outright."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="gemtable-parent-watch", daemon=True).start()


def _choose(kind: str, game_id: str, seed: int, view: State) -> tuple[str, tuple[str, ...]]:
    """In a worker: make the bot, and return its action as text with what went
    wrong for it (an outside program that failed; ai/external.py)."""
    from gemtable.ai.base import bot_problems, close_bot, make_bot

    bot = make_bot(kind, game_id=game_id, seed=seed)
    try:
        return str(bot.choose(view)), bot_problems(bot)
    finally:
        close_bot(bot)


def offered_kinds(game_id: str, exec_bots: Sequence[str] = ()) -> tuple[str, ...]:
    """The bot kinds a server offers for the game (its new-table form's list): the
    levels a person knows from the local menu (easy, normal, hard, expert) first,
    then the game's bots by their own names (random, greedy, mcts, a game's
    planners; a placeholder such as `mcts:ITERATIONS` is no kind), then the
    operator's outside programs."""
    from gemtable.ai import bot_kinds, level_kinds

    named = tuple(kind for kind in bot_kinds(game_id) if kind == kind.lower())
    return level_kinds() + named + tuple(exec_bots)


def check_bot(kind: str, game_id: str) -> None:
    """ValueError (the registry's BotKindError) if `kind` names no bot for the game."""
    from gemtable.ai import make_bot

    make_bot(kind, game_id=game_id, seed=0)


class PooledBot:
    """What the table sees as a bot: `choose(view)` runs in a worker process."""

    def __init__(self, pool: BotPool, kind: str, game_id: str, seed: int) -> None:
        self.pool, self.kind, self.game_id, self.seed = pool, kind, game_id, seed
        self.problems: tuple[str, ...] = ()

    def choose(self, view: State) -> str:
        text, self.problems = self.pool.choose_reporting(self.kind, self.game_id, self.seed,
                                                         view)
        return text


def _server_workers(thinking: int) -> int:
    from gemtable.ai.parallel import server_search_workers

    return server_search_workers(thinking)


class BotPool:
    def __init__(self, workers: int, *,
                 search_workers: Callable[[int], int] = _server_workers) -> None:
        """`search_workers(thinking)`: processes for one search while `thinking`
        bots (this one included) are choosing."""
        self.workers = max(1, workers)
        self.search_workers = search_workers
        self._thinking = 0
        self._lock = threading.Lock()
        self._checked: set[tuple[str, str]] = set()
        self._executor = self._new_executor()

    def _new_executor(self) -> ProcessPoolExecutor:
        # Spawned, not forked: the server has threads and an event loop, which a
        # fork would copy in whatever state they were in.
        return ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=watch_parent, initargs=(os.getpid(),))

    def make_bot(self, kind: str, *, game_id: str, seed: int) -> PooledBot:
        """A BotFactory for `Table`: checks the kind here once, decides in a worker."""
        if (kind, game_id) not in self._checked:
            check_bot(kind, game_id)
            self._checked.add((kind, game_id))
        return PooledBot(self, kind, game_id, seed)

    def choose(self, kind: str, game_id: str, seed: int, view: State) -> str:
        return self.choose_reporting(kind, game_id, seed, view)[0]

    def choose_reporting(self, kind: str, game_id: str, seed: int,
                         view: State) -> tuple[str, tuple[str, ...]]:
        """The action's text, and the failures of an outside program behind it."""
        with self._lock:
            executor = self._executor
            self._thinking += 1
            thinking = self._thinking
        try:
            return executor.submit(_choose, self.kind_for(kind, thinking), game_id, seed,
                                   view).result()
        except BrokenProcessPool:
            # A worker died (killed, out of memory): start a fresh pool for the
            # next decision; this one becomes a bot failure the table can retry.
            with self._lock:
                if self._executor is executor:
                    log.error("bot worker pool broke; starting a new one")
                    self._executor = self._new_executor()
            raise RuntimeError("the bot's worker process stopped") from None
        finally:
            with self._lock:
                self._thinking -= 1

    def kind_for(self, kind: str, thinking: int) -> str:
        """The kind sent to a worker: a search gets its share of the cores."""
        from gemtable.ai.parallel import kind_with_workers

        return kind_with_workers(kind, max(1, self.search_workers(thinking)))

    def shutdown(self) -> None:
        with self._lock:
            self._executor.shutdown(wait=False, cancel_futures=True)
