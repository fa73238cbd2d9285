"""The `gemtable` command: the menu by default, and sub-commands for scripts.

    gemtable                      open the menu
    gemtable list                 games and seat kinds
    gemtable play GAME --seat KIND [--seat KIND ...] [--seed N] [--log PATH]
    gemtable watch GAME --seat KIND ... [--seed N] [--delay SECONDS] [--log PATH]
    gemtable resume [PATH]        continue the latest (or the given) unfinished game
    gemtable replay PATH [--seat N]  step through a game log (N: as seat N saw it)
    gemtable rules GAME           print the rules document
    gemtable review LOG [--iterations N] [--workers W] [--no-cache] [--text]
                                  each person's moves against the search's, the biggest mistakes
                                  (a screen stepped through like a replay; text off a terminal)
    gemtable stats [NAME] [--logs DIR]  ratings and history of the games played here
    gemtable arena GAME --seat KIND ... --games N [--seed N] [--workers W] [--json PATH|-]
                  [--backend local|ray] [--address ADDR] [--results PATH] [--resume] [--logs DIR]
    gemtable tournament GAME --pool KIND,KIND,... --games N [--players P] [--model M] [--confidence C]
                  [--json PATH|-] [--csv PATH|-] [--no-plot] and the arena's run options
    gemtable bench [GAME|all] [--seconds S] [--players P] [--json -]
    gemtable soak [GAME|all] --games N [--seed N] [--first N] [--workers W] [--backend local|ray] [--logs DIR]
                                  seeded games with every invariant checked after every action
    gemtable serve [--host H] [--port P] [--authorized-keys FILE | --open] [--data DIR]
                                  shared tables over SSH (docs/serve.md)
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path

from gemtable.ai.kinds import seat_kinds_text, unknown_kind_message
from gemtable.engine import registry

from .commands.arguments import Parser, game_or_all, non_negative, positive_int
from .commands.arguments import game_id as _game_id
from .commands.serve_options import add_serve, lobby_command, serve_command
from .commands.terminal import has_terminal, refuse_without_terminal

MENU_ADVICE = "run it in a terminal, or see `gemtable --help` for the commands that print text"
SCREEN_ADVICE = "run it in a terminal"
BOTS_ADVICE = "run it in a terminal, or have bots play without a screen with `gemtable arena`"


def _opens_screen(parser: argparse.ArgumentParser, advice: str) -> None:
    """Mark a command that opens the interface: without a terminal it is refused,
    with `advice` (what to do instead)."""
    parser.set_defaults(screen_advice=advice)


def _add_table_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", type=_game_id, help="game id (see `gemtable list`)")
    parser.add_argument(
        "--seat", action="append", dest="seats", metavar="KIND", required=True,
        help=f"one per seat, in turn order: {seat_kinds_text()}",
    )
    parser.add_argument("--seed", type=non_negative(int), default=None,
                        help="seed for the deal and dice (default: random)")
    parser.add_argument("--variant", default=None, help="variant id (default: the game's own)")
    parser.add_argument("--log", type=Path, default=None,
                        help="where to write the game log (default: the data folder)")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="gemtable",
        description="Jewel-themed board games in the terminal, for people and bots.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser,
                                help="what to do; without one, the menu opens")

    sub.add_parser("list", help="list games and seat kinds")

    play = sub.add_parser("play", help="play a game (any mix of people and bots)")
    _add_table_options(play)
    play.set_defaults(subparser=play)  # errors in the seats print play's own usage
    _opens_screen(play, BOTS_ADVICE)

    watch = sub.add_parser("watch", help="watch bots play")
    _add_table_options(watch)
    watch.set_defaults(subparser=watch)
    _opens_screen(watch, BOTS_ADVICE)
    watch.add_argument("--delay", type=non_negative(float), default=0.8,
                       help="seconds between moves (default 0.8)")

    resume = sub.add_parser("resume", help="continue an unfinished game")
    resume.add_argument("path", nargs="?", type=Path, help="log file (default: the latest)")
    _opens_screen(resume, SCREEN_ADVICE)

    replay = sub.add_parser("replay", help="step through a game log")
    replay.add_argument("path", type=Path, help="the game log (a .jsonl file)")
    replay.add_argument("--seat", type=positive_int, default=None, metavar="N",
                        help="show seat N's view throughout, as that player saw the game "
                             "(default: the public view, every hand once the game is over)")
    _opens_screen(replay, SCREEN_ADVICE)

    rules = sub.add_parser("rules", help="print a game's rules")
    rules.add_argument("game", type=_game_id, help="game id (see `gemtable list`)")

    review = sub.add_parser("review", help="review a finished game: each person's moves "
                                           "against the search's, and the biggest mistakes")
    review.add_argument("path", type=Path, metavar="LOG", help="the log of a finished game")
    review.add_argument("--iterations", type=positive_int, default=None,
                        help="search iterations a move (default 1500)")
    review.add_argument("--seed", type=non_negative(int), default=0,
                        help="the search's seed (default 0): the same seed, the same review")
    review.add_argument("--workers", type=positive_int, default=None,
                        help="processes (default: every core)")
    review.add_argument("--no-cache", dest="cache", action="store_false",
                        help="review afresh even if a review is cached beside the log")
    review.add_argument("--text", action="store_true",
                        help="print the review as text (the default when not in a terminal) "
                             "instead of opening the review screen")

    stats = sub.add_parser("stats", help="ratings, best scores and latest games of the games "
                                         "played here, as the server's ladder keeps them")
    stats.add_argument("name", nargs="?", default=None, metavar="NAME",
                       help="whose (default: you, the name of every human seat here)")
    stats.add_argument("--logs", type=Path, default=None, metavar="DIR",
                       help="the folder of game logs (default: the data folder's)")

    _add_arena(sub)
    _add_tournament(sub)
    _add_bench(sub)
    _add_soak(sub)

    add_serve(sub)
    return parser


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


def _soak_command(args: argparse.Namespace) -> int:
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


def _run_command(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """`arena`, `tournament` and `bench`."""
    if args.command == "arena":
        from gemtable.ai.arena import ArenaOptions
        from gemtable.tui.commands.arena import arena_command

        _check_kinds(args.subparser, args.game, args.seats, allow_human=False)
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


def _check_kinds(parser: argparse.ArgumentParser, game_id: str, kinds: Sequence[str],
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


def _list_command() -> int:
    """Each game with its player counts and variants, then the seat kinds."""
    for game in registry.all():
        counts = f"{game.min_players}-{game.max_players}" if game.max_players > game.min_players \
            else str(game.min_players)
        variants = ", ".join(v.id for v in game.variants)
        print(f"{game.id:<12} {game.title:<32} players {counts:<5} variants: {variants}")
    print()
    print(textwrap.fill(f"A seat is {seat_kinds_text()}.", width=88,
                        break_long_words=False, break_on_hyphens=False))
    return 0


def _review_command(args: argparse.Namespace) -> int:
    """The review screen on a terminal, else (or with --text) the report as text."""
    from gemtable.ai.review import REVIEW_ITERATIONS
    from gemtable.tui.commands.review import review_command

    budget = args.iterations or REVIEW_ITERATIONS
    if not args.text and has_terminal():
        from gemtable.tui import launch

        return launch.review(args.path, budget=budget, seed=args.seed,
                             workers=args.workers, use_cache=args.cache)
    return review_command(args.path, budget=budget, seed=args.seed, workers=args.workers,
                          use_cache=args.cache)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    command = args.command

    if command == "list":
        return _list_command()
    if command == "rules":
        sys.stdout.write(registry.get(args.game).rules_text())
        return 0
    if command in ("arena", "tournament", "bench"):
        return _run_command(parser, args)
    if command == "review":
        return _review_command(args)
    if command == "stats":
        from gemtable.tui.commands.stats import stats_command

        return stats_command(args.name, args.logs)
    if command == "soak":
        return _soak_command(args)
    if command == "serve":
        return serve_command(parser, args)
    if command == "lobby":
        return lobby_command(args)

    if command in ("play", "watch"):  # the seats first: a mistake there is news anywhere
        _check_kinds(args.subparser, args.game, args.seats, allow_human=command == "play")
    # Before anything is made (a log, a table, the app): every command left opens a screen.
    advice = MENU_ADVICE if command is None else getattr(args, "screen_advice", SCREEN_ADVICE)
    refused = refuse_without_terminal(f"gemtable {command or ''}".strip(), advice)
    if refused is not None:
        return refused
    return _open_screen(args)


def _open_screen(args: argparse.Namespace) -> int:
    from gemtable.tui import launch

    command = args.command
    if command in ("play", "watch"):
        from gemtable.engine.core import random_seed

        seed = args.seed if args.seed is not None else random_seed()
        if command == "play":
            return launch.play(args.game, args.seats, seed=seed, variant=args.variant, log=args.log)
        return launch.watch(args.game, args.seats, seed=seed, variant=args.variant, log=args.log,
                            delay=args.delay)
    if command == "resume":
        return launch.resume(args.path)
    if command == "replay":
        return launch.replay(args.path, None if args.seat is None else args.seat - 1)
    return launch.menu()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
