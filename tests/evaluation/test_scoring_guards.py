"""Scoring that cannot silently mislead: predictions checked against the walls, files made for other
walls refused, nothing scored is an error, answered / common walls, one report per store."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from ocwtool.cli.app import cli
from ocwtool.errors import OcwError
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.schema.models import Split
from ocwtool.stores.puzzles import write_puzzles
from tests.conftest import make_nyt
from tests.evaluation.conftest import as_records, write_json


def _run(workspace: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["-w", str(workspace), "eval", "--bootstrap", "0", *args])
    error = result.exception  # ocwtool.cli.main prints an OcwError as one line "Error: ..."
    if isinstance(error, OcwError):
        return 1, result.output + f"Error: {error}\n"
    return result.exit_code, result.output


def _report(path: Path) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(path.read_text())
    return loaded


def test_wrong_size_groups_and_words_off_the_wall_never_earn_credit(
    workspace: Path, golds: list[GoldWall], tmp_path: Path
) -> None:
    records = as_records(golds)
    first = records[0]["predicted_groups"]
    first[0] = [*first[0], first[1][0]]  # a right group plus one word: 5 words
    first[1] = first[1][1:]  # 3 words
    records[1]["predicted_groups"][2][0] = "Banana"  # not on the wall
    out = tmp_path / "r.json"
    code, text = _run(
        workspace, "--predictions", str(write_json(tmp_path / "p.json", records)), "--json-out", str(out)
    )
    assert code == 0, text
    run = _report(out)["runs"][0]
    assert run["grouping"]["correct_groups"] == 2 + 3  # wall01: groups 3, 4; comma1: all but group 3
    assert run["issues"]["wrong_size_groups"] == 2
    assert run["issues"]["words_not_on_wall"] == 1
    assert "wrong_size_groups 2" in text and "words_not_on_wall 1" in text


def test_a_file_made_for_other_walls_is_refused(
    workspace: Path, golds: list[GoldWall], tmp_path: Path
) -> None:
    swapped = as_records(golds)
    swapped[0]["wall_id"], swapped[1]["wall_id"] = golds[1].wall_id, golds[0].wall_id
    path = write_json(tmp_path / "original_walls.json", swapped)
    code, text = _run(workspace, "--predictions", str(path))
    assert code == 1
    assert f"Error: {path}: 32 of 32 predicted words are not on the walls they name" in text
    assert "OCW-Randomized keeps the original wall ids" in text


def test_nothing_scored_exits_non_zero(workspace: Path, tmp_path: Path) -> None:
    other = [{"wall_id": "elsewhere", "predicted_groups": [["a", "b", "c", "d"]] * 4}]
    path = write_json(tmp_path / "other.json", other)
    code, text = _run(workspace, "--predictions", str(path), "--allow-missing")
    assert code == 1
    assert f"Error: nothing to score: {path} answers none of the 2 evaluated puzzles" in text
    assert "1 prediction(s) name walls not evaluated" in text


def test_only_answered_scores_just_those_walls(
    workspace: Path, golds: list[GoldWall], tmp_path: Path
) -> None:
    path = write_json(tmp_path / "half.json", as_records(golds[:1]))
    out = tmp_path / "r.json"
    code, text = _run(workspace, "--predictions", str(path), "--only-answered", "--json-out", str(out))
    assert code == 0, text
    assert "scored the 1 of 2 walls answered by every run (--only-answered)" in text
    report = _report(out)
    assert report["summary"]["grouping"]["n_walls"]["mean"] == 1
    assert report["inputs"]["answered"] == {"scored": 1, "of": 2}


def test_compare_scores_the_walls_common_to_all_runs(
    workspace: Path, golds: list[GoldWall], tmp_path: Path
) -> None:
    a = write_json(tmp_path / "a.json", as_records(golds))
    b = write_json(tmp_path / "b.json", as_records(golds[1:]))
    out = tmp_path / "r.json"
    code, text = _run(workspace, "--predictions", str(a), "--compare", str(b), "--json-out", str(out))
    assert code == 0, text
    assert "compared on the 1 of 2 walls answered by every run" in text
    report = _report(out)
    assert report["comparison"]["walls"] == {"common": 1, "of": 2}
    assert report["summary"]["grouping"]["n_walls"]["mean"] == 1


def test_each_store_is_reported_on_its_own(workspace: Path) -> None:
    write_puzzles(workspace / "puzzles" / "nyt.jsonl", [make_nyt().model_copy(update={"split": Split.TEST})])
    code, text = _run(workspace, "--baseline", "random", "--seeds", "2")
    assert code == 0, text
    assert "== nyt: 1 puzzle(s) ==" in text and "== ocw: 2 puzzle(s) ==" in text
    assert _report(workspace / "runs" / "eval-random-nyt-test.json")["inputs"]["puzzles"] == 1
    assert _report(workspace / "runs" / "eval-random-ocw-test.json")["inputs"]["puzzles"] == 2
    assert not (workspace / "runs" / "eval-random-test.json").exists()


def test_flagged_walls_count_the_same_for_structured_and_text_answers(tmp_path: Path) -> None:
    from ocwtool.schema.models import Flag

    good = make_nyt().model_copy(update={"split": Split.TEST})
    flagged = make_nyt(__import__("datetime").date(2024, 1, 3))
    flagged = flagged.model_copy(update={"flags": (Flag.PICTURE,), "split": Split.TEST})
    write_puzzles(tmp_path / "puzzles" / "nyt.jsonl", [good, flagged])
    rows = [{"wall_id": p.id, "predicted_groups": [list(g.clues) for g in p.groups]} for p in (good, flagged)]
    text_rows = [
        {"wall_id": p.id, "text": "\n".join(", ".join(g.clues) for g in p.groups)} for p in (good, flagged)
    ]
    for name, recs in (("structured", rows), ("text", text_rows)):
        out = tmp_path / f"{name}.json"
        path = write_json(tmp_path / f"{name}_p.json", recs)
        code, text = _run(tmp_path, "--predictions", str(path), "--json-out", str(out))
        assert code == 0, text
        run = _report(out)["runs"][0]
        assert run["issues"]["flagged_walls"] == 1, name
        assert run["grouping"]["solved_walls"] == 1, name
