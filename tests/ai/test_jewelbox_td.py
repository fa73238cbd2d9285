"""Jewel Box pattern tables and their self-play learning (jewelbox_net.py,
jewelbox_td.py): the fast solo games score as the engine does, the tables
read a box the same however it was reached, and learning is reproducible."""

from __future__ import annotations

import random

import numpy as np
import pytest

from gemtable.ai.heuristics.jewelbox import JewelBoxHeuristic
from gemtable.ai.heuristics.jewelbox_net import (
    FREE,
    WALL,
    BoxNet,
    board_of,
    features,
    load,
    placements,
    save,
)
from gemtable.ai.heuristics.jewelbox_td import SoloGame, final_score, main, run
from gemtable.engine import registry
from gemtable.engine.games.jewelbox.board import bits, geometry, masks_from_rows

GAME = registry.get("jewelbox")


def finished_games(count: int, players: int, variant: str | None = None):
    for seed in range(count):
        rng = random.Random(seed)
        state = GAME.new(players, seed, variant)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        yield state


@pytest.mark.parametrize("players, variant", [(1, None), (2, "long"), (2, None)])
def test_the_fast_score_of_a_full_box_is_the_engines(players, variant):
    for state in finished_games(6, players, variant):
        geo = geometry(state.size)
        for seat, box in enumerate(state.seats):
            assert final_score(geo, box.masks, box.tools) == state.scores()[seat]


def midgame_boxes(count: int):
    """Solo boxes part-filled by random play, with the squares they could take."""
    for seed in range(count):
        rng = random.Random(100 + seed)
        state = GAME.new(1, 100 + seed)
        stop = rng.randrange(1, 24)
        while state.seats[0].beetles < stop:
            state = state.apply(rng.choice(state.legal_actions()))
        box = state.seats[0]
        yield box.masks, bits(geometry(5).placement_mask(box.occupied))


def test_a_placed_beetle_draws_the_board_a_fresh_drawing_gives():
    net = BoxNet(5)
    lay, geo = net.layout, geometry(5)
    for masks, spots in midgame_boxes(12):
        base = board_of(lay, geo, masks)
        for family in range(5):
            drawn = placements(lay, geo, masks, base, family, spots)
            for row, spot in zip(drawn, spots, strict=True):
                placed = masks[:family] + (masks[family] | 1 << spot,) + masks[family + 1:]
                assert np.array_equal(row, board_of(lay, geo, placed))


def test_squares_outside_every_frame_the_box_can_end_in_are_wall():
    lay, geo = BoxNet(5).layout, geometry(5)
    masks = masks_from_rows(["WWWWW"], 5)  # five wide already: no more columns
    board = board_of(lay, geo, masks).reshape(lay.padded, lay.padded)
    row = geo.squares[geo.centre][0] + 1
    assert list(board[row, 1:]).count(0) == 0
    assert (board[row] == 1).sum() == 5
    free_columns = {c for r in range(lay.padded) for c in range(lay.padded) if board[r, c] == FREE}
    weevil_columns = {c for c in range(lay.padded) if board[row, c] == 1}
    assert free_columns == weevil_columns
    assert (board == WALL).sum() == lay.cells - 5 - (board == FREE).sum()


def test_the_whole_box_tables_read_the_counts_the_box_shows():
    net = BoxNet(5)
    lay, geo = net.layout, geometry(5)
    masks = masks_from_rows(["LHL", "HLH", "LLS"], 5)
    board = board_of(lay, geo, masks)[None, :]
    supply = np.array([[15, 15, 10, 12, 15]])
    row = features(lay, board, np.array([9]), np.array([5]), supply)[0]
    assert row[lay.count_column("ladybugs")] == lay.count_entry("ladybugs", 9, 2)
    assert row[lay.count_column("longhorns")] == lay.count_entry("longhorns", 9, 3)
    assert row[lay.count_column("tools")] == lay.count_entry("tools", 9, 5)
    assert row[lay.count_column("supply2")] == lay.count_entry("supply2", 9, 10)
    assert len(row) == lay.lookups


def test_learning_moves_a_value_by_exactly_its_step():
    net = BoxNet(5)
    lay, geo = net.layout, geometry(5)
    masks, _ = next(midgame_boxes(1))
    board = board_of(lay, geo, masks)[None, :]
    row = features(lay, board, np.array([3]), np.array([7]), np.full((1, 5), 12))[0]
    before = float(net.values(row[None, :])[0])
    net.learn(row, 2.5)
    assert float(net.values(row[None, :])[0]) == pytest.approx(before + 2.5)


def test_a_solo_game_fills_a_legal_box_and_repeats_from_its_seed():
    geo = geometry(5)
    nets = BoxNet(5), BoxNet(5)
    games = [SoloGame(net, seed=42, alpha=0.2, lam=0.8) for net in nets]
    scores = [game.play() for game in games]
    assert scores[0] == scores[1]
    assert np.array_equal(nets[0].weights, nets[1].weights)
    assert nets[0].weights.any()  # it learned something
    box = games[0].masks
    occupied = box[0] | box[1] | box[2] | box[3] | box[4]
    assert occupied.bit_count() == 25
    top, bottom, left, right = geo.bounds(occupied)
    assert (bottom - top, right - left) == (4, 4)
    assert sum(m.bit_count() for m in box) == 25  # no square holds two beetles
    assert scores[0] == final_score(geo, box, games[0].tools)


def value_errors(net: BoxNet, seeds: range) -> float:
    """How far, on average, the tables' values of each box were from the
    score the box ended with, over fresh games played without learning."""
    misses = []
    for seed in seeds:
        game = SoloGame(net, seed=seed, alpha=0.0)
        score = game.play()
        misses += [abs(score - value) for _, value in game.seen]
    return sum(misses) / len(misses)


def test_learning_brings_the_values_towards_the_scores_and_saves_as_it_is(tmp_path):
    net = BoxNet(5)
    fresh = range(10_000, 10_020)
    untrained = value_errors(net, fresh)
    run(net, 300, seed=1, alpha=0.2, lam=0.8)
    assert value_errors(net, fresh) < untrained / 2
    path = tmp_path / "tables.npz"
    save({5: net}, path, "a test")
    again = load(path)[5]
    assert np.allclose(again.weights, net.weights, atol=1e-3)
    assert run(again, 5, seed=3, alpha=0.0) == run(net, 5, seed=3, alpha=0.0)


def test_the_hand_set_baseline_plays_the_same_policy_and_learns_nothing():
    net = BoxNet(5)
    hand = JewelBoxHeuristic()
    scores = run(net, 6, seed=5, alpha=0.3, hand=hand)
    assert not net.weights.any()
    assert scores == run(BoxNet(5), 6, seed=5, alpha=0.0, hand=hand)
    untrained = run(BoxNet(5), 6, seed=5, alpha=0.0)
    assert sum(scores) > sum(untrained) + 6 * 10  # the hand-set value plays far better than zeros


def test_tables_that_diverge_are_reported_not_saved(tmp_path, capsys):
    path = tmp_path / "tables.npz"
    code = main(["--games", "1000", "--alpha", "0.2", "--lam", "1", "--check", "0",
                 "--report", "0", "--out", str(path)])
    assert code == 2
    assert "diverged" in capsys.readouterr().err
    assert not path.exists()
