"""Items, the blocked explorer, the market refresh and the Rhom's choices."""

from __future__ import annotations

import attrs
import pytest

from gemtable.engine import IllegalAction, registry
from gemtable.engine.games.iridescia import actions, rhom
from gemtable.engine.games.iridescia.actions import item_played
from gemtable.engine.games.iridescia.board import FORWARD, ROW_OF, parse_cell, row_cells
from gemtable.engine.games.iridescia.common import needs_refresh
from gemtable.engine.games.iridescia.components import (
    BOOK,
    CATAPULT,
    CAULDRON,
    ELIXIR,
    ITEM_BY_KEY,
    PICKAXE,
    RELICS,
    SWAP,
    TILES,
    WELL,
)
from gemtable.engine.games.iridescia.state import GO, OPTIONAL, REVEAL, WISH

GAME = registry.get("iridescia")


def on_tile(players: int = 4, seed: int = 7, items: tuple[int, ...] = ()):
    """Seat 1 has revealed and moved onto a plain gem tile of row 1, holding `items`."""
    state = GAME.new(players, seed=seed)
    while state.step != REVEAL:
        state = state.apply(actions.EXPLORER)
    cell = next(c for c in row_cells(0) if state.cells[c] >= 0 and TILES[state.cells[c]].gem < 4)
    state = state.apply(actions.OnCell("reveal", cell)).apply(actions.OnCell("move", cell))
    me = state.current
    seat = attrs.evolve(state.seats[me], items=tuple(sorted(items)))
    seats = list(state.seats)
    seats[me] = seat
    return attrs.evolve(state, seats=tuple(seats)), cell


def test_epic_elixir_gives_another_turn_without_another_elixir():
    state, _ = on_tile(items=(ELIXIR,))
    state = state.apply(actions.ELIXIR).apply(actions.END)
    assert state.current == 0 and state.elixir_turn and state.step == REVEAL
    market = list(state.market)
    market[0] = ELIXIR
    state = attrs.evolve(state, market=tuple(market))
    assert actions.OnSlot("buy", 0) not in state.legal_actions()


def test_reference_book_reserves_a_relic_only_its_owner_restores():
    state, _ = on_tile(items=(BOOK,))
    relic = state.relic_row[2]
    state = state.apply(actions.OnSlot("book", 2))
    assert state.seats[0].reserved == (relic,) and state.relic_row[2] != relic
    seat = attrs.evolve(state.seats[0], cargo=RELICS[relic].cost)
    state = attrs.evolve(state, seats=(seat,) + state.seats[1:])
    after = state.apply(actions.OnSlot("restore", 0, True))
    assert relic in after.seats[0].relics and after.seats[0].reserved == ()


def test_cauldron_trades_two_gems_for_one():
    state, _ = on_tile(items=(CAULDRON,))
    seat = attrs.evolve(state.seats[0], cargo=(1, 1, 0, 0))
    state = attrs.evolve(state, seats=(seat,) + state.seats[1:])
    state = state.apply(actions.Cauldron((0, 1), 3))
    assert state.seats[0].cargo == (0, 0, 0, 1)


def test_wishing_well_takes_a_gem_worth_at_most_a_die():
    state, _ = on_tile(items=(WELL,))
    state = attrs.evolve(state, market_dice=(2, 5, 5, 5))
    cargo = state.seats[0].cargo
    state = state.apply(actions.WELL).apply(actions.ROLLS[1]).apply(actions.ROLLS[0])
    assert state.step == WISH and state.legal_actions() == (actions.OnGem("wish", 0),)
    state = state.apply(actions.OnGem("wish", 0))
    assert state.step == OPTIONAL and state.seats[0].cargo[0] == cargo[0] + 1


def test_pickaxe_copies_a_revealed_neighbour_for_each_gem_mined():
    state, cell = on_tile(items=(PICKAXE,))
    neighbour = next(c for c in row_cells(0) if c != cell and state.cells[c] >= 0
                     and TILES[state.cells[c]].gem < 4 and abs(c - cell) == 1)
    shown = list(state.shown)
    shown[neighbour] = True
    state = attrs.evolve(state, shown=tuple(shown))
    copied = TILES[state.cells[neighbour]].gem
    before = state.seats[0].cargo
    state = state.apply(actions.OnCell("pickaxe", neighbour)).apply(actions.MINE)
    state = state.apply(actions.ROLLS[5]).apply(actions.ROLLS[5])
    gem = state.tile_gem
    after = state.seats[0].cargo
    gained = sum(after) - sum(before)
    assert gained == 4 and after[gem] - before[gem] >= 2 and after[copied] - before[copied] >= 2


def test_catapult_jumps_before_revealing_and_turns_the_tile_up():
    state = GAME.new(4, seed=3)
    for _ in range(3):
        hidden = [c for c in row_cells(0) if state.cells[c] >= 0 and not state.shown[c]]
        state = state.apply(actions.OnCell("reveal", hidden[0]))
        move = next(a for a in state.legal_actions() if getattr(a, "verb", "") == "move")
        state = state.apply(move).apply(actions.END)
    assert state.current == 3 and CATAPULT in state.seats[3].items
    target = parse_cell("1f")
    if not state.cells[target] >= 0 or state.shown[target]:
        target = next(c for c in row_cells(0) if state.cells[c] >= 0 and not state.shown[c])
    state = state.apply(actions.OnCell("catapult", target))
    assert state.seats[3].position == target and state.shown[target]
    assert not any(getattr(a, "verb", "") == "catapult" for a in state.legal_actions())
    reveals = {a.cell for a in state.legal_actions() if getattr(a, "verb", "") == "reveal"}
    assert reveals <= set(FORWARD[target])


