"""Every gemtable game as an OpenSpiel Python game (`gemtable[openspiel]`).

    import pyspiel
    import gemtable.ai.interop.openspiel  # registers python_gemtable_<game id>
    game = pyspiel.load_game("python_gemtable_jowhari(players=2)")

Actions are the ids of the engine's numbering (gemtable.engine.actionspace);
dice are chance nodes with the engine's probabilities. The hidden set-up (the
shuffled decks) is a chance event too: a game opens with DEAL_BYTES chance
nodes, each drawing one byte of the 32-bit seed the engine deals from, so that
a seed and the ids that follow replay the whole game. Those bytes are ids
after the game's own numbering ("deal 0" ... "deal 255").

A seat's information state is the game's log as that seat saw it (others'
sealed moves only as the table tells them) followed by its view as JSON
(gemtable.engine.viewjson); its observation is the view alone. Returns are the
engine's outcome: each seat's share of the win, which sums to 1 (CONSTANT_SUM).
`resample_from_infostate` fills what a seat cannot see with the engine's own
`view.determinize`, which is what OpenSpiel's ISMCTSBot needs to play.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, ClassVar

import pyspiel

from gemtable.ai.soak import ACTIONS_PER_TURN
from gemtable.engine import CHANCE, SPECTATOR, Game, Observer, State, registry
from gemtable.engine.viewjson import value_to_json, view_to_json

from .openspiel_position import (
    ALL_SEATS,
    DEAL_BYTES,
    Position,
    Seen,
    Setup,
    seed_deal_ids,
    setup_of,
)

__all__ = ["DEAL_BYTES", "GemtableGame", "GemtableState", "Position", "Seen", "Setup",
           "load", "seed_deal_ids", "short_name"]

def short_name(game_id: str) -> str:
    return f"python_gemtable_{game_id}"


def _json(data: object) -> str:
    return json.dumps(data, separators=(",", ":"))


class GemtableState(pyspiel.State):
    """An OpenSpiel state of a gemtable game; the position lives in `position`."""

    def __init__(self, game: GemtableGame) -> None:
        super().__init__(game)
        self.position = Position(game.setup, None)

    @property
    def engine_state(self) -> State[Any] | None:
        """The engine's true position (None before the deal): for tools and tests."""
        return self.position.state

    def current_player(self) -> int:
        state = self.position.state
        if state is None or state.to_move is CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        assert isinstance(state.to_move, int)
        return state.to_move

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.position.legal())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        position = self.position
        if position.state is None:
            return [(position.setup.deal_id(byte), 1 / 256) for byte in range(256)]
        return sorted(position.setup.space.chance_ids(position.state))

    def _apply_action(self, action: int) -> None:
        self.position = self.position.after(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        texts = self.position.setup.space.texts
        return texts[action] if 0 <= action < len(texts) else f"deal {action - len(texts)}"

    def is_terminal(self) -> bool:
        state = self.position.state
        return state is not None and state.is_over

    def returns(self) -> list[float]:
        state = self.position.state
        if state is None or not state.is_over:
            return [0.0] * self.position.setup.players
        return list(state.outcome())

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float]) -> GemtableState:
        """A state `player_id` cannot tell from this one: its hidden parts drawn by
        the engine's `determinize` (seeded from the sampler), its log as that seat
        saw it. Its OpenSpiel history is empty: no list of ids leads to it."""
        rng = random.Random(int(probability_sampler() * 2**53))
        resampled = self.get_game().new_initial_state()
        assert isinstance(resampled, GemtableState)
        resampled.position = self.position.resampled(player_id, rng)
        return resampled

    def __str__(self) -> str:
        position = self.position
        if position.state is None:
            return f"dealing: seed bytes {list(position.seed_bytes)}"
        return _json(value_to_json(position.state))


class ViewObserver:
    """OpenSpiel's observer protocol in strings: a view's JSON, after the log
    when the observation type asks for perfect recall. No tensors: a view has
    no fixed numeric layout (docs/bots.md documents its JSON per game)."""

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"gemtable observers take no parameters, not {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        self.perfect_recall = bool(kind.perfect_recall)
        self.private = kind.private_info
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: GemtableState, player: int) -> None:
        pass

    def string_from(self, state: GemtableState, player: int) -> str:
        position = state.position
        if self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            who: Observer | str = player
        else:
            who = SPECTATOR if self.private == pyspiel.PrivateInfoType.NONE else ALL_SEATS
        if position.state is None:
            seen = "dealing"
        elif who == ALL_SEATS:
            seen = _json(value_to_json(position.state))
        else:
            assert who is SPECTATOR or isinstance(who, int)
            seen = _json(view_to_json(position.state.view(who)))
        if not self.perfect_recall:
            return seen
        return "\n".join([*(entry.line(who) for entry in position.log), seen])


class GemtableGame(pyspiel.Game):
    """One set-up of a gemtable game (parameters `players` and `variant`);
    each game registers a subclass naming it (GAME_CLASSES)."""

    game_id: ClassVar[str]
    kind: ClassVar[pyspiel.GameType]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = params or {}
        game = registry.get(self.game_id)
        players = int(params.get("players", 2))
        if players not in game.player_counts():
            raise ValueError(f"{game.title} is for {game.min_players} to "
                             f"{game.max_players} players, not {players}")
        variant = str(params.get("variant") or game.default_variant(players).id)
        if variant not in {v.id for v in game.variants_for(players)}:
            raise ValueError(f"{game.title} has no variant {variant!r} for {players} players")
        self.setup = setup_of(game.id, players, variant)
        size = len(self.setup.space)
        info = pyspiel.GameInfo(
            num_distinct_actions=size, max_chance_outcomes=size + 256, num_players=players,
            min_utility=0.0, max_utility=1.0, utility_sum=1.0,
            # OpenSpiel bounds actions, the engine turns: the soak's bound on a turn's steps.
            max_game_length=ACTIONS_PER_TURN * game.max_turns(players, variant))
        super().__init__(self.kind, info, {"players": players, "variant": variant})

    def new_initial_state(self) -> GemtableState:
        return GemtableState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> ViewObserver:
        return ViewObserver(iig_obs_type, params)


def game_type(game: Game[Any, Any]) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"gemtable {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        # Shares of the win: one seat's gain is the others' loss, and they sum to 1.
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"players": 2, "variant": ""},
    )


def _game_class(game: Game[Any, Any]) -> type[GemtableGame]:
    # A class, not a closure, is registered: OpenSpiel keeps its factories until
    # after Python has shut down, and a closure freed then crashes the process.
    return type(f"{game.id.title()}Game", (GemtableGame,),
                {"game_id": game.id, "kind": game_type(game), "__module__": __name__})


GAME_CLASSES: dict[str, type[GemtableGame]] = {game.id: _game_class(game)
                                               for game in registry.all()}
for _class in GAME_CLASSES.values():
    pyspiel.register_game(_class.kind, _class)


def load(game_id: str, players: int = 2, variant: str | None = None) -> GemtableGame:
    """The registered OpenSpiel game of this set-up."""
    text = f"{short_name(game_id)}(players={players}"
    loaded = pyspiel.load_game(text + (f",variant={variant})" if variant else ")"))
    assert isinstance(loaded, GemtableGame)
    return loaded

