"""``ocwtool eval`` end to end, and the shipped ``evaluate.py`` printing the same numbers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from ocwtool.cli.app import cli
from ocwtool.evaluation import scorer
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.schema.models import Puzzle, Split
from ocwtool.stores.puzzles import write_puzzles
from tests.evaluation.conftest import as_records, ocw_document, ship_scorer, write_json


def _swap(g: GoldWall) -> list[list[str]]:
    a, b, c, d = (list(x) for x in g.groups)
    a[3], b[3] = b[3], a[3]
    return [b, a, c, d]


def _run(workspace: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["-w", str(workspace), "eval", *args])
    return result.exit_code, result.output


def test_eval_predictions_on_workspace(workspace: Path, golds: list[GoldWall], tmp_path: Path) -> None:
    preds = write_json(tmp_path / "p.json", as_records(golds))
    out = tmp_path / "r.json"
    code, text = _run(workspace, "--predictions", str(preds), "--json-out", str(out))
    assert code == 0, text
    assert f"\n  {'solved_walls':<26}{'2':>12}{'0.0000':>12}\n" in text
    report = json.loads(out.read_text())
    assert report["summary"]["grouping"]["AMI"] == {"mean": 1.0, "std": 0.0}
    assert report["summary"]["connections"]["exact_match"]["mean"] == 1.0


def test_eval_baseline_writes_default_report(workspace: Path) -> None:
    code, text = _run(workspace, "--baseline", "random", "--seeds", "3", "--breakdown")
    assert code == 0, text
    assert text.startswith("3 run(s), faithful mode")
    assert "groups found by season" in text
    report = json.loads((workspace / "runs" / "eval-random-test.json").read_text())
    assert report["n_runs"] == 3 and report["inputs"]["baseline"] == "random"
    assert report["runs"][0]["walls"] == []  # per-wall rows of many seeds only with --per-wall
    code, _ = _run(workspace, "--baseline", "random", "--seeds", "2", "--source", "ocw")
    assert code == 0 and (workspace / "runs" / "eval-random-ocw-test.json").is_file()


def test_shipped_evaluate_py_prints_the_same_numbers(
    workspace: Path, golds: list[GoldWall], tmp_path: Path
) -> None:
    gold = write_json(tmp_path / "test.json", ocw_document(golds))
    p1 = write_json(tmp_path / "p1.json", as_records(golds, groups_of=_swap))
    p2 = write_json(
        tmp_path / "p2.json", as_records(golds, connections_of=lambda g: ["x", *g.connections[1:]])
    )
    (tmp_path / "release").mkdir()
    shipped = ship_scorer(tmp_path / "release")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    args = ["--predictions", str(p1), str(p2), "--json-out"]
    proc = subprocess.run(
        [sys.executable, str(shipped), "--gold", str(gold), *args, str(tmp_path / "a.json")],
        capture_output=True,
        text=True,
        env=env,
        cwd=shipped.parent,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    code, text = _run(
        workspace,
        *(
            "--predictions",
            str(p1),
            "--predictions",
            str(p2),
            "--per-wall",
            "--json-out",
            str(tmp_path / "b.json"),
        ),
    )
    assert code == 0, text
    assert text.startswith(proc.stdout.rstrip("\n"))
    a, b = (json.loads((tmp_path / n).read_text()) for n in ("a.json", "b.json"))
    assert a["summary"] == b["summary"]
    assert a["summary"]["grouping"]["WD"]["mean"] == 0.375 / 2  # run 1: 0.375 on both walls; run 2: 0
    assert [r["walls"] for r in a["runs"]] == [r["walls"] for r in b["runs"]]


def test_shipped_evaluate_py_help_and_errors(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, str(ship_scorer(tmp_path)), "--help"], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0 and "--predictions" in proc.stdout and "Examples:" in proc.stdout
    missing = tmp_path / "nope.json"
    assert scorer.main(["--gold", str(missing), "--predictions", str(missing)]) == 1


def test_eval_from_release_ocw_json(golds: list[GoldWall], tmp_path: Path) -> None:
    release = tmp_path / "rel"
    (release / "ocw").mkdir(parents=True)
    write_json(release / "ocw" / "test.json", ocw_document(golds))
    preds = write_json(tmp_path / "p.json", as_records(golds))
    code, text = _run(tmp_path, "--release", str(release), "--predictions", str(preds), "--corrected")
    assert code == 0, text
    assert text.startswith("1 run(s), corrected mode")


def test_eval_errors_are_one_line(workspace: Path, tmp_path: Path) -> None:
    from ocwtool.cli import main

    def run(*args: str) -> tuple[int, str]:
        proc = subprocess.run(
            [sys.executable, "-m", "ocwtool", "-w", str(workspace), "eval", *args],
            capture_output=True,
            text=True,
            env=dict(os.environ),
            check=False,
        )
        return proc.returncode, proc.stderr

    assert main is not None
    assert run("--baseline", "random", "--split", "train") == (
        1,
        f"Error: no puzzles of split 'train' in {workspace} (2 puzzles in total); "
        "import or scrape puzzles first, or choose another --split\n",
    )
    assert run() == (1, "Error: give either prediction files or a baseline, not both and not neither\n")
    missing = tmp_path / "none.json"
    assert run("--predictions", str(missing)) == (
        1,
        f"Error: {missing}: cannot read predictions (No such file or directory)\n",
    )
    partial = write_json(tmp_path / "partial.json", [{"wall_id": "wall01", "predicted_groups": None}])
    assert run("--predictions", str(partial)) == (
        1,
        f"Error: {partial}: no prediction for 1 of 2 walls (first: comma1); add them, pass --allow-missing "
        "to score them as empty, or --only-answered to score just the walls every file answers\n",
    )


def test_eval_from_release_parquet(puzzles: list, tmp_path: Path) -> None:  # type: ignore[type-arg]
    from ocwtool.formats.hf import write_parquet

    release = tmp_path / "rel"
    write_parquet(puzzles, release / "data" / "ocw" / "test-00000-of-00001.parquet")
    code, text = _run(
        tmp_path, "--release", str(release), "--source", "ocw", "--baseline", "random", "--seeds", "2"
    )
    assert code == 0, text
    report = json.loads((tmp_path / "runs" / "eval-random-ocw-test.json").read_text())
    assert report["inputs"]["puzzles"] == 2
    args = ["-w", str(tmp_path), "eval", "--release", str(release), "--source", "nyt", "--baseline", "random"]
    proc = subprocess.run(
        [sys.executable, "-m", "ocwtool", *args],
        capture_output=True,
        text=True,
        env=dict(os.environ),
        check=False,
    )
    assert (proc.returncode, proc.stderr) == (
        1,
        f"Error: {release}: no config 'nyt' under data/; known: ocw\n",
    )


def test_shipped_evaluator_reads_nyt_levels_from_group_order(nyt_gold: GoldWall, tmp_path: Path) -> None:
    gold = write_json(tmp_path / "nyt.json", ocw_document([nyt_gold]))
    g = nyt_gold.groups
    preds = write_json(
        tmp_path / "p.json", as_records([nyt_gold], groups_of=lambda _: [g[3], g[1], g[0], g[2]])
    )
    report = scorer.evaluate_files(gold, [preds], scorer.Options())
    assert report["summary"]["grouping"]["weighted_clustering_score"]["mean"] == 10.0


def test_a_folder_of_seed_files_is_a_batch(workspace: Path, golds: list[GoldWall], tmp_path: Path) -> None:
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    write_json(seeds / "s0_predictions.json", as_records(golds))
    write_json(seeds / "s1_predictions.json", as_records(golds, groups_of=_swap))
    write_json(seeds / "notes.json", [])  # ignored: not *_predictions.json
    code, text = _run(workspace, "--predictions", str(seeds), "--json-out", str(tmp_path / "r.json"))
    assert code == 0, text
    summary = json.loads((tmp_path / "r.json").read_text())["summary"]["grouping"]
    # seed 0 solves both walls (8 groups), seed 1 finds 2 per wall (4): mean 6, population std 2.
    assert summary["correct_groups"] == {"mean": 6.0, "std": 2.0}


def test_unscorable_puzzles_are_skipped_and_reported(tmp_path: Path) -> None:
    from ocwtool.schema.models import Flag, Group, Split
    from ocwtool.stores.puzzles import write_puzzles
    from tests.conftest import make_nyt

    good = make_nyt().model_copy(update={"split": Split.TEST})
    blank = make_nyt(__import__("datetime").date(2024, 1, 3))
    groups = tuple(
        Group(id=g.id, clues=("", "", "", ""), connection=g.connection, level=g.level) for g in blank.groups
    )
    blank = blank.model_copy(
        update={"clues": ("",) * 16, "groups": groups, "flags": (Flag.EMPTY_MEMBER,), "split": Split.TEST}
    )
    write_puzzles(tmp_path / "puzzles" / "nyt.jsonl", [good, blank])
    code, text = _run(tmp_path, "--baseline", "random", "--seeds", "2", "--bootstrap", "0")
    assert code == 0, text
    assert "not scored: 1 puzzle(s) nyt-2024-01-03 (empty_member); --include-flagged scores them" in text
    report = json.loads((tmp_path / "runs" / "eval-random-test.json").read_text())
    assert report["inputs"]["puzzles"] == 1 and report["inputs"]["skipped"] == {
        "nyt-2024-01-03": ["empty_member"]
    }
    code, text = _run(tmp_path, "--baseline", "random", "--seeds", "2", "--include-flagged")
    assert code == 0 and "not scored" not in text


def _run_folder(path: Path, golds: list[GoldWall], settings: dict[str, object]) -> Path:
    """An `ocwtool llm run` folder written by hand: run.json settings and one epoch of predictions."""
    path.mkdir()
    write_json(path / "run.json", {"settings": settings, "status": "success"})
    lines = [json.dumps(r) for r in as_records(golds)]
    (path / "predictions-epoch-1.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_eval_run_defaults_to_the_runs_release_source_and_split(
    puzzles: list[Puzzle], golds: list[GoldWall], tmp_path: Path
) -> None:
    workspace = tmp_path / "ws"
    train = puzzles[1].model_copy(update={"split": Split.TRAIN})
    write_puzzles(workspace / "puzzles" / "ocw.jsonl", [puzzles[0], train])
    run = _run_folder(tmp_path / "run", golds, {"release": None, "source": "ocw", "split": "all"})
    out = tmp_path / "r.json"
    result = CliRunner().invoke(
        cli, ["-w", str(workspace), "eval", "--run", str(run), "--json-out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "scoring the run's puzzles (its run.json): source ocw, split all" in result.output
    assert json.loads(out.read_text())["inputs"]["puzzles"] == 2  # split all: both walls, not just test
    explicit = ["-w", str(workspace), "eval", "--run", str(run), "--split", "test", "--json-out", str(out)]
    assert CliRunner().invoke(cli, explicit).exit_code == 0
    assert json.loads(out.read_text())["inputs"]["puzzles"] == 1  # the option given wins
    release = tmp_path / "rel"
    (release / "ocw").mkdir(parents=True)
    write_json(release / "ocw" / "test.json", ocw_document(golds[:1]))
    played = _run_folder(
        tmp_path / "played", golds[:1], {"release": str(release), "source": None, "split": "test"}
    )
    result = CliRunner().invoke(
        cli, ["-w", str(tmp_path / "none"), "eval", "--run", str(played), "--json-out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert f"(its run.json): release {release}, split test\n" in result.output
    assert json.loads(out.read_text())["inputs"]["puzzles"] == 1  # scored on the release, no workspace needed


def test_eval_run_says_when_the_run_played_another_workspace(
    puzzles: list[Puzzle], golds: list[GoldWall], tmp_path: Path
) -> None:
    here, there = tmp_path / "here", tmp_path / "there"
    write_puzzles(here / "puzzles" / "ocw.jsonl", puzzles[:1])
    settings = {"workspace": str(there), "release": None, "source": "ocw", "split": "test"}
    run = _run_folder(tmp_path / "run", golds[:1], settings)
    result = CliRunner().invoke(
        cli, ["-w", str(here), "eval", "--run", str(run), "--json-out", str(tmp_path / "o")]
    )
    assert result.exit_code == 0, result.output
    assert (
        f"note: the run played the puzzles of workspace {there}; scoring against {here.resolve()}"
        in result.output
    )
    same = {**settings, "workspace": str(here)}
    own = _run_folder(tmp_path / "own", golds[:1], same)
    result = CliRunner().invoke(
        cli, ["-w", str(here), "eval", "--run", str(own), "--json-out", str(tmp_path / "o")]
    )
    assert result.exit_code == 0 and "note: the run played" not in result.output


def test_eval_warns_when_predictions_are_the_clues_cut_into_fours(
    workspace: Path, golds: list[GoldWall], tmp_path: Path
) -> None:
    # Issue #25: a "prediction" that cuts the stored (solution-order) clues into fours solved every
    # wall and nothing said so.
    solution = [{"wall_id": g.wall_id, "predicted_groups": [list(x) for x in g.groups]} for g in golds]
    code, text = _run(workspace, "--predictions", str(write_json(tmp_path / "cut.json", solution)))
    assert code == 0, text
    assert (
        f"Warning: {tmp_path / 'cut.json'}: on 2 of 2 walls the predicted groups are the clues cut into "
        "fours in the order the puzzle stores or shows them; if they were read off a board in solution "
        "order, they are not a valid result (see 'Board order' in docs/evaluation.md)"
    ) in text
    shown = [
        {"wall_id": g.wall_id, "predicted_groups": [list(g.words[i : i + 4]) for i in (0, 4, 8, 12)]}
        for g in golds
    ]
    code, text = _run(workspace, "--predictions", str(write_json(tmp_path / "rows.json", shown)))
    assert code == 0 and "Warning: " in text and f"\n  {'solved_walls':<26}{'0':>12}" in text
    real = [{"wall_id": g.wall_id, "predicted_groups": _swap(g)} for g in golds]
    code, text = _run(workspace, "--predictions", str(write_json(tmp_path / "real.json", real)))
    assert code == 0 and "Warning" not in text


def _label(workspace: Path, wall: GoldWall, types: list[str], status: str = "labelled") -> None:
    """Alice's record of one wall: the types of its first groups (all four when finished)."""
    import datetime as dt

    from ocwtool.schema.annotations import GroupLabel, ItemRecord, KnowledgeLabel
    from ocwtool.stores.annotations import append_record

    groups = tuple(
        GroupLabel(group_id=gid, label=KnowledgeLabel.of(t))
        for gid, t in zip(wall.group_ids[: len(types)], types, strict=True)
    )
    record = ItemRecord(
        annotator="alice",
        puzzle_id=wall.wall_id,
        status=status,  # type: ignore[arg-type]
        groups=groups,
        created_at=dt.datetime(2026, 1, 2, tzinfo=dt.UTC),
        guideline_version="1.0",
    )
    append_record(workspace / "annotations", record)


