"""The red-herring layer of a release: per config and split, with annotator and provenance, loadable
with ``datasets`` beside the puzzles, byte-reproducible, checked by ``release verify``."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from ocwtool.annotations.taxonomy import GUIDELINE_VERSION
from ocwtool.errors import ReleaseError
from ocwtool.formats.hf import herring_features
from ocwtool.releases.build import ReleaseSpec, build_release
from ocwtool.releases.verify import verify_release
from ocwtool.schema.annotations import (
    ItemRecord,
    PlayEvidence,
    RedHerringCategory,
    RedHerringWord,
    SourceFile,
)
from ocwtool.stores.annotations import append_herring_adjudication, append_record, store_path, write_records
from ocwtool.workspace import Workspace
from tests.conftest import run_ocwtool
from tests.releases.tamper import rehash
from tests.validators.factory import make_workspace, wall

WHEN = dt.datetime(2026, 3, 1, tzinfo=dt.UTC)
PLAYS = SourceFile(name="plays.jsonl", sha256="ab" * 32, players=("alpha", "beta"))
EVIDENCE = PlayEvidence(kind="intruder", players=2, exposed=3, sources=(PLAYS,))
HERRINGS = "red_herrings/ocw"


def clue(i: int, group: int, k: int = 0) -> str:
    """Clue ``k`` of group ``group`` (0-3) of the factory's wall ``i``."""
    return wall(i).groups[group].clues[k]


def word(i: int, group: int, toward: int, **kw: Any) -> RedHerringWord:
    return RedHerringWord(
        clue=clue(i, group), clue_number=4 * group + 1, fits_group=f"w{i:04d}_{toward + 1:02d}", **kw
    )


def record(annotator: str, i: int, *words: RedHerringWord, **kw: Any) -> ItemRecord:
    return ItemRecord(
        annotator=annotator,
        puzzle_id=f"w{i:04d}",
        red_herring_words=words,
        created_at=WHEN,
        guideline_version=GUIDELINE_VERSION,
        **kw,
    )


def label_herrings(ws: Workspace) -> None:
    """Invented labels. w0000 (train): a human and the miner (the human's ship); w0001 (train): the
    miner, with evidence; w0008 (test): the scorer's suggestion; w0009 (test): a human's decoy theme;
    w0010 (test): a wall left mid-way (nothing ships); w0011 (test): the rules' suggestion (shipped
    only on request: the rules barely predict decoys)."""
    folder = ws.annotations_dir
    theme = RedHerringCategory(
        clue_numbers=(1, 5, 9), clues=(clue(9, 0), clue(9, 1), clue(9, 2)), theme="colours"
    )
    append_record(folder, record("alice", 0, word(0, 0, 1, reason="also a bird")))
    append_record(folder, record("alice", 9, red_herring_categories=(theme,)))
    append_record(folder, record("bob", 10, word(10, 1, 2), status="in_progress"))
    mined = word(0, 2, 3, reason="2 of 3 players", score=2 / 3, evidence=EVIDENCE)
    append_record(folder, record("play-decoys", 0, mined, played_by=(PLAYS,)))
    append_record(folder, record("play-decoys", 1, word(1, 3, 0, score=1 / 3, evidence=EVIDENCE)))
    scored = record("suggest", 8, word(8, 1, 0, score=0.75), note="red herrings herrings-play-decoys-v1")
    rules = record("suggest", 11, word(11, 2, 1, reason="compound partner"), note="rules")
    write_records(store_path(folder, "suggest"), [scored, rules])


def row(i: int, group: int, toward: int, annotator: str, source: str, **kw: Any) -> dict[str, Any]:
    return {
        "puzzle_id": f"w{i:04d}",
        "kind": "word",
        "clues": [clue(i, group)],
        "fits_group": f"w{i:04d}_{toward + 1:02d}",
        "reason": "",
        "score": None,
        "annotator": annotator,
        "source": source,
        "evidence": None,
    } | kw


EVIDENCE_JSON = (
    '{"exposed":3,"kind":"intruder","players":2,'
    f'"sources":[{{"name":"plays.jsonl","players":["alpha","beta"],"sha256":"{"ab" * 32}"}}]}}'
)
TRAIN = [
    row(0, 0, 1, "alice", "human", reason="also a bird"),
    row(1, 3, 0, "play-decoys", "play", score=1 / 3, evidence=EVIDENCE_JSON),
]
TEST = [
    row(8, 1, 0, "suggest", "suggest:herrings-play-decoys-v1", score=0.75),
    {
        **row(9, 0, 0, "alice", "human"),
        "kind": "category",
        "clues": [clue(9, 0), clue(9, 1), clue(9, 2)],
        "fits_group": None,
        "reason": "colours",
    },
]
RULES_ROW = row(11, 2, 1, "suggest", "suggest:rules", reason="compound partner")


@pytest.fixture(scope="module")
def herring_ws(tmp_path_factory: pytest.TempPathFactory, offline_hf: None) -> Workspace:
    ws = make_workspace(tmp_path_factory.mktemp("herrings") / "ws")
    label_herrings(ws)
    return ws


