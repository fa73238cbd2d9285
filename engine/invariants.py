"""The checks every game must pass at every position, whatever the game.

Each check returns the broken rules as sentences (empty when all hold), so a
soak run can report every problem of a position at once instead of stopping
at the first. The game adds its own through `State.invariants()`; the checks
here are the ones the protocol promises for every game:

- components are conserved (`component_counts` never changes) and no count
  is negative;
- a game not over has legal actions and one over has none;
- every legal action applies, and its text reads back through `parse_action`;
- views hold no more than their seat may know, and determinizations agree
  with the view they came from;
- the game never runs past `Game.max_turns`;
- at the end the winners are the seats the ranking puts first.

`position_problems` works out what several checks share (the legal actions,
the component counts, each seat's view) once per position, and hands back
in a `Checked` the successors and views it built, so a soak game plays on
from them instead of computing them again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from .core import CHANCE, SPECTATOR, IllegalAction, Observer, State, normalise_text

__all__ = [
    "Checked",
    "action_problems",
    "end_problems",
    "position_problems",
    "state_problems",
    "view_problems",
]


def state_problems(state: State[Any], start_counts: Mapping[str, int], max_turns: int,
                   counts: Mapping[str, int] | None = None) -> list[str]:
    """Cheap checks of one position: the game's own, conservation, whose move.

    `counts` is the position's `component_counts()` when the caller has it."""
    problems = [f"game invariant: {sentence}" for sentence in state.invariants()]
    if counts is None:
        counts = state.component_counts()
    if counts != start_counts:
        changed = sorted(
            name for name in set(counts) | set(start_counts)
            if counts.get(name) != start_counts.get(name)
        )
        problems.append(
            "components not conserved: "
            + ", ".join(f"{n} {start_counts.get(n)} -> {counts.get(n)}" for n in changed)
        )
    negative = sorted(name for name, count in counts.items() if count < 0)
    if negative:
        problems.append(f"negative component counts: {', '.join(negative)}")
    if state.turns < 0:
        problems.append(f"turns is negative ({state.turns})")
    if state.turns > max_turns:
        problems.append(f"{state.turns} turns played, more than the game's bound of {max_turns}")
    mover = state.to_move
    legal = state.legal_actions()
    if state.is_over:
        if mover is not None:
            problems.append(f"the game is over but {mover!r} is to move")
        if legal:
            problems.append(f"the game is over but {len(legal)} actions are legal")
    else:
        if not legal:
            problems.append("the game is not over but no action is legal")
        if mover is not CHANCE and not (type(mover) is int and 0 <= mover < state.players):
            problems.append(f"to_move is {mover!r}, not a seat, CHANCE or None")
    if mover is CHANCE:
        total = sum(p for _, p in state.chance_outcomes())
        if abs(total - 1.0) > 1e-9:
            problems.append(f"chance outcomes add up to {total}, not 1")
    return problems


def action_problems(state: State[Any], successors: list[State[Any]] | None = None) -> list[str]:
    """Every legal action applies, and its text names it again.

    The states the legal actions lead to are appended to `successors` (in
    the order of the legal actions) when it is given and every one applied.
    """
    problems: list[str] = []
    legal = state.legal_actions()
    parse = _text_parser(state, legal)
    made: list[State[Any]] = []
    for action in legal:
        text = str(action)
        try:
            made.append(state.apply(action))
        except Exception as error:  # noqa: BLE001 - any failure of a legal action is the bug
            problems.append(f"legal action {text!r} does not apply: {type(error).__name__}: {error}")
        if not text or text != text.strip():
            problems.append(f"action text {text!r} is empty or has spaces around it")
            continue
        try:
            parsed = parse(text)
        except IllegalAction as error:
            problems.append(f"action text {text!r} does not parse back: {error}")
            continue
        if parsed != action:
            problems.append(f"action text {text!r} parses to {parsed!r}, not {action!r}")
    if successors is not None and len(made) == len(legal):
        successors.extend(made)
    return problems


def _text_parser(state: State[Any], legal: Sequence[object]) -> Callable[[str], object]:
    """`state.parse_action`, in one dictionary look-up for the texts of its
    own legal actions.

    The protocol's `parse_action` returns the first legal action whose
    normalised text matches, so for a text taken from a legal action a
    table of first matches gives the same answer without a scan per text
    (which made the round-trip check quadratic in the legal actions). A game
    that parses its own way is asked itself.
    """
    if type(state).parse_action is not State.parse_action:
        return state.parse_action
    first: dict[str, object] = {}
    for action in legal:
        first.setdefault(normalise_text(str(action)), action)

    def parse(text: str) -> object:
        found = first.get(normalise_text(text))
        return state.parse_action(text) if found is None else found

    return parse


