"""Legal actions of each step, and the dispatch of an action to its effect.

Every condition the lists below apply is a function of conditions.py, which
the refusals ask too. Boards may ask `restore_actions` (the relics the seat
to move can restore now); `revealable`, `movable` and `may_declare_rhom` are
re-exported from conditions.py for them.
"""

from __future__ import annotations

from itertools import combinations

from gemtable.engine.core import IllegalAction

from . import actions, turn
from .actions import Action
from .blocked import go_actions
from .components import (
    AXE,
    BOOK,
    CART,
    CATAPULT,
    CAULDRON,
    DIE_CHANGES,
    LIBATION,
    PICKAXE,
    SWAP,
    WELL,
)
from .conditions import (
    CHEAPEST_ITEM,
    WILD,
    affordable,
    buyable_slots,
    catapult_targets,
    cauldron_pairs,
    may_declare_rhom,
    may_mine,
    may_play_elixir,
    movable,
    pickaxe_targets,
    pile_gems,
    removable,
    revealable,
    swap_partners,
    takers,
    tiles_ahead,
    wishable,
)
from .state import (
    BLOCKED,
    DROP,
    GIVE,
    GO,
    OPTIONAL,
    OVER,
    REMOVE,
    RESOLVE,
    RESTORE,
    REVEAL,
    RHOM,
    ROLLING,
    SEATING,
    WISH,
    IridesciaState,
    Seat,
)

WILD_MOVES = 4
"""A wild tile offers one move per gem it may stand for."""
MOVE = actions.CELL_ACTIONS["move"]
REVEAL_AT = actions.CELL_ACTIONS["reveal"]
CATAPULT_AT = actions.CELL_ACTIONS["catapult"]
SWAP_WITH = actions.SLOT_ACTIONS["swap"]
RESTORE_ROW = tuple(actions.OnSlot("restore", slot) for slot in range(5))
MARKET_TWEAKS = {item: tuple(actions.TWEAKS[item, actions.MARKET_TARGET + g, d]
                             for g in range(4) for d in deltas)
                 for item, deltas in DIE_CHANGES.items()}
"""Per tweaking item: its changes of the market dice, in the order they are listed."""
LIBATION_MARKET = tuple(actions.Libation(combo, True) for n in range(1, 5)
                        for combo in combinations(range(4), n))
"""Lucky Libation on the market dice: every non-empty set of gems."""
BUY = actions.SLOT_ACTIONS["buy"]
SELL_UP_TO = tuple(actions.SELL[g][1:] for g in range(4))
"""SELL_UP_TO[gem][:n]: selling 1 to n gems."""


def _green_flags(state: IridesciaState, seat: Seat) -> list[Action]:
    """Items played before anything else happens in the turn."""
    out: list[Action] = []
    if CATAPULT in seat.items:
        out.extend(CATAPULT_AT[c] for c in catapult_targets(state))
    if SWAP in seat.items:
        out.extend(SWAP_WITH[i] for i in swap_partners(state))
    return out


def reveal_actions(state: IridesciaState) -> list[Action]:
    seat = state.seats[state.current]
    out = _green_flags(state, seat) if seat.items and not state.begun else []
    hidden, shown = tiles_ahead(state, seat.position)
    cells = state.cells
    for c in hidden:
        out.append(REVEAL_AT[c])
    for c in shown:
        if WILD[cells[c]]:
            out.extend(actions.MOVE_AS[c])
        else:
            out.append(MOVE[c])
    if not hidden and not shown:  # blocked
        letters = pile_gems(seat)
        if letters:
            out.extend(actions.GEM_ACTIONS["discard"][g] for g in letters)
        else:
            out.extend(go_actions(state))
    return out


def restore_actions(state: IridesciaState) -> list[Action]:
    seat = state.seats[state.current]
    cargo = seat.cargo
    if cargo[0] + cargo[1] + cargo[2] + cargo[3] < 3:  # every relic asks for three gems or more
        return []
    out: list[Action] = [RESTORE_ROW[slot] for slot in affordable(cargo, state.relic_row)]
    if seat.reserved:
        out.extend(actions.RESERVED[slot] for slot in affordable(cargo, seat.reserved))
    return out


def market_tweaks(items: tuple[int, ...]) -> list[Action]:
    out: list[Action] = []
    for item, tweaks in MARKET_TWEAKS.items():
        if item in items:
            out.extend(tweaks)
    return out


def libation_market(items: tuple[int, ...]) -> list[Action]:
    return list(LIBATION_MARKET) if LIBATION in items else []


def optional_actions(state: IridesciaState) -> list[Action]:
    seat = state.seats[state.current]
    items, cargo = seat.items, seat.cargo
    out: list[Action] = [actions.END]
    if may_mine(state, seat):
        out.append(actions.MINE)
    if seat.stones:
        out.append(actions.STONE)
    if not state.bought and seat.coins >= CHEAPEST_ITEM:  # spares the call on most turns
        for slot in buyable_slots(state, seat):
            out.append(BUY[slot])
    if not state.sold:
        for g in range(4):
            if cargo[g]:
                out.extend(SELL_UP_TO[g][:cargo[g]])
    if items:
        _item_actions(state, seat, out)
    out.extend(restore_actions(state))
    return out


