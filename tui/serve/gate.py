"""Which connections may stay: those still logging in, and those logged in.

A connection that has not logged in yet costs nothing to open and proves
nothing about who opened it, so it must never take the room of people who
have logged in. Two separate budgets:

- **Logging in** (like OpenSSH's MaxStartups `start:rate:full`): up to `start`
  such connections at once are always let in; past it, a new one is dropped
  with a chance that rises from `rate` percent to certainty at `full`. The
  drops are random so that someone opening connections in a loop cannot
  predict which of their own (or anyone else's) will be kept; the chance
  comes from the RNG the server was given (the system's in service, a seeded
  one in tests).
- **Logged in**: `max_connections` in all and `max_per_address` from one
  address, counted only once a login has succeeded. On loopback every local
  account shares one address, so silent sockets must not count here.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs


class StartupsError(ValueError):
    """A `start:rate:full` text that does not make sense; the text says why."""


@attrs.frozen
class Startups:
    """How many connections may be logging in at once (OpenSSH's MaxStartups)."""

    start: int = 32
    rate: int = 30
    """Percent chance of a drop once `start` connections are logging in."""
    full: int = 96

    @classmethod
    def parse(cls, text: str) -> Startups:
        """"start:rate:full", or one number (no random drops: a hard limit)."""
        parts = text.strip().split(":")
        try:
            numbers = [int(part) for part in parts]
        except ValueError:
            raise StartupsError(f"{text!r}: expected start:rate:full, like 32:30:96") from None
        if len(numbers) == 1:  # held to the same bounds: 0 would let nobody log in
            numbers = [numbers[0], 100, numbers[0]]
        if len(numbers) != 3:
            raise StartupsError(f"{text!r}: expected start:rate:full, like 32:30:96")
        start, rate, full = numbers
        if not (1 <= start <= full and 0 <= rate <= 100):
            raise StartupsError(f"{text!r}: need 1 <= start <= full and a rate of 0 to 100")
        return cls(start, rate, full)

    def __str__(self) -> str:
        return f"{self.start}:{self.rate}:{self.full}"

    def drop_chance(self, logging_in: int) -> float:
        """The chance that a new connection is dropped while `logging_in` others are."""
        if logging_in < self.start:
            return 0.0
        if logging_in >= self.full:
            return 1.0
        rising = (100 - self.rate) * (logging_in - self.start) / (self.full - self.start)
        return (self.rate + rising) / 100


class ConnectionGate:
    """Counts connections in their two budgets; each method says why one must go."""

    def __init__(self, startups: Startups, max_connections: int, max_per_address: int,
                 rng: random.Random) -> None:
        self.startups = startups
        self.max_connections = max_connections
        self.max_per_address = max_per_address
        self._rng = rng
        self.logging_in: dict[object, str] = {}
        self.logged_in: dict[object, str] = {}
        self._per_address: Counter[str] = Counter()

    def opened(self, connection: object, address: str) -> str:
        """A new connection: "" when it may log in, else why it is closed at once."""
        chance = self.startups.drop_chance(len(self.logging_in))
        if chance >= 1.0:
            return f"{len(self.logging_in)} connections are logging in already"
        if chance > 0.0 and self._rng.random() < chance:
            return (f"{len(self.logging_in)} connections are logging in "
                    f"(dropped at random, chance {chance:.0%})")
        self.logging_in[connection] = address
        return ""

    def authenticated(self, connection: object) -> str:
        """Its login succeeded: "" when it may stay, else why it is closed."""
        address = self.logging_in.pop(connection, None)
        if address is None:
            return "not counted (closed already)"
        if len(self.logged_in) >= self.max_connections:
            return "too many connections"
        if self._per_address[address] >= self.max_per_address:
            return f"too many connections from {address}"
        self.logged_in[connection] = address
        self._per_address[address] += 1
        return ""

    def closed(self, connection: object) -> None:
        self.logging_in.pop(connection, None)
        address = self.logged_in.pop(connection, None)
        if address is not None:
            self._per_address[address] -= 1
            if self._per_address[address] <= 0:
                del self._per_address[address]
