"""Turning key presses into choices.

Pure functions over the last view and legal actions the board was shown:
each press gives a new Draft (what the person has chosen so far), the city
under the cursor and a short message. Keys choose, Enter plays:
`action_of` turns the draft into one of the legal actions, or says why not.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from gemtable.engine.games.marylia import actions
from gemtable.engine.games.marylia.components import LETTERS, RESOURCES, TYPES
from gemtable.engine.games.marylia.state import (
    ACT,
    BID,
    CITIES,
    DISCARD,
    JOIN,
    PLACE,
    MaryliaState,
)

from ..drafting import DraftContext, Outcome

ACTION_KEYS = {"t": "travel", "b": "buy", "f": "forge", "i": "interact", "w": "wait",
               "c": "collect"}
"""The six actions of a turn (selling is interacting with an Acquirer)."""
SINGLE: dict[str, actions.Action] = {"buy": actions.BUY, "wait": actions.WAIT,
                                     "collect": actions.COLLECT, "interact": actions.INTERACT}


@attrs.frozen
class Draft:
    mode: str = ""
    """"" (nothing chosen), an ACTION_KEYS word, "sell", "join", "pass", "bid",
    "place" or "discard"."""
    picked: tuple[int, ...] = (0,) * TYPES
    """Forging: cards picked, counts per type."""
    item: int = -1
    """Selling or joining a sale: the 0-based item."""
    digits: str = ""
    """Bidding: the amount typed so far."""
    kind: int = -1
    """Discarding: the resource type."""
    suggestion: int = -1
    """Forging: which of the suggested Forge actions Tab last filled in."""


@attrs.frozen
class Ctx(DraftContext[MaryliaState]):
    @property
    def me(self) -> int:
        """The seat to act (a Ctx is only built for the person to act)."""
        mover = self.view.to_move
        assert isinstance(mover, int)
        return mover


def stage(view: MaryliaState) -> str:
    """What the position asks of the seat to move, as the board's words."""
    return {PLACE: "place", ACT: "act", DISCARD: "discard", JOIN: "join",
            BID: "bid"}.get(view.step, "wait")


def suggestions(ctx: Ctx) -> list[actions.Forge]:
    """The legal Forge actions, best value first (the order the hints show)."""
    from .seats import forge_options

    return forge_options(ctx.view, ctx.me, ctx.legal)


# --- key presses --------------------------------------------------------------------


def press(ctx: Ctx, draft: Draft, cursor: int, key: str, char: str) -> Outcome[Draft] | None:
    """What one key does; None if it means nothing now (the board says so)."""
    if key == "escape":
        return Outcome(Draft(), cursor) if draft != Draft() else None
    if key in ("left", "right"):
        step = 1 if key == "right" else -1
        cursor = max(0, min(CITIES - 1, cursor + step))
        if draft.mode in ("travel", "place"):
            return Outcome(draft, cursor)
        return Outcome(Draft() if draft.mode == "" else draft, cursor)
    where = stage(ctx.view)
    if where == "place":
        return _place(draft, cursor, char)
    if where == "act":
        return _act(ctx, draft, cursor, key, char)
    if where == "discard":
        return _discard(ctx, draft, cursor, char)
    if where == "join":
        return _join(ctx, draft, cursor, char)
    if where == "bid":
        return _bid(ctx, draft, cursor, key, char)
    return None


def _city_of(char: str) -> int:
    return int(char) - 1 if char.isdigit() and 1 <= int(char) <= CITIES else -1


def _place(draft: Draft, cursor: int, char: str) -> Outcome[Draft] | None:
    city = _city_of(char)
    if city >= 0:
        return Outcome(Draft(mode="place"), city)
    if char.isdigit():
        return Outcome(draft, cursor, "the cities are 1 to 7")
    return None


def _act(ctx: Ctx, draft: Draft, cursor: int, key: str, char: str) -> Outcome[Draft] | None:
    view, me = ctx.view, ctx.me
    here = view.seats[me].city
    if draft.mode == "forge":
        return _forge(ctx, draft, cursor, key, char)
    if draft.mode == "sell" and char.isdigit():
        return _choose_item(ctx, draft, cursor, int(char) - 1)
    city = _city_of(char)
    if city >= 0:
        if city == here:
            return Outcome(Draft(), city, f"you stand in city {city + 1}; another number travels")
        return Outcome(Draft(mode="travel"), city)
    if char.isdigit():
        return Outcome(draft, cursor, "the cities are 1 to 7")
    word = ACTION_KEYS.get(char)
    if word is None:
        return None
    if word == "travel":
        if cursor == here:
            return Outcome(Draft(mode="travel"), cursor, "travel: press the number of a city")
        return Outcome(Draft(mode="travel"), cursor)
    if word == "forge":
        if not ctx.of(actions.Forge):
            return Outcome(draft, cursor, "your cards forge nothing: a gem alone, or gold "
                           "with gems for a jewel")
        return Outcome(Draft(mode="forge"), cursor)
    if word == "interact" and ctx.of(actions.Sell):
        items = ctx.of(actions.Sell)
        return Outcome(Draft(mode="sell", item=items[0].item), here)
    action = SINGLE[word]
    if action not in ctx.legal:
        return Outcome(draft, here if word != "collect" else cursor, view.why_illegal(action))
    return Outcome(Draft(mode=word), here)


