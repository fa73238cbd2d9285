"""Turning what the person pressed into Jowhari actions, with a reason when
it cannot be one. Pure functions: the board feeds them the last view and the
legal actions it was shown and posts whatever comes back."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from gemtable.engine import IllegalAction
from gemtable.engine.games.jowhari import actions
from gemtable.engine.games.jowhari.components import COLOURS, LETTERS

Selection = tuple[int, ...]
"""Gem colours picked for a take, in the order pressed; (c, c) is two of one colour."""


def toggle(selection: Selection, colour: int) -> tuple[Selection, str]:
    """The selection after pressing a colour, and a note if the press was refused.

    Pressing a lone colour again makes it a pair (take two); pressing it a
    third time drops it. Pressing a picked colour among others drops it.
    """
    if colour in selection:
        if selection == (colour,):
            return (colour, colour), ""
        return tuple(c for c in selection if c != colour), ""
    if len(selection) == 2 and selection[0] == selection[1]:
        return (selection[0], colour), ""
    if len(selection) >= 3:
        return selection, "three colours are already picked; Backspace drops the last"
    return (*selection, colour), ""


def take_of(selection: Selection) -> actions.Take | None:
    """The take action a selection spells, if it spells one."""
    if len(selection) == 2 and selection[0] == selection[1]:
        return actions.TAKE_TWO[selection[0]]
    return actions.TAKE_DIFFERENT.get(tuple(sorted(selection)))


def letters(selection: Selection) -> str:
    return "".join(LETTERS[c] for c in selection)


def selection_state(selection: Selection, legal: Sequence[object], why) -> tuple[bool, str]:
    """(ready, words): can Enter take this selection, and what to tell the person."""
    action = take_of(selection)
    if action is not None and action in legal:
        return True, f"Enter takes {letters(selection)}"
    takes = [a for a in legal if isinstance(a, actions.Take)]
    if not takes:
        return False, "taking gems is not possible now"
    picked = Counter(selection)
    for take in takes:
        if picked <= Counter(take.colours):
            more = len(take.colours) - len(selection)
            return False, f"pick {more} more colour{'s' if more > 1 else ''} (Shift+letter)"
    if action is None:
        return False, "not a take: three different colours, or two of one colour"
    return False, why(action)


def buy_of(spot: actions.Source) -> actions.Buy | str:
    if spot.kind == "centre":
        return actions.BUY_CENTRE[spot.level, spot.index]
    if spot.kind == "hand":
        return actions.BUY_HAND[spot.index]
    return f"a deck cannot be bought from; r reserves its top card (d{spot.level})"


def reserve_of(spot: actions.Source) -> actions.Reserve | str:
    if spot.kind == "centre":
        return actions.RESERVE_CENTRE[spot.level, spot.index]
    if spot.kind == "deck":
        return actions.RESERVE_DECK[spot.level]
    return f"h{spot.index + 1} is already in your hand; b buys it"


def returnable(legal: Sequence[object]) -> bool:
    """True while the seat must give back gems over the limit."""
    return bool(legal) and all(isinstance(a, actions.Return) for a in legal)


def return_of(colour: int, legal: Sequence[object]) -> actions.Return | str:
    action = actions.RETURN[colour]
    if action in legal:
        return action
    return f"you hold no {COLOURS[colour]} gems to give back"


def parse_typed(view, text: str, legal: Sequence[object]) -> object:
    """The legal action typed in notation; IllegalAction with a reason otherwise."""
    if not text.strip():
        raise IllegalAction("type an action, e.g. take RBG, buy 2b, reserve d3")
    action = view.parse_action(text)
    if action not in legal:
        raise IllegalAction(f"{text.strip()} is not one of your choices now", action)
    return action
