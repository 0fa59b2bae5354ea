"""A built release: layout, card, HF loading offline, OCW JSON round trip, reproducibility, gate."""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil
from pathlib import Path

import pytest
import yaml

from ocwtool.annotations.taxonomy import GUIDELINE_VERSION
from ocwtool.errors import ReleaseError, ValidationFailed
from ocwtool.formats import ocw_json
from ocwtool.formats.hf import features
from ocwtool.fsio import sha256_file
from ocwtool.releases.build import ReleaseSpec, build_release
from ocwtool.releases.verify import verify_release
from ocwtool.schema.annotations import KnowledgeLabel, KnowledgeType
from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from ocwtool.workspace import Workspace
from tests.conftest import run_ocwtool
from tests.releases.conftest import Built
from tests.validators.factory import make_workspace, replace_group


def test_layout_manifest_and_checksums(built: Built) -> None:
    f = built.folder
    assert f.name == "demo-1.2.3" and built.archive.name == "demo-1.2.3.tar.gz"
    files = sorted(p.relative_to(f).as_posix() for p in f.rglob("*") if p.is_file())
    assert "data/ocw/test-00000-of-00001.parquet" in files
    assert "data/ocw_randomized/test-00000-of-00001.parquet" in files
    assert "json/nyt/train.json" in files and "json/ocw_randomized/test.json" in files
    for name in (
        "README.md",
        "croissant.json",
        "manifest.json",
        "SHA256SUMS",
        "CITATION.bib",
        "provenance.json",
    ):
        assert name in files
    assert "baselines/eval-random-test.json" in files and "annotations/adjudicated.jsonl" in files
    assert "baselines/eval-mypreds-test.json" not in files  # user predictions are not baselines
    manifest = json.loads((f / "manifest.json").read_text())
    assert manifest["version"] == "1.2.3" and manifest["release_notes"] == "First release."
    assert manifest["counts"]["configs"] == {
        "nyt": {"train": 4, "test": 4},
        "ocw": {"train": 4, "validation": 4, "test": 12},
        "ocw_randomized": {"test": 12},
    }
    assert set(manifest["files"]) == set(files) - {"manifest.json", "SHA256SUMS"}
    for rel, meta in manifest["files"].items():
        assert sha256_file(f / rel) == meta["sha256"]
    sums = (f / "SHA256SUMS").read_text().splitlines()
    assert f"{sha256_file(f / 'manifest.json')}  manifest.json" in sums
    bib = (f / "CITATION.bib").read_text()
    assert "Only Connect Wall" in bib and "New York Times" in bib.replace(
        "{N}ew {Y}ork {T}imes", "New York Times"
    )


def test_card_yaml_declares_configs_features_and_sizes(built: Built) -> None:
    text = (built.folder / "README.md").read_text()
    header = yaml.safe_load(text.split("---\n")[1])
    assert header["license"] == ["mit", "other"] and header["pretty_name"] == "demo 1.2.3"
    assert "text-classification" in header["task_categories"]
    configs = {c["config_name"]: c["data_files"] for c in header["configs"]}
    assert configs["ocw"][0] == {"split": "train", "path": "data/ocw/train-00000-of-00001.parquet"}
    infos = {i["config_name"]: i for i in header["dataset_info"]}
    assert {s["name"]: s["num_examples"] for s in infos["ocw"]["splits"]} == {
        "train": 4,
        "validation": 4,
        "test": 12,
    }
    assert [x["name"] for x in infos["nyt"]["features"]][:4] == ["id", "game", "source", "clues"]
    assert "@inproceedings{alavi-naeini-2023-ocw" in text and "## Known quirks" in text


def test_every_config_loads_offline_with_declared_features(built: Built) -> None:
    import datasets

    for config, sizes in (("ocw", (4, 4, 12)), ("nyt", (4, None, 4)), ("ocw_randomized", (None, None, 12))):
        ds = datasets.load_dataset(str(built.folder), config)
        for split, n in zip(("train", "validation", "test"), sizes, strict=True):
            if n is None:
                assert split not in ds
                continue
            assert ds[split].num_rows == n
            assert ds[split].features == features()
    assert ds["test"][0]["lineage"]["kind"] == "randomized"


