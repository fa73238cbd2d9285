"""Board, set-up and turn rules of Gems of Iridescia."""

from __future__ import annotations

import attrs
import pytest
from iridescia_positions import GAME, cell, seated

from gemtable.engine import CHANCE, SPECTATOR, IllegalAction
from gemtable.engine.games.iridescia import actions
from gemtable.engine.games.iridescia.board import (
    AHEAD,
    AIRSHIP,
    CELLS,
    EDGE_CELLS,
    FINISHED,
    ROW_SIZES,
    SIDE,
)
from gemtable.engine.games.iridescia.components import CATAPULT, SWAP, TILES
from gemtable.engine.games.iridescia.state import GIVE, OPTIONAL, RESOLVE, REVEAL, ROLLING


def test_board_rows_and_adjacency():
    assert ROW_SIZES == (6, 7, 6, 7, 6, 7, 6, 7, 6) and CELLS == 58
    assert AHEAD[cell("1a")] == (cell("2a"), cell("2b"))
    assert AHEAD[cell("2a")] == (cell("3a"),)
    assert AHEAD[cell("2g")] == (cell("3f"),)
    assert SIDE[cell("2c")] == (cell("2b"), cell("2d"))
    assert AHEAD[cell("8d")] == (cell("9c"), cell("9d"))


def test_small_board_removes_one_tile_of_each_gem_per_region():
    state = seated(2)
    assert all(state.cells[c] == -1 for c in EDGE_CELLS)
    placed = [t for t in state.cells if t >= 0]
    assert len(placed) == 4 * 9 + 6
    for region in range(4):
        gems = sorted(TILES[t].gem for t in state.box if TILES[t].region == region)
        assert gems == [0, 1, 2, 3]
    assert SWAP not in state.item_deck and CATAPULT not in state.market
    assert state.tokens == (1,)  # the Scepter only


def test_four_players_full_board_tokens_and_catapult():
    state = GAME.new(4, seed=2)
    assert state.step == REVEAL  # no Rhom with four seats: play starts at once
    assert all(t >= 0 for t in state.cells)
    assert state.tokens == (0, 1, 2)
    assert state.seats[3].items == (CATAPULT,)
    assert seated(3).tokens == (0, 2)


def test_solo_rhom_goes_first_with_six_items_and_no_coins():
    state = seated(2, rhom=1)
    assert state.rhom == 1 and state.order == (1, 0)
    assert len(state.market) == 6
    assert state.seats[1].coins == 0 and state.seats[1].objectives == ()
    assert state.to_move is CHANCE and state.current == 1


def _first_turn(state, seed=0):
    """Reveal the first two tiles of row 1 and move onto the first of them."""
    first = [c for c in range(6) if state.cells[c] >= 0][:2]
    for c in first:
        state = state.apply(actions.OnCell("reveal", c))
    target = first[0]
    gem = 0 if TILES[state.cells[target]].gem >= 4 else -1
    return state.apply(actions.OnCell("move", target, gem)), target


def test_reveal_at_most_two_then_move_and_collect_raises_the_market():
    state = GAME.new(4, seed=5)
    first = [c for c in range(6)][:3]
    state = state.apply(actions.OnCell("reveal", first[0])).apply(actions.OnCell("reveal", first[1]))
    with pytest.raises(IllegalAction, match="two tiles"):
        state.apply(actions.OnCell("reveal", first[2]))
    tile = TILES[state.cells[first[0]]]
    gem = tile.gem if tile.gem < 4 else 0
    moved = state.apply(actions.OnCell("move", first[0], -1 if tile.gem < 4 else 0))
    assert moved.step == OPTIONAL
    assert moved.seats[0].cargo[gem] == 1
    ended = moved.apply(actions.END)
    assert ended.seats[0].pile == (tile.id,)
    expected = 3 if tile.gem < 4 else 2
    assert ended.market_dice[gem] == expected
    assert ended.current == 1


def test_market_die_wraps_from_six_to_one():
    state = GAME.new(4, seed=5)
    state = state.apply(actions.OnCell("reveal", 0))
    tile = TILES[state.cells[0]]
    if tile.gem >= 4:
        pytest.skip("seeded tile is wild")
    dice = list(state.market_dice)
    dice[tile.gem] = 6
    state = attrs.evolve(state, market_dice=tuple(dice))
    ended = state.apply(actions.OnCell("move", 0)).apply(actions.END)
    assert ended.market_dice[tile.gem] == 1


def test_mining_yields_a_gem_per_die_at_or_above_the_market():
    state = GAME.new(4, seed=7)
    state, target = _first_turn(state)
    gem = state.tile_gem
    value = state.market_dice[gem]
    before = state.seats[0].cargo[gem]
    state = state.apply(actions.MINE)
    assert state.step == ROLLING and state.seats[0].coins == 4
    state = state.apply(actions.ROLLS[value - 1])  # exactly the value: a success
    state = state.apply(actions.ROLLS[0] if value > 1 else actions.ROLLS[0])
    hits = 1 + (1 if value == 1 else 0)
    assert state.seats[0].cargo[gem] == before + hits


