"""The protocol every game implements: Game (the rules and set-up), State (an
immutable position) and the chance marker.

A state is a value. `apply` returns a new state and never changes the one it
is called on; equal positions compare equal. Hidden information is handled
by `view(seat)`, a state of the same class that keeps only what that seat may
know, and `determinize(rng)`, which fills what a view hides with one sample
that agrees with everything the view shows.
"""

from __future__ import annotations

import operator
import random
import re
import secrets
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from itertools import repeat
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

import attrs

from .notation import unreadable

__all__ = [
    "CHANCE",
    "chance_rng",
    "SPECTATOR",
    "Game",
    "IllegalAction",
    "ScoreLine",
    "State",
    "Variant",
    "Mover",
    "Observer",
]


class _Marker:
    """A named singleton that compares by identity and prints its name."""

    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def __repr__(self) -> str:
        return self._name

    def __reduce__(self) -> str:
        # Pickling (worker processes) must give back the very same object.
        return self._name


CHANCE = _Marker("CHANCE")
"""`state.to_move` on a chance step: the caller applies `state.sample_chance(rng)`."""

SPECTATOR = _Marker("SPECTATOR")
"""Pass to `state.view` for what someone who sits at no seat may know."""

Observer = int | _Marker
"""Who a view is for: a seat number or SPECTATOR."""
Mover = int | _Marker | None
"""`state.to_move`: a seat number, CHANCE, or None when the game is over."""


SEED_BITS = 128
"""Default seeds are this many random bits: a deal's public cards must not let
anyone search the seeds and so learn the hidden cards and the future dice."""


def random_seed() -> int:
    """A fresh seed for a game nobody chose one for."""
    return secrets.randbits(SEED_BITS)


def chance_rng(seed: int, step: int) -> random.Random:
    """The generator for the chance step that is action number `step` of a game.

    One generator per step, derived from the game seed, so that a game resumed
    from its log rolls exactly the dice it would have rolled without a break.
    """
    return random.Random(f"{seed}:chance:{step}")