def test_breakdown_leaves_out_the_labels_of_an_unfinished_wall(
    workspace: Path, golds: list[GoldWall], tmp_path: Path
) -> None:
    """Only walls whose labelling was completed count in the type breakdown; the left-out ones are named."""
    finished, unfinished = golds
    _label(workspace, finished, ["semantic", "semantic", "multiword", "linguistic"])
    _label(workspace, unfinished, ["encyclopedic", "encyclopedic"], status="in_progress")
    preds = write_json(tmp_path / "p.json", as_records(golds))
    for extra in ((), ("--annotator", "alice")):
        out = tmp_path / "r.json"
        code, text = _run(
            workspace, "--predictions", str(preds), "--breakdown", "--json-out", str(out), *extra
        )
        assert code == 0, text
        table = text.split("groups found by type", 1)[1].split("\n\n", 1)[0]
        assert table.splitlines()[1:] == [
            f"  {'linguistic':<26}{1:>12}{1.0:>12.4f}",
            f"  {'multiword':<26}{1:>12}{1.0:>12.4f}",
            f"  {'semantic':<26}{2:>12}{1.0:>12.4f}",
        ]
        assert (
            "labels left out: 1 unfinished wall (alice: comma1); finish with `ocwtool annotate label`" in text
        )
        assert json.loads(out.read_text())["inputs"]["unfinished_labels"] == {"alice": ["comma1"]}
