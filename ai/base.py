"""The bot protocol and the factory that turns a KIND string into a bot.

KIND is a level (`easy`, `normal`, `hard`, `expert`: ai/levels.py), `random`,
`greedy`, `mcts`, `mcts:ITERATIONS`, `mcts:SECONDSs`, a per-game bot a
game registers (e.g. an automa) in its heuristic module, or `exec:COMMAND`,
a program outside gemtable (ai/external.py, docs/bots.md).
A search kind may end in `@WORKERS`, the processes it searches in
(`mcts:3000@2`, `mcts:1s@4`); plain `mcts` takes this machine's spare cores,
every other kind one process unless it says otherwise.

Every bot draws its randomness from `decision_rng(seed, view)`: a generator
derived from the bot's seed and the position, not from a stream that advances
with each move. So a seeded bot shown the same view picks the same action
whatever it was asked before, which keeps resumed games and arena runs in
separate processes reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from gemtable.engine import State, registry


class BotKindError(ValueError):
    """A KIND string that names no bot."""


class UnknownBotKind(BotKindError):
    """A KIND of no form `make_bot` knows (not merely a bad budget or count)."""

    def __init__(self, kind: str, game_id: str, message: str) -> None:
        super().__init__(message)
        self.kind, self.game_id = kind, game_id

    def __reduce__(self) -> tuple[type, tuple[str, str, str]]:
        # so that it crosses to and from worker processes whole
        return type(self), (self.kind, self.game_id, str(self))


class Bot(Protocol):
    kind: str

    def choose(self, view: State[Any]) -> object:
        """One of `view.legal_actions()`; `view` is what the bot's seat may know."""
        ...


def bot_problems(bot: object) -> tuple[str, ...]:
    """What went wrong for a bot so far, a sentence per move another bot played
    for it (an outside program's failures: ai/external.py); empty for most bots."""
    return tuple(getattr(bot, "problems", ()))


def close_bot(bot: object) -> None:
    """Release what a bot holds (an outside program); nothing for most bots."""
    close = getattr(bot, "close", None)
    if callable(close):
        close()


GENERIC_KINDS = ("random", "greedy", "mcts", "mcts:ITERATIONS")
"""Kinds every game offers; `mcts:SECONDSs` is accepted too but not listed."""
SEARCH = "mcts"
FRESH_SEARCH = "mcts-fresh"
"""The search with a new tree at every move (`mcts-fresh`, `mcts-fresh:BUDGET`):
how `mcts` played before it kept its tree, for comparisons; not in menus."""


def decision_rng(seed: int, view: State[Any]) -> random.Random:
    """A generator for one decision, fixed by the bot's seed and the position."""
    return random.Random(f"{seed}:{view.turn}:{view.to_move}:{len(view.legal_actions())}")


def check_view(view: State[Any]) -> int:
    """The seat to act in `view`; refuses a true state or another seat's view.

    Bots must never see more than their seat may know, so a caller that hands
    one the full state is told so at once rather than getting a cheating bot.
    """
    seat = view.to_move
    if view.viewer is None:
        raise ValueError("a bot must be given state.view(seat), not the full state")
    if not isinstance(seat, int):
        raise ValueError(f"a bot was asked to act at a step where {seat!r} acts")
    if view.viewer != seat:
        raise ValueError(f"a view for {view.viewer!r} was given to the bot of seat {seat}")
    return seat


def bot_kinds(game_id: str | None = None) -> tuple[str, ...]:
    """Kinds shown to people: the generic ones, then the game's own bots."""
    if game_id is None:
        return GENERIC_KINDS
    from .heuristics import heuristic_for

    return GENERIC_KINDS + tuple(heuristic_for(game_id).bots)


def seat_role(kind: str, game_id: str) -> str | None:
    """The game's seat role a seat of `kind` plays (its automaton), or None: a player."""
    from .heuristics import heuristic_for

    return heuristic_for(game_id).roles.get(kind)


