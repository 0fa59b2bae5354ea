"""``ocwtool eval`` with red-herring labels: the per-player block, ``--herrings`` and the JSON section."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from ocwtool.cli.app import cli
from ocwtool.evaluation.game import Transcript, Turn, dump_transcripts
from ocwtool.evaluation.gold import gold_from_puzzle
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.schema.annotations import ItemRecord, RedHerringWord, SourceFile
from ocwtool.schema.models import Split
from ocwtool.stores.annotations import append_herring_adjudication, append_record, write_records
from ocwtool.stores.puzzles import write_puzzles
from tests.conftest import make_ocw_wall
from tests.evaluation.conftest import as_records, make_comma_wall, write_json

STAMP = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def _swap(g: GoldWall) -> list[list[str]]:
    """Groups 1 and 2 swap their last clues, and group 2 is given first."""
    a, b, c, d = (list(x) for x in g.groups)
    a[3], b[3] = b[3], a[3]
    return [b, a, c, d]


def _label(
    workspace: Path, annotator: str, gold: GoldWall, decoy: str, fits: int, mined: bool = False
) -> None:
    number = gold.words.index(decoy) + 1
    word = RedHerringWord(clue=decoy, clue_number=number, fits_group=gold.group_ids[fits])
    played = (SourceFile(name="log.json", sha256="0" * 64, players=("x",)),) if mined else ()
    record = ItemRecord(
        annotator=annotator,
        puzzle_id=gold.wall_id,
        red_herring_words=(word,),
        created_at=STAMP,
        guideline_version="test",
        played_by=played,
    )
    append_record(workspace / "annotations", record)


def _run(workspace: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["-w", str(workspace), "eval", *args])
    return result.exit_code, result.output


DEFAULT = "default order"
CHOSEN = "as asked"
PERSON = "a person's labels"


def _head(annotator: str, labels: str = PERSON, how: str = DEFAULT, walls: int = 1) -> str:
    who = labels if annotator == "adjudicated" else f"{annotator} ({labels})"
    return f"red herrings (labels: {who} {walls} wall{'' if walls == 1 else 's'}; {how}):\n"


def _block(annotator: str, player: Path, fixated: int, first: int, labels: str, how: str) -> str:
    # wall01 only: two 3+1 wrong groups; the decoy's 3+1 chance is 4 of 192 sets = 0.0208
    fix = "1 of 2 (0.5000; chance 0.0208, x24.00)" if fixated else "0 of 2 (0.0000; chance 0.0208, x0.00)"
    first_ = "1 of 1 (1.0000; chance 0.0208, x48.00)" if first else "0 of 1 (0.0000; chance 0.0208, x0.00)"
    return (
        _head(annotator, labels, how) + f"  {player}: 1 game(s)\n"
        f"    fixation: {fix} wrong groups take a decoy toward its group\n"
        f"    first mistake on a decoy: {first_} games with a mistake\n"
        "    trap claims: n/a (no answer names a trap group)\n"
    )


def test_eval_reports_fixation_per_player(workspace: Path, golds: list[GoldWall], tmp_path: Path) -> None:
    preds = write_json(tmp_path / "p.json", as_records(golds, groups_of=_swap))
    code, text = _run(workspace, "--predictions", str(preds), "--bootstrap", "0")
    assert code == 0, text
    assert "red herrings" not in text  # no labels, no block
    wall = golds[0]
    _label(workspace, "play-decoys", wall, wall.groups[0][3], 1, mined=True)  # a4 toward group 2: first
    _label(workspace, "alice", wall, wall.groups[1][3], 0)  # b4 toward group 1: second wrong group
    out = tmp_path / "r.json"
    types = write_json(
        tmp_path / "types.json", {wall.group_ids[0]: "knowledge", wall.group_ids[1]: "wordplay"}
    )
    args = ["--predictions", str(preds), "--bootstrap", "0", "--annotations", str(types)]
    code, text = _run(workspace, *args, "--json-out", str(out))
    assert code == 0, text
    assert text.endswith(
        _block("alice", preds, fixated=1, first=0, labels=PERSON, how=DEFAULT) + f"Wrote {out}\n"
    )  # people first
    section = json.loads(out.read_text())["herrings"]
    assert section["annotator"] == "alice" and section["walls"] == 1
    assert section["players"][0]["fixation"] == {
        "wrong_groups": 2,
        "fixated": 1,
        "rate": 0.5,
        "chance": round(1 / 48, 6),
    }
    by_type = section["players"][0]["breakdowns"][
        "knowledge_type"
    ]  # the wrong group toward group 2 comes first
    assert (by_type["knowledge"]["fixated"], by_type["knowledge"]["first_mistakes"]) == (1, 0)
    assert (by_type["wordplay"]["fixated"], by_type["wordplay"]["first_mistakes"]) == (0, 1)
    code, text = _run(workspace, "--predictions", str(preds), "--bootstrap", "0", "--herrings", "play-decoys")
    assert code == 0, text
    written = f"Wrote {workspace / 'runs' / 'eval-p-test.json'}\n"
    assert text.endswith(_block("play-decoys", preds, 1, 1, "mined from play", CHOSEN) + written)


def test_eval_herrings_of_an_annotator_without_labels_is_an_error(
    workspace: Path, golds: list[GoldWall], tmp_path: Path
) -> None:
    preds = write_json(tmp_path / "p.json", as_records(golds))
    args = ["-w", str(workspace), "eval", "--predictions", str(preds), "--herrings", "bob"]
    proc = subprocess.run(
        [sys.executable, "-m", "ocwtool", *args],
        capture_output=True,
        text=True,
        env=dict(os.environ),
        check=False,
    )
    assert (proc.returncode, proc.stderr) == (
        1,
        "Error: no red-herring labels named bob (label sets: none); label some with "
        "`ocwtool annotate label` or mine them with `ocwtool annotate decoys FILE...`\n",
    )


def test_eval_baseline_pools_its_seeds(workspace: Path, golds: list[GoldWall]) -> None:
    _label(workspace, "alice", golds[0], golds[0].groups[1][3], 0)
    code, text = _run(workspace, "--baseline", "random", "--seeds", "3", "--bootstrap", "0")
    assert code == 0, text
    assert _head("alice") + "  all 3 runs: 3 game(s)\n" in text
    report = json.loads((workspace / "runs" / "eval-random-test.json").read_text())
    assert [p["games"] for p in report["herrings"]["players"]] == [1, 1, 1]
    assert report["herrings"]["pooled"]["games"] == 3


def test_eval_transcripts_reports_each_player(workspace: Path, golds: list[GoldWall], tmp_path: Path) -> None:
    wall = golds[0]
    a, b, c, d = (list(g) for g in wall.groups)
    _label(workspace, "alice", wall, b[3], 0)
    guesses = [[*a[:3], b[3]], a, b, c, d]  # the decoy with three of its group, then the four groups
    games = tmp_path / "games.jsonl"
    game = Transcript(wall_id=wall.wall_id, rules="nyt", player="me", turns=[Turn(guess=g) for g in guesses])
    games.write_text(dump_transcripts([game]), encoding="utf-8")
    out = tmp_path / "games.json"
    code, text = _run(workspace, "--transcripts", str(games), "--json-out", str(out))
    assert code == 0, text
    assert text.endswith(
        _head("alice") + "  me: 1 game(s)\n"
        "    fixation: 1 of 1 (1.0000; chance 0.0208, x48.00) wrong groups take a decoy toward its group\n"
        "    first mistake on a decoy: 1 of 1 (1.0000; chance 0.0208, x48.00) games with a mistake\n"
        "    trap claims: n/a (no answer names a trap group)\n"
        f"Wrote {out}\n"
    )
    assert json.loads(out.read_text())["herrings"]["players"][0]["name"] == "me"


def _four_kinds(workspace: Path, wall: GoldWall) -> None:
    """Red herrings of each kind on ``wall``: adjudicated (by carol), a person's (alice), mined from
    play (play-decoys) and the suggester's, each with its own decoy."""
    a, b, c, _ = wall.groups
    _label(workspace, "alice", wall, b[3], 0)
    _label(workspace, "play-decoys", wall, a[3], 1, mined=True)
    kept = RedHerringWord(clue=c[0], clue_number=wall.words.index(c[0]) + 1, fits_group=wall.group_ids[0])
    decided = ItemRecord(
        annotator="carol",
        puzzle_id=wall.wall_id,
        red_herring_words=(kept,),
        created_at=STAMP,
        guideline_version="t",
    )
    append_herring_adjudication(workspace / "annotations", decided)
    guess = RedHerringWord(clue=c[1], clue_number=wall.words.index(c[1]) + 1, fits_group=wall.group_ids[0])
    suggested = ItemRecord(
        annotator="suggest",
        puzzle_id=wall.wall_id,
        red_herring_words=(guess,),
        created_at=STAMP,
        guideline_version="t",
    )
    write_records(workspace / "annotations" / "suggest.jsonl", [suggested])


