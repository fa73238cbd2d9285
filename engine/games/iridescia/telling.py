"""Log lines: what a move did, in words every seat may read; which moves bring
something hidden to light; where the game stands, for a status line.

The table already prints who moved ("Seat 2: ..."), so a line never starts
with the mover's name; it names other seats only when they are someone else
(the seat a gem is given to). Everything named is public once the move is
made: a revealed tile, the dice, the Rhom's card.
"""

from __future__ import annotations

from gemtable.engine.wording import article

from . import actions
from .board import FINISHED, ROW_OF, cell_name
from .components import GEM_NAMES, ITEMS, RELICS, RHOM_CARDS, TOKENS, bonus_text, tile_label
from .mining import OWN_DICE, mining_now, succeeds
from .rhom import turn_points
from .state import (
    MARKET_DIE,
    MINE_DIE,
    REROLL,
    RHOM_DIE,
    ROLLING,
    SEATING,
    WISH,
    IridesciaState,
)

_ICON_CARDS = {"none": "a plain card", "2x": "a 2x card (double gems)",
               "3x": "a 3x card (triple gems)", "merchant": "a Merchant card",
               "barricade": "a Barricade card"}
_PLAIN = {
    "stone": "put a stone die to work on this tile",
    "cart": "declared the Mine Cart: gems mined this turn count double",
    "well": "played the Wishing Well",
    "elixir": "played the Epic Elixir: another turn follows",
    "book deck": "reserved the top relic of the deck with the Reference Book",
    "end": "ended the turn",
    "pass": "passed: no tile left to remove",
}


ITEM_VERBS = frozenset({"catapult", "pickaxe", "cart", "well", "elixir", "book deck", "axe",
                        "book", "swap"})
"""Actions that play an item: the card leaves a hidden hand face up."""


def reveals(state: IridesciaState, action: actions.Action) -> bool:
    if state.step == ROLLING:
        return True
    if isinstance(action, (actions.Cauldron, actions.Tweak, actions.Libation)):
        return True
    verb = getattr(action, "verb", "")
    if verb in ITEM_VERBS:
        return True
    if isinstance(action, actions.OnCell):
        return verb == "reveal"
    if isinstance(action, actions.OnSlot):
        return verb in ("buy", "restore")
    if isinstance(action, actions.Plain):
        return verb == "rhom turn"
    return isinstance(action, actions.Declare) and action.rhom


def progress(state: IridesciaState) -> str:
    if state.step == SEATING:
        return "Taking seats"
    rows = [s.position for s in state.seats]
    done = sum(1 for p in rows if p == FINISHED)
    if done == len(rows):  # the game is over: no position is left to count
        return f"All at the Castle after {state.turns} turns"
    furthest = max((ROW_OF[p] + 1 for p in rows if p >= 0), default=0)
    return f"Turn {state.turns + 1}: furthest row {furthest} of 9, {done} at the Castle"


def describe(state: IridesciaState, action: actions.Action, after: IridesciaState) -> str:
    line = _describe(state, action, after)
    if isinstance(action, actions.Roll) or state.current == state.rhom:
        return line
    return line + _token(state, after, state.current) + _dealt_anew(state, after) \
        + _rhom_restored(state, after)


def _describe(state: IridesciaState, action: actions.Action, after: IridesciaState) -> str:
    if isinstance(action, actions.Roll):
        return _roll(state, action.face, after)
    if isinstance(action, actions.Declare):
        return "plays the Rhom deck" if action.rhom else "plays as an explorer"
    if isinstance(action, actions.OnCell):
        return _on_cell(state, action, after)
    if isinstance(action, actions.OnSlot):
        return _on_slot(state, action)
    if isinstance(action, actions.OnGem):
        return _on_gem(state, action)
    if isinstance(action, actions.Plain):
        if action.verb == "rhom turn":
            return rhom_summary(state, after)
        if action.verb == "take" and state.step == WISH:
            return "gave up the Wishing Well: no gem within reach"
        if action.verb == "take":
            return "kept the mining roll" + _settled(state, after, always=True)
        if action.verb == "mine":
            return f"paid a coin to mine {GEM_NAMES[state.tile_gem]} ({OWN_DICE + state.active} dice)"
        return _PLAIN.get(action.verb, action.verb)
    if isinstance(action, actions.Cauldron):
        a, b = (GEM_NAMES[g] for g in action.give)
        return f"Cauldron: traded {a} and {b} for {GEM_NAMES[action.get]}"
    if isinstance(action, actions.Tweak):
        name = ITEMS[action.item].name
        where = (f"mining die {action.target + 1}" if action.target < actions.MARKET_TARGET
                 else f"the {GEM_NAMES[action.target - actions.MARKET_TARGET]} market die")
        return f"{name}: {where} {action.delta:+d}" + _settled(state, after, always=True)
    if isinstance(action, actions.Libation):
        if action.market:
            return "Lucky Libation: rolled the " + ", ".join(GEM_NAMES[g] for g in action.dice) \
                + " market dice"
        return "Lucky Libation: re-rolled mining dice " + ", ".join(str(i + 1) for i in action.dice)
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


