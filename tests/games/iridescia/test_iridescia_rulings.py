"""The owner's rulings 20-26 for explorers, each on a position built for it:
the blocked explorer's placement, the Catapult to the Castle row, ties, the
Pickaxe and the supply, the Epic Elixir's timing and the Wishing Well's wait.
(The Rhom's rulings are in test_iridescia_rhom_rulings.py.)"""

from __future__ import annotations

import attrs
from iridescia_positions import GAME, cell, cells, with_seat

from gemtable.engine.games.iridescia import actions
from gemtable.engine.games.iridescia.board import FINISHED, row_cells
from gemtable.engine.games.iridescia.components import (
    CATAPULT,
    ELIXIR,
    JACKHAMMER,
    PICKAXE,
    RELICS,
    TILES,
    WELL,
)
from gemtable.engine.games.iridescia.state import (
    EMPTY,
    GIVE,
    OPTIONAL,
    OVER,
    REMOVE,
    RESTORE,
    REVEAL,
    ROLLING,
    WISH,
    IridesciaState,
)


def bare_board(state: IridesciaState, keep: set[int] = frozenset()) -> IridesciaState:
    """No tile left anywhere except on the hexes in `keep`."""
    return attrs.evolve(state, cells=tuple(t if c in keep else EMPTY
                                           for c, t in enumerate(state.cells)))


def verbs(state: IridesciaState, verb: str) -> set[int]:
    return {a.cell for a in state.legal_actions() if getattr(a, "verb", "") == verb
            and isinstance(a, actions.OnCell)}


def explorer_to_play(position: int, players: int = 4) -> IridesciaState:
    """Seat 1's turn begins on `position` (a hex without a tile), nothing in its pile."""
    state = GAME.new(players, seed=3)
    while state.step != REVEAL:
        state = state.apply(actions.EXPLORER)
    state = with_seat(state, 0, position=position, pile=())
    return attrs.evolve(state, current=0, step=REVEAL, revealed=0, begun=False)


def on_tile(items: tuple[int, ...], players: int = 4, seed: int = 7) -> IridesciaState:
    """Seat 1 has moved onto a plain gem tile of row 1 and holds `items`."""
    state = GAME.new(players, seed=seed)
    while state.step != REVEAL:
        state = state.apply(actions.EXPLORER)
    here = next(c for c in row_cells(0) if state.cells[c] >= 0 and TILES[state.cells[c]].gem < 4)
    state = state.apply(actions.OnCell("reveal", here)).apply(actions.OnCell("move", here))
    return with_seat(state, state.current, items=tuple(sorted(items)))


# --- ruling 20: a blocked explorer -----------------------------------------------

def test_blocked_explorer_chooses_any_empty_hex_ahead_or_beside_even_with_nothing_beyond():
    # Nothing is left near 3c: the four hexes ahead and beside are empty, and no
    # tile lies ahead of any of them. The rule offers exactly those four.
    state = bare_board(explorer_to_play(cell("3c")), keep=cells("7f"))
    assert verbs(state, "go") == cells("4c", "4d", "3b", "3d")
    assert not verbs(state, "reveal") and not verbs(state, "move")


def test_blocked_explorer_with_tiles_discards_one_then_chooses():
    state = bare_board(explorer_to_play(cell("3c")), keep=cells("7f"))
    pile = (state.cells[cell("7f")],)
    state = with_seat(state, 0, pile=pile)
    letter = actions.GEM_ACTIONS["discard"][min(TILES[pile[0]].gem, 5)]
    assert state.legal_actions() == (letter,)
    state = state.apply(letter)
    assert state.seats[0].pile == () and verbs(state, "go") == cells("4c", "4d", "3b", "3d")
    # Asked for anything else, the engine says where a blocked explorer may step.
    assert "an empty hex ahead of or beside you" in state.why_illegal(actions.MINE)


def test_blocked_with_every_neighbour_taken_goes_to_the_nearest_hex_not_behind():
    # 3a touches 4a, 4b ahead and 3b beside; explorers stand on all three. The
    # nearest empty hexes then lie two steps away; 2a and 2b are nearer but behind.
    state = bare_board(explorer_to_play(cell("3a")))
    for seat, name in ((1, "4a"), (2, "4b"), (3, "3b")):
        state = with_seat(state, seat, position=cell(name))
    assert verbs(state, "go") == cells("3c", "4c", "5a", "5b")


