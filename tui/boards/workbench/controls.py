"""Turning key presses into choices.

Pure functions over the last view and legal actions the board was shown:
each press gives a new Draft (what the person has chosen so far), the
showcase place under the cursor and a short message. Keys choose, Enter
plays: `choices.action_of` turns the draft into the action.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from gemtable.engine.games.workbench import actions
from gemtable.engine.games.workbench.components import (
    BURIN,
    CLOTH,
    CRUCIBLE,
    DICE_COLOURS,
    LOUPE,
)
from gemtable.engine.games.workbench.rules import faces_showing
from gemtable.engine.games.workbench.state import (
    CHOOSE,
    MAKE,
    MOVE,
    OVER,
    PICK,
    TRIM,
    Seat,
    WorkbenchState,
)

from ..drafting import DraftContext, Outcome
from .glyphs import TOOL_KEYS, TOOL_NAMES

WAITING = -2
"""The Loupe is in the placement but the gem it covers is not chosen yet."""
COLOUR_KEYS = "rbyg"


@attrs.frozen
class Draft:
    mode: str = ""
    """"" (the step's main choice), "crucible", "store", "discard" or "pass"."""
    numbers: tuple[int, ...] = ()
    """Design: the number picked, and its neighbour with the Cloth."""
    dice: tuple[int, ...] = ()
    """Colours pressed, in order: dice to place, or the Crucible's dice."""
    loupe: int = -1
    burin: bool = False
    tool: int = -1
    """Storing: the tool slot."""
    colour: int = -1
    """Storing: the die kept; Burin move: the die moved."""
    gem: int = -1
    """Burin move: the gem the moved die covers (differs for a Loupe die)."""
    source: int = -1
    target: int = -1
    leave: int = -1
    """Trimming: index into the legal Leave actions (-1: none chosen yet)."""


@attrs.frozen
class Ctx(DraftContext[WorkbenchState]):
    @property
    def seat(self) -> Seat:
        """The seat to act (the board only builds a Ctx for the person to act)."""
        return self.view.seats[self.view.current]


def phase(view: WorkbenchState) -> str:
    step = view.step
    if step == OVER:
        return "over"
    if step in (CHOOSE, PICK):
        return "design"
    return {TRIM: "trim", MAKE: "make", MOVE: "move"}.get(step, "roll")


def cards_at(view: WorkbenchState) -> list[int]:
    """Showcase places that hold a card."""
    return [slot for slot, card in enumerate(view.showcase) if card >= 0]


def step_cursor(view: WorkbenchState, cursor: int, delta: int) -> int:
    """The card `delta` places away in reading order, stopping at the ends."""
    slots = cards_at(view)
    if not slots:
        return cursor
    here = min(range(len(slots)), key=lambda i: abs(slots[i] - cursor))
    return slots[max(0, min(len(slots) - 1, here + delta))]


def kept_dice(view: WorkbenchState, numbers: Sequence[int]) -> tuple[int, ...]:
    """Per colour, the dice a pick of `numbers` takes from the tray and the Crucible dice."""
    return tuple(sum(view.tray[c * 6 + n - 1] + view.extra[c * 6 + n - 1] for n in numbers)
                 for c in range(4))


def counts(colours: Sequence[int]) -> tuple[int, ...]:
    return tuple(colours.count(c) for c in range(4))


def neighbours(a: int, b: int) -> bool:
    return b == a % 6 + 1 or a == b % 6 + 1


def tools_in_use(legal: Sequence[object]) -> set[int]:
    """The tools (CRUCIBLE, CLOTH, LOUPE, BURIN) whose die some legal action uses."""
    used: set[int] = set()
    for action in legal:
        if isinstance(action, actions.Crucible):
            used.add(CRUCIBLE)
        elif isinstance(action, actions.Pick) and action.neighbour:
            used.add(CLOTH)
        elif isinstance(action, actions.Put):
            used.update(tool for tool, on in ((LOUPE, action.loupe >= 0), (BURIN, action.burin))
                        if on)
    return used


# --- key presses --------------------------------------------------------------------


def press(ctx: Ctx, draft: Draft, cursor: int, key: str, char: str,
          cols: int) -> Outcome[Draft] | None:
    """What one key does; None if it is not a key of this step (the board says so)."""
    stage = phase(ctx.view)
    char = char.lower()  # letters name colours and tools in either case
    if key == "escape":
        return Outcome(Draft(), cursor) if draft != Draft() else None
    if key == "backspace":
        return Outcome(_undo(draft), cursor)
    if stage == "trim":
        return _trim(ctx, draft, cursor, key, char)
    moves = {"left": -1, "right": 1, "up": -cols, "down": cols}
    if key in moves:
        return Outcome(draft, step_cursor(ctx.view, cursor, moves[key]))
    if stage == "design":
        return _design(ctx, draft, cursor, char)
    if stage == "make":
        return _make(ctx, draft, cursor, char)
    if stage == "move":
        return _move(ctx, draft, cursor, char)
    return None


def _undo(draft: Draft) -> Draft:
    """Backspace takes back the last choice."""
    if draft.mode == "store" and draft.tool >= 0:
        return attrs.evolve(draft, tool=-1)
    if draft.mode == "store" and draft.colour >= 0:
        return attrs.evolve(draft, colour=-1)
    if draft.mode in ("store", "discard", "pass"):
        return Draft(dice=draft.dice)
    if draft.target >= 0:
        return attrs.evolve(draft, target=-1)
    if draft.colour >= 0:
        return attrs.evolve(draft, colour=-1, gem=-1)
    if draft.source >= 0:
        return attrs.evolve(draft, source=-1)
    if draft.loupe != -1:
        return attrs.evolve(draft, loupe=-1)
    if draft.burin:
        return attrs.evolve(draft, burin=False)
    if draft.dice:
        return attrs.evolve(draft, dice=draft.dice[:-1])
    if draft.mode == "crucible":
        return Draft()
    return attrs.evolve(draft, numbers=draft.numbers[:-1])


def _colour_of(char: str) -> int:
    return COLOUR_KEYS.index(char.lower()) if char and char.lower() in COLOUR_KEYS else -1


def _design(ctx: Ctx, draft: Draft, cursor: int, char: str) -> Outcome[Draft] | None:
    view, tools = ctx.view, ctx.seat.tools
    colour = _colour_of(char)
    if char.isdigit() and char in "123456":
        n = int(char)
        showing = faces_showing(view)
        if n not in showing:
            shown = " ".join(map(str, showing)) or "none"
            return Outcome(draft, cursor, f"no die shows {n}; the tray shows {shown}")
        numbers = draft.numbers if draft.mode == "" else ()
        if n in numbers:
            numbers = tuple(x for x in numbers if x != n)
        elif tools[CLOTH] >= 0 and len(numbers) == 1 and neighbours(numbers[0], n):
            numbers = (numbers[0], n)
        else:
            numbers = (n,)
        return Outcome(Draft(numbers=numbers), cursor)
    if char.isdigit():
        return Outcome(draft, cursor, "dice show 1 to 6: press one of those numbers")
    if char == "c":
        if not ctx.of(actions.Crucible):
            if view.step == PICK:
                return Outcome(draft, cursor, "the Crucible has been used; pick a number now")
            return Outcome(draft, cursor, "no die is stored on your Crucible")
        return Outcome(Draft(mode="crucible"), cursor)
    if colour >= 0 and draft.mode == "crucible":
        added, message = _add_crucible_die(ctx, draft, colour)
        return Outcome(added, cursor, message)
    if colour >= 0:
        return Outcome(draft, cursor, "design phase: press a number 1-6 to keep those dice"
                       + (" (c uses the Crucible)" if ctx.of(actions.Crucible) else ""))
    if char == "p":
        if actions.PASS in ctx.legal:
            return Outcome(Draft(mode="pass"), cursor)
        return Outcome(draft, cursor, "dice show in the tray, so you must pick a number")
    if char == "o":
        if tools[CLOTH] < 0:
            return Outcome(draft, cursor, "no die is stored on your Cloth")
        return Outcome(draft, cursor, "the Cloth joins your pick: press a number, then a "
                       "neighbouring one")
    if char and char in "asdlu":
        # Manufacturing keys pressed too early: say when they work.
        return Outcome(draft, cursor, f"{char} works when you place dice, in manufacturing;"
                       " now press a number 1-6")
    return None


def _add_crucible_die(ctx: Ctx, draft: Draft, colour: int) -> tuple[Draft, str]:
    view = ctx.view
    need = sum(ctx.of(actions.Crucible)[0].dice)
    if len(draft.dice) >= need:
        return draft, f"the Crucible rolls {need} dice: Enter rolls, Backspace takes one back"
    available = view.reserve[colour] + (ctx.seat.tools[CRUCIBLE] == colour)
    if draft.dice.count(colour) >= available:
        return draft, f"the reserve has only {available} {DICE_COLOURS[colour]}"
    return attrs.evolve(draft, dice=draft.dice + (colour,)), ""


def _trim(ctx: Ctx, draft: Draft, cursor: int, key: str, char: str) -> Outcome[Draft] | None:
    options = ctx.of(actions.Leave)
    if not options:
        return None
    index = min(draft.leave, len(options) - 1)
    colour = _colour_of(char)
    if key in ("left", "right", "up", "down"):
        forward = key in ("right", "down")
        index = (index + (1 if forward else -1)) % len(options) if index >= 0 else (
            0 if forward else len(options) - 1)
    elif colour >= 0 or char and char in "123456":
        matches = [i for i, a in enumerate(options)
                   if (a.colour == colour if colour >= 0 else a.face == int(char))]
        if not matches:
            what = f"is {DICE_COLOURS[colour]}" if colour >= 0 else f"shows {char}"
            return Outcome(draft, cursor, f"no qualifying die {what}")
        later = [i for i in matches if i > index]  # pressed again: the next such die
        index = later[0] if later else matches[0]
    else:
        return None
    return Outcome(Draft(leave=index), cursor)


def _make(ctx: Ctx, draft: Draft, cursor: int, char: str) -> Outcome[Draft] | None:
    view, seat = ctx.view, ctx.seat
    colour = _colour_of(char)
    if char.isdigit():
        return _to_card(view, draft, cursor, int(char) - 1)
    if draft.mode == "store" and char and (colour >= 0 or char in TOOL_KEYS):
        if colour >= 0:
            if not seat.held[colour]:
                return Outcome(draft, cursor, f"you hold no {DICE_COLOURS[colour]} die")
            return Outcome(attrs.evolve(draft, colour=colour), cursor)
        tool = TOOL_KEYS.index(char)
        if seat.tools[tool] >= 0:
            return Outcome(draft, cursor, f"your {TOOL_NAMES[tool]} already holds a die")
        return Outcome(attrs.evolve(draft, tool=tool), cursor)
    if colour >= 0 and draft.loupe == WAITING:
        return Outcome(attrs.evolve(draft, loupe=colour, mode=""), cursor)
    if colour >= 0:
        chosen = draft.dice.count(colour)
        if chosen >= seat.held[colour]:
            held = seat.held[colour]
            return Outcome(draft, cursor, f"you hold no {DICE_COLOURS[colour]} die" if not held
                           else f"all {held} of your {DICE_COLOURS[colour]} dice are chosen")
        return Outcome(attrs.evolve(draft, dice=draft.dice + (colour,), mode=""), cursor)
    if char == "a":
        missing = view.missing[cursor]
        fitting = tuple(c for c in range(4) for _ in range(min(seat.held[c], missing[c])))
        if not fitting:
            return Outcome(draft, cursor,
                           f"none of your dice fits an open gem of card {cursor + 1}")
        return Outcome(attrs.evolve(draft, dice=fitting, mode=""), cursor)
    if char in ("l", "i"):
        tool = LOUPE if char == "l" else BURIN
        if seat.tools[tool] < 0:
            return Outcome(draft, cursor, f"no die is stored on your {TOOL_NAMES[tool]}")
        if tool not in tools_in_use(ctx.legal):
            return Outcome(draft, cursor, f"your {TOOL_NAMES[tool]} die fits no placement now")
        if tool == LOUPE:
            return Outcome(attrs.evolve(draft, loupe=-1 if draft.loupe != -1 else WAITING,
                                        mode=""), cursor)
        return Outcome(attrs.evolve(draft, burin=not draft.burin, mode=""), cursor)
    if char == "s":
        if not ctx.of(actions.Store):
            return Outcome(draft, cursor, _why_no_store(ctx))
        colours = [c for c in range(4) if seat.held[c]]
        return Outcome(Draft(mode="store", colour=colours[0] if len(colours) == 1 else -1), cursor)
    if char == "d":
        if actions.DISCARD not in ctx.legal:
            return Outcome(draft, cursor, view.why_illegal(actions.DISCARD))
        return Outcome(Draft(mode="discard"), cursor)
    if char in ("c", "o"):
        return Outcome(draft, cursor, f"the {TOOL_NAMES['co'.index(char)]} works in the design "
                       "phase; s stores your last die on a tool")
    return None


def _why_no_store(ctx: Ctx) -> str:
    if all(t >= 0 for t in ctx.seat.tools):
        return "all four tool slots already hold a die"
    return "only your last die may be stored (or one die, when none of yours fits a card)"


def _to_card(view: WorkbenchState, draft: Draft, cursor: int, slot: int) -> Outcome:
    if not 0 <= slot < len(view.showcase):
        return Outcome(draft, cursor, f"the showcase has places 1 to {len(view.showcase)}")
    if view.showcase[slot] < 0:
        return Outcome(draft, cursor, f"place {slot + 1} of the showcase is empty")
    return Outcome(draft, slot)


def _move(ctx: Ctx, draft: Draft, cursor: int, char: str) -> Outcome[Draft] | None:
    view = ctx.view
    colour = _colour_of(char)
    if char.isdigit():
        slot = int(char) - 1
        went = _to_card(view, draft, cursor, slot)
        if went.message:
            return went
        if draft.source < 0 or draft.target >= 0:
            # Say at once when nothing on this card can move, not after the target.
            sources = sorted({m.source + 1 for m in ctx.of(actions.Move)})
            if sources and slot + 1 not in sources:
                return Outcome(draft, slot, f"card {slot + 1} holds no die the Burin can move;"
                               f" take one from card {' or '.join(map(str, sources))}")
            return Outcome(Draft(source=slot), slot)
        return Outcome(attrs.evolve(draft, target=slot, mode=""), slot)
    if colour >= 0:
        source = draft.source if draft.source >= 0 else cursor
        gems = [m.gem for m in ctx.of(actions.Move) if m.source == source and m.die == colour]
        gems = list(dict.fromkeys(gems))
        if not gems:
            return Outcome(draft, cursor, f"card {source + 1} has no {DICE_COLOURS[colour]} die "
                           "the Burin can move")
        gem = gems[0]
        if draft.colour == colour and draft.gem in gems:
            gem = gems[(gems.index(draft.gem) + 1) % len(gems)]  # again: the next such die
        return Outcome(attrs.evolve(draft, source=source, colour=colour, gem=gem, mode=""), cursor)
    if char == "p":
        return Outcome(Draft(mode="pass"), cursor)
    return None
