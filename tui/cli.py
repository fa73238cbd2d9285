"""The `gemtable` command: the menu by default, and sub-commands for scripts.

    gemtable                      open the menu
    gemtable list                 games and bot kinds
    gemtable play GAME --seat KIND [--seat KIND ...] [--seed N] [--log PATH]
    gemtable watch GAME --seat KIND ... [--seed N] [--delay SECONDS] [--log PATH]
    gemtable resume [PATH]        continue the latest (or the given) unfinished game
    gemtable replay PATH [--seat N]  step through a game log (N: as seat N saw it)
    gemtable rules GAME           print the rules document
    gemtable review LOG [--iterations N] [--workers W] [--no-cache] [--text]
                                  each person's moves against the search's, the biggest mistakes
                                  (a screen stepped through like a replay; text off a terminal)
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
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from gemtable.engine import registry

if TYPE_CHECKING:  # for the annotation only: _startups imports it when called
    from gemtable.tui.serve.gate import Startups


def _game_id(text: str) -> str:
    if text not in registry.ids():
        raise argparse.ArgumentTypeError(
            f"no game {text!r}; choose from: {', '.join(registry.ids())}"
        )
    return text


def _non_negative(kind):
    def convert(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if value < 0:
            raise argparse.ArgumentTypeError(f"{text!r} must not be negative")
        return value

    return convert


def _positive_int(text: str) -> int:
    value = _non_negative(int)(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _add_table_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", type=_game_id, help="game id (see `gemtable list`)")
    parser.add_argument(
        "--seat", action="append", dest="seats", metavar="KIND", required=True,
        help="one per seat, in turn order: human, a level (easy, normal, hard, expert), "
             "random, greedy, mcts, mcts:ITERATIONS, mcts:SECONDSs; a search kind may end "
             "in @WORKERS to search in that many processes (mcts:1500@2, hard@2); plain "
             "mcts and expert use the spare cores; exec:COMMAND or exec:SECONDSs:COMMAND "
             "for a program of your own (docs/bots.md)",
    )
    parser.add_argument("--seed", type=_non_negative(int), default=None,
                        help="seed for the deal and dice (default: random)")
    parser.add_argument("--variant", default=None, help="variant id (default: the game's own)")
    parser.add_argument("--log", type=Path, default=None,
                        help="where to write the game log (default: the data folder)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gemtable",
        description="Jewel-themed board games in the terminal, for people and bots.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    sub.add_parser("list", help="list games and bot kinds")

    play = sub.add_parser("play", help="play a game (any mix of people and bots)")
    _add_table_options(play)
    play.set_defaults(subparser=play)  # errors in the seats print play's own usage

    watch = sub.add_parser("watch", help="watch bots play")
    _add_table_options(watch)
    watch.set_defaults(subparser=watch)
    watch.add_argument("--delay", type=_non_negative(float), default=0.8,
                       help="seconds between moves (default 0.8)")

    resume = sub.add_parser("resume", help="continue an unfinished game")
    resume.add_argument("path", nargs="?", type=Path, help="log file (default: the latest)")

    replay = sub.add_parser("replay", help="step through a game log")
    replay.add_argument("path", type=Path, help="the game log (a .jsonl file)")
    replay.add_argument("--seat", type=_positive_int, default=None, metavar="N",
                        help="show seat N's view throughout, as that player saw the game "
                             "(default: the public view, every hand once the game is over)")

    rules = sub.add_parser("rules", help="print a game's rules")
    rules.add_argument("game", type=_game_id, help="game id (see `gemtable list`)")

    review = sub.add_parser("review", help="review a finished game: each person's moves "
                                           "against the search's, and the biggest mistakes")
    review.add_argument("path", type=Path, metavar="LOG", help="the log of a finished game")
    review.add_argument("--iterations", type=_positive_int, default=None,
                        help="search iterations a move (default 1500)")
    review.add_argument("--seed", type=_non_negative(int), default=0,
                        help="the search's seed (default 0): the same seed, the same review")
    review.add_argument("--workers", type=_positive_int, default=None,
                        help="processes (default: every core)")
    review.add_argument("--no-cache", dest="cache", action="store_false",
                        help="review afresh even if a review is cached beside the log")
    review.add_argument("--text", action="store_true",
                        help="print the review as text (the default when not in a terminal) "
                             "instead of opening the review screen")

    _add_arena(sub)
    _add_tournament(sub)
    _add_bench(sub)
    _add_soak(sub)

    _add_serve(sub)
    return parser


def _add_run_options(parser: argparse.ArgumentParser) -> None:
    """Where games run and where their results go (arena and tournament)."""
    parser.add_argument("--seed", type=_non_negative(int), default=0,
                        help="seed of the first game; each game after it takes the next "
                             "(default 0)")
    parser.add_argument("--variant", default=None, help="variant id (default: the game's own)")
    parser.add_argument("--workers", type=_positive_int, default=None,
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
                       help="one per seat, in turn order: random, greedy, mcts, "
                            "mcts:ITERATIONS, mcts:SECONDSs, or exec:COMMAND for a program "
                            "of your own (docs/bots.md)")
    arena.add_argument("--games", type=_positive_int, required=True,
                       help="how many games to play")
    arena.set_defaults(subparser=arena)
    _add_run_options(arena)


def _pool(text: str) -> list[str]:
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    if len(kinds) < 2:
        raise argparse.ArgumentTypeError("give at least two kinds, separated by commas")
    return kinds


def _share(text: str) -> float:
    value = _non_negative(float)(text)
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError("must lie between 0 and 1, e.g. 0.95")
    return value


def _add_tournament(sub) -> None:
    tournament = sub.add_parser(
        "tournament", help="every pairing of a pool of bots, rated with openskill")
    tournament.add_argument("game", type=_game_id, help="game id (see `gemtable list`)")
    tournament.add_argument("--pool", type=_pool, required=True, metavar="KIND,KIND,...",
                            help="the bot kinds, e.g. random,greedy,mcts:100,mcts:1000; "
                                 "exec:COMMAND for a program of your own (a command "
                                 "without commas)")
    tournament.add_argument("--games", type=_positive_int, required=True,
                            help="games in all, shared evenly among the pairings")
    tournament.add_argument("--players", type=_positive_int, default=None,
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
                       type=lambda t: t if t == "all" else _game_id(t),
                       help="game id, or all (the default)")
    bench.add_argument("--seconds", type=_non_negative(float), default=3.0,
                       help="how long each measurement runs (default 3)")
    bench.add_argument("--players", type=_positive_int, default=None,
                       help="players (default: each game's least)")
    bench.add_argument("--json", dest="json_path", default=None, metavar="PATH|-",
                       help="write the figures as JSON to PATH, or only JSON to stdout with -")


def _add_soak(sub) -> None:
    soak = sub.add_parser("soak", help="many seeded games, every invariant checked after "
                                       "every action")
    soak.add_argument("game", nargs="?", default="all",
                      type=lambda t: t if t == "all" else _game_id(t),
                      help="game id, or all (the default)")
    soak.add_argument("--games", type=_positive_int, required=True, help="games per game")
    soak.add_argument("--seed", type=_non_negative(int), default=0)
    soak.add_argument("--first", type=_non_negative(int), default=0, metavar="N",
                      help="number of the first game (default 0): --first 20000 --games 10000 "
                           "plays games 20000-29999 of a longer run, to run it in ranges")
    soak.add_argument("--workers", type=_positive_int, default=None,
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


def _stand_in(text: str) -> float | None:
    if text.strip().lower() in ("never", "off"):
        return None
    return _non_negative(float)(text)


def _startups(text: str) -> Startups:
    """--max-startups; "" is the default."""
    from gemtable.tui.serve.gate import Startups, StartupsError

    try:
        return Startups.parse(text) if text else Startups()
    except StartupsError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _add_serve(sub) -> None:
    serve = sub.add_parser("serve", help="shared tables over SSH: a lobby, seats, spectators")
    serve.add_argument("--host", default=None,
                       help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=_non_negative(int), default=2222,
                       help="port (default 2222; 0 picks a free one)")
    serve.add_argument("--host-key", type=Path, default=None, metavar="PATH",
                       help="the server's private key (default: made once in the data dir)")
    serve.add_argument("--authorized-keys", type=Path, default=None, metavar="PATH",
                       help="who may connect: public keys, OpenSSH authorized_keys format")
    serve.add_argument("--open", action="store_true",
                       help="anyone may connect, under any free name (loopback only)")
    serve.add_argument("--open-to-network", action="store_true",
                       help="with --open: allow a --host that others can reach")
    serve.add_argument("--data", type=Path, default=None, metavar="DIR",
                       help="tables, logs and keys (default: the gemtable data folder)")
    serve.add_argument("--max-sessions", type=_positive_int, default=64)
    serve.add_argument("--max-tables", type=_positive_int, default=32)
    serve.add_argument("--max-tables-per-person", type=_positive_int, default=4,
                       help="unfinished tables one person may have made (default 4)")
    serve.add_argument("--idle-timeout", type=_non_negative(float), default=1800.0,
                       metavar="SECONDS", help="close sessions without a key this long (0: never)")
    serve.add_argument("--stand-in-after", type=_stand_in, default=90.0, metavar="SECONDS",
                       help="a bot plays an absent person's seat after this long ('never')")
    serve.add_argument("--stand-in-bot", default="greedy", metavar="KIND",
                       help="the bot kind that stands in (default greedy)")
    serve.add_argument("--exec-bot", action="append", default=[], metavar="exec:COMMAND",
                       help="an outside program to offer in the lobby's bot list, as a seat "
                            "kind (exec:COMMAND or exec:SECONDSs:COMMAND; docs/bots.md); "
                            "give it once per program")
    serve.add_argument("--bot-workers", type=_positive_int, default=2,
                       help="worker processes for bot moves (default 2)")
    serve.add_argument("--spawn-sessions", action="store_true",
                       help="start each session as a new Python process instead of forking "
                            "it from a preloaded one (slower, more memory)")
    serve.add_argument("--login-grace", type=_non_negative(float), default=30.0,
                       metavar="SECONDS",
                       help="close a connection that has no session this long (default 30)")
    serve.add_argument("--max-connections", type=_positive_int, default=128,
                       help="logged-in SSH connections at once, in all (default 128)")
    serve.add_argument("--max-per-address", type=_positive_int, default=16,
                       help="logged-in SSH connections at once from one address (default 16)")
    serve.add_argument("--max-startups", type=_startups, default=_startups(""),
                       metavar="START:RATE:FULL",
                       help="connections still logging in, as OpenSSH's MaxStartups: past "
                            "START dropped at random (RATE%%), all at FULL (default %(default)s)")

    # The process behind one SSH session; started by `serve`, never by hand.
    lobby = sub.add_parser("lobby")
    lobby.add_argument("--hub", required=True)
    lobby.add_argument("--join", default=None)
    lobby.add_argument("--watch", default=None)


def _serve_command(args: argparse.Namespace) -> int:
    from gemtable.tui.serve.server import ServeOptions, serve

    return serve(ServeOptions(
        host=args.host or "127.0.0.1", open_to_network=args.open_to_network, port=args.port,
        host_key=args.host_key, authorized_keys=args.authorized_keys, open=args.open,
        data=args.data, max_sessions=args.max_sessions, max_tables=args.max_tables,
        max_tables_per_person=args.max_tables_per_person,
        idle_timeout=args.idle_timeout, stand_in_after=args.stand_in_after,
        stand_in_bot=args.stand_in_bot, bot_workers=args.bot_workers,
        fork_sessions=not args.spawn_sessions, login_grace=args.login_grace,
        max_connections=args.max_connections, max_per_address=args.max_per_address,
        max_startups=args.max_startups,
        exec_bots=tuple(dict.fromkeys(args.exec_bot)),
    ))


def _check_kinds(parser: argparse.ArgumentParser, game_id: str, kinds: Sequence[str],
                 allow_human: bool) -> None:
    from gemtable.ai import BotKindError, make_bot, seating_problem

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
        except BotKindError as error:
            parser.error(str(error))


def _list_command() -> int:
    from gemtable.ai import bot_kinds, level_kinds

    for game in registry.all():
        counts = f"{game.min_players}-{game.max_players}" if game.max_players > game.min_players \
            else str(game.min_players)
        variants = ", ".join(v.id for v in game.variants)
        print(f"{game.id:<12} {game.title:<32} players {counts:<5} variants: {variants}")
        print(f"{'':<12} bots: human, {', '.join(level_kinds() + bot_kinds(game.id))}, "
              "exec:COMMAND")
    return 0


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
        from gemtable.ai.review import REVIEW_ITERATIONS
        from gemtable.tui.commands.review import review_command

        budget = args.iterations or REVIEW_ITERATIONS
        if not args.text and sys.stdin.isatty() and sys.stdout.isatty():
            from gemtable.tui import launch

            return launch.review(args.path, budget=budget, seed=args.seed,
                                 workers=args.workers, use_cache=args.cache)
        return review_command(args.path, budget=budget, seed=args.seed, workers=args.workers,
                              use_cache=args.cache)
    if command == "soak":
        return _soak_command(args)

    if command == "serve":
        from gemtable.ai import BotKindError, make_bot

        for game_id in registry.ids():
            try:
                make_bot(args.stand_in_bot, game_id=game_id, seed=0)
            except BotKindError as error:
                parser.error(f"--stand-in-bot: {error}")
        for kind in args.exec_bot:
            if not kind.startswith("exec:"):
                parser.error(f"--exec-bot: {kind!r} is not an outside program: write "
                             "exec:COMMAND (e.g. exec:python /srv/bots/mybot.py)")
            try:
                make_bot(kind, game_id=registry.ids()[0], seed=0)
            except BotKindError as error:
                parser.error(f"--exec-bot: {error}")
        return _serve_command(args)
    if command == "lobby":
        from gemtable.tui.serve.session import run

        return run(args.hub, join=args.join, watch=args.watch)

    from gemtable.tui import launch

    if command in ("play", "watch"):
        from gemtable.engine.core import random_seed

        _check_kinds(args.subparser, args.game, args.seats, allow_human=command == "play")
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