def test_ocw_json_loads_with_the_evaluator_call_and_reimports_equal(built: Built) -> None:
    import datasets

    path = built.folder / "json" / "ocw" / "test.json"
    ds = datasets.load_dataset("json", data_files=str(path), field="dataset", split="train")
    assert ds.num_rows == 12 and len(ds[0]["words"]) == 16
    again = ocw_json.load_document(json.loads(path.read_text()), where=str(path), source="ocw").puzzles
    original = [
        p for p in read_puzzles(built.settings.puzzles_path("ocw")) if p.split and p.split.value == "test"
    ]
    assert [p.id for p in again] == [p.id for p in original]
    for a, b in zip(again, original, strict=True):
        assert a.clues == b.clues and a.groups == b.groups
        assert (a.ocw.season, a.ocw.episode) == (b.ocw.season, b.ocw.episode)


def test_two_builds_are_byte_identical(built: Built, tmp_path: Path) -> None:
    copy = tmp_path / "ws"
    shutil.copytree(built.settings.root, copy, ignore=shutil.ignore_patterns("releases"))
    _, archive = build_release(Workspace.open(copy), ReleaseSpec("demo", "1.2.3", notes="First release."))
    assert archive.read_bytes() == built.archive.read_bytes()
    first = build_release(
        Workspace.open(copy), ReleaseSpec("demo", "1.2.3", "zip", force=True), expectations=False
    )
    second = build_release(
        Workspace.open(copy), ReleaseSpec("demo", "1.2.3", "zip", force=True), expectations=False
    )
    assert first[1].suffix == ".zip" and first[1].read_bytes() == second[1].read_bytes()
    assert verify_release(second[1], load=False).rows == {"nyt": 8, "ocw": 20, "ocw_randomized": 12}


def test_failing_validation_blocks_the_build(tmp_path: Path) -> None:
    settings = make_workspace(tmp_path / "ws", variants=False)
    walls = read_puzzles(settings.puzzles_path("ocw"))
    k = [w.id for w in walls].index("w0002")
    walls[k] = replace_group(walls[k], 0, connection=" ")
    write_puzzles(settings.puzzles_path("ocw"), walls)
    out = run_ocwtool("-w", str(settings.root), "release", "build", "--name", "demo", "--version", "1.0.0")
    assert out.returncode == 1
    assert out.stderr == (
        "Error: validation failed with 1 error(s); fix them or add waivers to validation.toml:\n"
        "  S04 blank-connection: w0002_01: blank connection; waive it by group id if real\n"
    )
    assert not (settings.releases_dir / "demo-1.0.0").exists()
    with pytest.raises(ValidationFailed):
        build_release(settings, ReleaseSpec("demo", "1.0.0"), expectations=False)


def test_build_refusals(built: Built, tmp_path: Path) -> None:
    with pytest.raises(ReleaseError, match=r"already exists; bump the version or pass --force"):
        build_release(built.settings, ReleaseSpec("demo", "1.2.3"), expectations=False)
    out = run_ocwtool("-w", str(tmp_path), "release", "build", "--name", "demo", "--version", "1.0")
    assert out.returncode == 1
    assert out.stderr == (
        "Error: release version '1.0' is not allowed: use a semantic version X.Y.Z with an optional "
        "-suffix (e.g. 1.0.0 or 1.0.0-rc.1)\n"
    )
    empty = run_ocwtool(
        "-w", str(tmp_path / "empty"), "release", "build", "--name", "demo", "--version", "1.0.0"
    )
    assert empty.stderr == f"Error: nothing to release: no puzzles in {tmp_path / 'empty' / 'puzzles'}\n"
    settings = make_workspace(tmp_path / "unsplit", variants=False)
    boards = [b.model_copy(update={"split": None}) for b in read_puzzles(settings.puzzles_path("nyt"))]
    write_puzzles(settings.puzzles_path("nyt"), boards)
    with pytest.raises(ReleaseError, match=r"puzzle nyt-2024-01-01 has no split; run `ocwtool split`"):
        build_release(settings, ReleaseSpec("demo", "1.0.0"), expectations=False)


