"""Effects of an explorer's actions: main actions, optional actions, items."""

from __future__ import annotations

from . import actions, endturn, rhom, setup, wishing
from .board import FOREST_ROW, ROW_OF
from .common import (
    add,
    discard_item,
    draw_relic,
    gain_and_go_on,
    gain_coins,
    gain_from,
    gain_step,
    holds_dice_item,
    put_seat,
    refill_market,
    restore,
    seats_with,
)
from .components import (
    AXE,
    BOOK,
    CARGO,
    CART,
    CATAPULT,
    CAULDRON,
    COINS,
    ELIXIR,
    IRIDIA,
    IRIDIA_BONUS,
    ITEMS,
    LIBATION,
    PICKAXE,
    ROYALTY,
    STONE,
    SWAP,
    TILES,
    WELL,
)
from .fast import evolve
from .state import (
    DROP,
    EMPTY,
    GIVE,
    GO,
    MARKET_DIE,
    MINE_DIE,
    OPTIONAL,
    REROLL,
    RESOLVE,
    REVEAL,
    RHOM_DIE,
    ROLLING,
    WISH,
    IridesciaState,
)


def apply(state: IridesciaState, action: actions.Action) -> IridesciaState:
    return rhom.restore_at_once(state, _apply(state, action))


def _apply(state: IridesciaState, action: actions.Action) -> IridesciaState:
    if isinstance(action, actions.Roll):
        return roll(state, action.face)
    if isinstance(action, actions.OnCell):
        return _on_cell(state, action)
    if isinstance(action, actions.Plain):
        return _plain(state, action.verb)
    if isinstance(action, actions.OnGem):
        return _on_gem(state, action)
    if isinstance(action, actions.OnSlot):
        return _on_slot(state, action)
    if isinstance(action, actions.Cauldron):
        return _cauldron(state, action)
    if isinstance(action, actions.Tweak):
        return _tweak(state, action)
    if isinstance(action, actions.Libation):
        return _libation(state, action)
    if isinstance(action, actions.Declare):
        return setup.declare(state, action.rhom)
    raise AssertionError(f"no effect for {action!r}")


# --- dice -------------------------------------------------------------------

def roll(state: IridesciaState, face: int) -> IridesciaState:
    target, rest = state.rolls[0], state.rolls[1:]
    step = state.step if rest else state.resume
    if target == MINE_DIE:
        dice = state.dice + (face,)
        if not rest and step == RESOLVE and not _can_modify(state):
            return take(state, dice)  # the last mining die, nothing to modify it with
        state = evolve(state, dice=dice, rolls=rest, step=step)
    elif target >= RHOM_DIE:
        state = evolve(state, rhom_dice=state.rhom_dice + (face,), rolls=rest, step=step)
    elif target >= MARKET_DIE:
        market = list(state.market_dice)
        market[target - MARKET_DIE] = face
        state = evolve(state, market_dice=(market[0], market[1], market[2], market[3]),
                       rolls=rest, step=step)
    else:
        rerolled = list(state.dice)
        rerolled[target - REROLL] = face
        state = evolve(state, dice=tuple(rerolled), rolls=rest, step=step)
    if rest:
        return state
    if step == RESOLVE and not _can_modify(state):
        return take(state)
    if step == WISH:
        return wishing.settle(state)
    return state



def _can_modify(state: IridesciaState) -> bool:
    return holds_dice_item(state.seats[state.current].items)


def take(state: IridesciaState, dice: tuple[int, ...] | None = None) -> IridesciaState:
    """Resolve the mining roll (`dice`, or the roll in the state): one gem per die
    at or above the market value.

    One new state for the whole resolution: this ends every mining attempt."""
    gem = state.tile_gem
    value = state.market_dice[gem]
    hits = sum(1 for d in (state.dice if dice is None else dice) if d >= value)
    gained = hits * (2 if state.cart else 1)
    me = state.current
    seat = state.seats[me]
    cargo, supply = gain_from(seat.cargo, state.gem_supply, gem, gained)
    got = cargo[gem] - seat.cargo[gem]  # ruling 24: what the supply gave, copied before the hold limit
    if state.pickaxe >= 0 and got:
        copied = TILES[state.cells[state.pickaxe]].gem
        cargo, supply = gain_from(cargo, supply, copied, got)
    step = gain_step(cargo, state.drop_pending)
    if cargo is seat.cargo:
        return evolve(state, dice=(), rolls=(), step=step)
    return put_seat(state, me, evolve(seat, cargo=cargo), gem_supply=supply, dice=(), rolls=(),
                    step=step)


# --- main actions -------------------------------------------------------------

