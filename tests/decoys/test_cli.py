"""`ocwtool annotate decoys FILE...`: what it prints, what it stores, and how it refuses bad input."""

from __future__ import annotations

import json
from pathlib import Path

from ocwtool.stores.annotations import latest, read_records
from tests.annotations.conftest import run_cli
from tests.decoys.conftest import (
    NYT,
    RYE_WITH_BLUES,
    SWAP,
    answer_with,
    ctd_answers,
    sheet,
    todd_record,
    transcripts,
)


def _files(tmp_path: Path) -> tuple[Path, Path]:
    answers = tmp_path / "gpt4o.json"
    answers.write_text(ctd_answers(answer_with(RYE_WITH_BLUES)))
    games = tmp_path / "games.jsonl"
    games.write_text(
        transcripts([("alice", [RYE_WITH_BLUES, ["NAVY", "TEAL", "AZURE", "LIME"]]), ("bob", [SWAP])])
    )
    return answers, games


def test_mines_reports_and_stores_then_a_second_run_changes_nothing(workspace: Path, tmp_path: Path) -> None:
    answers, games = _files(tmp_path)
    first = run_cli(workspace, "annotate", "decoys", str(answers), str(games))
    assert (first.exit_code, first.stderr) == (0, "")
    assert first.stdout == (
        "Read gpt4o.json (connecting-the-dots groups without credit): 1 play, 1 player\n"
        "Read games.jsonl (transcripts): 2 plays, 2 players\n"
        "1 puzzle played by 3 players; decoy clues (pulled toward another group): 2 (12.5 % of 16 clues), "
        "by 2+ players 1 (6.2 %); swaps 1; false groups 0\n"
        "Not mined: word_not_on_wall 1\n"
        "annotations/play-decoys.jsonl: 1 record added, 0 puzzles unchanged\n"
    )
    store = workspace / "annotations" / "play-decoys.jsonl"
    rec = latest(read_records(store))[NYT.id]
    assert [(w.clue, w.fits_group, w.score) for w in rec.red_herring_words] == [
        ("COBALT", NYT.groups[1].id, 1 / 3),  # gpt4o's answer put COBALT with three breads
        ("RYE", NYT.groups[0].id, 2 / 3),  # gpt4o and alice
    ]
    before = store.read_bytes()
    again = run_cli(workspace, "annotate", "decoys", str(games), str(answers))
    assert again.exit_code == 0
    assert again.stdout.endswith("annotations/play-decoys.jsonl: 0 records added, 1 puzzle unchanged\n")
    assert store.read_bytes() == before


def test_adding_a_file_adds_its_players_under_another_annotator(workspace: Path, tmp_path: Path) -> None:
    answers, _ = _files(tmp_path)
    assert run_cli(workspace, "annotate", "decoys", "--annotator", "ctd-decoys", str(answers)).exit_code == 0
    humans = tmp_path / "expert.csv"
    humans.write_text(sheet([("AB", answer_with(RYE_WITH_BLUES)), ("CD", answer_with())]))
    result = run_cli(workspace, "annotate", "decoys", "--annotator", "ctd-decoys", str(humans))
    assert result.exit_code == 0
    assert "1 puzzle played by 3 players" in result.stdout
    rec = latest(read_records(workspace / "annotations" / "ctd-decoys.jsonl"))[NYT.id]
    rye = next(w for w in rec.red_herring_words if w.clue == "RYE")
    assert (rye.score, rye.evidence and [f.players for f in rye.evidence.sources]) == (
        2 / 3,
        [("expert:AB",), ("gpt4o",)],
    )
    assert not (workspace / "annotations" / "play-decoys.jsonl").exists()


def test_json_output(workspace: Path, tmp_path: Path) -> None:
    answers, _ = _files(tmp_path)
    result = run_cli(workspace, "annotate", "decoys", "--json", str(answers))
    doc = json.loads(result.stdout)
    assert doc["summary"]["decoy_clues"] == 2 and doc["summary"]["clues"] == 16
    assert (doc["added"], doc["unchanged"], doc["not_mined"]) == (1, 0, {})


def test_bad_input_is_one_line_naming_the_file_and_record(workspace: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad_results.json"
    bad.write_text(json.dumps([todd_record([]), {"puzzle_data": {}, "guesses": []}]))
    result = run_cli(workspace, "annotate", "decoys", str(bad))
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"Error: {bad} record 1: missing integer 'puzzle_id'\n"
    lines = tmp_path / "bad.jsonl"
    lines.write_text(transcripts([("a", [SWAP])]) + '{"wall_id": "x", "rules": "nyt", "turns": 3}\n')
    result = run_cli(workspace, "annotate", "decoys", str(lines))
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: {lines}:2: not an ocwtool transcript (turns: Input should be a valid array); "
        "see docs/play.md for the format\n"
    )
    assert not (workspace / "annotations" / "play-decoys.jsonl").exists()


def test_a_bad_annotator_name_is_refused(workspace: Path, tmp_path: Path) -> None:
    answers, _ = _files(tmp_path)
    result = run_cli(workspace, "annotate", "decoys", "--annotator", "Bad Name", str(answers))
    assert result.exit_code == 1
    assert result.stderr == (
        "Error: annotator name 'Bad Name' is not allowed: use lower-case letters, digits, '_', '.' or '-' "
        "(starting with a letter or digit, at most 64 characters)\n"
    )


def test_a_reserved_annotator_name_is_refused(workspace: Path, tmp_path: Path) -> None:
    """``adjudicated``, ``suggest`` and ``adjudicated-herrings`` name ocwtool's own stores: mined decoys
    stored under them would be read as adjudicated labels or as the suggester's."""
    answers, _ = _files(tmp_path)
    for name in ("adjudicated", "suggest", "adjudicated-herrings"):
        result = run_cli(workspace, "annotate", "decoys", "--annotator", name, str(answers))
        assert (result.exit_code, result.stderr) == (
            1,
            f"Error: annotator name {name!r} is reserved for ocwtool; choose another name\n",
        )
    assert sorted(p.name for p in (workspace / "annotations").glob("*")) == []


def test_help_names_the_files_read_with_examples(workspace: Path) -> None:
    result = run_cli(workspace, "annotate", "decoys", "--help")
    assert result.exit_code == 0
    assert (
        "Examples:\n    ocwtool annotate decoys gpt4o.json claude3.5sonnet.json expert.csv" in result.stdout
    )
    assert "--annotator TEXT" in result.stdout and "[default: play-decoys]" in result.stdout


def test_the_same_content_twice_is_read_once(workspace: Path, tmp_path: Path) -> None:
    answers, _ = _files(tmp_path)
    copy = tmp_path / "copy.json"
    copy.write_bytes(answers.read_bytes())
    result = run_cli(workspace, "annotate", "decoys", str(answers), str(copy))
    assert result.exit_code == 0
    assert f"Skipped {copy}: the same content as a file read before\n" in result.stdout
    assert "1 puzzle played by 1 player;" in result.stdout


def test_a_workspace_without_puzzles_is_refused(tmp_path: Path) -> None:
    answers, _ = _files(tmp_path)
    empty = tmp_path / "empty"
    empty.mkdir()
    result = run_cli(empty, "annotate", "decoys", str(answers), "--source", "nyt")
    assert result.exit_code == 1
    assert (
        result.stderr
        == f"Error: no puzzles in {empty}/puzzles; import some first: ocwtool import FILE --format ocw\n"
    )
