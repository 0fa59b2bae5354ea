"""One built release shared by the release tests (building takes a few seconds)."""

from __future__ import annotations

import datetime as dt
import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from ocwtool.annotations.taxonomy import GUIDELINE_VERSION
from ocwtool.releases.build import ReleaseSpec, build_release
from ocwtool.schema.annotations import Adjudication, KnowledgeLabel, KnowledgeType
from ocwtool.stores.annotations import append_adjudication
from ocwtool.workspace import Workspace
from tests.validators.factory import make_workspace


@dataclass(frozen=True)
class Built:
    settings: Workspace
    folder: Path
    archive: Path


@pytest.fixture(scope="session", autouse=True)
def offline_hf(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Keep ``datasets`` offline with its cache in a temporary folder."""
    saved = {k: os.environ.get(k) for k in ("HF_DATASETS_OFFLINE", "HF_HUB_OFFLINE", "HF_HOME")}
    os.environ.update(
        HF_DATASETS_OFFLINE="1", HF_HUB_OFFLINE="1", HF_HOME=str(tmp_path_factory.mktemp("hf_home"))
    )
    yield
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory, offline_hf: None) -> Built:
    settings = make_workspace(tmp_path_factory.mktemp("release") / "ws")
    (settings.runs_dir / "eval-random-test.json").write_text('{"solved": 0}\n')
    (settings.runs_dir / "eval-mypreds-test.json").write_text('{"solved": 3}\n')
    decision = Adjudication(
        group_id="w0000_01",
        puzzle_id="w0000",
        label=KnowledgeLabel.of(KnowledgeType.SEMANTIC),
        adjudicator="lead",
        created_at=dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
        guideline_version=GUIDELINE_VERSION,
    )
    append_adjudication(settings.annotations_dir, decision)
    spec = ReleaseSpec(name="demo", version="1.2.3", notes="First release.")
    folder, archive = build_release(settings, spec)
    return Built(settings, folder, archive)


@pytest.fixture
def copy(built: Built, tmp_path: Path) -> Path:
    """A writable copy of the session's release folder, for tests that tamper with it."""
    target = tmp_path / built.folder.name
    shutil.copytree(built.folder, target)
    return target