def _on_cell(state: IridesciaState, action: actions.OnCell) -> IridesciaState:
    verb, cell = action.verb, action.cell
    me = state.current
    if verb == "reveal":
        shown = list(state.shown)
        shown[cell] = True
        return evolve(state, shown=tuple(shown), revealed=state.revealed + 1, begun=True)
    if verb == "move":
        return move(state, cell, action.gem)
    if verb == "go":
        seat = state.seats[me]
        stood = state.stood + (seat.position,) if seat.position >= 0 else state.stood
        return put_seat(state, me, evolve(seat, position=cell), step=REVEAL, revealed=0,
                        begun=True, stood=stood)
    if verb == "catapult":
        state = discard_item(state, CATAPULT)
        shown = list(state.shown)
        if state.cells[cell] != EMPTY:
            shown[cell] = True
        seat = state.seats[me]
        return put_seat(state, me, evolve(seat, position=cell), shown=tuple(shown),
                        begun=True)
    if verb == "pickaxe":
        return discard_item(state, PICKAXE, pickaxe=cell)
    if verb == "remove":
        return endturn.remove_tile(state, cell)
    raise AssertionError(verb)


def move(state: IridesciaState, cell: int, chosen: int) -> IridesciaState:
    """Step onto a revealed tile: its gem (the chosen one on a wild tile) and bonus.

    Built as one change of the seat and one of the state: this runs every turn."""
    me = state.current
    tile = TILES[state.cells[cell]]
    gem = tile.gem if tile.gem < 4 else chosen
    seat = state.seats[me]
    drop = ROW_OF[cell] >= FOREST_ROW and len(seat.objectives) == 2
    supply, cargo = state.gem_supply, seat.cargo
    if supply[gem]:
        supply, cargo = add(supply, gem, -1), add(cargo, gem, 1)
    coins, royalty, stones = seat.coins, seat.royalty, seat.stones
    coin_supply, stone_supply, iridia = state.coin_supply, state.stone_supply, seat.iridia
    if tile.bonus == COINS:
        gained = min(tile.amount, coin_supply)
        coins, coin_supply = coins + gained, coin_supply - gained
    elif tile.bonus in (ROYALTY, IRIDIA_BONUS):
        royalty += tile.amount
        iridia = iridia or tile.bonus == IRIDIA_BONUS
    elif tile.bonus == STONE and stone_supply:
        stones, stone_supply = stones + 1, stone_supply - 1
    seat = evolve(seat, position=cell, cargo=cargo, coins=coins, royalty=royalty,
                  stones=stones, iridia=iridia)
    step = GIVE if sum(cargo) > CARGO else DROP if drop else OPTIONAL
    return put_seat(state, me, seat, tile_gem=gem, begun=True, drop_pending=drop,
                    gem_supply=supply, coin_supply=coin_supply, stone_supply=stone_supply,
                    step=step)


def tile_bonus(state: IridesciaState, index: int, tile_id: int) -> IridesciaState:
    tile = TILES[tile_id]
    seat = state.seats[index]
    if tile.bonus == COINS:
        return gain_coins(state, index, tile.amount)
    if tile.bonus == ROYALTY:
        return put_seat(state, index, evolve(seat, royalty=seat.royalty + tile.amount))
    if tile.bonus == STONE and state.stone_supply:
        return put_seat(state, index, evolve(seat, stones=seat.stones + 1),
                        stone_supply=state.stone_supply - 1)
    if tile.bonus == IRIDIA_BONUS:
        return put_seat(state, index, evolve(seat, royalty=seat.royalty + tile.amount,
                                                   iridia=True))
    return state


# --- one-word actions -----------------------------------------------------------

def _plain(state: IridesciaState, verb: str) -> IridesciaState:
    me = state.current
    seat = state.seats[me]
    if verb == "mine":
        return put_seat(state, me, evolve(seat, coins=seat.coins - 1),
                        coin_supply=state.coin_supply + 1, step=ROLLING,
                        rolls=(MINE_DIE,) * (2 + state.active), resume=RESOLVE, dice=())
    if verb == "take":
        if state.step == WISH:  # offered only with no gem within reach
            return wishing.give_up(state)
        return take(state)
    if verb == "stone":
        return put_seat(state, me, evolve(seat, stones=seat.stones - 1),
                        active=state.active + 1)
    if verb == "cart":
        return discard_item(state, CART, cart=True)
    if verb == "well":
        return discard_item(state, WELL, step=ROLLING, rolls=(MINE_DIE, MINE_DIE), resume=WISH,
                            dice=())
    if verb == "elixir":
        return discard_item(state, ELIXIR, extra=True)
    if verb == "book deck":
        state = discard_item(state, BOOK)
        deck = list(state.relic_deck)
        relic = deck.pop()
        seat = state.seats[me]
        return put_seat(state, me, evolve(seat, reserved=seat.reserved + (relic,)),
                        relic_deck=tuple(deck))
    if verb in ("end", "pass"):
        return endturn.end_turn(state)
    if verb == "rhom turn":
        return rhom.play(state)
    raise AssertionError(verb)