@pytest.fixture(scope="module")
def release(herring_ws: Workspace) -> Path:
    folder, _ = build_release(herring_ws, ReleaseSpec("demo", "2.0.0"))
    return folder


def parquet_rows(path: Path) -> list[dict[str, Any]]:
    import pyarrow.parquet as pq

    return list(pq.read_table(path).to_pylist())


def test_release_ships_the_chosen_labels_per_config_and_split(release: Path) -> None:
    assert sorted(p.name for p in (release / HERRINGS).iterdir()) == [
        "test-00000-of-00001.parquet",
        "train-00000-of-00001.parquet",
    ]
    assert parquet_rows(release / HERRINGS / "train-00000-of-00001.parquet") == TRAIN
    assert parquet_rows(release / HERRINGS / "test-00000-of-00001.parquet") == TEST
    assert not (release / "red_herrings" / "nyt").exists()  # no labels on its boards
    manifest = json.loads((release / "manifest.json").read_text())
    assert manifest["counts"]["red_herrings"] == {"ocw": {"test": 2, "train": 2}}
    sums = (release / "SHA256SUMS").read_text()
    assert f"{HERRINGS}/train-00000-of-00001.parquet\n" in sums
    assert f"{HERRINGS}/test-00000-of-00001.parquet" in manifest["files"]


def test_red_herrings_load_with_datasets_beside_the_puzzles(release: Path) -> None:
    import datasets

    herrings = datasets.load_dataset(str(release), "ocw_red_herrings")
    puzzles = datasets.load_dataset(str(release), "ocw")
    assert sorted(herrings) == ["test", "train"]
    assert herrings["train"].features == herring_features()
    assert herrings["test"].to_list() == TEST
    for split, part in herrings.items():
        assert set(part["puzzle_id"]) <= set(puzzles[split]["id"])


def test_the_card_documents_the_layer(release: Path) -> None:
    text = (release / "README.md").read_text()
    header = yaml.safe_load(text.split("---\n")[1])
    configs = {c["config_name"]: c["data_files"] for c in header["configs"]}
    assert configs["ocw_red_herrings"] == [
        {"split": "train", "path": f"{HERRINGS}/train-00000-of-00001.parquet"},
        {"split": "test", "path": f"{HERRINGS}/test-00000-of-00001.parquet"},
    ]
    infos = {i["config_name"]: i for i in header["dataset_info"]}
    assert [f["name"] for f in infos["ocw_red_herrings"]["features"]] == list(herring_features())
    assert "## Red herrings" in text and "| ocw_red_herrings | 2 | 0 | 2 |" in text
    assert "| `evidence` | JSON text:" in text
    assert "- `alice` (human): 2 label(s)" in text
    assert "- `play-decoys` (play): 1 label(s)" in text
    assert "(suggest:rules): " not in text  # the rules' flags ship only on request


def test_verify_checks_and_loads_the_layer(release: Path, tmp_path: Path) -> None:
    result = verify_release(release)
    assert result.rows["ocw_red_herrings"] == 4
    assert "ocw_red_herrings" in result.loaded
    copy = tmp_path / release.name
    shutil.copytree(release, copy)
    manifest = json.loads((copy / "manifest.json").read_text())
    manifest["counts"]["red_herrings"]["ocw"]["train"] = 3
    (copy / "manifest.json").write_text(json.dumps(manifest))
    rehash(copy)
    with pytest.raises(ReleaseError) as err:
        verify_release(copy, load=False)
    rel = f"{HERRINGS}/train-00000-of-00001.parquet"
    assert str(err.value) == f"{rel}: 2 rows, but manifest.json counts 3 for red_herrings ocw/train"