def seating_problem(game_id: str, kinds: Sequence[str]) -> str:
    """The game's own verdict on a table of these seat kinds (people included,
    as any kind that is not a bot's): "" if it may be played, else why not."""
    game = registry.get(game_id)
    return game.seating_problem(tuple(seat_role(kind, game_id) for kind in kinds))


def level_kinds() -> tuple[str, ...]:
    """The levels, easiest first: seat kinds for people to choose from."""
    from .levels import LEVEL_KINDS

    return LEVEL_KINDS


def _budget(kind: str, text: str) -> tuple[int | None, float | None]:
    """(iterations, seconds) from the part of `mcts:...` after the colon."""
    try:
        if text.endswith("s"):
            seconds = float(text[:-1])
            if seconds > 0 and seconds < float("inf"):
                return None, seconds
        else:
            iterations = int(text)
            if iterations > 0:
                return iterations, None
    except ValueError:
        pass
    raise BotKindError(
        f"bad search budget in {kind!r}: use mcts:ITERATIONS (a whole number above 0, "
        "e.g. mcts:500) or mcts:SECONDSs (e.g. mcts:0.5s)"
    )


def search_kind(kind: str) -> bool:
    """Whether `kind` (without `@WORKERS`) names a search that may use workers."""
    from .levels import level_kind

    kind = level_kind(kind)
    return kind.partition(":")[0] in (SEARCH, FRESH_SEARCH)


def _workers(kind: str, text: str) -> int:
    if text.isdigit() and int(text) > 0:
        return int(text)
    raise BotKindError(f"bad worker count in {kind!r}: use @WORKERS, a whole number above 0 "
                       "(e.g. mcts:1500@2)")


def make_bot(kind: str, *, game_id: str, seed: int) -> Bot:
    """A bot of `kind` for `game_id`, all its randomness drawn from `seed`."""
    from .heuristics import heuristic_for
    from .levels import LEVELS, EasyBot, level_kind, parse_loose
    from .mcts import MctsBot
    from .simple import GreedyBot, RandomBot

    registry.get(game_id)  # an unknown game raises registry.UnknownGame here
    if kind.startswith("exec:"):  # before `@`, which a command may contain
        from .external import ExecBot

        return ExecBot(kind, game_id=game_id, seed=seed)
    heuristic = heuristic_for(game_id)
    base, at, worker_text = kind.partition("@")
    if at:
        if not search_kind(base):
            raise BotKindError(f"{base!r} does not search, so it takes no @WORKERS ({kind!r})")
        workers = _workers(kind, worker_text)
        bot = make_bot(level_kind(base, game_id), game_id=game_id, seed=seed)
        assert isinstance(bot, MctsBot)
        bot.workers, bot.kind = workers, kind
        return bot
    if kind in LEVELS:
        bot = make_bot(level_kind(kind, game_id), game_id=game_id, seed=seed)
        bot.kind = kind
        return bot
    try:
        loose = parse_loose(kind)
    except ValueError as error:
        raise BotKindError(str(error)) from None
    if loose is not None:
        return EasyBot(heuristic, seed=seed, kind=kind, loose=loose)
    name, _, budget = kind.partition(":")
    if kind == "random":
        return RandomBot(seed=seed)
    if kind == "greedy":
        return GreedyBot(heuristic, seed=seed)
    if kind in (SEARCH, FRESH_SEARCH):
        return MctsBot(heuristic, seed=seed, kind=kind, workers=None,
                       keep_tree=kind == SEARCH)
    if name in (SEARCH, FRESH_SEARCH):
        iterations, seconds = _budget(kind, budget)
        return MctsBot(heuristic, seed=seed, iterations=iterations, seconds=seconds, kind=kind,
                       keep_tree=name == SEARCH)
    if kind in heuristic.bots:
        return heuristic.bots[kind](seed)
    from .kinds import unknown_kind_message

    raise UnknownBotKind(kind, game_id, unknown_kind_message(kind, game_id, people=False))
