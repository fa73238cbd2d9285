"""Tournaments: many bot kinds, every pairing, ratings with honest uncertainty.

Why it is built this way:
- Pairings: every set of P different kinds from the pool (P = players a
  table), in an order shuffled by the seed. Game g plays pairing g mod M
  (M pairings), seated in the pairing's order rotated by g // M, so over a
  long run every pairing is played equally often (within one game) with
  every kind in every seat. A run shorter than M games plays a random
  sample of the pairings. Game g's seed depends on the tournament seed and
  g alone, so results are identical on any backend and worker count, and an
  interrupted run continues where it stopped.
- Ratings come from openskill (Weng-Lin Bayesian ratings; Plackett-Luce by
  default, Thurstone-Mosteller on request), updated game by game in index
  order from each game's finishing places, with no skill drift between games
  (tau = 0: bots do not change) and the full shrink of sigma that each game's
  information warrants (gamma = 1; openskill's default damps it for people,
  whose skill moves, and leaves intervals about twice too wide for programs,
  whose skill does not: tests/ai/test_tournament_calibration.py measures
  both). A rating is mu with uncertainty sigma; we show the interval
  mu +- z sigma (z = 1.96 for the default 95% confidence) and rank by mu.
- The win matrix counts, for every two kinds that met, how often the row
  kind finished ahead of the column kind (a tie counts half), with a Wilson
  95% interval. With two players a table that is simply the win rate.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

import attrs

from gemtable.engine import registry

from .arena import PROBLEMS_SHOWN, game_seed
from .backends import Backend, GameTask, LocalBackend, PlayedGame, default_workers
from .base import seating_problem
from .results import ResultsWriter, RunSpec, open_results, play_games
from .stats import Z95, wilson

MODELS = ("plackett-luce", "thurstone-mosteller")

if TYPE_CHECKING:
    from openskill.models import PlackettLuce, ThurstoneMostellerFull


class TournamentError(ValueError):
    """A pool, player count or model that cannot make a tournament."""


def full_shrink(*_: object) -> float:
    """openskill's gamma for players of fixed skill: sigma shrinks by all a game tells.

    The default, sigma / c, slows the shrink so that a person's rating keeps
    moving; with fixed programs its 95% intervals hold the true differences
    in about 99% of tournaments, and real gaps stay hidden."""
    return 1.0


def rating_model(name: str) -> PlackettLuce | ThurstoneMostellerFull:
    """The openskill model called `name` (one of MODELS)."""
    from openskill.models import PlackettLuce, ThurstoneMostellerFull

    # tau = 0: a bot is the same program in every game, so its skill does not
    # drift between games as a person's does (openskill's default tau assumes
    # it does, and keeps every sigma from shrinking as games accumulate).
    if name == "plackett-luce":
        return PlackettLuce(tau=0.0, gamma=full_shrink)
    if name == "thurstone-mosteller":
        return ThurstoneMostellerFull(tau=0.0, gamma=full_shrink)
    raise TournamentError(f"no rating model {name!r} (choose from: {', '.join(MODELS)})")


def check_pool(game_id: str, pool: Sequence[str], players: int) -> None:
    game = registry.get(game_id)
    if len(set(pool)) != len(pool):
        twice = sorted({k for k in pool if list(pool).count(k) > 1})
        raise TournamentError(f"each kind may be in the pool once: {', '.join(twice)} twice")
    if players < 2:
        raise TournamentError("a tournament needs at least 2 players a table")
    if not game.min_players <= players <= game.max_players:
        raise TournamentError(f"{game.title} is for {game.min_players} to "
                              f"{game.max_players} players, not {players}")
    if len(pool) < players:
        raise TournamentError(f"tables of {players} need at least {players} kinds in the "
                              f"pool; it has {len(pool)}")
    for table in itertools.combinations(pool, players):  # every table the pool may seat
        problem = seating_problem(game_id, table)
        if problem:
            raise TournamentError(f"The table {', '.join(table)}: {problem}")


def pairings(pool: Sequence[str], players: int, seed: int) -> list[tuple[str, ...]]:
    """Every set of `players` kinds from the pool, in the order the seed shuffles them."""
    tables = list(itertools.combinations(pool, players))
    random.Random(f"{seed}:tournament:pairings").shuffle(tables)
    return tables


def tournament_tasks(game_id: str, pool: Sequence[str], players: int, *, games: int,
                     seed: int, variant: str | None = None) -> list[GameTask]:
    tables = pairings(pool, players, seed)
    tasks = []
    for index in range(games):
        table = tables[index % len(tables)]
        turn = (index // len(tables)) % players
        tasks.append(GameTask(index, game_id, table[turn:] + table[:turn],
                              game_seed(seed, index), variant))
    return tasks


@attrs.frozen
class Standing:
    kind: str
    mu: float
    sigma: float
    games: int
    wins: float
    mean_score: float
    mean_turns: float
    move_seconds: float
    """Mean thinking time per decision (not part of the reproducible results)."""
    z: float = Z95
    """Sigmas each side of mu in the rating interval."""
    fallbacks: int = 0
    """Moves the fallback bot played for this kind (an outside program that failed)."""
    decisions: int = 0
    """Moves this kind was asked for."""

    @property
    def low(self) -> float:
        return self.mu - self.z * self.sigma

    @property
    def high(self) -> float:
        return self.mu + self.z * self.sigma

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


@attrs.frozen
class TournamentResult:
    game: str
    variant: str | None
    players: int
    seed: int
    model: str
    pool: tuple[str, ...]
    games: int
    standings: tuple[Standing, ...]
    """Best first (highest mu)."""
    met: tuple[tuple[int, ...], ...]
    """met[i][j]: games in which pool kinds i and j sat at the same table."""
    ahead: tuple[tuple[float, ...], ...]
    """ahead[i][j]: of those, how often i finished ahead of j (a tie counts half)."""
    mean_turns: float
    seconds: float
    confidence: float = 0.95
    """Of the rating intervals (the win rates always have 95% intervals)."""
    problems: tuple[str, ...] = ()
    """The first few failures of outside programs, in words."""

    def head_to_head(self, i: int, j: int) -> tuple[float, float, float] | None:
        """(rate, low, high) of pool kind i finishing ahead of j; None if they never met."""
        n = self.met[i][j]
        if i == j or n == 0:
            return None
        return (self.ahead[i][j] / n, *wilson(self.ahead[i][j], n))

    def separated(self) -> bool:
        """Every kind's rating interval lies wholly below the one ranked above it."""
        s = self.standings
        return all(s[k].low > s[k + 1].high for k in range(len(s) - 1))


