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

from gemtable.ai.kinds import seat_kinds_text
from gemtable.engine import registry

from .commands.arguments import Parser, non_negative, positive_int
from .commands.arguments import game_id as _game_id
from .commands.runs import add_runs, check_kinds, run_command, soak_command
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

    add_runs(sub)

    add_serve(sub)
    return parser


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
        return run_command(parser, args)
    if command == "review":
        return _review_command(args)
    if command == "stats":
        from gemtable.tui.commands.stats import stats_command

        return stats_command(args.name, args.logs)
    if command == "soak":
        return soak_command(args)
    if command == "serve":
        return serve_command(parser, args)
    if command == "lobby":
        return lobby_command(args)

    if command in ("play", "watch"):  # the seats first: a mistake there is news anywhere
        check_kinds(args.subparser, args.game, args.seats, allow_human=command == "play")
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