def test_mine_cart_doubles_mined_gems():
    state = GAME.new(4, seed=7)
    state, _ = _first_turn(state)
    seat = attrs.evolve(state.seats[0], items=(1,))  # the Mine Cart
    state = attrs.evolve(state, seats=(seat,) + state.seats[1:])
    gem = state.tile_gem
    before = state.seats[0].cargo[gem]
    state = state.apply(actions.CART).apply(actions.MINE).apply(actions.ROLLS[5]).apply(actions.ROLLS[5])
    assert state.seats[0].cargo[gem] == before + 4


def test_jackhammer_changes_a_mining_die_before_it_resolves():
    state = GAME.new(4, seed=7)
    state, _ = _first_turn(state)
    seat = attrs.evolve(state.seats[0], items=(2,))  # the Jolty Jackhammer
    dice = list(state.market_dice)
    dice[state.tile_gem] = 4
    state = attrs.evolve(state, seats=(seat,) + state.seats[1:], market_dice=tuple(dice))
    before = state.seats[0].cargo[state.tile_gem]
    state = state.apply(actions.MINE).apply(actions.ROLLS[2]).apply(actions.ROLLS[0])
    assert state.step == RESOLVE
    state = state.apply(actions.Tweak(2, 0, +1))  # 3 becomes 4: one success
    assert state.step == OPTIONAL and state.seats[0].cargo[state.tile_gem] == before + 1


def test_more_than_seven_gems_must_be_given_away():
    state = GAME.new(4, seed=7)
    state, _ = _first_turn(state)
    seat = attrs.evolve(state.seats[0], cargo=(2, 2, 2, 1), items=(5,))  # the Axe
    state = attrs.evolve(state, seats=(seat,) + state.seats[1:])
    state = state.apply(actions.OnGem("axe", 0))
    assert state.step == GIVE and state.to_move == 0
    state = state.apply(actions.OnGem("give", 0, 2))
    assert state.step == OPTIONAL and state.seats[2].cargo[0] == 1 and sum(state.seats[0].cargo) == 7


def test_selling_once_per_turn_at_market_value():
    state = GAME.new(4, seed=7)
    state, _ = _first_turn(state)
    gem = state.tile_gem
    coins = state.seats[0].coins
    state = state.apply(actions.OnGem("sell", gem, 1))
    assert state.seats[0].coins == coins + state.market_dice[gem]
    assert not any(getattr(a, "verb", "") == "sell" for a in state.legal_actions())


def test_views_hide_objectives_items_and_face_down_tiles():
    state = GAME.new(4, seed=9)
    view = state.view(1)
    assert view.seats[0].objectives == (-1, -1) and view.seats[1].objectives == state.seats[1].objectives
    assert view.seats[3].items == (-1,)
    assert all(t == -2 for t in view.cells)
    assert state.view(SPECTATOR).seats[1].objectives == (-1, -1)


def test_castle_tile_finishes_with_the_best_token_and_the_game_ends_when_all_finish():
    state = GAME.new(4, seed=4)
    castle = [c for c in range(CELLS - 6, CELLS)]
    seats = list(state.seats)
    seats[0] = attrs.evolve(seats[0], position=castle[0] - 7)  # 8a: the Castle's 9a is ahead
    for i in range(1, 4):
        seats[i] = attrs.evolve(seats[i], position=FINISHED)
    shown = list(state.shown)
    for c in castle:
        shown[c] = True
    state = attrs.evolve(state, seats=tuple(seats), shown=tuple(shown))
    target = next(a for a in state.legal_actions() if getattr(a, "verb", "") == "move")
    state = state.apply(target)
    if state.step == 8:  # entering the Castle passes the Forest: drop an objective
        state = state.apply(actions.OnSlot("drop", 0))
    state = state.apply(actions.END)
    assert state.seats[0].position == FINISHED and state.seats[0].token == 0
    assert state.tokens == (1, 2)
    assert state.is_over


def test_rhom_plays_a_whole_solo_game_from_one_action_a_turn():
    import random

    state = seated(2, seed=3, rhom=0)
    rng = random.Random(3)
    while not state.is_over:
        if state.to_move is CHANCE:
            state = state.apply(state.sample_chance(rng))
        elif state.to_move == 0:
            assert state.legal_actions() == (actions.RHOM_TURN,)
            state = state.apply(actions.RHOM_TURN)
        else:
            state = state.apply(rng.choice(state.legal_actions()))
        assert not state.invariants()
    assert state.seats[0].position == FINISHED and state.seats[0].royalty > 0
    assert state.seats[0].coins == 0
    if state.scores()[0] == state.scores()[1]:
        assert state.winners() == (0,)  # a tie is the Rhom's


def test_rhom_is_offered_only_once_and_only_with_two_or_three_seats():
    state = GAME.new(3, seed=1).apply(actions.RHOM)
    assert state.legal_actions() == (actions.EXPLORER,)
    with pytest.raises(IllegalAction, match="Only one seat"):
        state.apply(actions.RHOM)
    assert state.apply(actions.EXPLORER).apply(actions.EXPLORER).order == (0, 1, 2)


def test_airship_start_reveals_anywhere_in_the_first_row():
    state = GAME.new(4, seed=11)
    assert state.seats[0].position == AIRSHIP
    reveals = [a.cell for a in state.legal_actions() if getattr(a, "verb", "") == "reveal"]
    assert reveals == list(range(6))
