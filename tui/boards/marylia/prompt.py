"""The words under the table: the round line, what Enter would do (or what is
still missing), what the person can do now or why they cannot, and the legend
of every mark and colour (F2 shows it, and F1 first). The cards in words are
detail.py's."""

from __future__ import annotations

from rich.text import Text

from gemtable.engine.games.marylia import actions
from gemtable.engine.games.marylia.components import COST, LETTERS, RESOURCES, item_value
from gemtable.engine.games.marylia.rules import travel_cost
from gemtable.engine.games.marylia.state import BUY_AUCTION, HAND_LIMIT, PLACE, MaryliaState
from gemtable.engine.games.marylia.words import encounter_text, resource_words

from ..drafting import preview_line
from ..layout import CUT_LEGEND
from . import glyphs
from .controls import Ctx, Draft, action_of, stage
from .seats import NEW_MARK, forge_label

LEGEND: tuple[tuple[str, str], ...] = (
    ("g a t z e s r d", "resource cards, a letter on its colour: gold (yellow), amethyst "
     "(purple), turquoise (teal), topaz (orange), emerald (green), sapphire (blue), "
     "ruby (red), diamond (white)"),
    ("6/9", "under a city: the card's cost to buy / its market value"),
    ("A M X", "character kinds: A Acquirer (green name, buys the two kinds shown), "
     "M Mercenary (blue), X Monster (red)"),
    ("ring brac neck", "jewel kinds an Acquirer buys (ring, bracelet, necklace)"),
    ("d8≥5 pay1", "a Monster: roll 5 or more on the D8 to beat it; fighting costs 1 coin"),
    ("hoard", "a Monster's treasure: the cards it swallowed (its coins are the +¢); "
     "a count (7cards) when too many to draw: the line under the cities lists them"),
    ("+3¢", "coins lying on a character: whoever interacts with it takes them"),
    ("¢", "coins"),
    ("S1-S5", "merchants, one colour per seat (Seat 1 light blue, 2 orange, 3 violet, "
     "4 green, 5 pink), under the city they stand in"),
    ("here / free / 2¢", "above a city: you stand there / travel there costs nothing / "
     "costs 2 coins"),
    ("►", "the seat to play; beside a city number, the city under the cursor"),
    ("1st", "the first player of this round"),
    ("D8 4", "on the top line: the latest roll of the eight-sided die"),
    ("decks 40/55", "cards left in the resource deck / the character deck"),
    ("1:ring grra 25", "your forged item 1: a ring of those cards, market value 25"),
    (NEW_MARK, "forged this round: it may be sold from the next round on"),
    ("sealed", "a bid committed and hidden until every bid is in"),
    ("City 3:", "under the table: the city under the cursor in words (its character, a "
     "Monster's hoard, its resource card); when a character enters play, the cursor moves "
     "to its city"),
    ("Event Festival:", "the latest event and what it did (on a small screen, until the "
     "next auction)"),
    CUT_LEGEND,
)
"""Every mark and colour the board draws, as (mark, meaning)."""


def round_line(view: MaryliaState, me: int | None, width: int) -> Text:
    """Round, first player, who acts and actions left, the decks."""
    if view.step == PLACE:
        left = glyphs.span("Set-up: each merchant chooses a starting city", glyphs.BOLD)
    else:
        left = glyphs.span(f"Round {view.round}", glyphs.BOLD)
        if view.last_round:
            left.append(" (last)", glyphs.BAD)
        left.append(" · first ", glyphs.DIM)
        left.append_text(glyphs.seat(view.first, me))
        if not view.is_over:
            left.append(" · ", glyphs.DIM)
            left.append_text(glyphs.seat(view.current, me))
            left.append(" to act, ", glyphs.DIM)
            left.append(f"{view.actions_left} action{'s' if view.actions_left != 1 else ''}"
                        " left", glyphs.WARN)
    roll = f"D8 {view.last_roll} · " if view.last_roll else ""
    right = glyphs.span(f"{roll}decks: {len(view.resource_deck)} cards, "
                        f"{len(view.encounter_deck)} characters", glyphs.DIM)
    if left.cell_len + right.cell_len + 2 > width:
        right = glyphs.span(f"{roll}decks {len(view.resource_deck)}/{len(view.encounter_deck)}",
                            glyphs.DIM)
    return glyphs.columns(left, right, width)


# --- what the person can do ------------------------------------------------------------


def read_only_reason(view: MaryliaState, seat: int | None, sent: bool) -> str:
    if view.is_over:
        return "The game is over. ←→ or 1-7 look over the cities."
    if sent:
        return "Move sent; waiting for the table…"
    mover = view.to_move
    if not isinstance(mover, int):
        return "The die is rolled…"
    playing = f"Seat {mover + 1}"
    doing = {"bid": " is bidding (sealed)", "join": " may join the auction",
             "discard": " discards down to 6 cards", "place": " places their merchant"}.get(
                 stage(view), " to play")
    if seat is None:
        return f"Watching: {playing}{doing}. The board is read-only."
    if mover == seat:
        return "Waiting for the table…"
    return f"{playing}{doing}; wait for your turn. ←→ or 1-7 look over the cities."


