"""Log lines: what a move did, in words every seat may read.

The table already prints who moved ("Seat 2: ..."), so a line never starts
with the mover's name; it names other seats only when they are someone else
(the seat a gem is given to). Everything named is public once the move is
made: a revealed tile, the dice, the Rhom's card.
"""

from __future__ import annotations

from . import actions as A
from .board import FINISHED, cell_name
from .components import GEM_NAMES, ITEMS, RELICS, RHOM_CARDS, bonus_text, tile_label
from .mining import OWN_DICE, mining_now, succeeds
from .state import MARKET_DIE, MINE_DIE, REROLL, RHOM_DIE, IridesciaState

_ICON_CARDS = {"none": "a plain card", "2x": "a 2x card (double gems)",
               "3x": "a 3x card (triple gems)", "merchant": "a Merchant card",
               "barricade": "a Barricade card"}
_PLAIN = {
    "take": "kept the mining roll",
    "stone": "put a stone die to work on this tile",
    "cart": "declared the Mine Cart: gems mined this turn count double",
    "well": "played the Wishing Well",
    "elixir": "played the Epic Elixir: another turn follows",
    "book deck": "reserved the top relic of the deck with the Reference Book",
    "end": "ended the turn",
    "pass": "passed: no tile left to remove",
}


def describe(state: IridesciaState, action: object, after: IridesciaState) -> str:
    if isinstance(action, A.Roll):
        return _roll(state, action.face, after)
    if isinstance(action, A.Declare):
        return "plays the Rhom deck" if action.rhom else "plays as an explorer"
    if isinstance(action, A.OnCell):
        return _on_cell(state, action, after)
    if isinstance(action, A.OnSlot):
        return _on_slot(state, action)
    if isinstance(action, A.OnGem):
        return _on_gem(state, action)
    if isinstance(action, A.Plain):
        if action.verb == "rhom turn":
            return rhom_summary(state, after)
        if action.verb == "mine":
            return f"paid a coin to mine {GEM_NAMES[state.tile_gem]} ({OWN_DICE + state.active} dice)"
        return _PLAIN.get(action.verb, action.verb)
    if isinstance(action, A.Cauldron):
        a, b = (GEM_NAMES[g] for g in action.give)
        return f"Cauldron: traded {a} and {b} for {GEM_NAMES[action.get]}"
    if isinstance(action, A.Tweak):
        name = ITEMS[action.item].name
        where = (f"mining die {action.target + 1}" if action.target < A.MARKET_TARGET
                 else f"the {GEM_NAMES[action.target - A.MARKET_TARGET]} market die")
        return f"{name}: {where} {action.delta:+d}"
    if isinstance(action, A.Libation):
        if action.market:
            return "Lucky Libation: rolls the " + ", ".join(GEM_NAMES[g] for g in action.dice) \
                + " market dice"
        return "Lucky Libation: re-rolls mining dice " + ", ".join(str(i + 1) for i in action.dice)
    return str(action)


def _gained(state: IridesciaState, after: IridesciaState) -> str:
    """The gems the seat to move gained between the two states, in words."""
    me = state.current
    was, now = state.seats[me].cargo, after.seats[me].cargo
    parts = [f"{now[g] - was[g]} {GEM_NAMES[g]}" for g in range(4) if now[g] > was[g]]
    return ", ".join(parts)


def _roll(state: IridesciaState, face: int, after: IridesciaState) -> str:
    target = state.rolls[0] if state.rolls else MINE_DIE
    if target >= RHOM_DIE:
        return f"a Rhom die rolled {face}"
    if target >= MARKET_DIE:
        return f"the {GEM_NAMES[target - MARKET_DIE]} market die rolled {face}" \
            + _settled(state, after)
    if not mining_now(state):
        return f"a Wishing Well die rolled {face}"
    index = len(state.dice) if target == MINE_DIE else target - REROLL
    kind = "stone die" if index >= OWN_DICE else "die"
    verb = "rolled" if target == MINE_DIE else "re-rolled"
    value = state.market_dice[state.tile_gem]
    result = "hit" if succeeds(state, face) else f"miss, needs {value}"
    return f"{kind} {index + 1} {verb} {face}: {result}" + _settled(state, after)


