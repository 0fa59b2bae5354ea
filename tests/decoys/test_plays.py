"""Every file of play ocwtool reads, as plays: players named, puzzles matched as `eval` matches them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ocwtool.annotations.decoys.mine import Play
from ocwtool.evaluation.plays import Puzzles, read_plays
from ocwtool.fsio import sha256_file
from tests.decoys.conftest import (
    BREAD,
    NYT,
    RYE_WITH_BLUES,
    SWAP,
    WALL,
    answer_with,
    ctd_answers,
    oneshot_transcript,
    predictions,
    puzzles,
    sheet,
    todd_record,
    transcripts,
)

PUZZLES = Puzzles(puzzles(), {"flagged-1": ["picture"]})


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _summary(plays: list[Play]) -> list[tuple[str, str, int]]:
    return [(p.wall_id, p.player, len(p.groups)) for p in plays]


def test_ocwtool_transcripts_matched_by_wall_id(tmp_path: Path) -> None:
    text = transcripts([("alice", [RYE_WITH_BLUES, SWAP]), ("bob", [list(NYT.groups[0].clues)])])
    text += transcripts([("carol", [SWAP])], wall_id="flagged-1") + transcripts([("dan", [SWAP])], "nope")
    path = _write(tmp_path, "games.jsonl", text)
    read = read_plays(path, PUZZLES)
    assert read.kind == "transcripts" and read.source.sha256 == sha256_file(path)
    assert _summary(read.plays) == [(NYT.id, "alice", 2), (NYT.id, "bob", 1)]
    assert read.plays[0].groups[0] == tuple(RYE_WITH_BLUES)
    assert dict(read.skipped) == {"flagged_puzzle": 1, "unknown_puzzle": 1}


def test_a_oneshot_transcript_tries_its_answer_and_a_board_must_match_the_puzzle(tmp_path: Path) -> None:
    path = _write(tmp_path, "run/transcripts.jsonl", oneshot_transcript("gpt", answer_with(RYE_WITH_BLUES)))
    read = read_plays(path, PUZZLES)
    assert _summary(read.plays) == [(NYT.id, "gpt", 4)]
    other = json.loads(oneshot_transcript("gpt", answer_with()))
    other["board"]["groups"][0][0] = "LIME"  # the board it carries is not the stored puzzle
    read = read_plays(_write(tmp_path, "other.jsonl", json.dumps(other) + "\n"), PUZZLES)
    assert read.plays == [] and dict(read.skipped) == {"board_differs": 1}


def test_todd_results_logs_read_as_transcripts(tmp_path: Path) -> None:
    records = [todd_record([RYE_WITH_BLUES, list(NYT.groups[1].clues)], num_invalid=1), todd_record([])]
    read = read_plays(_write(tmp_path, "Iterative_results.json", json.dumps(records)), PUZZLES)
    assert _summary(read.plays) == [(NYT.id, "IterativeGPTSolver/own-model/cot-False", 2)]
    assert dict(read.skipped) == {"move_without_a_guess": 1, "game_without_moves": 1}


def test_ocw_predictions_and_llm_run_epochs_are_one_player_per_file_or_run(tmp_path: Path) -> None:
    doc = json.loads(predictions(answer_with(RYE_WITH_BLUES)))
    doc += [{"wall_id": "nope", "predicted_groups": answer_with()}]
    doc += [{"wall_id": WALL.id, "predicted_groups": [list(g.clues) for g in WALL.groups[:3]] + [["Crowd"]]}]
    read = read_plays(_write(tmp_path, "gpt4-seed1.json", json.dumps(doc)), PUZZLES)
    assert _summary(read.plays) == [(NYT.id, "gpt4-seed1", 4), (WALL.id, "gpt4-seed1", 4)]
    assert dict(read.skipped) == {"unknown_puzzle": 1} and dict(read.read) == {"wrong_size_groups": 1}
    epoch = _write(
        tmp_path, "openai_gpt-4o-nyt/predictions-epoch-2.jsonl", predictions(answer_with()).strip("[]")
    )
    assert _summary(read_plays(epoch, PUZZLES).plays) == [(NYT.id, "openai_gpt-4o-nyt", 4)]


def test_connecting_the_dots_answers_matched_by_clue_set(tmp_path: Path) -> None:
    text = ctd_answers([RYE_WITH_BLUES, ["COBALT", "NAAN", "PITA"], *answer_with()[2:]])
    read = read_plays(_write(tmp_path, "gpt4o.json", text), PUZZLES)
    assert _summary(read.plays) == [(NYT.id, "gpt4o", 4)]
    assert read.plays[0].groups[1] == ("", "", "", "")  # the group of 3: read, never credited
    assert dict(read.read) == {"group_of_3": 1}


def test_human_sheets_are_one_player_per_name(tmp_path: Path) -> None:
    rows = [
        ("AB", answer_with(RYE_WITH_BLUES)),
        ("CD", [BREAD, *answer_with(BREAD)[1:]]),
        ("EF", [["ZIP", "ZAP", "ZOP", "ZUP"]] * 4),
    ]
    read = read_plays(_write(tmp_path, "expert.csv", sheet(rows)), PUZZLES)
    assert _summary(read.plays) == [(NYT.id, "expert:AB", 4), (NYT.id, "expert:CD", 4)]
    assert dict(read.skipped) == {"unknown_puzzle": 1}


def test_a_folder_is_refused_with_what_to_give_instead(tmp_path: Path) -> None:
    with pytest.raises(Exception, match=r"a folder; give its files \(an `ocwtool llm run` folder"):
        read_plays(tmp_path, PUZZLES)


def test_plays_of_puzzles_left_out_are_counted_as_flagged_not_unknown(tmp_path: Path) -> None:
    flagged = Puzzles({NYT.id: NYT}, {WALL.id: ["picture"]}, {WALL.id: WALL.clues})
    groups = [list(g.clues) for g in WALL.groups]
    answers = _write(tmp_path, "m.json", ctd_answers(groups, list(WALL.clues)))
    assert dict(read_plays(answers, flagged).skipped) == {"flagged_puzzle": 1}
    ocw = _write(tmp_path, "p.json", predictions(groups, wall_id=WALL.id))
    assert dict(read_plays(ocw, flagged).skipped) == {"flagged_puzzle": 1}
    games = _write(tmp_path, "g.jsonl", transcripts([("a", groups[:1])], wall_id=WALL.id))
    assert dict(read_plays(games, flagged).skipped) == {"flagged_puzzle": 1}