def _settled(state: IridesciaState, after: IridesciaState, always: bool = False) -> str:
    """What was mined, when this move settled the mining roll: the last die
    rolled when nothing can change it, a `take`, or the last change an item made."""
    last_die = always or len(state.rolls) == 1
    if not last_die or not mining_now(state) or mining_now(after):
        return ""
    gained = _gained(state, after)
    return f"; mined {gained}" if gained else "; nothing mined"


def _on_cell(state: IridesciaState, action: actions.OnCell, after: IridesciaState) -> str:
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


def _on_slot(state: IridesciaState, action: actions.OnSlot) -> str:
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
        return f"Swapping Stones: changed places with {_seat_name(state, action.slot)}"
    return str(action)


def _seat_name(state: IridesciaState, seat: int) -> str:
    return "the Rhom" if seat == state.rhom else f"Seat {seat + 1}"


def _on_gem(state: IridesciaState, action: actions.OnGem) -> str:
    gem = GEM_NAMES[action.gem] if action.gem < 4 else ""
    if action.verb == "sell":
        price = state.market_dice[action.gem]
        return f"sold {action.number} {gem} at {price} each ({action.number * price} coins)"
    if action.verb == "give":
        return f"gave one {gem} to {_seat_name(state, action.number)} (over seven gems)"
    if action.verb == "return":
        return f"returned one {gem} to the supply (over seven gems)"
    if action.verb == "axe":
        return f"Axe: split one {gem} into two"
    if action.verb == "wish":
        return f"Wishing Well: took one {gem}"
    if action.verb == "discard":
        letter = ("rainbow" if action.gem == 4 else "Iridia Stone" if action.gem == 5 else gem)
        return f"was blocked and discarded {article(letter + ' tile')} from the victory pile"
    return str(action)


def rhom_summary(state: IridesciaState, after: IridesciaState) -> str:
    """The Rhom's whole turn: the card it drew, where it went, what it took,
    then its points and where each came from."""
    me = state.rhom
    parts = []
    if after.rhom_pile and after.rhom_pile != state.rhom_pile:
        icon = RHOM_CARDS[after.rhom_pile[-1]].icon
        parts.append(f"drew {_ICON_CARDS.get(icon, article(f'{icon} card'))}")
    before, now = state.seats[me], after.seats[me]
    if now.position == FINISHED and before.position != FINISHED:
        parts.append("reached the Castle")
    elif now.position != before.position and now.position >= 0:
        parts.append(f"moved onto {cell_name(now.position)}")
    if now.pile and now.pile[-1] not in before.pile:
        parts.append(f"took {article(tile_label(now.pile[-1]))}")
    placed = sorted(set(after.barricades) - set(state.barricades))
    if placed:
        parts.append("barricaded " + ", ".join(cell_name(c) for c in placed))
    # Relics restored, the Merchant's item and a royalty token all score, so
    # the points say them ("6 for restoring the Amethyst Ring").
    return "; ".join(filter(None, (", ".join(parts), _points(state, after)))) \
        + _dealt_anew(state, after)


def _points(state: IridesciaState, after: IridesciaState) -> str:
    """The Rhom's points of the turn and where each came from, as the engine
    counts them: "+10 points: 6 for the Throne token, 4 for the tile's royalty bonus"."""
    sources = turn_points(state, after)
    total = sum(points for points, _ in sources)
    if not sources:
        return "no points"
    head = f"+{total} point{'s' * (total != 1)}"
    if len(sources) == 1:
        return f"{head} for {sources[0][1]}"
    return f"{head}: " + ", ".join(f"{points} for {source}" for points, source in sources)


def _token(state: IridesciaState, after: IridesciaState, seat: int) -> str:
    """A royalty token taken by `seat` on reaching the Castle."""
    token = after.seats[seat].token
    if token < 0 or state.seats[seat].token == token:
        return ""
    name, points = TOKENS[token]
    return f"; took the {name} token ({points} points)"


def _rhom_restored(state: IridesciaState, after: IridesciaState) -> str:
    """Relics the Rhom restored at once, in another seat's turn (ruling 28)."""
    if state.rhom < 0:
        return ""
    new = after.seats[state.rhom].relics[len(state.seats[state.rhom].relics):]
    if not new:
        return ""
    return "; the Rhom restores the " + " and the ".join(RELICS[r].name for r in new) + " at once"


def _dealt_anew(state: IridesciaState, after: IridesciaState) -> str:
    """The refresh rule: a market of three alike or two pairs is shuffled away."""
    changed = sum(1 for a, b in zip(state.market, after.market, strict=False) if a != b)
    return "; the item market showed three alike or two pairs and was dealt anew" \
        if changed > 1 else ""
