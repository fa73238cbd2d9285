"""Greedy playouts of Jewel Box boxes (ai/heuristics/jewelbox_rollout.py): they
fill every box legally from the sampled pile, their values are the engine's
scores, and they are reproducible and never read a view's hidden pile."""

from __future__ import annotations

import random

import attrs
import pytest

from gemtable.ai.heuristics.jewelbox import JewelBoxHeuristic
from gemtable.ai.heuristics.jewelbox_rollout import playout_boxes, playout_values
from gemtable.ai.mcts import MctsBot
from gemtable.engine import CHANCE, registry
from gemtable.engine.games.jewelbox.board import geometry
from gemtable.engine.games.jewelbox.components import COPIES
from gemtable.engine.games.jewelbox.state import OVER, SWAP_FIRST, SWAP_LAST, Seat

GAME = registry.get("jewelbox")
H = JewelBoxHeuristic()


def positions(players: int, variant: str | None, seed: int, every: int = 5):
    """Decision points along a seeded random game."""
    rng = random.Random(seed)
    state = GAME.new(players, seed, variant)
    found = []
    step = 0
    while not state.is_over:
        if state.to_move is not CHANCE and step % every == 0:
            found.append(state)
        state = state.apply(rng.choice(state.legal_actions()))
        step += 1
    return found


CASES = [(2, None), (2, "long"), (1, None), (3, None)]


@pytest.mark.parametrize(("players", "variant"), CASES)
def test_a_playout_fills_every_box_with_beetles_the_game_has(players, variant):
    for state in positions(players, variant, seed=players * 10 + 1):
        boxes, tools, left = playout_boxes(H, state, random.Random(3))
        geo = geometry(state.size)
        used = [0] * len(COPIES)
        for index, (box, seat_tools, before) in enumerate(
                zip(boxes, tools, state.seats, strict=True)):
            swapping = index == state.current and state.phase in (SWAP_FIRST, SWAP_LAST)
            occupied = 0
            for family, mask in enumerate(box):
                assert not mask & occupied, "two beetles on one square"
                if not swapping:
                    assert mask & before.masks[family] == before.masks[family], "a beetle moved"
                occupied |= mask
                used[family] += mask.bit_count()
            assert occupied & before.occupied == before.occupied
            assert occupied.bit_count() == state.size ** 2
            top, bottom, left_col, right = geo.bounds(occupied)
            assert bottom - top + 1 == right - left_col + 1 == state.size
            assert seat_tools & ~before.tools == 0, "a playout gave a tool back"
        for family, copies in enumerate(COPIES):
            accounted = used[family] + state.discards[family] + left[family]
            if players == 1:  # the playout's own discards are not counted
                assert accounted <= copies
            else:
                assert accounted == copies


@pytest.mark.parametrize(("players", "variant"), CASES)
def test_playout_values_are_the_scores_the_engine_gives_the_final_boxes(players, variant):
    for state in positions(players, variant, seed=players * 10 + 2, every=9):
        rng_a, rng_b = random.Random(8), random.Random(8)
        values = playout_values(H, state, rng_a)
        boxes, tools, _ = playout_boxes(H, state, rng_b)
        seats = tuple(Seat(tuple(box), t) for box, t in zip(boxes, tools, strict=True))
        final = attrs.evolve(state, seats=seats, phase=OVER)
        assert values == tuple(float(score) for score in final.scores())


def test_a_playout_is_fixed_by_its_generator_and_varies_with_it():
    state = positions(2, None, seed=5)[2]
    first = playout_values(H, state, random.Random(1))
    assert playout_values(H, state, random.Random(1)) == first
    others = {playout_values(H, state, random.Random(seed)) for seed in range(2, 12)}
    assert len(others | {first}) > 1, "the dice should move the result"


def test_a_view_cannot_be_played_out():
    state = positions(2, None, seed=6)[3]
    view = state.view(state.current)
    with pytest.raises(ValueError, match="sampled position"):
        playout_values(H, view, random.Random(0))
    playout_values(H, view.determinize(random.Random(0)), random.Random(0))  # this is how


def test_the_search_with_playouts_plays_the_same_move_from_two_states_with_one_view():
    """Two true states that differ only in the face-down pile's order."""
    state = next(s for s in positions(2, None, seed=7) if len(s.legal_actions()) > 2)
    pile = list(state.pile)
    random.Random(4).shuffle(pile)
    other = attrs.evolve(state, pile=tuple(pile))
    assert other.view(other.current) == state.view(state.current)
    heuristic = JewelBoxHeuristic()
    heuristic.playouts = 1
    chosen = [MctsBot(heuristic, seed=11, iterations=60).choose(s.view(s.current))
              for s in (state, other)]
    assert chosen[0] == chosen[1]
    assert chosen[0] in state.legal_actions()


def test_the_search_judges_its_leaves_by_playouts_only_when_asked(monkeypatch):
    import gemtable.ai.heuristics.jewelbox as module

    calls = []

    def counted(heuristic, state, rng):
        calls.append(state.observer)
        return playout_values(heuristic, state, rng)

    monkeypatch.setattr(module, "playout_values", counted)
    state = next(s for s in positions(2, None, seed=9) if len(s.legal_actions()) > 2)
    view = state.view(state.current)
    MctsBot(JewelBoxHeuristic(), seed=3, iterations=40).choose(view)
    assert calls == []
    heuristic = JewelBoxHeuristic()
    heuristic.playouts = 2
    MctsBot(heuristic, seed=3, iterations=40).choose(view)
    assert len(calls) == 2 * 40  # two a leaf; this position is far from the end
    assert set(calls) == {None}, "only sampled positions are played out"