def rate(played: Sequence[PlayedGame], pool: Sequence[str], model_name: str) -> dict[str, Any]:
    """Each kind's openskill rating after every game, in index order."""
    # Each model's `rate` takes only its own kind of rating, which a union of the
    # two cannot show mypy: the model is used untyped here.
    model: Any = rating_model(model_name)
    ratings = {kind: model.rating(name=kind) for kind in pool}
    for game in played:
        teams = [[ratings[kind]] for kind in game.seats]
        updated = model.rate(teams, ranks=[float(r) for r in game.ranking])
        for kind, (rating,) in zip(game.seats, updated, strict=True):
            ratings[kind] = rating
    return ratings


def interval_z(confidence: float) -> float:
    """Sigmas each side of mu for a central interval holding `confidence` of the belief."""
    if not 0 < confidence < 1:
        raise TournamentError(f"the confidence must lie between 0 and 1, not {confidence}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def summarise(game_id: str, variant: str | None, pool: Sequence[str], players: int,
              seed: int, model: str, played: Sequence[PlayedGame],
              seconds: float, confidence: float = 0.95) -> TournamentResult:
    pool = tuple(pool)
    where = {kind: i for i, kind in enumerate(pool)}
    k = len(pool)
    met = [[0] * k for _ in range(k)]
    ahead = [[0.0] * k for _ in range(k)]
    games, wins = [0] * k, [0.0] * k
    score, turns, think, decisions = [0.0] * k, [0.0] * k, [0.0] * k, [0] * k
    fallbacks = [0] * k
    for game in played:
        at = [where[kind] for kind in game.seats]
        for seat, i in enumerate(at):
            games[i] += 1
            wins[i] += game.shares[seat]
            score[i] += game.scores[seat]
            turns[i] += game.turns
            think[i] += game.think[seat]
            decisions[i] += game.decisions[seat]
            fallbacks[i] += game.fallbacks[seat] if game.fallbacks else 0
            for other, j in enumerate(at):
                if other != seat:
                    met[i][j] += 1
                    mine, theirs = game.ranking[seat], game.ranking[other]
                    ahead[i][j] += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
    ratings = rate(played, pool, model)
    z = interval_z(confidence)
    standings = [
        Standing(kind, ratings[kind].mu, ratings[kind].sigma, games[i], wins[i],
                 score[i] / games[i] if games[i] else 0.0,
                 turns[i] / games[i] if games[i] else 0.0,
                 think[i] / decisions[i] if decisions[i] else 0.0, z,
                 fallbacks=fallbacks[i], decisions=decisions[i])
        for i, kind in enumerate(pool)
    ]
    standings.sort(key=lambda s: (-s.mu, where[s.kind]))
    return TournamentResult(
        game=game_id, variant=variant, players=players, seed=seed, model=model, pool=pool,
        games=len(played), standings=tuple(standings),
        met=tuple(map(tuple, met)), ahead=tuple(map(tuple, ahead)),
        mean_turns=sum(g.turns for g in played) / len(played) if played else 0.0,
        seconds=seconds, confidence=confidence,
        problems=tuple(text for game in played for text in game.problems)[:PROBLEMS_SHOWN],
    )


