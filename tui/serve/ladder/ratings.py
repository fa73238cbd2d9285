"""The rules for what counts on the ladder, and the rating update.

Only finished games reach the ladder: the caller records a table when its
game ends, never an abandoned one (an abandoned game says nothing about who
would have won, and counting it would reward leaving a losing table).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from statistics import fmean

import attrs
from openskill.models import PlackettLuce

from .results import FinishedGame, PlayerKind, SeatResult

PlayerKey = tuple[str, PlayerKind]
Rating = tuple[float, float]
"""mu and sigma."""

# The model's defaults (mu 25, sigma 25/3, its tau and beta): one scale shared
# by people and bot levels, the scale openskill's documentation explains.
MODEL = PlackettLuce()
DEFAULT_RATING: Rating = (MODEL.mu, MODEL.sigma)


def ordinal(rating: Rating) -> float:
    """The one number to order by: openskill's ordinal, mu - 3 sigma, which a
    player climbs only as the ladder grows sure of them."""
    mu, sigma = rating
    return float(MODEL.rating(mu=mu, sigma=sigma).ordinal())


@attrs.frozen
class SeatRating:
    """One seat's part in the update; before and after are None when it took no part."""

    counts: bool
    """Rated (or, in a solo game, the score counts)."""
    before: Rating | None = None
    after: Rating | None = None


@attrs.frozen
class Outcome:
    seats: tuple[SeatRating, ...]
    ratings: dict[PlayerKey, Rating]
    """The new rating of every player the game rated."""

    @property
    def counts(self) -> bool:
        return any(seat.counts for seat in self.seats)


def played_by_stand_in(seat: SeatResult) -> bool:
    # A stand-in that made most of a person's moves played the game, not the
    # person: rating them on it would move their rating by a bot's play.
    return seat.kind == "person" and 2 * seat.stand_in_moves > seat.moves


def holds_several_seats(game: FinishedGame) -> bool:
    # One person playing several seats decides who of "them" wins: it says
    # nothing about skill, and would let anyone feed their own rating or
    # a bot's. So such a game is rated for nobody, bots included.
    people = Counter(seat.player for seat in game.seats if seat.kind == "person")
    return any(count > 1 for count in people.values())


def counting_seats(game: FinishedGame) -> tuple[bool, ...]:
    """Which seats count: are rated, or in a solo game add to a score history."""
    if holds_several_seats(game):
        return tuple(False for _ in game.seats)
    if game.solo:
        # A solo game has no opponents to be rated against; the person's score
        # is the result. A bot seat there is part of the game (an automaton).
        return tuple(seat.kind == "person" and not played_by_stand_in(seat)
                     for seat in game.seats)
    if game.source == "calibration":
        # Games the server has bot levels play among themselves to place the
        # levels on the scale before people meet them (bots only, by FinishedGame).
        return tuple(True for _ in game.seats)
    people = tuple(seat.kind == "person" and not played_by_stand_in(seat)
                   for seat in game.seats)
    # A bot level is rated from games against people (what the ladder is for)
    # and from calibration; bots left alone at a table would move the scale
    # with nobody choosing to, so that game is only recorded.
    if not any(people):
        return tuple(False for _ in game.seats)
    return tuple(is_person or seat.kind == "bot"
                 for is_person, seat in zip(people, game.seats, strict=True))


def rate(game: FinishedGame, current: Mapping[PlayerKey, Rating]) -> Outcome:
    """The game's outcome on the ladder given the players' ratings before it
    (`current`; a player missing from it starts at DEFAULT_RATING)."""
    counts = counting_seats(game)
    if game.solo:
        return Outcome(seats=tuple(SeatRating(counts=flag) for flag in counts), ratings={})
    rated = [seat for seat, flag in zip(game.seats, counts, strict=True) if flag]
    # A rating compares players; fewer than two (distinct) rated players is no
    # comparison, and a bot level alone with itself learns nothing.
    if len({seat.key for seat in rated}) < 2:
        return Outcome(seats=tuple(SeatRating(counts=False) for _ in game.seats), ratings={})
    before = {seat.key: current.get(seat.key, DEFAULT_RATING) for seat in rated}
    teams = [[MODEL.rating(mu=before[seat.key][0], sigma=before[seat.key][1])]
             for seat in rated]
    updated = MODEL.rate(teams, ranks=[float(seat.place) for seat in rated])
    after_by_seat = [(float(team[0].mu), float(team[0].sigma)) for team in updated]
    # A bot level at several seats (people against two "greedy") takes part once
    # per seat, so each person meets every opponent; the level itself moves by
    # the mean of its seats' updates, so one game counts once for it.
    seats_of: dict[PlayerKey, list[Rating]] = {}
    for seat, after in zip(rated, after_by_seat, strict=True):
        seats_of.setdefault(seat.key, []).append(after)
    ratings = {key: (fmean(mu for mu, _ in afters), fmean(sigma for _, sigma in afters))
               for key, afters in seats_of.items()}
    outcomes = iter(after_by_seat)
    seats = tuple(SeatRating(counts=True, before=before[seat.key], after=next(outcomes))
                  if flag else SeatRating(counts=False)
                  for seat, flag in zip(game.seats, counts, strict=True))
    return Outcome(seats=seats, ratings=ratings)
