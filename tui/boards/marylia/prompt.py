"""The words under the table: the round line, what Enter would do (or what is
still missing), what the person can do now or why they cannot, and the legend
of every mark and colour (F2 shows it, and F1 first). The cards in words are
detail.py's."""

from __future__ import annotations

from rich.text import Text

from gemtable.engine.games.marylia import actions as A
from gemtable.engine.games.marylia.cards import COST, LETTERS, RESOURCES
from gemtable.engine.games.marylia.recipes import item_value
from gemtable.engine.games.marylia.state import BUY_AUCTION, HAND_LIMIT, PLACE, MaryliaState
from gemtable.engine.games.marylia.words import encounter_text, resource_words

from ..layout import CUT_LEGEND
from . import glyphs as G
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
        left = G.span("Set-up: each merchant chooses a starting city", G.BOLD)
    else:
        left = G.span(f"Round {view.round}", G.BOLD)
        if view.last_round:
            left.append(" (last)", G.BAD)
        left.append(" · first ", G.DIM)
        left.append_text(G.seat(view.first, me))
        if not view.is_over:
            left.append(" · ", G.DIM)
            left.append_text(G.seat(view.current, me))
            left.append(" to act, ", G.DIM)
            left.append(f"{view.actions_left} action{'s' if view.actions_left != 1 else ''}"
                        " left", G.WARN)
    roll = f"D8 {view.last_roll} · " if view.last_roll else ""
    right = G.span(f"{roll}decks: {len(view.resource_deck)} cards, "
                   f"{len(view.encounter_deck)} characters", G.DIM)
    if left.cell_len + right.cell_len + 2 > width:
        right = G.span(f"{roll}decks {len(view.resource_deck)}/{len(view.encounter_deck)}",
                       G.DIM)
    return G.columns(left, right, width)


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
        return G.span("Set-up: press 1-7 for the city your merchant starts in, then Enter",
                      G.GOOD)
    if where == "discard":
        held = view.seats[ctx.me].held
        return G.span(f"Hand limit: you hold {held}, keep {HAND_LIMIT}. Press a card's letter "
                      "(g a t z e s r d) to discard one, then Enter", G.GOOD)
    if where == "join":
        auction = view.auction
        assert auction is not None
        what = ("the resource card" if auction.kind == BUY_AUCTION
                else "the right to sell to the Acquirer")
        line = G.span(f"Seat {view.current + 1} opens an auction for {what}. ", G.WARN)
        if ctx.of(A.Join):
            words = "j joins for 1 coin, p stays out, then Enter"
            if ctx.of(A.Join)[0].item >= 0:
                words = "j joins for 1 coin (1-9: the item you would sell), p stays out, Enter"
            line.append(words, G.GOOD)
        else:
            line.append("You cannot join (no coin or nothing to sell): p, Enter", G.GOOD)
        return line
    if where == "bid":
        coins = view.seats[ctx.me].coins
        return G.span(f"Your sealed bid: type 0 to {coins}, then Enter. Nobody sees it "
                      "until all bids are in.", G.GOOD)
    left = view.actions_left
    return G.span(f"Your turn, {left} action{'s' if left != 1 else ''} left: t b f i · w wait "
                  "· c coin · 1-7 city · : type", G.GOOD)


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
        line.append("Forging ", G.BOLD)
        line.append_text(G.cards_or_none(draft.picked, "-"))
        line.append(" · ")
    if isinstance(result, str):
        line.append(result, G.WARN)
        return line
    line.append("Enter: ", G.GOOD)
    line.append(str(result), G.BOLD)
    line.append_text(consequence(ctx, result))
    return line


def consequence(ctx: Ctx, action: object) -> Text:
    """What the action does, in a few words from the engine's numbers."""
    view, me = ctx.view, ctx.me
    seat = view.seats[me]
    if isinstance(action, A.Place):
        return G.span(f" — your merchant starts in city {action.city + 1}", G.DIM)
    if isinstance(action, A.Travel):
        cost = view.travel_cost(me, action.city)
        return G.span(f" — costs {cost} coin{'s' if cost != 1 else ''}" if cost else
                      " — free", G.DIM)
    if action == A.BUY:
        kind = view.resources[seat.city]
        others = [s for s in range(view.players) if s != me and view.seats[s].city == seat.city]
        text = G.span(f" — {RESOURCES[kind]} for {COST[kind]} coins", G.DIM)
        if others:
            text.append("; the others here may bid for it", G.WARN)
        return text
    if isinstance(action, A.Forge):
        return G.span(" — ", G.DIM) + forge_label(action) + G.span(" on the table", G.DIM)
    if isinstance(action, A.Sell):
        item = seat.items[action.item]
        gain = item_value(item.recipe, item.parts) + view.character_coins[seat.city]
        text = G.span(f" — {gain} coins (value {item.value} + "
                      f"{view.character_coins[seat.city]} on the card)", G.DIM)
        if any(s != me and view.seats[s].city == seat.city for s in range(view.players)):
            text.append("; the others here may bid for the sale", G.WARN)
        return text
    if action == A.INTERACT:
        return G.span(" — " + encounter_text(view.characters[seat.city]), G.DIM)
    if action == A.WAIT:
        return G.span(" — refills the empty spaces of your city", G.DIM)
    if action == A.COLLECT:
        return G.span(" — 1 coin from the bank", G.DIM)
    if isinstance(action, A.Discard):
        return G.span(f" — one {RESOURCES[action.kind]} ({LETTERS[action.kind]}). "
                      + resource_words(action.kind), G.DIM)
    if isinstance(action, A.Bid):
        return G.span(" — sealed until every bid is in", G.DIM)
    if action == A.PASS:
        return G.span(" — you stay out of the auction", G.DIM)
    if isinstance(action, A.Join):
        return G.span(" — pays 1 coin to the bank, then you bid", G.DIM)
    return Text()
