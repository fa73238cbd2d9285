"""Outside programs at a seat (`exec:COMMAND`): the example bot plays every game,
and each way a program can fail is covered by the fallback and reported."""

from __future__ import annotations

import json
import os
import select
import sys
from pathlib import Path

import pytest

from gemtable.ai import BotKindError, make_bot
from gemtable.ai.arena import ArenaOptions, run_arena
from gemtable.ai.external import GIVE_UP, ExecBot, parse_exec_kind, request
from gemtable.ai.match import play_match
from gemtable.ai.results import game_from_json
from gemtable.engine import registry
from gemtable.engine.viewjson import view_to_json

ROOT = Path(__file__).resolve().parents[2]
PROGRAMS = Path(__file__).parent / "programs"
EXAMPLE = ROOT / "docs" / "examples" / "random_bot.py"


def kind(script: Path | str, limit: str = "") -> str:
    path = script if isinstance(script, Path) else PROGRAMS / f"{script}.py"
    return f"exec:{limit}{sys.executable} {path}"


def first_view(game_id: str = "jowhari", seed: int = 1):
    state = registry.get(game_id).new(2, seed)
    seat = state.to_move
    assert isinstance(seat, int)
    return state, state.view(seat)


def exec_bot(script: Path | str, limit: str = "") -> ExecBot:
    bot = make_bot(kind(script, limit), game_id="jowhari", seed=7)
    assert isinstance(bot, ExecBot)
    return bot


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_example_bot_plays_a_whole_game_of_every_game(game_id):
    game = registry.get(game_id)
    seats = [kind(EXAMPLE)] + ["random"] * (game.min_players - 1)
    result = play_match(game_id, seats, seed=3)
    assert result.final.is_over
    assert result.decisions[0] > 0
    assert result.problems[0] == ()  # every move was the program's own


def test_the_example_bot_answers_the_same_position_the_same_way():
    state, view = first_view()
    first, second = exec_bot(EXAMPLE), exec_bot(EXAMPLE)
    try:
        assert first.choose(view) == second.choose(view)
    finally:
        first.close()
        second.close()


def test_a_request_holds_the_seat_view_and_the_legal_texts():
    state, view = first_view()
    sent = request(view, 0)
    assert sent["game"] == "jowhari" and sent["seat"] == 0 and sent["players"] == 2
    assert sent["legal"] == [str(a) for a in view.legal_actions()]
    assert sent["view"] == view_to_json(view) and sent["view"]["observer"] == 0
    json.dumps(sent)  # plain JSON all through


@pytest.mark.parametrize("game_id", registry.ids())
def test_only_a_view_becomes_json(game_id):
    state = registry.get(game_id).new(registry.get(game_id).min_players, 5)
    with pytest.raises(ValueError, match="only a view"):
        view_to_json(state)
    data = view_to_json(state.view(0))
    assert json.loads(json.dumps(data)) == data


def test_a_program_that_crashes_is_replaced_for_the_move_and_reported():
    state, view = first_view()
    bot = exec_bot("crash")
    action = bot.choose(view)
    assert action in state.legal_actions()
    assert len(bot.problems) == 1
    assert "exited with code 3" in bot.problems[0] and "out of cheese" in bot.problems[0]
    assert "greedy played" in bot.problems[0]


def test_a_program_that_hangs_is_stopped_at_the_time_limit_with_its_children():
    state, view = first_view()
    bot = exec_bot("answer_then_hang", "0.3s:")
    try:
        assert bot.choose(view) in state.legal_actions()  # the first move is its own
        assert bot.problems == []
        program = bot.pid
        assert program is not None
        child = int(bot.last_words().split()[-1])  # it started a process and said which
        watch = [os.pidfd_open(pid) for pid in (program, child)]
        bot.choose(view)  # this time it never answers
        assert len(bot.problems) == 1 and "no answer within 0.3s" in bot.problems[0]
        assert bot.pid is None
        # Both ended: a pidfd becomes readable when its process is gone.
        for fd in watch:
            ready, _, _ = select.select([fd], [], [], 10)
            assert ready == [fd]
            os.close(fd)
        assert not Path(f"/proc/{program}").exists()  # waited for: no zombie left
    finally:
        bot.close()


@pytest.mark.parametrize("script, words", [
    ("nonsense", "not a JSON reply"),
    ("no_action", 'not an object with an "action" text'),
])
def test_a_program_that_talks_nonsense_is_stopped_and_replaced(script, words):
    state, view = first_view()
    bot = exec_bot(script)
    assert bot.choose(view) in state.legal_actions()
    assert len(bot.problems) == 1 and words in bot.problems[0]
    assert bot.pid is None  # stopped: it cannot be trusted to be in step


def test_an_illegal_answer_is_replaced_and_the_program_kept():
    state, view = first_view()
    bot = exec_bot("illegal")
    try:
        assert bot.choose(view) in state.legal_actions()
        assert len(bot.problems) == 1 and "not legal here" in bot.problems[0]
        still = bot.pid
        assert still is not None
        assert bot.choose(view) == view.legal_actions()[0]  # its second answer is legal
        assert bot.pid == still and len(bot.problems) == 1
    finally:
        bot.close()


def test_a_program_failing_every_move_is_given_up_and_the_game_ends():
    result = play_match("jowhari", [kind("crash", "1s:"), "greedy"], seed=2)
    assert result.final.is_over
    problems = result.problems[0]
    assert len(problems) == result.decisions[0]  # the fallback played every move
    given_up = [p for p in problems if "not started again" in p]
    assert len(given_up) == result.decisions[0] - GIVE_UP