def test_release_ships_the_evaluator_verbatim(built: Built) -> None:
    from ocwtool.evaluation import scorer
    from ocwtool.evaluation.scorer.bundle import LAUNCHER
    from ocwtool.evaluation.scorer.deps import requirements_text

    assert (built.folder / "evaluate.py").read_text() == LAUNCHER
    assert (built.folder / "requirements-evaluate.txt").read_text() == requirements_text()
    modules = sorted(Path(scorer.__file__).parent.glob("*.py"))
    assert sorted(p.name for p in (built.folder / "scorer").iterdir()) == [p.name for p in modules]
    for module in modules:
        assert (built.folder / "scorer" / module.name).read_bytes() == module.read_bytes()
    assert "`evaluate.py`: the standalone evaluator" in (built.folder / "README.md").read_text()


def test_baseline_reports_are_those_of_the_release_sources(tmp_path: Path) -> None:
    from ocwtool.releases.extras import baseline_reports

    names = [
        "eval-random-ocw-test.json",
        "eval-wordnet-nyt-test.json",
        "eval-random-test.json",
        "eval-mine-test.json",
    ]
    for name in names:
        (tmp_path / name).write_text("{}")
    assert [p.name for p in baseline_reports(tmp_path, ["ocw"])] == ["eval-random-ocw-test.json"]
    assert [p.name for p in baseline_reports(tmp_path)] == sorted(names[:3])


def test_split_from_a_built_release_restores_the_assignment(built: Built, tmp_path: Path) -> None:
    copy = tmp_path / "ws"
    shutil.copytree(built.settings.root, copy, ignore=shutil.ignore_patterns("releases"))
    settings = Workspace.open(copy)
    original = {}
    for source in ("ocw", "nyt"):
        items = read_puzzles(settings.puzzles_path(source))
        original.update({p.id: p.split for p in items})
        write_puzzles(settings.puzzles_path(source), [p.model_copy(update={"split": None}) for p in items])
    out = run_ocwtool("-w", str(copy), "split", "--splits-from", str(built.folder))
    assert out.returncode == 0, out.stderr
    restored = {p.id: p.split for s in ("ocw", "nyt") for p in read_puzzles(settings.puzzles_path(s))}
    assert restored == original


def test_release_ships_adjudicated_labels(built: Built) -> None:
    labels = (built.folder / "annotations" / "labels.jsonl").read_text().splitlines()
    assert labels == ['{"group_id": "w0000_01", "label": {"fine": [], "types": ["semantic"]}}']
    raw = (built.settings.annotations_dir / "adjudicated.jsonl").read_bytes()
    assert (built.folder / "annotations" / "adjudicated.jsonl").read_bytes() == raw


def test_release_ships_the_report_and_the_card_shows_key_figures(built: Built) -> None:
    f = built.folder
    html = (f / "report" / "report.html").read_text()
    assert '<h2 id="evaluation">Evaluation</h2>' in html and "<script" not in html
    card = (f / "README.md").read_text()
    shown = re.findall(r"!\[([^\]]+)\]\(([^)]+)\)", card)
    assert ("Split sizes", "report/data-splits.png") in shown
    assert all((f / path).is_file() for _, path in shown)
    manifest = json.loads((f / "manifest.json").read_text())
    assert "report/report.html" in manifest["files"] and "report/data-splits.svg" in manifest["files"]


def test_release_labels_leave_out_walls_whose_labelling_was_not_finished(tmp_path: Path) -> None:
    # Issue #25: the release's report leaves unfinished walls out; its labels.jsonl must agree.
    from ocwtool.releases.extras import annotation_labels
    from ocwtool.schema.annotations import GroupLabel, ItemRecord
    from ocwtool.stores.annotations import append_record
    from ocwtool.stores.release import Release

    settings = make_workspace(tmp_path / "ws", n_ocw=4, n_nyt=2, variants=False)
    when = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    for pid, status in (("w0001", "in_progress"), ("w0002", "labelled")):
        group = GroupLabel(group_id=f"{pid}_01", label=KnowledgeLabel.of(KnowledgeType.SEMANTIC))
        record = ItemRecord(
            annotator="alice",
            puzzle_id=pid,
            status=status,  # type: ignore[arg-type]
            groups=(group,),
            created_at=when,
            guideline_version=GUIDELINE_VERSION,
        )
        append_record(settings.annotations_dir, record)
    root = tmp_path / "release"
    said = annotation_labels(settings, Release(root))
    assert said == ["`annotations/labels.jsonl`: knowledge labels of 1 group(s)"]
    lines = (root / "annotations" / "labels.jsonl").read_text().splitlines()
    assert lines == ['{"group_id": "w0002_01", "label": {"fine": [], "types": ["semantic"]}}']
