"""Test players for the Iridescia screens: a seeded, rule-free script for the
person's seat and a test bot that takes the Rhom's seat. They choose only
among the legal actions the engine lists, by simple fixed preferences, so a
change to the real bots' heuristics does not redraw the snapshots."""

from __future__ import annotations

from tui_support import bots

from gemtable.engine import State

MODIFIERS = ("Jolty Jackhammer", "Dazzling Dynamite", "Lucky Libation")


def scripted_choice(view: State) -> object:
    """Restore what can be restored, buy a die-changing item, mine while coins
    last, reveal and move on the first hexes offered, end the turn."""
    from gemtable.engine.games.iridescia.components import ITEMS

    legal = view.legal_actions()
    texts = [str(a) for a in legal]

    def first(*starts: str) -> object | None:
        return next((a for a, t in zip(legal, texts, strict=True)
                     if any(t == s or t.startswith(s + " ") for s in starts)), None)

    me = view.seats[view.current]
    for slot, kind in enumerate(view.market):
        if kind >= 0 and ITEMS[kind].name in MODIFIERS and f"buy {slot + 1}" in texts:
            return legal[texts.index(f"buy {slot + 1}")]
    choice = (first("explorer", "restore", "drop", "give", "return", "discard", "go")
              or (first("mine") if me.coins >= 3 else None)
              or first("take", "reveal", "move", "wish", "remove", "end", "pass"))
    return choice if choice is not None else legal[0]


class RhomSeat:
    """Takes the Rhom's seat when asked, then plays the Rhom deck's turns."""

    kind = "rhom"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: State) -> object:
        assert view.viewer is not None, "a bot was handed the true state"
        from gemtable.engine.games.iridescia import actions

        legal = view.legal_actions()
        return actions.RHOM if actions.RHOM in legal else legal[0]


class ScriptBot:
    """The person's script as a bot (for an opponent explorer, or to reach the end)."""

    kind = "greedy"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: State) -> object:
        assert view.viewer is not None, "a bot was handed the true state"
        return scripted_choice(view)


def iridescia_bots(kind: str, *, game_id: str, seed: int) -> object:
    """Seats carry the kinds a person chooses (`rhom`, `greedy`), played by the
    test players here, so the screens show real kinds but no real bot's choices."""
    if kind == "rhom":
        return RhomSeat(seed)
    if kind == "greedy":
        return ScriptBot(seed)
    return bots(kind, game_id=game_id, seed=seed)
