"""Todd et al.-shaped puzzles and logs (written by hand) read and replay; recorded outcomes come out again."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ocwtool.cli.app import cli
from ocwtool.errors import EvaluationError, InputError
from ocwtool.evaluation.game import (
    Board,
    BoardRecord,
    Transcript,
    Turn,
    dump_transcripts,
    get_rules,
    read_transcripts,
)
from ocwtool.evaluation.game.replay import BoardStore, agreement, load_transcripts, replay, replay_all
from ocwtool.evaluation.game.score import evaluate_transcripts, render_games
from ocwtool.evaluation.game.todd import read_puzzles, read_results, wall_id
from tests.conftest import run_ocwtool
from tests.game.conftest import todd_answers, todd_result

FISH = ["TROUT", "PERCH", "PIKE", "ROACH"]
TREES = ["OAK", "ASH", "ELM", "YEW"]
KITCHEN = ["TEAPOT", "KETTLE", "TOASTER", "OVEN"]
WRONG = ["KETTLE", "MARS", "OVEN", "VENUS"]


def _write(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text(json.dumps(records), encoding="utf-8")
    return path


def test_puzzle_file_reads_with_nyt_ids_and_levels(tmp_path: Path) -> None:
    path = _write(tmp_path / "puzzle_data.json", [{"id": 1, "answers": todd_answers()[::-1]}])
    [board] = read_puzzles(path)
    assert (board.wall_id, board.levels, board.groups[0][0]) == ("nyt-2023-06-12", [3, 2, 1, 0], "MARS")
    assert wall_id(250) == "nyt-2024-02-16"
    bad = _write(tmp_path / "bad.json", [{"id": 2, "answers": [{"words": [], "color": "#000000"}] * 4}])
    with pytest.raises(InputError, match=r"bad.json record 0: answer without a known colour"):
        read_puzzles(bad)


def test_results_replay_reproduces_recorded_outcomes(tmp_path: Path) -> None:
    records = [
        todd_result([FISH, WRONG, WRONG, TREES, KITCHEN], won=True, solved=[True] * 4, invalid=2),
        todd_result([WRONG, FISH, WRONG, WRONG, WRONG, WRONG], won=False, solved=[True, False, False, False]),
        todd_result([FISH, WRONG], won=False, solved=[True, False, False, False], invalid=5),
    ]
    records[1]["puzzle_data"] = todd_answers()  # their older logs keep just the answers list
    ts = read_results(_write(tmp_path / "IterativeGPTSolver_x_results.json", records))
    assert [len(t.turns) for t in ts] == [7, 6, 7] and ts[0].wall_id == "nyt-2023-06-14"
    assert ts[2].turns[-1].raw is not None and ts[2].turns[-2].guess == WRONG  # the limit-th invalid ends it
    replays = replay_all(ts)
    assert [r.differences for r in replays] == [(), (), ()]
    assert agreement(replays) == {"games": 3, "replayable": 3, "agreeing": 3}


def test_a_tampered_record_disagrees(tmp_path: Path) -> None:
    rec = todd_result([FISH, TREES, WRONG], won=True, solved=[True] * 4)
    [t] = read_results(_write(tmp_path / "r.json", [rec]))
    [r] = replay_all([t])
    assert set(r.differences) == {
        "solved: recorded [True, True, True, True], replay [True, True, False, False]",
        "won: recorded True, replay False",
        "unfinished: the game is not over after the last recorded move",
    }
    assert not r.agrees


def test_one_shot_and_baseline_logs_are_not_replayable(tmp_path: Path) -> None:
    one_shot = todd_result([], won=True, solved=[True] * 4) | {"solver": "OneShotGPTSolver"}
    baseline = {"puzzle_id": 3, "puzzle_data": todd_answers(), "solved_overall": True, "yellow_solved_at": 2}
    ts = read_results(_write(tmp_path / "SentenceTransformerBaseline_m_results.json", [one_shot, baseline]))
    assert [t.meta["replayable"] for t in ts] == [False, False] and ts[1].meta["solved_at"] == {"yellow": 2}
    assert agreement(replay_all(ts)) == {"games": 2, "replayable": 0, "agreeing": 0}


def test_jsonl_transcripts_round_trip_and_bad_lines(tmp_path: Path, board: Board) -> None:
    t = Transcript(
        wall_id="own-1", rules="nyt", player="me", turns=[Turn(guess=["Oak", "Ash", "Elm", "Yew"])]
    )
    path = tmp_path / "games.jsonl"
    path.write_text(dump_transcripts([t, t]), encoding="utf-8")
    assert read_transcripts(path) == load_transcripts(path) == [t, t]
    r = replay(t, board, get_rules("nyt"))
    assert r.differences == ("unfinished: the game is not over after the last recorded move",)
    path.write_text(dump_transcripts([t]) + '{"wall_id": "x", "turns": 3}\n', encoding="utf-8")
    with pytest.raises(
        InputError, match=r"games.jsonl:2: not an ocwtool transcript \(rules: Field required\)"
    ):
        read_transcripts(path)


def test_cli_replays_todd_logs_and_refuses_outcome_only_logs(tmp_path: Path) -> None:
    log = _write(
        tmp_path / "IterativeGPTSolver_m_results.json",
        [todd_result([FISH, TREES, KITCHEN], won=True, solved=[True] * 4)],
    )
    out = tmp_path / "report.json"
    result = CliRunner().invoke(
        cli, ["-w", str(tmp_path), "eval", "--transcripts", str(log), "--json-out", str(out)]
    )
    assert result.exit_code == 0, result.output
    line = result.output.splitlines()[1]
    player, rules, *figures = line.split()
    assert (player, rules) == ("IterativeGPTSolver/own-model/cot-False", "missed-connections")
    assert figures == ["1", "1/1", "1.000", "4.00", "10.00", "0.00", "0.00", "0"]
    assert json.loads(out.read_text())["runs"][0]["agreeing"] == 1
    args = ["-w", str(tmp_path), "eval", "--transcripts", str(log), "--json-out", str(out)]
    result = CliRunner().invoke(cli, [*args, "--rules", "nyt"])
    assert result.exit_code == 0 and " nyt " in result.output and "0/1" in result.output  # a what-if
    assert result.output.splitlines()[1].split()[-1] == "1"  # their game stopped at 3 groups: unfinished
    assert "1 game(s) unfinished: the recorded moves end before the game does" in result.output
    one_shot = todd_result([], won=True, solved=[True] * 4) | {"solver": "OneShotGPTSolver"}
    empty = _write(tmp_path / "OneShot_results.json", [one_shot])
    proc = run_ocwtool("-w", str(tmp_path), "eval", "--transcripts", str(empty))
    assert (proc.returncode, proc.stderr) == (
        1,
        f"Error: no game in {empty} holds moves to replay (1 game(s) read; one-shot and baseline logs "
        "record outcomes only)\n",
    )


def _cli(tmp_path: Path, *args: str) -> Any:
    out = str(tmp_path / "report.json")
    return CliRunner().invoke(cli, ["-w", str(tmp_path), "eval", *args, "--json-out", out])


def _oneshot(board: Board, answer: list[list[str]]) -> Transcript:
    record = BoardRecord.from_board(board)
    return Transcript(
        wall_id=board.wall_id, rules="oneshot", player="me", board=record, turns=[Turn(answer=answer)]
    )


def test_guesses_and_full_answers_do_not_convert(tmp_path: Path, board: Board) -> None:
    log = _write(
        tmp_path / "Iter_results.json", [todd_result([FISH, TREES, KITCHEN], won=True, solved=[True] * 4)]
    )
    proc = run_ocwtool("-w", str(tmp_path), "eval", "--transcripts", str(log), "--rules", "oneshot")
    assert (proc.returncode, proc.stderr) == (
        1,
        f"Error: {log} record 0: an interactive game (missed-connections rules) cannot be replayed under "
        "oneshot rules (its guesses are not full answers); drop --rules oneshot or choose nyt, "
        "missed-connections or only-connect\n",
    )
    games = tmp_path / "oneshot.jsonl"
    games.write_text(dump_transcripts([_oneshot(board, [list(g) for g in board.groups])]), encoding="utf-8")
    proc = run_ocwtool("-w", str(tmp_path), "eval", "--transcripts", str(games), "--rules", "nyt")
    assert (proc.returncode, proc.stderr) == (
        1,
        f"Error: {games}:1: a oneshot game (one full answer) cannot be replayed under nyt rules (moves one "
        "guess at a time); replay it under its own rules (drop --rules)\n",
    )


def test_oneshot_table_shows_the_quarter_score(tmp_path: Path, board: Board) -> None:
    half = [list(board.groups[0]), list(board.groups[1]), ["Tea-pot", "Kettle", "Mars", "Venus"], []]
    games = tmp_path / "oneshot.jsonl"
    games.write_text(dump_transcripts([_oneshot(board, half)]), encoding="utf-8")
    head, row, note = _cli(tmp_path, "--transcripts", str(games)).output.splitlines()[:3]
    assert head.split() == [
        "player", "rules", "games", "agree", "win", "groups", "score", "weighted", "mistakes", "invalid",
        "unfinished",
    ]  # fmt: skip
    assert row.split()[1:] == ["oneshot", "1", "1/1", "0.000", "2.00", "0.50", "3.00", "0.00", "1.00", "0"]
    assert note == "score: 1/4 per group found (lechmazur/nyt-connections), the oneshot rules' score"


def test_errors_name_the_file_and_line(tmp_path: Path, board: Board) -> None:
    bogus = Transcript(wall_id="own-1", rules="bogus", board=BoardRecord.from_board(board))
    bad = tmp_path / "games.jsonl"
    bad.write_text("\n" + dump_transcripts([bogus]), encoding="utf-8")
    with pytest.raises(EvaluationError, match=rf"^{bad}:2: unknown rules 'bogus'; choose one of: nyt, "):
        evaluate_transcripts([bad])
    lone = tmp_path / "lone.jsonl"
    lone.write_text(dump_transcripts([Transcript(wall_id="nope", rules="nyt")]), encoding="utf-8")
    with pytest.raises(EvaluationError) as err:
        evaluate_transcripts([lone], boards=lambda: BoardStore({"own-1": board}))
    assert str(err.value) == (
        f"{lone}:1: transcript of wall 'nope' carries no board and no puzzle has that id; "
        "choose the store with --source (and --split all)"
    )


def test_a_flagged_wall_hints_include_flagged(board: Board) -> None:
    store = BoardStore({"own-1": board}, {"pic-1": ["picture"]})
    with pytest.raises(EvaluationError) as err:
        replay_all([Transcript(wall_id="pic-1", rules="nyt")], store, where=["games.jsonl:3"])
    assert str(err.value) == (
        "games.jsonl:3: transcript of wall 'pic-1' carries no board and that puzzle is left out of "
        "scoring (picture); add --include-flagged"
    )


def test_long_player_names_stay_whole() -> None:
    run = {"rules": "nyt", "games": 1, "agreeing": 1, "replayable": 1, "connections": None}
    names = [
        "IterativeGPTSolver/gpt-3.5-turbo-1106/cot-True",
        "IterativeGPTSolver/gpt-3.5-turbo-1106/cot-False",
    ]
    table = render_games({"runs": [run | {"player": n} for n in names]})
    assert [line.split()[0] for line in table.splitlines()[1:]] == names
    short = render_games({"runs": [run | {"player": "me"}]}).splitlines()
    assert short[0].index("rules") == 40  # the usual width when names are short
