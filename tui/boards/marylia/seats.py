"""The merchants as lines of text: one line per seat (coins, city, hand size,
forged items), your hand with what it could forge now, and the auction.
Pure functions of the view and the legal actions."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from gemtable.engine.games.marylia import actions
from gemtable.engine.games.marylia.components import (
    COST,
    ENCOUNTER_NAME,
    JEWEL_NAME,
    RESOURCES,
    item_value,
)
from gemtable.engine.games.marylia.recipes import forge_keys
from gemtable.engine.games.marylia.scoring import wealth
from gemtable.engine.games.marylia.state import (
    ACT,
    BID,
    BUY_AUCTION,
    HAND_LIMIT,
    JOIN,
    NO_BID,
    SEALED,
    Item,
    MaryliaState,
)

from . import glyphs

NEW_MARK = "*"
"""After an item forged this round (it may be sold from the next round on)."""


def item_text(view: MaryliaState, item: Item, number: int | None = None) -> Text:
    """`2:ring gaar 25`: the item's number, kind, cards and market value."""
    line = glyphs.span(f"{number}:", glyphs.WARN) if number is not None else Text()
    kind = JEWEL_NAME[item.recipe]
    if kind != "gem":
        line.append(f"{kind} ", glyphs.TEXT)
    line.append_text(glyphs.cards(item.parts))
    line.append(f" {item.value}", glyphs.COIN)
    if item.round >= view.round:
        line.append(NEW_MARK, glyphs.DIM)
    return line


def seat_line(view: MaryliaState, seat: int, me: int | None, width: int,
              names: Sequence[str] = ()) -> Text:
    """One merchant: marker, name (the table's, with its bot kind), coins, city,
    hand size, first player, forged items."""
    record = view.seats[seat]
    acting = seat == view.current and not view.is_over
    line = glyphs.span(glyphs.CURSOR if acting else " ", glyphs.WARN)
    if seat < len(names):
        line.append(names[seat], glyphs.seat_style(seat))
    else:
        line.append_text(glyphs.seat(seat, me, long=True))
    # The coins line up under the longest name.
    line.append(" " * max(1, max(15, 3 + max(map(len, names), default=0)) - line.cell_len))
    line.append_text(glyphs.coins(record.coins))
    line.append(f"{'':<{max(1, 5 - len(str(record.coins)))}}")
    line.append(f"city {record.city + 1}" if record.city >= 0 else "city -", glyphs.TEXT)
    line.append(f"  hand {record.held}", glyphs.DIM)
    line.append("  1st" if seat == view.first else "     ", glyphs.WARN)
    if view.is_over:
        line.append("  wealth ", glyphs.DIM)
        line.append(str(wealth(view, seat)), glyphs.GOOD)
    if record.items:
        line.append("  ")
        numbered = seat == me
        line.append_text(glyphs.join((item_text(view, item, i + 1 if numbered else None)
                                      for i, item in enumerate(record.items)), " · ", glyphs.DIM))
    return glyphs.fit(line, width)


def seat_lines(view: MaryliaState, me: int | None, width: int,
               names: Sequence[str] = ()) -> list[Text]:
    return [seat_line(view, s, me, width, names) for s in range(view.players)]


# --- your hand --------------------------------------------------------------------------


def forge_options(view: MaryliaState, me: int, legal: Sequence[object]) -> list[actions.Forge]:
    """What `me`'s hand forges, best value first: the legal Forge actions on your
    turn, else what the engine says these cards make (for planning ahead)."""
    if legal and view.step == ACT:
        options = [a for a in legal if isinstance(a, actions.Forge)]
    else:
        hand = view.seats[me].hand
        options = [actions.FORGE[key] for key in forge_keys(hand)] if min(hand) >= 0 else []
    return sorted(options, key=lambda a: (-item_value(a.recipe, a.parts), str(a)))


def forge_label(action: actions.Forge) -> Text:
    kind = JEWEL_NAME[action.recipe]
    line = glyphs.span(f"{kind} ", glyphs.TEXT) if kind != "gem" else Text()
    line.append_text(glyphs.cards(action.parts))
    line.append(f" {item_value(action.recipe, action.parts)}", glyphs.COIN)
    return line