def tournament_spec(game_id: str, pool: Sequence[str], players: int, seed: int,
                    variant: str | None) -> RunSpec:
    return RunSpec("tournament", game_id, variant, tuple(pool), players, seed)


def _pool(pool: Sequence[str]) -> tuple[str, ...]:
    return tuple(pool)


@attrs.frozen
class TournamentOptions:
    """What a tournament plays: `games` games of `game` among the kinds of `pool`,
    `players` a table (None: the game's smallest table, at least two), from
    `seed`, rated with `model` and shown with intervals of `confidence`."""

    game: str
    pool: tuple[str, ...] = attrs.field(converter=_pool)
    games: int
    players: int | None = None
    seed: int = 0
    variant: str | None = None
    model: str = MODELS[0]
    confidence: float = 0.95

    @property
    def table_size(self) -> int:
        """Players a table, the default filled in."""
        if self.players is not None:
            return self.players
        return max(2, registry.get(self.game).min_players)

    @property
    def spec(self) -> RunSpec:
        """What its results file records, to be found and continued again."""
        return tournament_spec(self.game, self.pool, self.table_size, self.seed, self.variant)


def run_tournament(
    tournament: TournamentOptions,
    *,
    workers: int | None = None,
    backend: Backend | None = None,
    results: Path | None = None,
    resume: bool = False,
    on_start: Callable[[], None] | None = None,
    on_game: Callable[[PlayedGame], None] | None = None,
    on_played: Callable[[PlayedGame], None] | None = None,
) -> TournamentResult:
    """Play and rate a tournament; arguments as for `run_arena`. `on_game` hears
    of every game (those a resumed results file holds first), `on_played` only
    of the games played now."""
    game_id, pool, games = tournament.game, tournament.pool, tournament.games
    players, seed, variant = tournament.table_size, tournament.seed, tournament.variant
    model, confidence = tournament.model, tournament.confidence
    check_pool(game_id, pool, players)
    rating_model(model)
    interval_z(confidence)
    registry.get(game_id).new(players, 0, variant)  # a bad variant fails here, before any game
    backend = backend or LocalBackend(default_workers() if workers is None else workers)
    tasks = tournament_tasks(game_id, pool, players, games=games, seed=seed, variant=variant)
    writer: ResultsWriter | None = None
    done: dict[int, PlayedGame] = {}
    if results is not None:
        writer, done = open_results(results, tournament.spec, games, resume=resume)
    started = time.perf_counter()
    try:
        for index in sorted(done):
            if index < games and on_game:
                on_game(done[index])
        def finished(game: PlayedGame) -> None:
            if on_played:
                on_played(game)
            if on_game:
                on_game(game)

        played = play_games(tasks, backend, done=done, writer=writer, on_start=on_start,
                            on_game=finished)
    finally:
        if writer is not None:
            writer.close()
    return summarise(game_id, variant, pool, players, seed, model, played,
                     time.perf_counter() - started, confidence)
