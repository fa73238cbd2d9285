"""`gemtable serve`'s options, their checks, and the process behind one SSH
session (`gemtable lobby`, started by the server, never by hand)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from gemtable.engine import registry

from .arguments import game_id as known_game_id
from .arguments import non_negative, positive_int

if TYPE_CHECKING:  # for the annotation only: _startups imports it when called
    from gemtable.tui.serve.gate import Startups


CALIBRATION_GAMES = 20
"""`--calibrate-bots`: games for each two levels of a game by default (why, and what
it costs: docs/serve.md, "Calibrating the bots")."""


def _stand_in(text: str) -> float | None:
    if text.strip().lower() in ("never", "off"):
        return None
    return non_negative(float)(text)


def _startups(text: str) -> Startups:
    """--max-startups; "" is the default."""
    from gemtable.tui.serve.gate import Startups, StartupsError

    try:
        return Startups.parse(text) if text else Startups()
    except StartupsError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_serve(sub: argparse._SubParsersAction) -> None:
    serve = sub.add_parser("serve", help="shared tables over SSH: a lobby, seats, spectators")
    serve.add_argument("--host", default=None,
                       help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=non_negative(int), default=2222,
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
    serve.add_argument("--max-sessions", type=positive_int, default=64,
                       help="SSH sessions (a lobby each) open at once, in all; past it a "
                            "newcomer is told to try again later (default 64)")
    serve.add_argument("--max-tables", type=positive_int, default=32,
                       help="tables not yet finished, in all; past it no one may make "
                            "another (default 32)")
    serve.add_argument("--max-tables-per-person", type=positive_int, default=4,
                       help="unfinished tables one person may have made (default 4)")
    serve.add_argument("--idle-timeout", type=non_negative(float), default=1800.0,
                       metavar="SECONDS", help="close sessions without a key this long (0: never)")
    serve.add_argument("--stand-in-after", type=_stand_in, default=90.0, metavar="SECONDS",
                       help="a bot plays an absent person's seat after this long ('never')")
    serve.add_argument("--stand-in-bot", default="greedy", metavar="KIND",
                       help="the bot kind that stands in, one every game offers "
                            "(`gemtable list`; default greedy)")
    serve.add_argument("--exec-bot", action="append", default=[], metavar="exec:COMMAND",
                       help="an outside program to offer in the lobby's bot list, as a seat "
                            "kind (exec:COMMAND or exec:SECONDSs:COMMAND; docs/bots.md); "
                            "give it once per program")
    serve.add_argument("--no-ladder", action="store_true",
                       help="keep no ladder: finished tables are not recorded or rated, "
                            "and the ladder's screens and commands say so")
    serve.add_argument("--bot-workers", type=positive_int, default=2,
                       help="worker processes for bot moves (default 2)")
    serve.add_argument("--spawn-sessions", action="store_true",
                       help="start each session as a new Python process instead of forking "
                            "it from a preloaded one (slower, more memory)")
    serve.add_argument("--login-grace", type=non_negative(float), default=30.0,
                       metavar="SECONDS",
                       help="close a connection that has no session this long (default 30)")
    serve.add_argument("--max-connections", type=positive_int, default=128,
                       help="logged-in SSH connections at once, in all (default 128)")
    serve.add_argument("--max-per-address", type=positive_int, default=16,
                       help="logged-in SSH connections at once from one address (default 16)")
    serve.add_argument("--max-startups", type=_startups, default=_startups(""),
                       metavar="START:RATE:FULL",
                       help="connections still logging in, as OpenSSH's MaxStartups: past "
                            "START dropped at random (RATE%%), all at FULL (default %(default)s)")
    browsers = serve.add_argument_group("browsers (docs/serve.md, \"Browsers\")")
    browsers.add_argument("--web", type=non_negative(int), default=None, metavar="PORT",
                          help="serve the lobby to browsers on this port too (0 picks one); "
                               "people sign in with `ssh HOST web`")
    browsers.add_argument("--web-host", default="127.0.0.1", metavar="H",
                          help="address for browsers (default 127.0.0.1; another needs TLS)")
    browsers.add_argument("--tls-cert", type=Path, default=None, metavar="PATH",
                          help="certificate chain (PEM) for https")
    browsers.add_argument("--tls-key", type=Path, default=None, metavar="PATH",
                          help="the certificate's private key (PEM)")
    browsers.add_argument("--public-url", default=None, metavar="URL",
                          help="the address people use when a TLS proxy stands in front "
                               "(https://games.example.org)")

    calibration = serve.add_argument_group(
        "calibrating the bots (docs/serve.md, \"Calibrating the bots\")")
    calibration.add_argument("--calibrate-bots", action="store_true",
                             help="instead of serving: the bot levels offered for each game "
                                  "play each other, every game is recorded on the ladder of "
                                  "--data, their ratings are printed, and it exits")
    calibration.add_argument("--calibration-games", type=positive_int, default=None,
                             metavar="N", help="games for each two levels of a game (default "
                                               f"{CALIBRATION_GAMES}: {3 * CALIBRATION_GAMES} "
                                               "for a game of three)")
    calibration.add_argument("--calibration-seed", type=int, default=None, metavar="S",
                             help="the same seed again adds nothing, another adds games "
                                  "(default 0)")
    calibration.add_argument("--calibration-game", type=known_game_id, nargs="+", action="extend",
                             default=None, metavar="GAME",
                             help="calibrate these games only (default: every game)")
    calibration.add_argument("--calibration-workers", type=positive_int, default=None,
                             metavar="N", help="processes playing the games (default: "
                                               "every core)")

    # The process behind one SSH session; started by `serve`, never by hand.
    lobby = sub.add_parser("lobby")
    lobby.add_argument("--hub", required=True, help="the server's hub socket")
    lobby.add_argument("--join", default=None, metavar="ID",
                       help="sit down at the table with this id at once")
    lobby.add_argument("--watch", default=None, metavar="ID",
                       help="watch the table with this id at once")


def _check_bots(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
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


def _calibrate(args: argparse.Namespace) -> int:
    from gemtable.tui.serve.ladder.calibrate import CalibrationOptions, run_calibration

    return run_calibration(CalibrationOptions(
        data=args.data, per_pairing=args.calibration_games or CALIBRATION_GAMES,
        seed=args.calibration_seed or 0,
        game_ids=tuple(dict.fromkeys(args.calibration_game or registry.ids())),
        workers=args.calibration_workers, exec_bots=tuple(dict.fromkeys(args.exec_bot))))


def serve_command(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from gemtable.tui.serve.server import ServeOptions, serve

    _check_bots(parser, args)
    if args.calibrate_bots:
        return _calibrate(args)
    given = [option for option, value in (
        ("--calibration-games", args.calibration_games),
        ("--calibration-seed", args.calibration_seed),
        ("--calibration-game", args.calibration_game),
        ("--calibration-workers", args.calibration_workers)) if value is not None]
    if given:
        parser.error(f"{', '.join(given)}: only with --calibrate-bots")
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
        exec_bots=tuple(dict.fromkeys(args.exec_bot)), ladder=not args.no_ladder,
        web_port=args.web, web_host=args.web_host, tls_cert=args.tls_cert,
        tls_key=args.tls_key, public_url=args.public_url,
    ))


def lobby_command(args: argparse.Namespace) -> int:
    from gemtable.tui.serve.session import run

    return run(args.hub, join=args.join, watch=args.watch)