def _item_actions(state: IridesciaState, seat: Seat, out: list[Action]) -> None:
    """Optional actions of the items in hand, appended to `out` in their listed order."""
    items, cargo, supply = seat.items, seat.cargo, state.gem_supply
    if CART in items and not state.cart:
        out.append(actions.CART)
    if PICKAXE in items:
        out.extend(actions.CELL_ACTIONS["pickaxe"][c] for c in pickaxe_targets(state, seat))
    if CAULDRON in items and sum(cargo) >= 2:
        for a, b in cauldron_pairs(cargo):
            out.extend(actions.CAULDRONS[a, b, g] for g in range(4) if supply[g])
    if AXE in items:
        out.extend(actions.GEM_ACTIONS["axe"][g] for g in range(4) if cargo[g] and supply[g])
    if WELL in items:
        out.append(actions.WELL)
    for item, tweaks in MARKET_TWEAKS.items():
        if item in items:
            out.extend(tweaks)
    if LIBATION in items:
        out.extend(LIBATION_MARKET)
    if may_play_elixir(state):
        out.append(actions.ELIXIR)
    if BOOK in items:
        out.extend(actions.SLOT_ACTIONS["book"][s] for s, r in enumerate(state.relic_row)
                   if r >= 0)
        if state.relic_deck:
            out.append(actions.BOOK_DECK)


def elixir_actions(state: IridesciaState) -> list[Action]:
    """Ruling 25: an Epic Elixir may be declared at any point of the turn, after
    restoring too. Collecting the tile comes with `end` and shows nothing new, so
    declaring it just before `end` is declaring it just after collecting."""
    return [actions.ELIXIR] if may_play_elixir(state) else []


def resolve_actions(state: IridesciaState) -> list[Action]:
    items = state.seats[state.current].items
    dice = range(len(state.dice))
    out: list[Action] = [actions.TAKE]
    for item, deltas in DIE_CHANGES.items():
        if item in items:
            out.extend(actions.TWEAKS[item, i, d] for i in dice for d in deltas)
    out.extend(market_tweaks(items))
    if LIBATION in items:
        out.extend(actions.Libation(combo, False) for n in range(1, len(state.dice) + 1)
                   for combo in combinations(dice, n))
    out.extend(libation_market(items))
    return out


def wish_actions(state: IridesciaState) -> list[Action]:
    """Ruling 26: while the roll waits, the market dice may still be changed; a
    gem within reach must be taken, and with none the wish may be given up."""
    items = state.seats[state.current].items
    gems = wishable(state)
    out: list[Action] = [actions.GEM_ACTIONS["wish"][g] for g in gems]
    if not gems:
        out.append(actions.TAKE)
    out.extend(market_tweaks(items))
    out.extend(libation_market(items))
    return out


def give_actions(state: IridesciaState) -> list[Action]:
    cargo = state.seats[state.current].cargo
    seats = takers(state)
    gems = [g for g in range(4) if cargo[g]]
    if seats:
        return [actions.GIVE[g][i] for g in gems for i in seats]
    return [actions.GEM_ACTIONS["return"][g] for g in gems]


def remove_actions(state: IridesciaState) -> list[Action]:
    return [actions.CELL_ACTIONS["remove"][c] for c in removable(state)] or [actions.PASS]


def legal_actions(state: IridesciaState) -> tuple[Action, ...]:
    step = state.step
    if step == OVER:
        return ()
    if step == ROLLING:
        return actions.ROLLS
    if step == REVEAL:
        return tuple(reveal_actions(state))
    if step == OPTIONAL:
        return tuple(optional_actions(state))
    if step == RESTORE:
        return (*restore_actions(state), *elixir_actions(state), actions.END)
    if step == RESOLVE:
        return tuple(resolve_actions(state))
    if step == GIVE:
        return tuple(give_actions(state))
    if step == SEATING:
        return SeatingChoices((actions.EXPLORER,)) if may_declare_rhom(state) \
            else (actions.EXPLORER,)
    if step == GO:
        return tuple(go_actions(state))
    if step == DROP:
        return actions.SLOT_ACTIONS["drop"][:2]
    if step == WISH:
        return tuple(wish_actions(state))
    if step == REMOVE:
        return tuple(remove_actions(state))
    if step == RHOM:
        return (actions.RHOM_TURN,)
    if step == BLOCKED:
        return ()
    raise AssertionError(f"unknown step {step}")


class SeatingChoices(tuple[Action, ...]):
    """The seating step's legal actions: `explorer` is listed; `rhom` is legal
    too (`in` accepts it) but not listed, so that nobody choosing from a list,
    person or bot, becomes the automaton by chance: only the Rhom deck asks."""

    __slots__ = ()

    def __contains__(self, action: object) -> bool:
        return action == actions.RHOM or tuple.__contains__(self, action)


CHANCE_OUTCOMES = tuple((roll, 1 / 6) for roll in actions.ROLLS)
"""A die's six faces, equally likely."""


def chance_outcomes(state: IridesciaState) -> tuple[tuple[Action, float], ...]:
    if state.step != ROLLING:
        raise IllegalAction("this is not a chance step")
    return CHANCE_OUTCOMES


apply_action = turn.apply
"""The state after a legal action (turn.py holds the effects)."""


__all__ = ["apply_action", "chance_outcomes", "legal_actions", "may_declare_rhom", "movable", "restore_actions",
           "revealable"]
