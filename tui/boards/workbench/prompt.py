"""The words under the table: the card under the cursor, what Enter would do
(or what is still missing), what the person can do now or why they cannot,
and the key lists for the screen's key bar and the legend."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from gemtable.engine.games.workbench import actions
from gemtable.engine.games.workbench.components import COLOURS, LETTERS, METAL
from gemtable.engine.games.workbench.state import KEEP_LIMIT, WorkbenchState

from ..drafting import preview_line
from ..layout import key_legend
from . import glyphs
from .choices import action_of
from .controls import WAITING, Ctx, Draft, kept_dice, phase
from .table import finishing_gain, fit_count

LEGEND = (
    (("1-6", "keep a number (Cloth: then a neighbour)"), ("c", "Crucible, then r b y g"),
     ("p", "pass")),
    (("1-7 ←→↑↓", "card"), ("r b y g", "add a die"), ("a", "all that fit"),
     ("l", "Loupe + gem"), ("i", "Burin")),
    (("s", "store: die, then c o l i"), ("d", "discard"), ("Enter", "play"), ("Esc", "clear"),
     ("Bksp", "back"), ("u", "undo move")),
    (("Burin move", "1-7 card from, 1-7 card to (r b y g: which die), Enter; p skips"),),
    ((":", "type notation: pick 3+4, put 2 RB loupe:G, move 2 5 Y"),),
)
"""Lines of (keys, words), shown when the terminal is tall enough."""


def legend(width: int) -> Text:
    return key_legend(LEGEND, width, "   ")


# --- the card under the cursor ---------------------------------------------------------


def detail_line(view: WorkbenchState, me: int | None, cursor: int) -> Text:
    """The card under the cursor in words, and what finishing it is worth to you."""
    if not 0 <= cursor < len(view.showcase) or view.showcase[cursor] < 0:
        return glyphs.span(f"{cursor + 1}: an empty place; it is refilled at the end of the round",
                           glyphs.DIM)
    card = view.showcase[cursor]
    line = glyphs.span(f"{cursor + 1} ", glyphs.WARN)
    line.append_text(glyphs.metal(METAL[card], glyphs.card_name(card)))
    line.append(": ", glyphs.DIM)
    missing = view.missing[cursor]
    # The showcase's own notation: capitals covered, small letters open.
    line.append_text(glyphs.card_gems(card, missing, view.strays[cursor]))
    line.append(", open ", glyphs.DIM)
    line.append_text(glyphs.open_letters(missing) if any(missing) else glyphs.span("none",
                                                                                   glyphs.DIM))
    for gem, die in view.strays[cursor]:
        line.append(f" ({LETTERS[die]} Loupe die on {COLOURS[gem]})", glyphs.DIM)
    if me is not None and not view.is_over:
        if any(view.seats[me].held):
            fits, _ = fit_count(view, view.seats[me].held, cursor)
            line.append(f" · {fits} of your dice fit" if fits else " · none of yours fits",
                        glyphs.GOOD if fits else glyphs.DIM)
        gems, sets, commission = finishing_gain(view, me, card)
        line.append(f" · worth {gems + sets + commission}", glyphs.POINTS)
        parts = ([f"set {sets:+d}"] if sets else []) + ([f"commission +{commission}"]
                                                        if commission else [])
        if parts:
            line.append(f" ({', '.join(parts)})", glyphs.DIM)
    return line


# --- what the person can do ------------------------------------------------------------


def read_only_reason(view: WorkbenchState, seat: int | None, sent: bool) -> str:
    if view.is_over:
        return "The game is over. Arrows look over the showcase."
    if sent:
        return "Move sent; waiting for the table…"
    if phase(view) == "roll":
        return "The dice are being rolled…"
    playing = f"Seat {view.current + 1}"
    if seat is None:
        return (f"Watching: {playing} to play. Arrows look over the showcase; "
                "the board is read-only.")
    if view.current == seat:
        return "Waiting for the table…"
    return f"{playing} to play; wait for your turn. Arrows look over the showcase."


HINTS = {
    "design": "Your pick: 1-6 keeps every die showing that number, then Enter",
    "trim": "Too many dice: r b y g or ←→ choose a die to leave behind, Enter leaves it",
    "make": "Your turn: 1-7 card · r b y g dice (a: all that fit)",
    "move": "Burin move: card to take from (1-7), card it goes to, Enter · p skips",
}


def turn_hint(ctx: Ctx, tool_keys: Sequence[tuple[str, str]] = ()) -> Text:
    """What to press now. `tool_keys`: the key bar's entries for the tools
    usable now (("l", "Loupe die"), ...), named after the stage's own keys, as
    the key bar of a small terminal has no room for them."""
    stage = phase(ctx.view)
    words = HINTS.get(stage, "").replace("1-7", f"1-{len(ctx.view.showcase)}")
    tools = ctx.seat.tools
    if stage == "design":
        if tools[1] >= 0:
            words = "Your pick: 1-6 keeps a number (Cloth: + a neighbour), then Enter"
        if actions.PASS in ctx.legal and len(ctx.legal) == len(ctx.of(actions.Crucible)) + 1:
            words = "The tray is empty: c uses your Crucible, p then Enter keeps nothing"
            tool_keys = ()  # the sentence has named the Crucible's key
    elif stage == "make":
        if not ctx.of(actions.Put):
            words = "None of your dice fits a card: s stores one on a tool, d discards them"
        elif ctx.of(actions.Store):
            words += " · s store"
    words += "".join(f" · {key} {what}" for key, what in tool_keys)
    if stage == "make" and ctx.of(actions.Put):
        words += " · Enter places"
    return glyphs.span(words, glyphs.GOOD)


def _dice_words(counts: tuple[int, ...]) -> Text:
    return glyphs.dice(counts) if any(counts) else glyphs.span("none", glyphs.DIM)


def preview(ctx: Ctx, draft: Draft, cursor: int) -> Text | None:
    """`Enter: …` for a complete choice, the missing part for a partial one; None
    when nothing has been chosen yet."""
    if draft == Draft():
        return None
    result = action_of(ctx, draft, cursor)
    line = _partial(ctx, draft, cursor)
    return preview_line(line, result, lambda action: _consequence(ctx, action))


def _partial(ctx: Ctx, draft: Draft, cursor: int) -> Text:
    """What has been chosen so far, where the action text alone says little."""
    line = Text()
    if draft.mode == "crucible":
        line.append("Crucible ", glyphs.BOLD)
        line.append_text(glyphs.join(glyphs.die(c) for c in draft.dice) if draft.dice
                         else glyphs.span("-", glyphs.DIM))
        line.append(" · ")
    elif draft.loupe == WAITING:
        line.append(f"Card {cursor + 1}: ", glyphs.BOLD)
        line.append_text(glyphs.join(glyphs.die(c) for c in draft.dice))
        line.append(" + Loupe · ")
    return line


def _consequence(ctx: Ctx, action: object) -> Text:
    view = ctx.view
    seat = ctx.seat
    if isinstance(action, actions.Pick):
        kept = kept_dice(view, [n for n in (action.number, action.neighbour) if n])
        text = glyphs.span(" — keeps ", glyphs.DIM) + _dice_words(kept)
        if sum(kept) > KEEP_LIMIT:
            text.append(f" ({sum(kept)}: you then leave {sum(kept) - KEEP_LIMIT})", glyphs.WARN)
        if not any(fit_count(view, kept, slot)[0] for slot in range(len(view.showcase))):
            text.append(" · none of them fits a card now", glyphs.DIM)
        if action.neighbour:
            text.append(" · uses your Cloth", glyphs.DIM)  # the tool die goes back: say so
        return text
    if action == actions.PASS:
        # Pass means different things in the two steps that allow it.
        skipped = "no Burin move" if phase(view) == "move" else "you keep no dice this round"
        return glyphs.span(f" — {skipped}", glyphs.DIM)
    if isinstance(action, actions.Put):
        tool_dice = (action.loupe >= 0) + action.burin
        left = sum(view.missing[action.slot]) - sum(action.dice) - tool_dice
        if left:
            return glyphs.span(f" — {left} gem{'s stay' if left > 1 else ' stays'} open",
                               glyphs.DIM)
        return glyphs.span(" — finishes the card: it is yours", glyphs.GOOD)
    if isinstance(action, actions.Store):
        rest = list(seat.held)
        rest[action.colour] -= 1
        tool = glyphs.TOOL_NAMES[action.tool]
        text = glyphs.span(f" — ends your turn; the die waits on your {tool}", glyphs.DIM)
        if any(rest):
            text.append(", the rest go back", glyphs.DIM)
        return text
    if isinstance(action, actions.Discard):
        return glyphs.span(" — returns ", glyphs.DIM) + _dice_words(seat.held)
    if isinstance(action, actions.Leave):
        where = "goes back to the reserve" if action.extra else "stays in the tray"
        text = glyphs.span(f" — that die {where}", glyphs.DIM)
        counts = [0, 0, 0, 0]
        for code in view.pool:
            counts[code % 24 // 6] += 1
        counts[action.colour] -= 1
        kept = tuple(counts)
        more = sum(kept) - KEEP_LIMIT
        text.append(f"; {more} more to leave" if more > 0 else "; you keep ", glyphs.DIM)
        if more <= 0:
            text.append_text(glyphs.dice(tuple(kept)))
        return text
    if isinstance(action, actions.Crucible):
        return glyphs.span(" — rolls them beside the tray", glyphs.DIM)
    if isinstance(action, actions.Move):
        what = f"the {LETTERS[action.die]} die"
        if action.gem != action.die:
            what += f" (a Loupe die on {COLOURS[action.gem]})"
        text = glyphs.span(f" — {what} from card {action.source + 1} to card {action.target + 1}",
                           glyphs.DIM)
        if sum(view.missing[action.target]) == 1:
            text.append(", which finishes it: it is yours", glyphs.GOOD)
        return text
    return Text()
