"""One headless game between bots: the loop the arena, bench and tests share.

Conventions shared with the table in the TUI (and so with game logs):
- the chance step that is action number `step` (every action applied so far,
  chance outcomes included) is rolled with `chance_rng(seed, step)`;
- the bot at seat `s` is seeded with `bot_seed(seed, s)`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from gemtable.engine import CHANCE, Game, IllegalAction, State, chance_rng, registry

from .base import Bot, bot_problems, close_bot, make_bot


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at `seat` in the game played with `seed`."""
    return random.Random(f"{seed}:bot:{seat}").getrandbits(63)


@attrs.frozen
class MatchResult:
    final: State[Any]
    actions: tuple[object, ...]
    """Every action applied, chance outcomes included, in order."""
    kinds: tuple[str, ...]
    think_seconds: tuple[float, ...]
    """Per seat: total time its bot spent choosing."""
    decisions: tuple[int, ...]
    """Per seat: how many times its bot was asked to choose."""
    slowest: tuple[float, ...]
    """Per seat: the longest single decision, in seconds."""
    problems: tuple[tuple[str, ...], ...] = ()
    """Per seat: a sentence for each move another bot played for its bot (an
    outside program that crashed, hung or answered badly); empty for most."""

    @property
    def turns(self) -> int:
        return self.final.turn

    @property
    def mean_think(self) -> tuple[float, ...]:
        return tuple(t / n if n else 0.0 for t, n in zip(self.think_seconds, self.decisions, strict=True))


def play_match(
    game: str | Game[Any, Any],
    seats: Sequence[str | Bot],
    *,
    seed: int,
    variant: str | None = None,
    max_actions: int | None = None,
) -> MatchResult:
    """Play `game` (an id, or a Game not in the registry) to the end with one
    bot (or KIND) per seat.

    Each bot is shown only its seat's view. An illegal choice raises
    IllegalAction naming the bot, since it is a bug in that bot.
    `max_actions` stops early (tests); the final state is then unfinished.
    Bots made here from kinds are closed at the end (outside programs stopped).
    """
    if isinstance(game, str):
        game = registry.get(game)
    bots = [
        make_bot(s, game_id=game.id, seed=bot_seed(seed, i)) if isinstance(s, str) else s
        for i, s in enumerate(seats)
    ]
    try:
        return _play(game, bots, seed=seed, variant=variant, max_actions=max_actions)
    finally:
        for seat, bot in zip(seats, bots, strict=True):
            if isinstance(seat, str):
                close_bot(bot)


def play_seeing(game: str | Game[Any, Any], bots: Sequence[Any], *, seed: int,
                variant: str | None = None) -> MatchResult:
    """Analysis only: `play_match` with every bot handed the true state
    instead of its view, through its `decide` (an MctsBot's). It measures
    what hidden information costs a search (tools/solo_bound.py); no table,
    arena or seat kind ever plays this way."""
    if isinstance(game, str):
        game = registry.get(game)
    return _play(game, bots, seed=seed, variant=variant, max_actions=None,
                 show=lambda bot, state, seat: bot.decide(state))


def _shown_view(bot: Any, state: State[Any], seat: int) -> object:
    return bot.choose(state.view(seat))


def _play(game: Game[Any, Any], bots: Sequence[Bot], *, seed: int, variant: str | None,
          max_actions: int | None,
          show: Callable[[Any, State[Any], int], object] = _shown_view) -> MatchResult:
    state = game.new(len(bots), seed, variant)
    actions: list[object] = []
    think = [0.0] * len(bots)
    slowest = [0.0] * len(bots)
    decisions = [0] * len(bots)
    clock = time.perf_counter
    while not state.is_over and (max_actions is None or len(actions) < max_actions):
        mover = state.to_move
        if mover is CHANCE:
            action = state.sample_chance(chance_rng(seed, len(actions)))
        else:
            bot = bots[mover]
            started = clock()
            action = show(bot, state, mover)
            spent = clock() - started
            think[mover] += spent
            slowest[mover] = max(slowest[mover], spent)
            decisions[mover] += 1
            if action not in state.legal_actions():
                raise IllegalAction(
                    f"bot {bot.kind!r} at seat {mover} chose {action}, which is not legal: "
                    f"{state.why_illegal(action)}",
                    action,
                )
        state = state.apply(action)
        actions.append(action)
    return MatchResult(
        final=state,
        actions=tuple(actions),
        kinds=tuple(getattr(b, "kind", type(b).__name__) for b in bots),
        think_seconds=tuple(think),
        decisions=tuple(decisions),
        slowest=tuple(slowest),
        problems=tuple(bot_problems(b) for b in bots),
    )