def test_eval_prefers_adjudicated_then_people_then_play_then_the_suggester(
    workspace: Path, golds: list[GoldWall], tmp_path: Path
) -> None:
    preds = write_json(tmp_path / "p.json", as_records(golds, groups_of=_swap))
    _four_kinds(workspace, golds[0])
    out = tmp_path / "r.json"
    code, text = _run(workspace, "--predictions", str(preds), "--bootstrap", "0", "--json-out", str(out))
    assert code == 0, text
    assert _head("adjudicated", "adjudicated by carol") in text
    section = json.loads(out.read_text())["herrings"]
    assert {k: section[k] for k in ("annotator", "sets", "chosen", "walls")} == {
        "annotator": "adjudicated",
        "sets": [
            {"annotator": "adjudicated", "tier": "adjudicated", "labels": "adjudicated by carol", "walls": 1}
        ],
        "chosen": "default order",
        "walls": 1,
    }
    chosen = {
        "adjudicated": "adjudicated by carol",
        "alice": PERSON,
        "play-decoys": "mined from play",
        "suggest": "the suggester's",
    }
    for name, labels in chosen.items():
        code, text = _run(workspace, "--predictions", str(preds), "--bootstrap", "0", "--herrings", name)
        assert code == 0, text
        assert _head(name, labels, CHOSEN) in text
    # without the adjudicated set, the default falls to each next kind in turn
    annotations = workspace / "annotations"
    for gone, then in [
        ("adjudicated-herrings", "alice"),
        ("alice", "play-decoys"),
        ("play-decoys", "suggest"),
    ]:
        (annotations / f"{gone}.jsonl").unlink()
        code, text = _run(workspace, "--predictions", str(preds), "--bootstrap", "0")
        assert code == 0, text
        assert _head(then, chosen[then]) in text