def hand_line(view: MaryliaState, me: int | None, width: int,
              picked: Sequence[int] | None = None) -> Text:
    """Your cards (the ones picked for forging shown apart), or whose hand is hidden."""
    if me is None:
        return glyphs.fit(glyphs.span("Hands are private: each seat sees only its own.",
                                      glyphs.DIM), width)
    hand = view.seats[me].hand
    line = glyphs.span("Hand ", glyphs.BOLD)
    if picked is not None and any(picked):
        rest = tuple(h - p for h, p in zip(hand, picked, strict=True))
        line.append_text(glyphs.cards_or_none(rest, "-", spaced=True))
        line.append("  forging ", glyphs.WARN)
        line.append_text(glyphs.cards(picked))
    else:
        line.append_text(glyphs.cards_or_none(hand, "empty", spaced=True))
    held = view.seats[me].held
    line.append(f"  ({held} card{'s' if held != 1 else ''}; at most {HAND_LIMIT} at the end of your turn)",
                glyphs.DIM)
    return glyphs.fit(line, width)


def forge_line(view: MaryliaState, me: int | None, legal: Sequence[object],
               width: int) -> Text:
    """What your cards could forge now and its market value."""
    if me is None or view.is_over:
        return glyphs.fit(Text(), width)
    options = forge_options(view, me, legal)
    line = glyphs.span("Forge: ", glyphs.BOLD)
    if not options:
        line.append("nothing yet (a gem alone, or gold with gems for a jewel)", glyphs.DIM)
        return glyphs.fit(line, width)
    labels = [forge_label(a) for a in options]
    shown = 0
    for label in labels:
        if line.cell_len + label.cell_len + 3 > width - 6 and shown:
            break
        line.append(" · " if shown else "", glyphs.DIM)
        line.append_text(label)
        shown += 1
    if shown < len(labels):
        line.append(f" +{len(labels) - shown}", glyphs.DIM)
    return glyphs.fit(line, width)


# --- auctions ---------------------------------------------------------------------------


def auction_line(view: MaryliaState, me: int | None, width: int) -> Text | None:
    """The auction going on (who bids, who has committed), else the latest
    one's revealed bids, the winner's in green and marked "won" (the engine
    says who won: a tie has a rule); None before any auction."""
    auction = view.auction
    if auction is None:
        if not view.last_auction:
            return None
        line = glyphs.span("Last auction, bids revealed: ", glyphs.DIM)
        winner = view.last_auction_winner
        line.append_text(glyphs.join((glyphs.seat(s, me) + (
            glyphs.span(f" {b}{glyphs.COIN_MARK} won", glyphs.GOOD) if s == winner
            else glyphs.span(f" {b}{glyphs.COIN_MARK}", glyphs.TEXT))
                                      for s, b in view.last_auction), " · ", glyphs.DIM))
        return glyphs.fit(line, width)
    city = view.seats[view.current].city
    line = glyphs.span(f"Auction in city {city + 1} ", glyphs.WARN)
    kind, character = view.resources[city], view.characters[city]
    if auction.kind == BUY_AUCTION and kind >= 0:
        line.append("for ", glyphs.WARN)
        line.append_text(glyphs.card(kind))
        line.append(f" {RESOURCES[kind]} (costs {COST[kind]}): ", glyphs.WARN)
    elif character >= 0:
        line.append(f"to sell to the {ENCOUNTER_NAME[character]}: ", glyphs.WARN)
    parts = []
    for seat, bid in zip(auction.bidders, auction.bids, strict=True):
        part = glyphs.seat(seat, me)
        if bid == NO_BID:
            part.append(" bidding…" if seat == auction.bidding else " to bid", glyphs.DIM)
        elif bid == SEALED:
            part.append(" sealed", glyphs.GOOD)
        else:
            part.append(f" bid {bid}", glyphs.GOOD)  # only the bidder's own view shows this
        parts.append(part)
    for seat in auction.asking:
        part = glyphs.seat(seat, me)
        part.append(" asked" if view.step == JOIN and seat == auction.asking[0]
                    else " may join", glyphs.DIM)
        parts.append(part)
    line.append_text(glyphs.join(parts, " · ", glyphs.DIM))
    if view.step == BID:
        line.append("  (bids stay sealed until all are in)", glyphs.DIM)
    return glyphs.fit(line, width)