def test_swapping_stones_only_at_the_start_of_a_turn():
    state, _ = on_tile(players=4, items=(SWAP,))
    assert not any(getattr(a, "verb", "") == "swap" for a in state.legal_actions())
    with pytest.raises(IllegalAction):
        state.apply(actions.OnSlot("swap", 1))


def test_market_refresh_on_three_alike_or_two_pairs():
    assert needs_refresh((1, 1, 1, 2, 3))
    assert needs_refresh((1, 1, 2, 2, 3))
    assert not needs_refresh((1, 1, 2, 3, 4))


def test_a_blocked_explorer_discards_a_tile_and_steps_to_the_nearest_empty_hex():
    state, cell = on_tile()
    state = state.apply(actions.END)
    # Seat 1 stands on the empty hex of `cell`; empty everything ahead and beside it.
    cells = list(state.cells)
    for c in FORWARD[cell]:
        cells[c] = -1
    state = attrs.evolve(state, cells=tuple(cells), current=0, step=REVEAL, revealed=0)
    legal = state.legal_actions()
    assert all(a.verb == "discard" for a in legal) and len(legal) == 1
    state = state.apply(legal[0])
    assert state.step == GO and state.seats[0].pile == ()
    go = state.legal_actions()
    assert go and all(a.verb == "go" for a in go)
    state = state.apply(go[0])
    assert state.step == REVEAL and state.seats[0].position == go[0].cell


def test_rhom_takes_the_missing_gem_in_demand_and_a_rainbow_last():
    state = GAME.new(2, seed=1)
    state = state.apply(actions.EXPLORER).apply(actions.RHOM)
    plain = [c for c in range(len(state.cells)) if state.cells[c] >= 0
             and TILES[state.cells[c]].gem < 4 and ROW_OF[c] == 0]
    rainbow = [c for c in range(len(state.cells)) if state.cells[c] >= 0
               and TILES[state.cells[c]].gem == 4]
    need = rhom.demand(state)
    cell, gem = rhom.choose_tile(state, plain + rainbow[:1], (0, 0, 0, 0), 0)
    assert TILES[state.cells[cell]].gem < 4
    assert need[gem] == max(need[TILES[state.cells[c]].gem] for c in plain)
    cell, gem = rhom.choose_tile(state, rainbow[:1], (0, 0, 0, 0), 0)
    assert cell == rainbow[0] and need[gem] == max(need)


def test_rhom_scores_gems_beyond_seven_and_keeps_a_new_type():
    state = GAME.new(2, seed=1).apply(actions.EXPLORER).apply(actions.RHOM)
    seat = attrs.evolve(state.seats[1], cargo=(4, 3, 0, 0))
    state = attrs.evolve(state, seats=(state.seats[0], seat), market_dice=(3, 2, 5, 2))
    after = rhom.gain(state, 1, 2, 1, 0)  # a new emerald replaces an amethyst (worth 3)
    assert after.seats[1].cargo == (3, 3, 1, 0) and after.seats[1].royalty == 3
    again = rhom.gain(after, 1, 2, 1, 0)  # an emerald it holds: scores its value, 5
    assert again.seats[1].cargo == (3, 3, 1, 0) and again.seats[1].royalty == 8


def test_log_lines_and_reveals():
    state = GAME.new(4, seed=2)
    action = actions.OnCell("reveal", 0)
    assert state.reveals(action)
    after = state.apply(action)
    assert "revealed 1a" in state.describe(action, after)
    move = next(a for a in after.legal_actions() if getattr(a, "verb", "") == "move")
    assert not after.reveals(move)


def test_refusals_say_what_is_missing():
    state, _ = on_tile()
    seat = attrs.evolve(state.seats[0], cargo=(0, 0, 0, 0))
    state = attrs.evolve(state, seats=(seat,) + state.seats[1:])
    relic = RELICS[state.relic_row[0]]
    with pytest.raises(IllegalAction, match=f"the {relic.name} needs"):
        state.parse_action("restore 1")
    with pytest.raises(IllegalAction, match="you cannot mine now|there is nothing"):
        GAME.new(4, seed=1).parse_action("mine")


def test_hidden_hands_are_dealt_even_when_the_unseen_cards_are_few():
    import random

    from gemtable.engine.games.iridescia import views
    from gemtable.engine.games.iridescia.fast import evolve

    state = GAME.new(4, seed=1)
    pool = [k for k in range(12) for _ in range(3)]
    view = state.view(0)
    seats, rest = views._deal_by_need(view, pool, [1, 2, 3], random.Random(1))
    for i in (1, 2, 3):
        want = len(view.seats[i].items)
        assert len(seats[i].items) == want and len(set(seats[i].items)) == want
    assert len(rest) == len(pool) - sum(len(s.items) for s in seats[1:])
    assert evolve(state, step=state.step) == state


@pytest.mark.parametrize("text, key", [
    ("cauldron ae s", "cauldron"), ("cart", "cart"), ("jackhammer die 1 +1", "jackhammer"),
    ("elixir", "elixir"), ("libation dice 12", "libation"), ("libation market ac", "libation"),
    ("axe e", "axe"), ("well", "well"), ("dynamite a -2", "dynamite"), ("swap 2", "swap"),
    ("book 2", "book"), ("book deck", "book"), ("pickaxe 2d", "pickaxe"),
    ("catapult 3b", "catapult"),
    ("buy 4", ""), ("wish c", ""), ("take", ""), ("mine", ""), ("stone", ""), ("go 3b", ""),
])
def test_the_engine_says_which_item_an_action_plays(text, key):
    action = actions.parse(text)
    assert action is not None, text
    assert item_played(action) == (ITEM_BY_KEY[key] if key else -1)
