"""The owner's rulings 20, 21, 27 and 28 for the Rhom, each on a position built
for it: where its barricade goes, where it steps when blocked, what its first
turn reveals, and when it restores relics."""

from __future__ import annotations

import attrs
import pytest
from iridescia_positions import cell, seated, with_seat

from gemtable.engine.games.iridescia import actions
from gemtable.engine.games.iridescia.board import AIRSHIP, FINISHED, row_cells
from gemtable.engine.games.iridescia.components import RELICS, RHOM_CARDS
from gemtable.engine.games.iridescia.state import EMPTY, GIVE, OPTIONAL, RHOM, IridesciaState

BARRICADE_LEFT = 6
"""A Barricade card (its own vane points left)."""
PLAIN_LEFT, PLAIN_LEFT_TOO = 0, 4
"""Plain cards whose vanes point left."""


def cards_on_top(state: IridesciaState, first: int, then: int) -> IridesciaState:
    """The Rhom deck with `first` to be drawn next and `then` below it."""
    deck = tuple(c for c in state.rhom_deck + state.rhom_pile if c not in (first, then))
    return attrs.evolve(state, rhom_deck=deck + (then, first), rhom_pile=(),
                        rhom_vane=RHOM_CARDS[first].vane)


def rhom_turn(state: IridesciaState, position: int, dice: tuple[int, int, int],
              card: int = PLAIN_LEFT, then: int = PLAIN_LEFT_TOO) -> IridesciaState:
    """The Rhom, standing on the (bare) hex `position`, plays its turn with `dice`."""
    me = state.rhom
    tiles = tuple(EMPTY if c == position else t for c, t in enumerate(state.cells))
    state = with_seat(attrs.evolve(state, cells=tiles), me, position=position)
    state = cards_on_top(state, card, then)
    state = attrs.evolve(state, current=me, step=RHOM, rolls=(), rhom_dice=dice)
    return state.apply(actions.RHOM_TURN)


# --- ruling 21: the barricade goes above the person -------------------------------

def test_solo_barricade_goes_on_the_row_above_the_persons_explorer():
    state = seated(2, rhom=1)
    state = with_seat(state, 0, position=cell("5c"))
    after = rhom_turn(state, cell("1c"), (1, 1, 1), card=BARRICADE_LEFT)
    # Counted from the left on row 6; 6a is an empty edge hex in a small game.
    assert after.barricades == (cell("6b"),)


def test_with_two_people_the_barricade_goes_above_the_one_furthest_ahead():
    state = seated(3, rhom=1)
    state = with_seat(with_seat(state, 0, position=cell("3c")), 2, position=cell("6c"))
    after = rhom_turn(state, cell("1c"), (1, 1, 1), card=BARRICADE_LEFT)
    assert after.barricades == (cell("7a"),)


def test_a_person_on_the_airship_has_the_barricade_on_the_first_row():
    state = seated(2, rhom=1)
    after = rhom_turn(state, cell("1c"), (1, 1, 1), card=BARRICADE_LEFT)
    assert state.seats[0].position == AIRSHIP and after.barricades == (cell("1b"),)


@pytest.mark.parametrize("where", ["8c", "finished"])
def test_no_barricade_once_the_person_is_below_the_castle_or_beyond(where):
    state = seated(2, rhom=1)
    state = with_seat(state, 0, position=FINISHED if where == "finished" else cell(where))
    after = rhom_turn(state, cell("1c"), (1, 1, 1), card=BARRICADE_LEFT)
    assert after.barricades == () and after.barricade_supply == state.barricade_supply


# --- ruling 20: the Rhom blocked ------------------------------------------------------

def test_a_blocked_rhom_steps_to_the_empty_hex_beside_on_its_vanes_side():
    # Only 4a keeps a tile. Blocked on 3c, the Rhom (vane left) steps to 3b, the
    # leftmost empty hex ahead or beside; blocked there too, it loses another
    # tile and steps to 3a, from where it reveals 4a and moves onto it.
    state = seated(3, rhom=1)
    kept = state.cells[cell("4a")]
    spare = tuple(t for t in state.cells if t >= 0)[:3]
    state = attrs.evolve(state, cells=tuple(t if c == cell("4a") or c in row_cells(8) else EMPTY
                                            for c, t in enumerate(state.cells)))
    state = with_seat(state, 1, pile=spare)
    after = rhom_turn(state, cell("3c"), (1, 1, 1))
    assert after.seats[1].pile == (spare[0], kept)
    assert after.seats[1].position == cell("4a")
    assert set(after.discards) == {spare[1], spare[2]}


