"""What Enter would play: the action a Draft spells in the last view, or a
sentence saying what is still missing or why the rules refuse it."""

from __future__ import annotations

from gemtable.engine.games.workbench import actions
from gemtable.engine.games.workbench.components import BURIN, COLOURS, LETTERS

from .controls import WAITING, Ctx, Draft, counts, phase
from .glyphs import TOOL_KEYS, TOOL_NAMES


def action_of(ctx: Ctx, draft: Draft, cursor: int) -> object | str:
    """The action the draft spells now, or what is missing / why it is not allowed."""
    stage = phase(ctx.view)
    if draft.mode == "pass":
        return actions.PASS
    if stage == "design":
        return _design_action(ctx, draft)
    if stage == "trim":
        options = ctx.of(actions.Leave)
        if len(options) == 1:
            return options[0]
        if draft.leave < 0:
            return "choose the die to leave behind: r b y g (again: the next one) or ←→"
        return options[min(draft.leave, len(options) - 1)]
    if stage == "make":
        return _make_action(ctx, draft, cursor)
    if stage == "move":
        return _move_action(ctx, draft)
    return "nothing to play now"


def _checked(ctx: Ctx, action: actions.Action) -> actions.Action | str:
    """The action if it is legal; otherwise the engine's own reason, in words."""
    return action if action in ctx.legal else ctx.view.why_illegal(action)


def _design_action(ctx: Ctx, draft: Draft) -> object | str:
    if draft.mode == "crucible":
        need = sum(ctx.of(actions.Crucible)[0].dice) if ctx.of(actions.Crucible) else 4
        if len(draft.dice) < need:
            more = need - len(draft.dice)
            return f"choose {more} more Crucible {'die' if more == 1 else 'dice'}: r b y g"
        dice = counts(draft.dice)
        return _checked(ctx, actions.CRUCIBLE.get(dice) or actions.Crucible(dice))
    if not draft.numbers:
        return "press a number 1-6 to keep every die showing it"
    action = actions.parse("pick " + "+".join(map(str, draft.numbers)))
    return _checked(ctx, action) if action is not None else "not a pick"


def open_after(ctx: Ctx, draft: Draft, slot: int) -> list[int]:
    """Gem colours still open on `slot` after the chosen dice and the Burin die."""
    left = list(ctx.view.missing[slot])
    for c in draft.dice:
        left[c] -= 1
    if draft.burin and ctx.seat.tools[BURIN] >= 0:
        left[ctx.seat.tools[BURIN]] -= 1
    return [c for c in range(4) if left[c] > 0]


def _make_action(ctx: Ctx, draft: Draft, cursor: int) -> object | str:
    seat = ctx.seat
    if draft.mode == "discard":
        return _checked(ctx, actions.DISCARD)
    if draft.mode == "store":
        held = [c for c in range(4) if seat.held[c]]
        colour = draft.colour if draft.colour >= 0 else (held[0] if len(held) == 1 else -1)
        if colour < 0:
            return "store which die? press its colour: " + " ".join(LETTERS[c] for c in held)
        if draft.tool < 0:
            free = [f"{TOOL_KEYS[t]} {TOOL_NAMES[t]}" for t in range(4) if seat.tools[t] < 0]
            return f"store {LETTERS[colour]} on which tool? " + " · ".join(free)
        return _checked(ctx, actions.STORE[colour, draft.tool])
    loupe = draft.loupe
    if loupe == WAITING:
        choices = open_after(ctx, draft, cursor)
        if len(choices) != 1:
            names = " ".join(LETTERS[c].lower() for c in choices) or "none open"
            return f"which gem does the Loupe die cover on card {cursor + 1}? {names}"
        loupe = choices[0]
    if not draft.dice and loupe < 0 and not draft.burin:
        return f"choose dice for card {cursor + 1}: r b y g add one, a adds all that fit"
    return _checked(ctx, actions.put(cursor, counts(draft.dice), loupe, draft.burin))


def move_candidates(ctx: Ctx, draft: Draft) -> list[actions.Move]:
    """The legal Burin moves that agree with everything chosen so far."""
    return [m for m in ctx.of(actions.Move)
            if (draft.source < 0 or m.source == draft.source)
            and (draft.target < 0 or m.target == draft.target)
            and (draft.colour < 0 or m.die == draft.colour)
            and (draft.gem < 0 or m.gem == draft.gem)]


def _move_action(ctx: Ctx, draft: Draft) -> object | str:
    if draft.source < 0:
        places = len(ctx.view.showcase)
        return f"Burin move: the card to take a die from (1-{places}), then the card it goes to"
    if draft.target < 0:
        return f"move from card {draft.source + 1} to which card? press its number"
    candidates = move_candidates(ctx, draft)
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        if draft.colour >= 0:
            gem = draft.gem if draft.gem >= 0 else draft.colour
            return ctx.view.why_illegal(actions.move(draft.source, draft.target, draft.colour, gem))
        return (f"no die on card {draft.source + 1} fits an open gem of card "
                f"{draft.target + 1}")
    colours = sorted({m.die for m in candidates})
    if len(colours) > 1:
        return "which die? " + " ".join(LETTERS[c].lower() for c in colours)
    letter = LETTERS[colours[0]].lower()
    return f"which {COLOURS[colours[0]]} die? press {letter} (again: the Loupe die among them)"
