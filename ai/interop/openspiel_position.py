"""The position behind an OpenSpiel state of a gemtable game
(gemtable.ai.interop.openspiel): the engine's state, the deal's seed bytes
drawn so far and the log of the game, in one immutable record that clones
share.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import attrs
import pyspiel

from gemtable.engine import CHANCE, Game, State, registry
from gemtable.engine.actionspace import ActionSpace, action_space

DEAL_BYTES = 4
"""Chance nodes that draw the deal's seed, a byte each: 32 bits, as arena seeds."""
ALL_SEATS = "all"
"""The observer of an observation with every seat's private information."""


@attrs.frozen
class Setup:
    """A set-up of one game: what every state of an OpenSpiel game shares."""

    game: Game[Any, Any]
    players: int
    variant: str
    space: ActionSpace

    def deal_id(self, byte: int) -> int:
        return len(self.space) + byte

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (OpenSpiel's serialisation) by name, not with its whole numbering.
        return (setup_of, (self.game.id, self.players, self.variant))


@cache
def setup_of(game_id: str, players: int, variant: str) -> Setup:
    game = registry.get(game_id)
    return Setup(game, players, variant, action_space(game, players, variant))


@attrs.frozen
class Seen:
    """One step of the log: who moved (None for chance) and what it was."""

    mover: int | None
    text: str
    told: str | None = None
    """What the other seats learn of a sealed move (`State.secret_action`)."""

    def seen_by(self, who: object) -> Seen:
        """This step as `who` (a seat, SPECTATOR or ALL_SEATS) knows it."""
        if self.told is None or who in (self.mover, ALL_SEATS):
            return self
        return Seen(self.mover, self.told)

    def line(self, who: object) -> str:
        name = "chance" if self.mover is None else f"seat {self.mover}"
        return f"{name}: {self.seen_by(who).text}"


@attrs.frozen(eq=False)
class Position:
    """Everything an OpenSpiel state holds, immutable, so clones share it."""

    setup: Setup
    state: State[Any] | None
    """None until the deal's seed is drawn."""
    seed_bytes: tuple[int, ...] = ()
    log: tuple[Seen, ...] = ()
    _legal: dict[int, object] = attrs.field(factory=dict)
    """Legal action (or chance outcome) by id, filled on first use."""

    def __deepcopy__(self, memo: dict[int, object]) -> Position:
        return self  # OpenSpiel clones a Python state by deep-copying its fields

    def __reduce__(self) -> tuple[Any, ...]:
        return (Position, (self.setup, self.state, self.seed_bytes, self.log))

    def legal(self) -> dict[int, object]:
        if not self._legal and self.state is not None and not self.state.is_over:
            state, space = self.state, self.setup.space
            choices = ([outcome for outcome, _ in state.chance_outcomes()]
                       if state.to_move is CHANCE else state.legal_actions())
            self._legal.update(sorted((space.id_of(a), a) for a in choices))
        return self._legal

    def after(self, action_id: int) -> Position:
        setup, state = self.setup, self.state
        if state is None:
            byte = action_id - len(setup.space)
            if not 0 <= byte < 256:
                raise pyspiel.SpielError(f"{action_id} is not a deal outcome")
            seed_bytes = (*self.seed_bytes, byte)
            if len(seed_bytes) < DEAL_BYTES:
                return Position(setup, None, seed_bytes)
            seed = int.from_bytes(bytes(seed_bytes), "big")
            dealt = setup.game.new(setup.players, seed, setup.variant)
            return Position(setup, dealt, seed_bytes, (Seen(None, "dealt"),))
        action = self.legal().get(action_id)
        if action is None:
            text = setup.space.texts[action_id] if 0 <= action_id < len(setup.space) else "?"
            raise pyspiel.SpielError(f"action {action_id} ({text!r}) is not legal here")
        after = state.apply(action)
        mover = state.to_move
        if isinstance(mover, int):
            told = state.describe(action, after) if state.secret_action(action) else None
            seen = Seen(mover, str(action), told)
        else:
            seen = Seen(None, str(action))
        return Position(setup, after, self.seed_bytes, (*self.log, seen))

    def resampled(self, seat: int, rng: random.Random) -> Position:
        """A position `seat` cannot tell from this one: what it cannot see drawn
        by the engine's determinization, the log as it saw it."""
        if self.state is None:
            raise pyspiel.SpielError("nothing is dealt yet: there is nothing to resample")
        sample = self.state.view(seat).determinize(rng)
        # Without the seed bytes: they name the true deal.
        return Position(self.setup, sample, (), tuple(entry.seen_by(seat) for entry in self.log))


def seed_deal_ids(setup: Setup, seed: int) -> list[int]:
    """The deal's chance ids that make the engine deal as `game.new(players, seed)`."""
    return [setup.deal_id(byte) for byte in (seed % 2**32).to_bytes(DEAL_BYTES, "big")]