class IllegalAction(ValueError):
    """An action that the rules do not allow here, with a reason a person can read."""

    def __init__(self, reason: str, action: object = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action


@attrs.frozen
class Variant:
    id: str
    title: str
    description: str = ""
    players: tuple[int, ...] = ()
    """Player counts this variant is for; empty means every count the game allows."""


@attrs.frozen
class ScoreLine:
    """One row of a per-player score breakdown for the end screen."""

    label: str
    value: int | float


_COMMENT_LINE = re.compile(r"<!--.*?-->")


def normalise_text(text: str) -> str:
    """Action text compares case- and spacing-insensitively."""
    return re.sub(r"\s+", " ", text.strip()).lower()


A = TypeVar("A")
"""A game's action type: the values its legal-action lists hold."""
S = TypeVar("S", bound="State[Any]")


class Game(ABC, Generic[S, A]):
    """A registered game: its identity, what it allows, how to start it, and
    its rules, which a state of the game reaches through its `game`.

    A game's folder keeps each job in a module of the same name in every game
    (docs/architecture.md lists them); the Game subclass in its game.py only
    says which function does which job, so the rules import downward, never
    back up to the state. The methods taking a `state` are what the State's
    methods of the same name ask; call those on the state.

    Required of a subclass: the class attributes without a default (`id`,
    `title`, `min_players`, `max_players`, `variants`, `rules_file`) and the
    abstract methods.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    short_title: ClassVar[str] = ""
    """The name where room is short (a status bar at 80 columns); "" for the title."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    variants: ClassVar[tuple[Variant, ...]]
    has_hidden_information: ClassVar[bool] = False
    has_private_views: ClassVar[bool] = False
    """Seats see different things (a hand of their own). Hidden information
    alone does not make it so: a face-down deck is hidden from everyone, so
    every seat's view is the same and hot-seat play needs no curtain."""
    has_chance: ClassVar[bool] = False
    achievement_names: ClassVar[tuple[str, ...]] = ()
    """Named results the rulebook awards at the end (solo titles), lowest first."""
    rules_file: ClassVar[Path]
    summary: ClassVar[str] = ""
    """What the game is, in one line for people choosing a game (README, menus)."""
    people: ClassVar[tuple[int, int] | None] = None
    """How many people may play, where that differs from the seats (a seat may be
    an automaton, as in solo games against a card deck)."""

    notation: ClassVar[Mapping[str, str]] = {}
    """How each verb (an action text's first word) is written, as a short
    phrase that follows "write" ("take and up to three colour letters..."):
    what a person who typed no action is shown (engine/notation.py)."""

    seat_roles: ClassVar[tuple[str, ...]] = ()
    """Parts a seat may play other than a player's, named as the game names
    them (an automaton the rulebook describes, such as Iridescia's "rhom").
    Which line-ups of them a table may have is `seating_problem`'s to say."""

    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def seating_problem(self, roles: Sequence[str | None]) -> str:
        """Why a table whose seats play `roles` (one per seat in turn order:
        a name from `seat_roles`, or None for a player) cannot be played, as a
        sentence for people; "" when it can. Every front end asks this rather
        than knowing the rule."""
        if len(roles) not in self.player_counts():
            return (f"{self.title} is for {self.min_players} to {self.max_players} players, "
                    f"not {len(roles)}.")
        for role in roles:
            if role is not None and role not in self.seat_roles:
                return f"No seat of {self.title} plays as {role!r}."
        return ""

    def people_counts(self) -> range:
        """How many people may sit down: the seats, unless `people` says otherwise."""
        low, high = self.people or (self.min_players, self.max_players)
        return range(low, high + 1)

    def variants_for(self, players: int) -> tuple[Variant, ...]:
        return tuple(v for v in self.variants if not v.players or players in v.players)

    def default_variant(self, players: int) -> Variant:
        choices = self.variants_for(players)
        if not choices:
            raise ValueError(f"{self.title} has no variant for {players} players")
        return choices[0]

    def variant(self, variant_id: str) -> Variant:
        for v in self.variants:
            if v.id == variant_id:
                return v
        known = ", ".join(v.id for v in self.variants)
        raise ValueError(f"{self.title} has no variant {variant_id!r} (known: {known})")

    def new(self, players: int, seed: int, variant: str | None = None) -> S:
        """A fresh game; every random choice of set-up is drawn from `seed`."""
        if players not in self.player_counts():
            raise ValueError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, "
                f"not {players}"
            )
        chosen = self.default_variant(players) if variant is None else self.variant(variant)
        if chosen.players and players not in chosen.players:
            allowed = ", ".join(map(str, chosen.players))
            raise ValueError(f"variant {chosen.id!r} is for {allowed} players, not {players}")
        return self._new(players, random.Random(seed), chosen.id)

    def rules_text(self) -> str:
        """The rules document as players read it: lines that are only an HTML
        comment (the markers around a generated catalogue) are left out."""
        lines = self.rules_file.read_text(encoding="utf-8").splitlines(keepends=True)
        return "".join(line for line in lines if not _COMMENT_LINE.fullmatch(line.strip()))

    def __repr__(self) -> str:
        return f"<Game {self.id}>"

    # --- set-up and limits (required) -------------------------------------
    @abstractmethod
    def _new(self, players: int, rng: random.Random, variant: str) -> S:
        """The fresh game `new` has checked the arguments of."""

    @abstractmethod
    def max_turns(self, players: int, variant: str) -> int:
        """An upper bound on `state.turns` for any game of this set-up, however
        it is played: a game still running past it is a bug (the soak checks it)."""

    @abstractmethod
    def action_space(self, players: int, variant: str) -> tuple[str, ...]:
        """Every action text that can ever be legal, or be a chance outcome, in
        a game of this set-up, in a fixed order: an action's number is its
        index here (engine/actionspace.py; docs/interop.md lists them).

        It may hold texts that no game ever reaches; it must hold every one
        that can be played, each once. The order is part of the game's
        published interface: extend it only by appending."""

    # --- rules (required) ---------------------------------------------------
    @abstractmethod
    def legal_actions(self, state: S) -> tuple[A, ...]:
        """The legal actions (chance outcomes on a chance step), in a stable order."""

    @abstractmethod
    def apply_action(self, state: S, action: A) -> S:
        """The state after `action`, which `State.apply` has found legal."""

    @abstractmethod
    def why_illegal(self, state: S, action: A) -> str:
        """Why `action` cannot be played in `state`, as a sentence for people;
        "" exactly when it is legal. Built on the same conditions as
        `legal_actions` (the generic tests check that they agree)."""

    @abstractmethod
    def parse_syntax(self, state: S, text: str) -> A | None:
        """See `State.parse_syntax`."""

    @abstractmethod
    def scores(self, state: S) -> tuple[int, ...]:
        """Each seat's points."""

    @abstractmethod
    def ranking(self, state: S) -> tuple[int, ...]:
        """See `State.ranking`."""

    @abstractmethod
    def score_breakdown(self, state: S, seat: int) -> tuple[ScoreLine, ...]:
        """See `State.score_breakdown`."""

    @abstractmethod
    def component_counts(self, state: S) -> dict[str, int]:
        """See `State.component_counts`."""

    @abstractmethod
    def view(self, state: S, seat: Observer) -> S:
        """The view of `state` for `seat`, which `State.view` has checked."""

    @abstractmethod
    def determinize(self, state: S, rng: random.Random) -> S:
        """See `State.determinize`."""

    # --- rules with a default -------------------------------------------------
    plays_its_own: ClassVar[bool] = False
    """Whether this game overrides `play` (set for each subclass)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.plays_its_own = cls.play is not Game.play

    def play(self, state: S, action: A) -> S:
        """`State.apply`: the one legality check every game shares, then
        `apply_action`. A game overrides it only to check some actions more
        cheaply than the legal list can (a die's faces), handing the rest on."""
        legal = state.legal_actions()
        # A playout passes back one of the values the legal list handed out:
        # finding that very object first spares comparing it by value with
        # every candidate before it. A copy (parsed, unpickled) is compared.
        if not any(map(operator.is_, legal, repeat(action))) and action not in legal:
            reason = state.why_illegal(action) or f"{action} is not legal here"
            raise IllegalAction(reason, action)
        return self.apply_action(state, action)

    def sample_chance(self, state: S, rng: random.Random) -> A:
        """`State.sample_chance`: an outcome drawn with its probability. A game
        may draw its dice more directly, with the same odds."""
        outcomes = state.chance_outcomes()
        pick = rng.random()
        total = 0.0
        for outcome, probability in outcomes:
            total += probability
            if pick < total:
                return outcome
        return outcomes[-1][0]

    def notation_problem(self, state: S, text: str) -> str:
        """See `State.notation_problem`."""
        return ""

    def chance_outcomes(self, state: S) -> Sequence[tuple[A, float]]:
        raise IllegalAction("this is not a chance step")

    def achievements(self, state: S, seat: int) -> tuple[str, ...]:
        return ()

    def describe(self, state: S, action: A, after: S) -> str:
        return str(action)

    def secret_action(self, state: S, action: A) -> bool:
        return False

    def reveals(self, state: S, action: A) -> bool:
        return state.to_move is CHANCE

    def invariants(self, state: S) -> tuple[str, ...]:
        return ()

    def progress(self, state: S) -> str:
        return f"Turn {state.turn + 1}"


class State(Generic[A]):
    """An immutable position. Game states are attrs frozen classes deriving
    from this, holding data only: every rule is the game's (`game`), which the
    methods here ask.

    Required of a subclass: `game` (set where the Game is made), `to_move`,
    and the fields `players`, `turns` (completed turns), `observer` (None, a
    seat or SPECTATOR) and `_legal` (the legal-action cache, eq=False).
    """

    __slots__ = ()

    game: ClassVar[Game[Any, Any]]

    # Fields every game declares itself (attrs fields of the subclass); named
    # here, for type checkers only, so generic code may read them.
    if TYPE_CHECKING:
        players: int
        turns: int
        """Completed player turns."""
        observer: Observer | None
        """None for the true state; a seat or SPECTATOR for a view."""
        _legal: tuple[A, ...] | None
        """The legal-action cache (declared with eq=False)."""

    # --- whose move -----------------------------------------------------

    @property
    def to_move(self) -> Mover:
        """A seat number, CHANCE, or None when the game is over."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    @property
    def turn(self) -> int:
        """How many player turns have been completed (a game's `turns` field)."""
        return self.turns

    # --- moves ------------------------------------------------------------
    def legal_actions(self) -> tuple[A, ...]:
        """Legal actions in a stable order (chance outcomes on a chance step).

        Computed once per state by the game and kept in the state's `_legal`
        field (declared by each game with eq=False): rollouts ask for them,
        then `apply` checks against them.
        """
        legal = self._legal
        if legal is None:
            legal = self.game.legal_actions(self)
            object.__setattr__(self, "_legal", legal)
        return legal

    def apply(self, action: A) -> Self:
        """The state after `action`; raises IllegalAction if it is not legal here."""
        game = self.game
        if game.plays_its_own:
            return game.play(self, action)
        # Game.play's check, written out here: every action of every playout
        # passes this way, and a call less is a few per cent of a playout.
        legal = self.legal_actions()
        if not any(map(operator.is_, legal, repeat(action))) and action not in legal:
            reason = self.why_illegal(action) or f"{action} is not legal here"
            raise IllegalAction(reason, action)
        return game.apply_action(self, action)

    def why_illegal(self, action: A) -> str:
        """A sentence telling a person why `action` cannot be played here; ""
        when it can."""
        return self.game.why_illegal(self, action)

    def parse_action(self, text: str) -> A:
        """The legal action whose text is `text`; IllegalAction otherwise."""
        key = normalise_text(text)
        for action in self.legal_actions():
            if normalise_text(str(action)) == key:
                return action
        named = self.parse_syntax(key)
        if named is None:
            raise IllegalAction(unreadable(self, key))
        if named in self.legal_actions():
            return named  # an accepted spelling other than the canonical one
        raise IllegalAction(self.why_illegal(named), named)

    def parse_syntax(self, text: str) -> A | None:
        """The action `text` names, legal here or not; None if it names nothing.

        Every text of the notation's shape names an action, even one no
        position allows (a city that does not exist), so that `why_illegal`
        says what is wrong; None is for text outside the notation (a letter
        that is no colour), which `notation_problem` explains."""
        return self.game.parse_syntax(self, text)

    def notation_problem(self, text: str) -> str:
        """What is wrong with `text` (normalised), which names no action but
        starts with one of the game's verbs ("X is not a colour"); "" when
        there is nothing more particular to say than how the verb is written."""
        return self.game.notation_problem(self, text)

    # --- chance -------------------------------------------------------------
    def chance_outcomes(self) -> Sequence[tuple[A, float]]:
        """Outcomes of this chance step with their probabilities."""
        return self.game.chance_outcomes(self)

    def sample_chance(self, rng: random.Random) -> A:
        """One outcome of this chance step, drawn from `rng` with its probability."""
        return self.game.sample_chance(self, rng)

    # --- results ----------------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        return self.game.scores(self)

    def winners(self) -> tuple[int, ...]:
        """Seats that won, after the rulebook's tie-breaks (several if shared)."""
        return tuple(seat for seat, place in enumerate(self.ranking()) if place == 1)

    def ranking(self) -> tuple[int, ...]:
        """Place of each seat, 1 for the winners; equal places for real ties."""
        return self.game.ranking(self)

    def outcome(self) -> tuple[float, ...]:
        """Each seat's share of the win: 1/k to each of k winners, 0 to the rest."""
        won = self.winners()
        share = 1.0 / len(won) if won else 0.0
        return tuple(share if seat in won else 0.0 for seat in range(self.players))

    def score_breakdown(self, seat: int) -> tuple[ScoreLine, ...]:
        return self.game.score_breakdown(self, seat)

    def achievements(self, seat: int) -> tuple[str, ...]:
        """Every name in `game.achievement_names` this seat has reached (game over)."""
        return self.game.achievements(self, seat)

    def describe(self, action: A, after: Self) -> str:
        """`action`, played from this state and giving `after`, in words for a
        log everyone at the table reads ("bought a level-2 red card, 3 points").

        It may name only what every seat may know once the action is made
        (what `after.view(SPECTATOR)` shows), never a card still hidden.
        """
        return self.game.describe(self, action, after)

    def secret_action(self, action: A) -> bool:
        """Whether `action`, played here, is itself hidden from the other seats
        (a sealed bid): they learn only what `describe` says, never its text,
        until the game is over. Most moves are seen by all.
        """
        return self.game.secret_action(self, action)

    def reveals(self, action: A) -> bool:
        """Whether playing `action` here brings hidden information to light for
        any seat: a chance outcome, a card turned face up, a card drawn into a
        hand. Such a move cannot be taken back (undo stops before it).
        """
        return self.game.reveals(self, action)

    def invariants(self) -> tuple[str, ...]:
        """The game's own consistency checks on this state, each broken one as
        a sentence (no negative counts, sizes within limits...); empty when all
        hold. The generic checks (conservation, legality) are not repeated here.
        """
        return self.game.invariants(self)

    def progress(self) -> str:
        """Where the game stands, in words for a status line ("Round 3 of 10")."""
        return self.game.progress(self)

    def component_counts(self) -> dict[str, int]:
        """How many of each physical component the table holds, counted over
        every place it can be (supply, boards, hands, decks...).

        Rules move components around but never create or destroy them, so
        these totals must stay the same for a whole game; the generic tests
        check it. Count by summing the places, not by returning constants.
        """
        return self.game.component_counts(self)

    # --- information ------------------------------------------------------
    @property
    def viewer(self) -> Observer | None:
        """None for the true state; a seat or SPECTATOR for a view (a game's
        `observer` field)."""
        return self.observer

    def view(self, seat: Observer) -> Self:
        """Only what `seat` may know (SPECTATOR: only public information)."""
        if seat is not SPECTATOR and not (
            type(seat) is int and 0 <= seat < self.players
        ):
            raise ValueError(f"no seat {seat!r} in a {self.players}-player game")
        viewer = self.viewer
        if viewer is seat or (viewer is not None and viewer == seat):
            return self
        if viewer is not None and seat is not SPECTATOR:
            # A view lacks what its observer may not know, which another seat may.
            raise ValueError(
                f"this is {_observer_name(viewer)}'s view: it cannot give seat {seat}'s view; "
                "ask the true state"
            )
        return self.game.view(self, seat)

    def determinize(self, rng: random.Random) -> Self:
        """A full state agreeing with this view; hidden parts sampled from `rng`."""
        return self.game.determinize(self, rng)


def _observer_name(viewer: object) -> str:
    return "a spectator" if viewer is SPECTATOR else f"seat {viewer}"