def view_problems(state: State[Any], rng: random.Random, samples: int = 1, *,
                  counts: Mapping[str, int] | None = None,
                  views: dict[Observer, State[Any]] | None = None) -> list[str]:
    """Views are consistent with each other and with the truth, and samples
    drawn from a view show exactly that view again.

    A view that held a secret of the truth would be caught here by the
    samples: a determinization redraws what the view hides, and if the view
    still showed the truth's hidden part the two would differ.

    `counts` is the truth's `component_counts()` when the caller has it; the
    views built are stored in `views` by observer when it is given.
    """
    problems: list[str] = []
    public = state.view(SPECTATOR)
    if public.viewer is not SPECTATOR:
        problems.append("the spectator's view does not say it is one")
    observers: list[Observer] = [SPECTATOR, *range(state.players)]
    if counts is None:
        counts = state.component_counts()
    for seat in observers:
        view = public if seat is SPECTATOR else state.view(seat)
        if views is not None:
            views[seat] = view
        name = "the spectator" if seat is SPECTATOR else f"seat {seat}"
        if seat is not SPECTATOR:
            if view.viewer != seat:
                problems.append(f"{name}'s view says it is for {view.viewer!r}")
            if view.view(SPECTATOR) != public:
                problems.append(f"{name}'s view shows the public part differently from the truth")
        if view.view(seat) != view:
            problems.append(f"{name}'s view changes when viewed again")
        if view.to_move != state.to_move or view.is_over != state.is_over:
            problems.append(f"{name}'s view disagrees on whose move it is")
        if state.to_move == seat and view.legal_actions() != state.legal_actions():
            problems.append(f"{name}'s view offers other legal actions than the truth")
        for _ in range(samples):
            sample = view.determinize(rng)
            if sample.viewer is not None:
                problems.append(f"a determinization of {name}'s view is itself a view")
                continue
            if sample.view(seat) != view:
                problems.append(f"a determinization of {name}'s view does not show that view")
            if sample.component_counts() != counts:
                problems.append(f"a determinization of {name}'s view has other component counts")
            if sample.to_move != state.to_move:
                problems.append(f"a determinization of {name}'s view has another player to move")
    return problems


def end_problems(state: State[Any]) -> list[str]:
    """A finished game's results: every seat ranked, the winners placed first."""
    players = state.players
    problems: list[str] = []
    scores, ranking, winners = state.scores(), state.ranking(), state.winners()
    if len(scores) != players or len(ranking) != players:
        return [f"{len(scores)} scores and {len(ranking)} places for {players} seats"]
    for seat, place in enumerate(ranking):
        # Places follow the usual competition order: 1 + the seats ahead.
        ahead = sum(other < place for other in ranking)
        if place != ahead + 1:
            problems.append(f"seat {seat} is placed {place} with {ahead} seats ahead of it")
    first = tuple(seat for seat, place in enumerate(ranking) if place == 1)
    if not winners:
        problems.append("nobody won")
    if tuple(winners) != first:
        problems.append(f"winners {winners} are not the seats placed first {first}")
    shares = state.outcome()
    if abs(sum(shares) - 1.0) > 1e-9:
        problems.append(f"win shares add up to {sum(shares)}, not 1")
    for seat in range(players):
        if not state.score_breakdown(seat):
            problems.append(f"seat {seat} has no score breakdown")
    return problems


@attrs.define
class Checked:
    """What `position_problems` built on the way, for the caller to reuse."""

    successors: list[State[Any]] = attrs.field(factory=list)
    """The state after each legal action, in their order (empty when some
    action failed to apply, or the game is over)."""
    views: dict[Observer, State[Any]] = attrs.field(factory=dict)
    """Each observer's view of the position."""


def position_problems(state: State[Any], start_counts: Mapping[str, int], max_turns: int,
                      rng: random.Random, built: Checked | None = None) -> list[str]:
    """Every check of one position (the end checks too once the game is over)."""
    counts = state.component_counts()
    problems = state_problems(state, start_counts, max_turns, counts)
    if not state.is_over:
        problems += action_problems(state, built.successors if built is not None else None)
    problems += view_problems(state, rng, counts=counts,
                              views=built.views if built is not None else None)
    if state.is_over:
        problems += end_problems(state)
    return problems
