"""The Release object (issue #26): every file of a built release is at a path it names, and what it
lists (configs, splits, archives, leftovers of a build) is what the folder holds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ocwtool.errors import ReleaseError
from ocwtool.evaluation.scorer.bundle import standalone_files
from ocwtool.stores.release import DataFile, Release
from tests.releases.conftest import Built


def test_every_file_of_a_built_release_is_named_by_its_layout(built: Built) -> None:
    release = built.settings.release("demo", "1.2.3")
    assert release.root == built.folder and release.archive("tar.gz") == built.archive
    counts = json.loads(release.manifest.read_text())["counts"]["configs"]
    assert {c: release.splits(c) for c in release.configs()} == {c: sorted(s) for c, s in counts.items()}
    named = {
        *(release.parquet(c, s) for c, splits in counts.items() for s in splits),
        *(release.json_file(c, s) for c, splits in counts.items() for s in splits),
        release.card,
        release.citation,
        release.provenance,
        release.validation,
        release.croissant,
        release.changes,
        release.changelog,
        release.manifest,
        release.sums,
        release.labels,
        release.adjudicated,
        release.report_html,
        *(release.path(rel) for rel in standalone_files()),
    }
    assert all(p.is_file() for p in named)
    rest = {release.path(rel) for rel in release.files()} - named
    homes = {p.parent for p in rest}
    assert homes == {release.baselines_dir, release.report_dir}, sorted(rest)
    assert {p.suffix for p in rest if p.parent == release.report_dir} == {".png", ".svg"}
    every = [release.parquet("ocw", s) for s in ("test", "train", "validation")]
    assert release.parquet_files("ocw") == every
    assert release.parquet_files("ocw", ("train", "test")) == [
        release.parquet("ocw", "train"),
        release.parquet("ocw", "test"),
    ]


def test_the_layout_names_what_a_build_leaves_beside_the_folder(tmp_path: Path) -> None:
    release = Release.named(tmp_path, "demo", "1.0.0")
    assert release.staging.root == tmp_path / ".demo-1.0.0.tmp"
    assert release.staged_archive("zip") == tmp_path / ".demo-1.0.0.tmp.zip"
    assert release.old == tmp_path / ".demo-1.0.0.old"
    for left in (".demo-1.0.0.tmp", ".demo-1.0.0.old", ".demo-1.0.0.tar.gz.x1.tmp", "demo-1.0.0.zip"):
        (tmp_path / left).touch()
    (tmp_path / ".demo-1.0.1.old").touch()  # another release's: not this one's leftovers
    assert [p.name for p in release.leftovers()] == [
        ".demo-1.0.0.tmp",
        ".demo-1.0.0.old",
        ".demo-1.0.0.tar.gz.x1.tmp",
    ]
    assert release.archives() == [tmp_path / "demo-1.0.0.zip"]
    with pytest.raises(ReleaseError, match="unknown archive format 'rar'"):
        release.archive("rar")


def test_data_files_are_placed_by_their_path() -> None:
    assert Release.data_file("data/ocw/test-00000-of-00001.parquet") == DataFile("data", "ocw", "test")
    assert Release.data_file("json/nyt/train.json") == DataFile("json", "nyt", "train")
    assert Release.data_file("README.md") is None
    with pytest.raises(ReleaseError, match=r"^data/ocw/notes.txt: not a data file ocwtool ships"):
        Release.data_file("data/ocw/notes.txt")