def test_eval_herrings_names_the_label_sets_when_the_name_is_unknown(
    workspace: Path, golds: list[GoldWall], tmp_path: Path
) -> None:
    preds = write_json(tmp_path / "p.json", as_records(golds, groups_of=_swap))
    _four_kinds(workspace, golds[0])
    args = ["-w", str(workspace), "eval", "--predictions", str(preds), "--herrings", "adjudicated-herrings"]
    proc = subprocess.run(
        [sys.executable, "-m", "ocwtool", *args],
        capture_output=True,
        text=True,
        env=dict(os.environ),
        check=False,
    )
    assert (proc.returncode, proc.stderr) == (
        1,
        "Error: no red-herring labels named adjudicated-herrings (label sets: adjudicated, alice, "
        "play-decoys, suggest); label some with `ocwtool annotate label` or mine them with "
        "`ocwtool annotate decoys FILE...`\n",
    )


def _adjudicate(workspace: Path, gold: GoldWall, *decoys: tuple[str, int]) -> None:
    """carol's adjudication of ``gold``: the decoys she kept (none: she kept no red herring)."""
    words = tuple(
        RedHerringWord(clue=c, clue_number=gold.words.index(c) + 1, fits_group=gold.group_ids[k])
        for c, k in decoys
    )
    record = ItemRecord(
        annotator="carol",
        puzzle_id=gold.wall_id,
        red_herring_words=words,
        created_at=STAMP,
        guideline_version="t",
    )
    append_herring_adjudication(workspace / "annotations", record)


def test_eval_takes_the_default_order_per_wall(tmp_path: Path) -> None:
    """Adjudicated labels win on the walls carol adjudicated (on wall02 she kept none: no decoy
    there), decoys mined from play on the others; the block and JSON say how many walls each."""
    puzzles = [make_ocw_wall(f"wall0{i}").model_copy(update={"split": Split.TEST}) for i in (1, 2, 3)]
    puzzles.append(make_comma_wall())
    workspace = tmp_path / "ws"
    write_puzzles(workspace / "puzzles" / "ocw.jsonl", puzzles)
    golds = [gold_from_puzzle(p) for p in puzzles]
    for gold in golds:  # a4 toward group 2 (the swap takes it), on wall01 c1 toward group 1 (it does not)
        decoy, fits = (gold.groups[2][0], 0) if gold.wall_id == "wall01" else (gold.groups[0][3], 1)
        _label(workspace, "play-decoys", gold, decoy, fits, mined=True)
    _adjudicate(workspace, golds[0], (golds[0].groups[0][3], 1))
    _adjudicate(workspace, golds[1])
    preds = write_json(tmp_path / "p.json", as_records(golds, groups_of=_swap))
    out = tmp_path / "r.json"
    code, text = _run(workspace, "--predictions", str(preds), "--bootstrap", "0", "--json-out", str(out))
    assert code == 0, text
    # 2 wrong groups (3+1) per wall; decoys taken on wall01, wall03 and comma1; chance 1/48 on those
    assert text.endswith(
        "red herrings (labels: adjudicated by carol 2 walls, play-decoys (mined from play) 2 walls; "
        "default order):\n"
        f"  {preds}: 4 game(s)\n"
        "    fixation: 3 of 8 (0.3750; chance 0.0156, x24.00) wrong groups take a decoy toward its group\n"
        "    first mistake on a decoy: 3 of 4 (0.7500; chance 0.0156, x48.00) games with a mistake\n"
        "    trap claims: n/a (no answer names a trap group)\n"
        f"Wrote {out}\n"
    )
    section = json.loads(out.read_text())["herrings"]
    assert {k: section[k] for k in ("annotator", "sets", "chosen", "walls")} == {
        "annotator": "adjudicated, play-decoys",
        "sets": [
            {"annotator": "adjudicated", "tier": "adjudicated", "labels": "adjudicated by carol", "walls": 2},
            {"annotator": "play-decoys", "tier": "play", "labels": "mined from play", "walls": 2},
        ],
        "chosen": "default order",
        "walls": 4,
    }
    code, text = _run(workspace, "--predictions", str(preds), "--bootstrap", "0", "--herrings", "play-decoys")
    assert code == 0, text
    assert _head("play-decoys", "mined from play", CHOSEN, walls=4) in text