# --- ruling 27: the Rhom's first turn ---------------------------------------------

def first_rhom_turn(dice: tuple[int, int]) -> tuple[IridesciaState, list[int]]:
    state = seated(2, rhom=1)
    for face in dice + (1,):
        state = state.apply(actions.ROLLS[face - 1])
    tiles = [c for c in row_cells(0) if state.cells[c] >= 0]
    return state.apply(actions.RHOM_TURN), tiles


def test_first_turn_counts_landing_on_one_tile_reveal_it_and_the_next_to_its_right():
    # Four tiles in the first row of a small game: 1 and 5 both count to the first.
    after, tiles = first_rhom_turn((1, 5))
    first, second = tiles[0], tiles[1]
    collected = [c for c in (first, second) if after.cells[c] == EMPTY]
    assert len(collected) == 1
    other = second if collected == [first] else first
    assert after.shown[other]
    assert not any(after.shown[c] for c in tiles[2:])


def test_a_double_still_reveals_the_counted_tile_and_the_next():
    after, tiles = first_rhom_turn((4, 4))  # the fourth tile and, wrapping, the first
    seen = [c for c in (tiles[3], tiles[0]) if after.cells[c] == EMPTY or after.shown[c]]
    assert seen == [tiles[3], tiles[0]]


# --- ruling 28: the Rhom restores at once ------------------------------------------

RING, BROOCH, SUN_DIAL, SPYGLASS, CHATELAINE, VASE, CHALICE = 0, 4, 18, 13, 6, 14, 20


def solo_person_to_play(row: tuple[int, ...], rhom_cargo: tuple[int, int, int, int],
                        deck_top: int | None = None) -> IridesciaState:
    """Solo, the person's turn on the board; the Rhom holds `rhom_cargo` and the
    relic row is `row` (`deck_top` next in the relic deck)."""
    state = seated(2, rhom=1)
    for _ in range(3):
        state = state.apply(actions.ROLLS[0])
    state = state.apply(actions.RHOM_TURN)
    reveal = next(a for a in state.legal_actions() if getattr(a, "verb", "") == "reveal")
    state = state.apply(reveal)
    move = next(a for a in state.legal_actions() if getattr(a, "verb", "") == "move")
    state = state.apply(move)
    assert state.step == OPTIONAL and state.current == 0
    rest = tuple(r for r in range(len(RELICS)) if r not in row and r != deck_top)
    deck = rest + ((deck_top,) if deck_top is not None else ())
    state = attrs.evolve(state, relic_row=row, relic_deck=deck)
    state = with_seat(state, 1, cargo=rhom_cargo, relics=())
    assert not state.seats[1].relics
    return state


def test_the_rhom_restores_at_once_when_a_gem_handed_to_it_completes_a_relic():
    state = solo_person_to_play((RING, BROOCH, SUN_DIAL, SPYGLASS, CHATELAINE), (2, 0, 0, 0))
    state = with_seat(state, 0, cargo=(2, 2, 2, 2))
    state = attrs.evolve(state, step=GIVE)
    royalty = state.seats[1].royalty
    after = state.apply(actions.GIVE[1][1])  # a citrine to the Rhom
    assert after.seats[1].relics == (RING,) and after.seats[1].cargo == (0, 0, 0, 0)
    assert after.seats[1].royalty == royalty + RELICS[RING].points
    assert RING not in after.relic_row and after.step == OPTIONAL and after.current == 0


def test_the_rhom_restores_the_higher_relic_first():
    state = solo_person_to_play((VASE, CHALICE, BROOCH, SUN_DIAL, SPYGLASS), (1, 1, 0, 1))
    state = attrs.evolve(with_seat(state, 0, cargo=(2, 2, 2, 2)), step=GIVE)
    after = state.apply(actions.GIVE[2][1])  # an emerald: both the Vase and the Chalice are in reach
    assert after.seats[1].relics == (CHALICE,)


def test_the_rhom_restores_a_relic_dealt_to_the_row_when_it_holds_its_gems():
    state = solo_person_to_play((RING, BROOCH, SUN_DIAL, SPYGLASS, CHATELAINE), (1, 1, 1, 1),
                                deck_top=CHALICE)
    state = with_seat(state, 0, cargo=RELICS[RING].cost)
    after = state.apply(actions.OnSlot("restore", 0))  # the person's Ring; the Chalice is dealt
    assert after.seats[0].relics == (RING,)
    assert after.seats[1].relics == (CHALICE,) and after.seats[1].cargo == (0, 0, 0, 0)
    assert CHALICE not in after.relic_row