def _choose_item(ctx: Ctx, draft: Draft, cursor: int, item: int) -> Outcome:
    items = ctx.view.seats[ctx.me].items
    if not 0 <= item < len(items):
        return Outcome(draft, cursor, f"you have {len(items)} forged item"
                       f"{'s' if len(items) != 1 else ''}")
    return Outcome(attrs.evolve(draft, item=item), cursor)


def _forge(ctx: Ctx, draft: Draft, cursor: int, key: str, char: str) -> Outcome[Draft] | None:
    hand = ctx.view.seats[ctx.me].hand
    if key == "backspace":
        picked = list(draft.picked)
        last = next((t for t in reversed(range(TYPES)) if picked[t]), -1)
        if last < 0:
            return Outcome(Draft(), cursor)
        picked[last] -= 1
        return Outcome(attrs.evolve(draft, picked=tuple(picked), suggestion=-1), cursor)
    if key == "tab":
        options = suggestions(ctx)
        index = (draft.suggestion + 1) % len(options)
        return Outcome(attrs.evolve(draft, picked=options[index].parts, suggestion=index),
                       cursor)
    kind = LETTERS.find(char) if char else -1
    if kind < 0 or not char:
        return None
    if draft.picked[kind] >= hand[kind]:
        held = hand[kind]
        return Outcome(draft, cursor, f"you hold no {RESOURCES[kind]}" if not held else
                       f"all {held} of your {RESOURCES[kind]} cards are picked")
    picked = list(draft.picked)
    picked[kind] += 1
    return Outcome(attrs.evolve(draft, picked=tuple(picked), suggestion=-1), cursor)


def _discard(ctx: Ctx, draft: Draft, cursor: int, char: str) -> Outcome[Draft] | None:
    kind = LETTERS.find(char) if char else -1
    if kind < 0 or not char:
        return None
    if actions.DISCARD[kind] not in ctx.legal:
        return Outcome(draft, cursor, f"you hold no {RESOURCES[kind]}")
    return Outcome(Draft(mode="discard", kind=kind), cursor)


def _join(ctx: Ctx, draft: Draft, cursor: int, char: str) -> Outcome[Draft] | None:
    joins = ctx.of(actions.Join)
    if char == "j":
        if not joins:
            return Outcome(draft, cursor, "you cannot join: " + ctx.view.why_illegal(actions.JOIN))
        return Outcome(Draft(mode="join", item=joins[0].item), cursor)
    if char == "p":
        return Outcome(Draft(mode="pass"), cursor)
    if char.isdigit() and joins and joins[0].item >= 0:
        item = int(char) - 1
        if actions.join(item) not in ctx.legal:
            return Outcome(draft, cursor, f"this Acquirer does not buy your item {char}")
        return Outcome(Draft(mode="join", item=item), cursor)
    return None


def _bid(ctx: Ctx, draft: Draft, cursor: int, key: str, char: str) -> Outcome[Draft] | None:
    if key == "backspace":
        return Outcome(attrs.evolve(draft, mode="bid", digits=draft.digits[:-1]), cursor)
    if char.isdigit():
        if len(draft.digits) >= 4:
            return Outcome(draft, cursor, "a bid of at most four digits")
        # Too big a bid stays on the prompt line with the reason: Enter then refuses it.
        return Outcome(Draft(mode="bid", digits=(draft.digits + char).lstrip("0") or "0"),
                       cursor)
    return None


# --- the action a draft makes ---------------------------------------------------------


def action_of(ctx: Ctx, draft: Draft, cursor: int) -> object | str:
    """The legal action the draft names, or what is missing (a sentence)."""
    view = ctx.view
    mode = draft.mode
    if mode in ("", "travel") and stage(view) == "act":
        if mode == "" or cursor == view.seats[ctx.me].city:
            return "choose an action first: the key bar lists them"
        return _legal_or_why(ctx, actions.TRAVEL[cursor])
    if mode == "place" or stage(view) == "place":
        return _legal_or_why(ctx, actions.PLACE[cursor])
    if mode in SINGLE:
        return _legal_or_why(ctx, SINGLE[mode])
    if mode == "forge":
        if not any(draft.picked):
            return "pick cards by their letters (Tab fills in a suggestion)"
        action = actions.FORGE_BY_PARTS.get(tuple(draft.picked))
        if action is None:
            return "these cards make nothing yet: " + _forge_shape_hint()
        return _legal_or_why(ctx, action)
    if mode == "sell":
        return _legal_or_why(ctx, actions.sell(draft.item))
    if mode == "join":
        return _legal_or_why(ctx, actions.join(draft.item))
    if mode == "pass":
        return _legal_or_why(ctx, actions.PASS)
    if mode == "discard":
        return _legal_or_why(ctx, actions.DISCARD[draft.kind])
    if stage(view) == "bid":
        if not draft.digits:
            return "type your bid (digits), then Enter"
        return _legal_or_why(ctx, actions.bid(int(draft.digits)))
    if stage(view) == "join":
        return "j joins the auction (1 coin), p stays out"
    if stage(view) == "discard":
        return "over the hand limit: press the letter of a card to discard"
    return "nothing chosen"


def _legal_or_why(ctx: Ctx, action: actions.Action) -> actions.Action | str:
    return action if action in ctx.legal else ctx.view.why_illegal(action)


def _forge_shape_hint() -> str:
    return "Tab cycles through what your hand can forge"


def forge_value_parts(picked: Sequence[int]) -> actions.Forge | None:
    """The Forge action these picked cards make, whether legal now or not."""
    return actions.FORGE_BY_PARTS.get(tuple(picked))
