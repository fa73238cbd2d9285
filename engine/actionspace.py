"""Numbers for actions: the fixed numbering outside frameworks (OpenSpiel,
PettingZoo) need for action masks and action ids.

Each game lists, per set-up, every action text that can ever be legal or be
a chance outcome (`Game.action_space`); an action's id is the index of its
text there. Chance outcomes share the numbering with the players' actions:
their texts never coincide ("roll 4" is only ever a chance outcome).

    space = action_space(game, players, variant)
    ids = space.legal_ids(state)           # or space.chance_ids(state)
    state = state.apply(space.action_of(state, ids[0]))
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from functools import cache
from importlib import import_module
from itertools import groupby
from typing import Any

import attrs

from . import registry
from .core import CHANCE, Game, IllegalAction, State


@attrs.frozen
class ActionSpace:
    """One set-up's numbering: `texts[i]` is the text of action id i."""

    game_id: str
    texts: tuple[str, ...]
    _ids: dict[str, int] = attrs.field(eq=False, repr=False)

    @classmethod
    def of(cls, game_id: str, texts: tuple[str, ...]) -> ActionSpace:
        ids = {text: index for index, text in enumerate(texts)}
        if len(ids) != len(texts):
            twice = sorted({t for t in texts if texts.count(t) > 1})[:3]
            raise ValueError(f"{game_id}'s action space lists {twice} more than once")
        return cls(game_id, texts, ids)

    def __len__(self) -> int:
        return len(self.texts)

    def id_of(self, action: object) -> int:
        """The id of `action` (a legal action or a chance outcome)."""
        try:
            return self._ids[str(action)]
        except KeyError:
            raise ValueError(f"{str(action)!r} has no number in {self.game_id}'s "
                             "action space") from None

    def legal_ids(self, state: State[Any]) -> tuple[int, ...]:
        """The ids of the legal actions of a player's step, in the state's order."""
        return tuple(self._ids[str(action)] for action in state.legal_actions())

    def chance_ids(self, state: State[Any]) -> tuple[tuple[int, float], ...]:
        """(id, probability) of each outcome of a chance step."""
        return tuple((self._ids[str(outcome)], p) for outcome, p in state.chance_outcomes())

    def action_of(self, state: State[Any], action_id: int) -> object:
        """The legal action (or, on a chance step, the outcome) numbered `action_id`."""
        if not 0 <= action_id < len(self.texts):
            raise IllegalAction(f"{action_id} is not an action number of {self.game_id} "
                                f"(0 to {len(self.texts) - 1})")
        text = self.texts[action_id]
        choices: Iterator[object] = (
            (outcome for outcome, _ in state.chance_outcomes()) if state.to_move is CHANCE
            else iter(state.legal_actions()))
        for action in choices:
            if str(action) == text:
                return action
        raise IllegalAction(f"action {action_id} ({text!r}) is not legal here")


@cache
def action_space(game: Game[Any, Any], players: int, variant: str) -> ActionSpace:
    """The numbering of `game`'s actions for this many players and this variant."""
    return ActionSpace.of(game.id, game.action_space(players, variant))


def _verb(text: str) -> str:
    return text.split(" ")[0]


def _order_note(game: Game[Any, Any]) -> str:
    """The game's own description of its order: the docstring of space.py in
    the game's folder (beside game.py, where the Game class is)."""
    package = type(game).__module__.rpartition(".")[0]
    module = import_module(f"{package}.space")
    return inspect.cleandoc(module.__doc__ or "")


def space_markdown(game: Game[Any, Any]) -> str:
    """`game`'s numbering as docs/interop.md prints it: per set-up, the id
    ranges of each verb with their first and last texts."""
    lines = [f"### {game.title} (`{game.id}`)", "", _order_note(game), ""]
    setups: dict[tuple[str, ...], list[str]] = {}
    for players in game.player_counts():
        for variant in game.variants_for(players):
            texts = action_space(game, players, variant.id).texts
            setups.setdefault(texts, []).append(f"{players}p {variant.id}")
    for texts, names in setups.items():
        lines += [f"{', '.join(names)}: {len(texts)} actions.", "",
                  "| ids | texts |", "| --- | --- |"]
        start = 0
        for _, group in groupby(texts, key=_verb):
            run = list(group)
            end = start + len(run) - 1
            shown = f"`{run[0]}`" if len(run) == 1 else f"`{run[0]}` ... `{run[-1]}`"
            ids = str(start) if start == end else f"{start}-{end}"
            lines.append(f"| {ids} | {shown} |")
            start = end + 1
        lines.append("")
    return "\n".join(lines)


def all_spaces_markdown() -> str:
    """Every registered game's numbering, as docs/interop.md holds it."""
    return "\n".join(space_markdown(game) for game in registry.all())


if __name__ == "__main__":  # `python -m gemtable.engine.actionspace`: the tables of docs/interop.md
    print(all_spaces_markdown(), end="")