def test_one_program_serves_a_whole_game():
    bot = exec_bot("first_legal")
    try:
        result = play_match("jowhari", [bot, "random"], seed=4)
        assert result.problems[0] == ()
        assert bot.last_words() == f"request {result.decisions[0]}"
    finally:
        bot.close()
    assert bot.pid is None


def test_the_arena_reports_fallbacks_and_its_file_keeps_them(tmp_path):
    results = tmp_path / "run.jsonl"
    result = run_arena(ArenaOptions("jowhari", (kind("nonsense"), "random"), games=2),
                       workers=1, results=results)
    assert result.fallbacks[0] == result.decisions[0] > 0 and result.fallbacks[1] == 0
    data = result.to_json()
    assert data["fallbacks"] == list(result.fallbacks)
    assert data["problems"] and "not a JSON reply" in data["problems"][0]
    lines = [json.loads(line) for line in results.read_text().splitlines()[1:]]
    played = [game_from_json(line) for line in lines]
    assert sum(sum(p.fallbacks) for p in played) == result.fallbacks[0]

    from rich.console import Console

    from gemtable.tui.commands.arena import results_table

    console = Console(record=True, width=200)
    console.print(results_table(result, 0))
    shown = " ".join(console.export_text().split())  # the caption wraps at the table's width
    assert "exec nonsense.py" in shown  # the row names the program by its file
    assert (f"{kind('nonsense')}: the fallback bot played {result.fallbacks[0]} of its "
            f"{result.decisions[0]} moves") in shown


def test_kinds_that_name_no_program_are_refused():
    with pytest.raises(BotKindError, match="names no program"):
        make_bot("exec:", game_id="jowhari", seed=0)
    with pytest.raises(BotKindError, match="no program"):
        make_bot("exec:/no/such/program --fast", game_id="jowhari", seed=0)
    with pytest.raises(BotKindError, match="cannot read the command"):
        make_bot('exec:python "unclosed', game_id="jowhari", seed=0)


def test_a_time_limit_may_lead_the_command():
    parsed = parse_exec_kind(f"exec:0.25s:{sys.executable} -u bot.py")
    assert parsed.limit == 0.25 and parsed.argv == (sys.executable, "-u", "bot.py")
    assert parse_exec_kind(f"exec:{sys.executable} a@b.py").argv[1] == "a@b.py"


def test_at_a_table_the_fallback_moves_and_the_log_line_says_why(tmp_path):
    from gemtable.tui.table import Table

    table = Table.create("jowhari", [kind("crash"), "greedy"], seed=6,
                         log=tmp_path / "game.jsonl")
    try:
        table.start()
        assert table.wait_for(lambda t: t.step >= 3, 30.0)
        first = table.history[0]
        assert first.mover == 0
        assert "exited with code 3" in first.told and "greedy played" in first.told
        assert "exited" not in table.history[1].told  # greedy's own move: no note
    finally:
        table.close()


def test_the_docs_hold_every_games_view_schema_as_generated(shipped_games):
    from gemtable.engine.viewjson import all_schemas_markdown

    text = (ROOT / "docs" / "bots.md").read_text()
    start = text.index("-->\n", text.index("<!-- view schemas")) + len("-->\n")
    held = text[start:text.index("<!-- end of view schemas -->")]
    assert held == all_schemas_markdown(), (
        "docs/bots.md's view schemas are out of date: paste the output of "
        "`python -m gemtable.engine.viewjson` between its markers")


def test_the_docs_show_the_example_bot_as_it_is():
    assert EXAMPLE.read_text() in (ROOT / "docs" / "bots.md").read_text()
    assert len(EXAMPLE.read_text().splitlines()) <= 25


def test_at_a_table_one_program_serves_the_seat_all_game_and_is_stopped_at_the_end(tmp_path):
    from gemtable.tui.table import Table

    starts = tmp_path / "starts.txt"
    table = Table.create("jowhari", [f"{kind('count_starts')} {starts}", "greedy"], seed=6,
                         log=tmp_path / "game.jsonl")
    try:
        table.start()
        assert table.wait_for(lambda t: t.result is not None, 60.0)
        assert sum(1 for entry in table.history if entry.mover == 0) > 10
        lines = starts.read_text().splitlines()
        assert len(lines) == 1  # once a game, not once a move
    finally:
        table.close()
    assert not Path(f"/proc/{lines[0].split()[1]}").exists()  # stopped and waited for


def test_labels_name_a_program_by_its_file():
    from gemtable.tui.table.messages import seat_label

    kinds = ("exec:2s:python /srv/bots/my_bot.py --depth 3", "exec:./solver", "greedy")
    assert [seat_label(seat, kinds) for seat in range(3)] == [
        "Seat 1 (exec my_bot.py)", "Seat 2 (exec solver)", "Seat 3 (greedy)"]


def test_the_command_line_seats_a_program_in_a_tournament_and_refuses_a_missing_one(
        capsys, tmp_path):
    from gemtable.tui.cli import main

    pool = f"{kind(EXAMPLE)},random"
    assert main(["tournament", "jowhari", "--pool", pool, "--games", "2", "--workers", "1",
                 "--results", str(tmp_path / "run.jsonl"), "--json", "-"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {s["kind"] for s in data["standings"]} == {kind(EXAMPLE), "random"}
    assert "fallbacks" not in data  # the example never failed
    with pytest.raises(SystemExit):
        main(["arena", "jowhari", "--seat", "exec:/no/such/bot", "--seat", "greedy",
              "--games", "1"])
    assert "no program '/no/such/bot'" in capsys.readouterr().err