def test_blocked_below_the_castle_never_goes_onto_the_castle_row_nor_behind():
    state = bare_board(explorer_to_play(cell("8c")))
    assert verbs(state, "go") == cells("8b", "8d")


def test_blocked_again_after_stepping_does_not_go_back_where_it_was_blocked():
    state = bare_board(explorer_to_play(cell("3c")), keep=cells("7f"))
    state = state.apply(actions.CELL_ACTIONS["go"][cell("3b")])
    assert state.step == REVEAL and state.seats[0].position == cell("3b")
    assert verbs(state, "go") == cells("4b", "4c", "3a")


def test_a_step_that_lands_near_a_tile_carries_the_turn_on():
    state = bare_board(explorer_to_play(cell("3c")), keep=cells("4b"))
    state = state.apply(actions.CELL_ACTIONS["go"][cell("3b")])
    assert verbs(state, "reveal") == cells("4b")


# --- ruling 23: the Clever Catapult onto the Castle row ------------------------------

def test_catapult_from_the_row_below_the_castle_may_land_on_the_castle_row():
    state = GAME.new(4, seed=3)
    castle = set(row_cells(8))
    state = with_seat(state, 3, position=cell("8c"), items=(CATAPULT,))
    state = attrs.evolve(state, current=3, cells=tuple(EMPTY if c == cell("8c") else t
                                                        for c, t in enumerate(state.cells)))
    targets = verbs(state, "catapult")
    assert castle <= targets and cell("8c") not in targets
    landed = state.apply(actions.CELL_ACTIONS["catapult"][cell("9c")])
    assert landed.seats[3].position == cell("9c") and landed.shown[cell("9c")]
    assert verbs(landed, "reveal") == cells("9b", "9d")


# --- ruling 22: ties with two people and the Rhom ------------------------------

def finished_table(players: int, rhom: int) -> IridesciaState:
    """Everyone at the Castle with 12 points and nothing else to score."""
    state = GAME.new(players, seed=5)
    while state.step not in (REVEAL, ROLLING):
        state = state.apply(actions.RHOM if state.current == rhom else actions.EXPLORER)
    for i in range(players):
        state = with_seat(state, i, position=FINISHED, royalty=12, cargo=(0, 0, 0, 0), pile=(),
                          relics=(), objectives=(), token=-1, iridia=False)
    return attrs.evolve(state, step=OVER)


def test_two_people_and_the_rhom_break_ties_by_the_iridia_stone_then_the_tokens():
    state = finished_table(3, rhom=1)
    assert state.scores() == (12, 12, 12)
    found = with_seat(state, 2, iridia=True)
    assert found.winners() == (2,)
    tokens = with_seat(with_seat(with_seat(state, 0, token=2), 1, token=0), 2, token=-1)
    assert tokens.ranking() == (2, 1, 3)  # the Rhom holds the Throne, seat 1 the Banner
    banner = with_seat(with_seat(state, 1, token=2), 0, token=0)
    assert banner.ranking() == (1, 2, 3)


def test_in_solo_a_tie_is_still_the_rhoms():
    state = finished_table(2, rhom=1)
    found = with_seat(with_seat(state, 0, iridia=True, token=1), 1, token=-1)
    assert found.scores() == (12, 12) and found.winners() == (1,)


# --- ruling 24: the Prosperous Pickaxe copies only gems gained ------------------------

def pickaxe_ready(supply_of_mined: int, cargo: tuple[int, int, int, int] = (0, 0, 0, 0)):
    state = on_tile(items=(PICKAXE,))
    here = state.seats[0].position
    mined = state.tile_gem
    neighbour = next(c for c in row_cells(0) if c != here and abs(c - here) == 1)
    other = next(t for t, tile in enumerate(TILES) if tile.gem < 4 and tile.gem != mined)
    tiles = list(state.cells)
    tiles[neighbour] = other
    shown = list(state.shown)
    shown[neighbour] = True
    supply = list(state.gem_supply)
    supply[mined] = supply_of_mined
    state = attrs.evolve(state, cells=tuple(tiles), shown=tuple(shown), gem_supply=tuple(supply),
                         market_dice=(2, 2, 2, 2))
    state = with_seat(state, 0, cargo=cargo)
    return state.apply(actions.CELL_ACTIONS["pickaxe"][neighbour]).apply(actions.MINE), mined, TILES[other].gem