def _on_gem(state: IridesciaState, action: actions.OnGem) -> IridesciaState:
    verb, gem = action.verb, action.gem
    me = state.current
    seat = state.seats[me]
    if verb == "sell":
        n = action.number
        coins = min(n * state.market_dice[gem], state.coin_supply)
        seat = evolve(seat, cargo=add(seat.cargo, gem, -n), coins=seat.coins + coins)
        return put_seat(state, me, seat, gem_supply=add(state.gem_supply, gem, n), sold=True,
                        coin_supply=state.coin_supply - coins)
    if verb == "axe":
        state = discard_item(state, AXE)
        return gain_and_go_on(state, state.seats[me].cargo, state.gem_supply, gem, 1)
    if verb == "wish":
        return gain_and_go_on(state, seat.cargo, state.gem_supply, gem, 1, dice=())
    if verb in ("give", "return"):
        seats = list(state.seats)
        seats[me] = evolve(seat, cargo=add(seat.cargo, gem, -1))
        supply = state.gem_supply
        if verb == "give":
            other = seats[action.number]
            seats[action.number] = evolve(other, cargo=add(other.cargo, gem, 1))
        else:
            supply = add(supply, gem, 1)
        return evolve(state, seats=tuple(seats), gem_supply=supply,
                      step=gain_step(seats[me].cargo, state.drop_pending))
    if verb == "discard":
        pile = list(seat.pile)
        for i in range(len(pile) - 1, -1, -1):
            if min(TILES[pile[i]].gem, IRIDIA) == gem:
                tile = pile.pop(i)
                break
        return put_seat(state, me, evolve(seat, pile=tuple(pile)), step=GO, begun=True,
                        discards=state.discards + (tile,))
    raise AssertionError(verb)


def _on_slot(state: IridesciaState, action: actions.OnSlot) -> IridesciaState:
    verb, slot = action.verb, action.slot
    me = state.current
    seat = state.seats[me]
    if verb == "buy":
        kind = state.market[slot]
        cost = ITEMS[kind].cost
        seat = evolve(seat, coins=seat.coins - cost, items=tuple(sorted(seat.items + (kind,))))
        return refill_market(state, slot, seats=seats_with(state, me, seat), bought=True,
                             coin_supply=state.coin_supply + cost)
    if verb == "restore":
        return restore(state, me, slot, action.reserved)
    if verb == "book":
        state = discard_item(state, BOOK)
        seat = state.seats[me]
        relic = state.relic_row[slot]
        state = put_seat(state, me, evolve(seat, reserved=seat.reserved + (relic,)))
        return draw_relic(state, slot)
    if verb == "drop":
        kept = seat.objectives[1 - slot]
        seat = evolve(seat, objectives=(kept,), dropped=(seat.objectives[slot],))
        return put_seat(state, me, seat, drop_pending=False, step=OPTIONAL)
    if verb == "swap":
        state = discard_item(state, SWAP)
        mine, theirs = state.seats[me], state.seats[slot]
        state = put_seat(state, me, evolve(mine, position=theirs.position), begun=True)
        return put_seat(state, slot, evolve(theirs, position=mine.position))
    raise AssertionError(verb)


def _cauldron(state: IridesciaState, action: actions.Cauldron) -> IridesciaState:
    me = state.current
    state = discard_item(state, CAULDRON)
    seat = state.seats[me]
    cargo, supply = seat.cargo, state.gem_supply
    for g in action.give:
        cargo, supply = add(cargo, g, -1), add(supply, g, 1)
    return gain_and_go_on(state, cargo, supply, action.get, 1)


def _tweak(state: IridesciaState, action: actions.Tweak) -> IridesciaState:
    if action.target >= actions.MARKET_TARGET:
        g = action.target - actions.MARKET_TARGET
        market = list(state.market_dice)
        market[g] = (market[g] - 1 + action.delta) % 6 + 1
        state = discard_item(state, action.item,
                             market_dice=(market[0], market[1], market[2], market[3]))
        if state.step == RESOLVE and not _can_modify(state):
            return take(state)
        if state.step == WISH:
            return wishing.settle(state)
        return state
    dice = list(state.dice)
    dice[action.target] = (dice[action.target] - 1 + action.delta) % 6 + 1
    state = discard_item(state, action.item, dice=tuple(dice))
    return state if _can_modify(state) else take(state)


def _libation(state: IridesciaState, action: actions.Libation) -> IridesciaState:
    if action.market:
        rolls = tuple(MARKET_DIE + g for g in action.dice)
    else:
        rolls = tuple(REROLL + i for i in action.dice)
    return discard_item(state, LIBATION, step=ROLLING, rolls=rolls, resume=state.step)


__all__ = ["apply", "move", "roll", "take", "tile_bonus"]