def _settled(state: IridesciaState, after: IridesciaState) -> str:
    """When the last die settles the mining roll at once (nothing can change it)."""
    if len(state.rolls) != 1 or not mining_now(state) or mining_now(after):
        return ""
    gained = _gained(state, after)
    return f"; mined {gained}" if gained else "; nothing mined"


def _on_cell(state: IridesciaState, action: A.OnCell, after: IridesciaState) -> str:
    name = cell_name(action.cell)
    tile = after.cells[action.cell]
    if action.verb == "reveal":
        extra = bonus_text(tile)
        return f"revealed {name}: {tile_label(tile)}" + (f" ({extra})" if extra else "")
    if action.verb == "move":
        gem = f" as {GEM_NAMES[action.gem]}" if action.gem >= 0 else ""
        return f"moved onto {name}{gem}"
    if action.verb == "remove":
        return f"removed the tile of {name}"
    if action.verb == "go":
        return f"was blocked and went to the empty hex {name}"
    if action.verb == "catapult":
        return f"Clever Catapult: flew to {name}"
    if action.verb == "pickaxe":
        return f"Prosperous Pickaxe: mining here also yields the gem of {name}"
    return str(action)


def _on_slot(state: IridesciaState, action: A.OnSlot) -> str:
    me = state.current
    if action.verb == "buy":
        item = ITEMS[state.market[action.slot]]
        return f"bought the {item.name} for {item.cost} coins"
    if action.verb == "restore":
        relic = (state.seats[me].reserved[action.slot] if action.reserved
                 else state.relic_row[action.slot])
        return f"restored the {RELICS[relic].name} ({RELICS[relic].points} points)"
    if action.verb == "book":
        return f"reserved the {RELICS[state.relic_row[action.slot]].name} with the Reference Book"
    if action.verb == "drop":
        return "discarded one of the two objectives"
    if action.verb == "swap":
        return f"Swapping Stones: changed places with Seat {action.slot + 1}"
    return str(action)


def _on_gem(state: IridesciaState, action: A.OnGem) -> str:
    gem = GEM_NAMES[action.gem] if action.gem < 4 else ""
    if action.verb == "sell":
        price = state.market_dice[action.gem]
        return f"sold {action.number} {gem} at {price} each ({action.number * price} coins)"
    if action.verb == "give":
        return f"gave one {gem} to Seat {action.number + 1} (over seven gems)"
    if action.verb == "return":
        return f"returned one {gem} to the supply (over seven gems)"
    if action.verb == "axe":
        return f"Axe: split one {gem} into two"
    if action.verb == "wish":
        return f"Wishing Well: took one {gem}"
    if action.verb == "discard":
        letter = ("rainbow" if action.gem == 4 else "Iridia Stone" if action.gem == 5 else gem)
        return f"was blocked and discarded a {letter} tile from the victory pile"
    return str(action)


def rhom_summary(state: IridesciaState, after: IridesciaState) -> str:
    """The Rhom's whole turn: the card it drew, where it went, what it gained."""
    me = state.rhom
    parts = []
    if after.rhom_pile and after.rhom_pile != state.rhom_pile:
        icon = RHOM_CARDS[after.rhom_pile[-1]].icon
        parts.append(f"drew {_ICON_CARDS.get(icon, f'a {icon} card')}")
    before, now = state.seats[me], after.seats[me]
    if now.position == FINISHED and before.position != FINISHED:
        parts.append("reached the Castle")
    elif now.position != before.position and now.position >= 0:
        parts.append(f"moved onto {cell_name(now.position)}")
    if len(now.pile) > len(before.pile):
        parts.append(f"took a {tile_label(now.pile[-1])}")
    placed = sorted(set(after.barricades) - set(state.barricades))
    if placed:
        parts.append("barricaded " + ", ".join(cell_name(c) for c in placed))
    for relic in now.relics[len(before.relics):]:
        parts.append(f"restored the {RELICS[relic].name}")
    parts.append(f"+{now.royalty - before.royalty} points")
    return ", ".join(parts)