def test_pickaxe_copies_only_the_gems_the_supply_could_give():
    state, mined, copied = pickaxe_ready(supply_of_mined=1)
    state = state.apply(actions.ROLLS[5]).apply(actions.ROLLS[5])  # two hits, one gem left to give
    assert state.seats[0].cargo[mined] == 1 and state.seats[0].cargo[copied] == 1


def test_pickaxe_copies_before_the_hold_limit_and_the_excess_is_given_away():
    state, mined, copied = pickaxe_ready(supply_of_mined=16)
    cargo = [0, 0, 0, 0]
    for g in range(4):
        if g not in (mined, copied):
            cargo[g] = 3
    state = with_seat(state, 0, cargo=tuple(cargo))  # six gems in the hold
    state = state.apply(actions.ROLLS[5]).apply(actions.ROLLS[5])
    assert state.seats[0].cargo[mined] == 2 and state.seats[0].cargo[copied] == 2
    assert state.step == GIVE  # ten gems: three go to others


# --- ruling 25: the Epic Elixir ----------------------------------------------------------

def test_elixir_may_be_declared_after_restoring_relics():
    state = on_tile(items=(ELIXIR,))
    relic = state.relic_row[0]
    state = with_seat(state, 0, cargo=RELICS[relic].cost).apply(actions.OnSlot("restore", 0))
    assert state.step == RESTORE and actions.ELIXIR in state.legal_actions()
    state = state.apply(actions.ELIXIR).apply(actions.END)
    assert state.current == 0 and state.step == REVEAL and state.elixir_turn


def test_elixir_on_the_turn_the_castle_is_reached_gives_a_tile_removal_turn():
    state = GAME.new(4, seed=4)
    castle = row_cells(8)
    state = with_seat(state, 0, position=cell("8c"), items=(ELIXIR,), objectives=(0,))
    shown = tuple(True if c in castle else up for c, up in enumerate(state.shown))
    state = attrs.evolve(state, shown=shown,
                         cells=tuple(EMPTY if c == cell("8c") else t
                                     for c, t in enumerate(state.cells)))
    move = next(a for a in state.legal_actions() if getattr(a, "verb", "") == "move")
    state = state.apply(move).apply(actions.ELIXIR).apply(actions.END)
    assert state.seats[0].position == FINISHED
    assert state.current == 0 and state.step == REMOVE


# --- ruling 26: items used while a Wishing Well roll waits ---------------------------

def test_market_die_changed_while_a_wishing_well_roll_waits():
    state = on_tile(items=(WELL, JACKHAMMER))
    state = attrs.evolve(state, market_dice=(4, 5, 5, 5))
    before = state.seats[0].cargo
    state = state.apply(actions.WELL).apply(actions.ROLLS[2]).apply(actions.ROLLS[1])  # 3 and 2: nothing yet
    assert state.step == WISH
    lower = actions.TWEAKS[JACKHAMMER, actions.MARKET_TARGET + 0, -1]
    assert lower in state.legal_actions()
    assert not any(getattr(a, "verb", "") == "wish" for a in state.legal_actions())
    state = state.apply(lower)  # amethyst now 3: the 3 reaches it
    assert state.step == WISH and state.legal_actions() == (actions.GEM_ACTIONS["wish"][0],)
    state = state.apply(actions.GEM_ACTIONS["wish"][0])
    assert state.step == OPTIONAL and state.seats[0].cargo[0] == before[0] + 1


def test_a_waiting_wish_may_be_given_up_when_no_gem_can_be_taken():
    state = on_tile(items=(WELL, JACKHAMMER))
    state = attrs.evolve(state, market_dice=(6, 6, 6, 6))
    state = state.apply(actions.WELL).apply(actions.ROLLS[0]).apply(actions.ROLLS[0])
    assert state.step == WISH and actions.TAKE in state.legal_actions()
    state = state.apply(actions.TAKE)
    assert state.step == OPTIONAL and JACKHAMMER in state.seats[0].items


def test_a_wish_with_no_gem_in_reach_and_no_item_to_help_is_spent_at_once():
    state = on_tile(items=(WELL,))
    state = attrs.evolve(state, market_dice=(6, 6, 6, 6))
    state = state.apply(actions.WELL).apply(actions.ROLLS[0]).apply(actions.ROLLS[0])
    assert state.step == OPTIONAL and state.dice == ()