def test_verify_refuses_a_label_of_a_puzzle_not_shipped(release: Path, tmp_path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    copy = tmp_path / release.name
    shutil.copytree(release, copy)
    rel = f"{HERRINGS}/train-00000-of-00001.parquet"
    rows = parquet_rows(copy / rel)
    rows[1]["puzzle_id"] = "w0008"  # a test wall, in the train table
    pq.write_table(pa.Table.from_pylist(rows, schema=herring_features().arrow_schema), copy / rel)
    rehash(copy, rel)
    with pytest.raises(ReleaseError) as err:
        verify_release(copy, load=False)
    assert str(err.value) == f"{rel}: row 1: puzzle 'w0008' is not in the puzzles of its config and split"


def test_two_builds_are_byte_identical(herring_ws: Workspace, release: Path, tmp_path: Path) -> None:
    copy = tmp_path / "ws"
    shutil.copytree(herring_ws.root, copy, ignore=shutil.ignore_patterns("releases"))
    _, first = build_release(Workspace.open(copy), ReleaseSpec("demo", "2.0.0"))
    assert first.read_bytes() == release.with_name("demo-2.0.0.tar.gz").read_bytes()


def test_one_annotator_or_none_from_the_command_line(herring_ws: Workspace, tmp_path: Path) -> None:
    copy = tmp_path / "ws"
    shutil.copytree(herring_ws.root, copy, ignore=shutil.ignore_patterns("releases"))
    args = ["--workspace", str(copy), "release", "build", "--name", "demo", "--no-report"]
    done = run_ocwtool(*args, "--version", "2.0.1", "--herrings", "play-decoys")
    assert done.returncode == 0, done.stderr
    folder = copy / "releases" / "demo-2.0.1"
    mined = row(0, 2, 3, "play-decoys", "play", reason="2 of 3 players", score=2 / 3, evidence=EVIDENCE_JSON)
    assert parquet_rows(folder / HERRINGS / "train-00000-of-00001.parquet") == [mined, TRAIN[1]]
    assert not (folder / HERRINGS / "test-00000-of-00001.parquet").exists()
    assert "Only annotator `play-decoys`'s labels ship" in (folder / "README.md").read_text()
    done = run_ocwtool(*args, "--version", "2.0.5", "--herrings", "suggest")  # the rules' flags on request
    assert done.returncode == 0, done.stderr
    shipped = parquet_rows(copy / "releases" / "demo-2.0.5" / HERRINGS / "test-00000-of-00001.parquet")
    assert shipped == [TEST[0], RULES_ROW]
    done = run_ocwtool(*args, "--version", "2.0.2", "--no-herrings")
    assert done.returncode == 0, done.stderr
    assert not (copy / "releases" / "demo-2.0.2" / "red_herrings").exists()
    done = run_ocwtool(*args, "--version", "2.0.3", "--herrings", "carol")
    assert done.returncode == 1
    assert done.stderr.strip().splitlines()[-1] == (
        "Error: no red-herring labels of annotator 'carol'; annotators: alice, bob, play-decoys, suggest"
    )
    done = run_ocwtool(*args, "--version", "2.0.4", "--herrings", "bob")  # only a wall left mid-way
    assert (done.returncode, done.stderr.strip().splitlines()[-1]) == (
        1,
        "Error: annotator 'bob' labelled no red herring in the released puzzles; "
        "name another with --herrings, or leave the option out",
    )


def test_a_release_without_red_herring_labels_has_no_layer(tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws", variants=False)
    folder, _ = build_release(ws, ReleaseSpec("plain", "1.0.0", report=False))
    assert not (folder / "red_herrings").exists()
    text = (folder / "README.md").read_text()
    assert "red_herrings" not in text and "## Red herrings" not in text
    assert "red_herrings" not in json.loads((folder / "manifest.json").read_text())["counts"]
    assert verify_release(folder, load=False).rows == {"nyt": 8, "ocw": 20}


def test_a_label_the_puzzle_no_longer_matches_stops_the_build(tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws", variants=False)
    stale = RedHerringWord(clue="GONE", clue_number=2, fits_group="w0003_04")
    append_record(ws.annotations_dir, record("alice", 3, stale))
    with pytest.raises(ReleaseError) as err:
        build_release(ws, ReleaseSpec("stale", "1.0.0", report=False))
    assert str(err.value) == (
        "red herring of annotator alice on puzzle w0003: clue 'GONE' is not in the puzzle; correct or "
        "retract that label, or build with --herrings ANNOTATOR or --no-herrings"
    )
    assert not (ws.releases_dir / "stale-1.0.0").exists()
    folder, _ = build_release(ws, ReleaseSpec("stale", "1.0.0", report=False, with_herrings=False))
    assert not (folder / "red_herrings").exists()


def test_adjudicated_red_herrings_ship_first_with_their_adjudicator(tmp_path: Path) -> None:
    """w0000 carries all four kinds (the adjudicated ones ship); w0001 a person's and the miner's
    (the person's ship)."""
    ws = make_workspace(tmp_path / "ws", variants=False)
    folder = ws.annotations_dir
    append_record(folder, record("alice", 0, word(0, 0, 1, reason="also a bird")))
    append_record(folder, record("bob", 0, word(0, 1, 2, reason="a colour too")))
    append_record(folder, record("alice", 1, word(1, 0, 2)))
    for i in (0, 1):
        append_record(folder, record("play-decoys", i, word(i, 3, 0, evidence=EVIDENCE), played_by=(PLAYS,)))
    write_records(store_path(folder, "suggest"), [record("suggest", 0, word(0, 2, 3, score=0.5))])
    kept = record(
        "carol", 0, word(0, 0, 1, reason="also a bird"), note="adjudicated red herrings of alice, bob"
    )
    append_herring_adjudication(folder, kept)
    released, _ = build_release(ws, ReleaseSpec("adj", "1.0.0", report=False))
    train = parquet_rows(released / HERRINGS / "train-00000-of-00001.parquet")
    assert train == [
        row(0, 0, 1, "carol", "adjudicated", reason="also a bird"),
        row(1, 0, 2, "alice", "human"),
    ]
    assert "- `carol` (adjudicated): 1 label(s)" in (released / "README.md").read_text()
    assert verify_release(released, load=False).rows["ocw_red_herrings"] == 2
    only, _ = build_release(ws, ReleaseSpec("adj", "1.0.1", report=False, herrings="adjudicated"))
    assert parquet_rows(only / HERRINGS / "train-00000-of-00001.parquet") == [train[0]]
