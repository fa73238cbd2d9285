"""Whose view the local terminal shows, and when the hot-seat curtain goes up.

Plain Python (no Textual) so the privacy rules are tested on their own:

- one person against bots: always that person's view;
- two or more people sharing the terminal in a game with hidden information:
  a person's view is shown only after the curtain for their turn was passed,
  and is hidden again (public view) the moment the turn moves on;
- bots only (watching): the public view, or the view of a followed seat.
"""

from __future__ import annotations

import attrs

from gemtable.engine import SPECTATOR

from ..table.messages import Who


@attrs.define
class Seating:
    players: int
    humans: tuple[int, ...]
    private_views: bool
    unlocked: int | None = None
    """Hot-seat: the person whose private view may be on screen now."""
    follow: Who = SPECTATOR
    """Watching: the seat whose view is shown (SPECTATOR: public information)."""
    last_human: int | None = None

    @property
    def watching(self) -> bool:
        return not self.humans

    @property
    def private(self) -> bool:
        """True when people share the terminal and must not see each other's hands."""
        return len(self.humans) >= 2 and self.private_views

    def endpoints(self) -> tuple[Who, ...]:
        """The seats (and SPECTATOR) this terminal connects to the table as."""
        if self.watching:
            return (SPECTATOR, *range(self.players))
        if self.private:
            return (SPECTATOR, *self.humans)
        return self.humans

    def observe(self, mover: int | None) -> None:
        """The turn is now `mover`'s (None: the game is over)."""
        if self.private and mover != self.unlocked:
            self.unlocked = None
        if mover in self.humans:
            self.last_human = mover

    def curtain_for(self, mover: int | None) -> int | None:
        """The seat to show a "pass to" curtain for, if one is needed now."""
        if self.private and mover in self.humans and self.unlocked != mover:
            return mover
        return None

    def unlock(self, seat: int) -> None:
        self.unlocked = seat

    def shown(self) -> Who:
        """The endpoint whose view is on screen."""
        if self.watching:
            return self.follow
        if self.private:
            return SPECTATOR if self.unlocked is None else self.unlocked
        if self.last_human is not None:
            return self.last_human
        return self.humans[0]

    def next_follow(self) -> Who:
        """Watching: public view, then each seat in turn, then public again."""
        order: list[Who] = [SPECTATOR, *range(self.players)]
        index = next(i for i, who in enumerate(order) if who is self.follow or who == self.follow)
        self.follow = order[(index + 1) % len(order)]
        return self.follow
