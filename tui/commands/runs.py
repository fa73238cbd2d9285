"""The commands that run games without a screen: `arena`, `tournament`, `bench`
and `soak` (their options, and how each is run), and the check of the seats a
command is given."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from gemtable.ai.kinds import seat_kinds_text, unknown_kind_message
from gemtable.engine import registry

from .arguments import game_id as _game_id
from .arguments import game_or_all, non_negative, positive_int


def add_runs(sub: argparse._SubParsersAction) -> None:
    _add_arena(sub)
    _add_tournament(sub)
    _add_bench(sub)
    _add_soak(sub)


def _add_run_options(parser: argparse.ArgumentParser) -> None:
    """Where games run and where their results go (arena and tournament)."""
    parser.add_argument("--seed", type=non_negative(int), default=0,
                        help="seed of the first game; each game after it takes the next "
                             "(default 0)")
    parser.add_argument("--variant", default=None, help="variant id (default: the game's own)")
    parser.add_argument("--workers", type=positive_int, default=None,
                        help="worker processes, or CPUs of a local Ray cluster "
                             "(default: every core)")
    parser.add_argument("--backend", choices=("local", "ray"), default=None,
                        help="where games run: local processes (default) or Ray tasks "
                             "(needs gemtable[cluster])")
    parser.add_argument("--address", default=None, metavar="ADDR",
                        help="Ray cluster to use (implies --backend ray; default: a local one)")
    parser.add_argument("--results", type=Path, default=None, metavar="PATH",
                        help="append each finished game to PATH as JSON Lines (default: a "
                             "new file in the data folder)")
    parser.add_argument("--resume", action="store_true",
                        help="continue an interrupted run: the --results file, or the newest "
                             "one of the same games; only missing games are played")
    parser.add_argument("--logs", type=Path, default=None, metavar="DIR",
                        help="also save every game as a log the replay viewer opens")
    parser.add_argument("--json", dest="json_path", default=None, metavar="PATH|-",
                        help="write results as JSON to PATH, or only JSON to stdout with -")


def _add_arena(sub) -> None:
    arena = sub.add_parser("arena", help="headless bot games with a results table")
    arena.add_argument("game", type=_game_id, help="game id (see `gemtable list`)")
    arena.add_argument("--seat", action="append", dest="seats", metavar="KIND", required=True,
                       help=f"one per seat, in turn order: {seat_kinds_text(people=False)}")
    arena.add_argument("--games", type=positive_int, required=True,
                       help="how many games to play")
    arena.set_defaults(subparser=arena)
    _add_run_options(arena)


def _pool(text: str) -> list[str]:
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    if len(kinds) < 2:
        raise argparse.ArgumentTypeError("give at least two kinds, separated by commas")
    return kinds


def _share(text: str) -> float:
    value = non_negative(float)(text)
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError("must lie between 0 and 1, e.g. 0.95")
    return value


def _add_tournament(sub) -> None:
    tournament = sub.add_parser(
        "tournament", help="every pairing of a pool of bots, rated with openskill")
    tournament.add_argument("game", type=_game_id, help="game id (see `gemtable list`)")
    tournament.add_argument("--pool", type=_pool, required=True, metavar="KIND,KIND,...",
                            help="the bot kinds, separated by commas (so an exec:COMMAND "
                                 "without any), e.g. random,greedy,mcts:100,mcts:1000; "
                                 f"each is {seat_kinds_text(people=False)}")
    tournament.add_argument("--games", type=positive_int, required=True,
                            help="games in all, shared evenly among the pairings")
    tournament.add_argument("--players", type=positive_int, default=None,
                            help="players a table (default: 2, or the game's least)")
    tournament.add_argument("--model", choices=("plackett-luce", "thurstone-mosteller"),
                            default="plackett-luce", help="openskill rating model")
    tournament.add_argument("--confidence", type=_share, default=0.95, metavar="C",
                            help="share of belief in each rating interval (default 0.95)")
    tournament.add_argument("--csv", dest="csv_path", default=None, metavar="PATH|-",
                            help="write the standings and win matrix as CSV")
    tournament.add_argument("--no-plot", dest="plot", action="store_false",
                            help="leave out the terminal plot of the ratings")
    _add_run_options(tournament)


def _add_bench(sub) -> None:
    bench = sub.add_parser("bench", help="measure playout and search speed")
    bench.add_argument("game", nargs="?", default="all",
                       type=game_or_all,
                       help="game id, or all (the default)")
    bench.add_argument("--seconds", type=non_negative(float), default=3.0,
                       help="how long each measurement runs (default 3)")
    bench.add_argument("--players", type=positive_int, default=None,
                       help="players (default: each game's least)")
    bench.add_argument("--json", dest="json_path", default=None, metavar="PATH|-",
                       help="write the figures as JSON to PATH, or only JSON to stdout with -")


def _add_soak(sub) -> None:
    soak = sub.add_parser("soak", help="many seeded games, every invariant checked after "
                                       "every action")
    soak.add_argument("game", nargs="?", default="all",
                      type=game_or_all,
                      help="game id, or all (the default)")
    soak.add_argument("--games", type=positive_int, required=True, help="games per game")
    soak.add_argument("--seed", type=non_negative(int), default=0,
                      help="seed of the run (default 0): each game's seats, deal and dice "
                           "follow from it and the game's number")
    soak.add_argument("--first", type=non_negative(int), default=0, metavar="N",
                      help="number of the first game (default 0): --first 20000 --games 10000 "
                           "plays games 20000-29999 of a longer run, to run it in ranges")
    soak.add_argument("--workers", type=positive_int, default=None,
                      help="worker processes, or CPUs of a local Ray cluster "
                           "(default: every core)")
    soak.add_argument("--backend", choices=("local", "ray"), default=None,
                      help="where games run: local processes (default) or Ray tasks")
    soak.add_argument("--address", default=None, metavar="ADDR",
                      help="Ray cluster to use (implies --backend ray)")
    soak.add_argument("--logs", type=Path, default=None, metavar="DIR",
                      help="where failed games are saved as logs (default: the data folder)")


def soak_command(args: argparse.Namespace) -> int:
    from gemtable.tui.commands.soak import soak_command, soak_game_ids

    return soak_command(soak_game_ids(args.game), games=args.games, seed=args.seed,
                        first=args.first,
                        workers=args.workers, backend=args.backend or
                        ("ray" if args.address else "local"),
                        address=args.address, logs=args.logs)


def _run_options(args: argparse.Namespace):
    from gemtable.ai.runner import RunOptions

    backend = args.backend or ("ray" if args.address else "local")
    return RunOptions(workers=args.workers, backend=backend, address=args.address,
                      results=args.results, default_results=True, resume=args.resume,
                      logs=args.logs)


def _check_pool(parser: argparse.ArgumentParser, game_id: str, pool: Sequence[str]) -> None:
    from gemtable.ai import BotKindError, make_bot

    for kind in pool:
        try:
            make_bot(kind, game_id=game_id, seed=0)
        except BotKindError as error:
            parser.error(str(error))


def run_command(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """`arena`, `tournament` and `bench`."""
    if args.command == "arena":
        from gemtable.ai.arena import ArenaOptions
        from gemtable.tui.commands.arena import arena_command

        check_kinds(args.subparser, args.game, args.seats, allow_human=False)
        arena = ArenaOptions(args.game, args.seats, games=args.games, seed=args.seed,
                             variant=args.variant)
        return arena_command(arena, json_path=args.json_path, options=_run_options(args))
    if args.command == "tournament":
        from gemtable.ai.tournament import TournamentOptions
        from gemtable.tui.commands.tournament import tournament_command

        _check_pool(parser, args.game, args.pool)
        tournament = TournamentOptions(
            args.game, args.pool, games=args.games, players=args.players, seed=args.seed,
            variant=args.variant, model=args.model, confidence=args.confidence)
        return tournament_command(tournament, json_path=args.json_path,
                                  csv_path=args.csv_path, plot=args.plot,
                                  options=_run_options(args))
    from gemtable.tui.commands.bench import bench_command

    return bench_command(args.game, seconds=args.seconds, players=args.players,
                         json_path=args.json_path)


def check_kinds(parser: argparse.ArgumentParser, game_id: str, kinds: Sequence[str],
                 allow_human: bool) -> None:
    from gemtable.ai import BotKindError, UnknownBotKind, make_bot, seating_problem

    game = registry.get(game_id)
    if not (game.min_players <= len(kinds) <= game.max_players):
        parser.error(
            f"{game.title} is for {game.min_players} to {game.max_players} players; "
            f"got {len(kinds)} --seat"
        )
    problem = seating_problem(game_id, kinds)
    if problem:
        parser.error(problem)
    for kind in kinds:
        if kind == "human":
            if not allow_human:
                parser.error("bots only here: 'human' cannot sit at this table")
            continue
        try:
            make_bot(kind, game_id=game_id, seed=0)
        except UnknownBotKind:
            parser.error(unknown_kind_message(kind, game_id, people=allow_human))
        except BotKindError as error:
            parser.error(str(error))