def turn_hint(ctx: Ctx) -> Text:
    view = ctx.view
    where = stage(view)
    if where == "place":
        return glyphs.span("Set-up: press 1-7 for the city your merchant starts in, then Enter",
                           glyphs.GOOD)
    if where == "discard":
        held = view.seats[ctx.me].held
        return glyphs.span(f"Hand limit: you hold {held}, keep {HAND_LIMIT}. Press a card's letter "
                           "(g a t z e s r d) to discard one, then Enter", glyphs.GOOD)
    if where == "join":
        auction = view.auction
        assert auction is not None
        what = ("the resource card" if auction.kind == BUY_AUCTION
                else "the right to sell to the Acquirer")
        line = glyphs.span(f"Seat {view.current + 1} opens an auction for {what}. ", glyphs.WARN)
        if ctx.of(actions.Join):
            words = "j joins for 1 coin, p stays out, then Enter"
            if ctx.of(actions.Join)[0].item >= 0:
                words = "j joins for 1 coin (1-9: the item you would sell), p stays out, Enter"
            line.append(words, glyphs.GOOD)
        else:
            line.append("You cannot join (no coin or nothing to sell): p, Enter", glyphs.GOOD)
        return line
    if where == "bid":
        coins = view.seats[ctx.me].coins
        return glyphs.span(f"Your sealed bid: type 0 to {coins}, then Enter. Nobody sees it "
                           "until all bids are in.", glyphs.GOOD)
    left = view.actions_left
    return glyphs.span(f"Your turn, {left} action{'s' if left != 1 else ''} left: t b f i · w wait "
                       "· c coin · 1-7 city · : type", glyphs.GOOD)


def preview(ctx: Ctx, draft: Draft, cursor: int) -> Text | None:
    """`Enter: …` for a complete choice, what is missing for a partial one; None
    when nothing has been chosen yet."""
    where = stage(ctx.view)
    if draft == Draft() and where not in ("bid",):
        return None
    if where == "bid" and not draft.digits:
        return None
    result = action_of(ctx, draft, cursor)
    line = Text()
    if draft.mode == "forge":
        line.append("Forging ", glyphs.BOLD)
        line.append_text(glyphs.cards_or_none(draft.picked, "-"))
        line.append(" · ")
    return preview_line(line, result, lambda action: consequence(ctx, action))


def consequence(ctx: Ctx, action: object) -> Text:
    """What the action does, in a few words from the engine's numbers."""
    view, me = ctx.view, ctx.me
    seat = view.seats[me]
    if isinstance(action, actions.Place):
        return glyphs.span(f" — your merchant starts in city {action.city + 1}", glyphs.DIM)
    if isinstance(action, actions.Travel):
        cost = travel_cost(view.seats[me].city, action.city)
        return glyphs.span(f" — costs {cost} coin{'s' if cost != 1 else ''}" if cost else
                           " — free", glyphs.DIM)
    if action == actions.BUY:
        kind = view.resources[seat.city]
        others = [s for s in range(view.players) if s != me and view.seats[s].city == seat.city]
        text = glyphs.span(f" — {RESOURCES[kind]} for {COST[kind]} coins", glyphs.DIM)
        if others:
            text.append("; the others here may bid for it", glyphs.WARN)
        return text
    if isinstance(action, actions.Forge):
        return glyphs.span(" — ", glyphs.DIM) + forge_label(action) + glyphs.span(" on the table",
                                                                                  glyphs.DIM)
    if isinstance(action, actions.Sell):
        item = seat.items[action.item]
        gain = item_value(item.recipe, item.parts) + view.character_coins[seat.city]
        text = glyphs.span(f" — {gain} coins (value {item.value} + "
                           f"{view.character_coins[seat.city]} on the card)", glyphs.DIM)
        if any(s != me and view.seats[s].city == seat.city for s in range(view.players)):
            text.append("; the others here may bid for the sale", glyphs.WARN)
        return text
    if action == actions.INTERACT:
        return glyphs.span(" — " + encounter_text(view.characters[seat.city]), glyphs.DIM)
    if action == actions.WAIT:
        return glyphs.span(" — refills the empty spaces of your city", glyphs.DIM)
    if action == actions.COLLECT:
        return glyphs.span(" — 1 coin from the bank", glyphs.DIM)
    if isinstance(action, actions.Discard):
        return glyphs.span(f" — one {RESOURCES[action.kind]} ({LETTERS[action.kind]}). "
                           + resource_words(action.kind), glyphs.DIM)
    if isinstance(action, actions.Bid):
        return glyphs.span(" — sealed until every bid is in", glyphs.DIM)
    if action == actions.PASS:
        return glyphs.span(" — you stay out of the auction", glyphs.DIM)
    if isinstance(action, actions.Join):
        return glyphs.span(" — pays 1 coin to the bank, then you bid", glyphs.DIM)
    return Text()
