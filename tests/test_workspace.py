"""The Workspace: layout paths, stores/variants/corpus/annotations on a small workspace, rel()."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

import ocwtool
from ocwtool.config import Settings
from ocwtool.errors import InputError
from ocwtool.schema.annotations import GroupLabel, ItemRecord, KnowledgeLabel, KnowledgeType
from ocwtool.stores.annotations import append_record
from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from ocwtool.workspace import Workspace, init_workspace
from tests.validators.factory import make_workspace, wall

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def test_layout_paths_are_under_the_root(tmp_path: Path) -> None:
    ws = Workspace.at(tmp_path)
    assert ws.root == tmp_path and ws.settings == Settings(root=tmp_path)
    assert ws.config_path == tmp_path / "ocwtool.toml"
    assert ws.waivers_path == tmp_path / "validation.toml"
    assert ws.captures_dir == tmp_path / "raw" and ws.raw_dir("ocdb") == tmp_path / "raw" / "ocdb"
    assert ws.puzzles_path("nyt") == tmp_path / "puzzles" / "nyt.jsonl"
    assert ws.meta_path("ocw") == tmp_path / "puzzles" / "ocw.meta.json"
    assert ws.variants_path("wordnet") == tmp_path / "variants" / "wordnet.jsonl"
    assert ws.variant_summary_path("wordnet") == tmp_path / "variants" / "wordnet.summary.json"
    dirs = {
        ws.captures_dir,
        ws.puzzles_dir,
        ws.variants_dir,
        ws.annotations_dir,
        ws.releases_dir,
        ws.runs_dir,
    }
    assert dirs == {tmp_path / name for name in Workspace.FOLDERS}  # what `ocwtool init` creates
    assert ws.exports_dir == tmp_path / "exports"


def test_init_creates_the_folders_the_workspace_names(tmp_path: Path) -> None:
    # The folder list is a fact of the Workspace's layout, not of the settings (config is Base).
    path = init_workspace(tmp_path / "ws", "a@example.org")
    assert path == Workspace.at(tmp_path / "ws").config_path
    made = sorted(p.name for p in (tmp_path / "ws").iterdir() if p.is_dir())
    assert (
        made == sorted(Workspace.FOLDERS) == ["annotations", "puzzles", "raw", "releases", "runs", "variants"]
    )


def test_open_reads_the_settings_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OCWTOOL_CONTACT", raising=False)
    ws = make_workspace(tmp_path / "ws")
    assert ws.settings.contact == "tests@example.org"
    assert Workspace.open(tmp_path / "ws") == ws
    assert ocwtool.Workspace is Workspace  # public API


def test_rel_is_relative_inside_the_workspace_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ws = Workspace.at(tmp_path / "ws")
    assert ws.rel(ws.puzzles_path("ocw")) == "puzzles/ocw.jsonl"
    assert ws.rel(tmp_path / "elsewhere.json") == str(tmp_path / "elsewhere.json")
    (tmp_path / "ws").mkdir()
    monkeypatch.chdir(tmp_path / "ws")
    assert ws.rel(Path("exports/ocw.json")) == "exports/ocw.json"  # relative to the current folder
    assert ws.rel("../outside.json") == "../outside.json"


def test_stores_in_requested_or_layout_order(tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws", n_ocw=4, n_nyt=2)
    write_puzzles(ws.puzzles_path("nyt-api"), [])
    assert ws.store_names() == ["nyt-api", "nyt", "ocw"]  # file-name order, as on disk
    assert list(ws.stores()) == ["nyt-api", "nyt", "ocw"]
    assert list(ws.stores(["ocw", "nyt"])) == ["ocw", "nyt"]
    assert ws.stores(["ocw"])["ocw"] == read_puzzles(ws.puzzles_path("ocw"))
    assert [p.id for p in ws.puzzles(["nyt", "ocw"])][:2] == ["nyt-2024-01-01", "nyt-2024-01-02"]
    with pytest.raises(InputError, match=r"no store .*bogus\.jsonl; known sources: nyt-api, nyt, ocw$"):
        ws.stores(["bogus"])
    assert ws.store("nyt-api") == [] and ws.store("absent") == []
    with pytest.raises(
        InputError, match=r"no store for source bogus in .*puzzles \(have: nyt-api, nyt, ocw\)$"
    ):
        ws.corpus(["bogus"])


def test_an_empty_workspace_has_no_stores_but_an_empty_corpus(tmp_path: Path) -> None:
    ws = Workspace.at(tmp_path)
    with pytest.raises(InputError, match=r"no puzzles in .*; import some first"):
        ws.stores()
    assert ws.stores(missing_ok=True) == {} and ws.puzzles(missing_ok=True) == []
    corpus = ws.corpus()
    assert corpus.puzzles == () and corpus.variants == {} and corpus.stores == ()
    assert ws.variants() == {} and ws.annotations() == {}


def test_variants_and_corpus_follow_the_chosen_stores(tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws", n_ocw=12, n_nyt=2)  # 4 test walls, each with a variant
    walls = ws.variants()["randomized"]
    assert len(walls) == 4 and all(v.lineage and v.lineage.params["store"] == "ocw" for v in walls)
    assert ws.variants(["nyt"]) == {}  # none was built from the NYT store
    assert ws.variant_kinds() == ["randomized"]
    write_puzzles(ws.variants_path("wordnet"), [])
    assert list(ws.variants()) == ["randomized"]  # an empty kind is left out...
    assert ws.variants(keep_empty=True)["wordnet"] == ()  # ...unless asked for
    assert list(ws.variants(kinds=["wordnet"], keep_empty=True)) == ["wordnet"]
    corpus = ws.corpus(["ocw"])
    assert list(corpus.puzzles) == read_puzzles(ws.puzzles_path("ocw"))
    assert {p.id for p in corpus.puzzles} == {wall(i).id for i in range(12)}
    assert corpus.variants == {"randomized": walls} and corpus.stores == (ws.puzzles_path("ocw"),)
    everything = ws.corpus(["ocw", "nyt"])
    assert everything.stores == (ws.puzzles_path("nyt"), ws.puzzles_path("ocw"))  # layout order
    assert len(everything.puzzles) == 14


def test_app_context_gives_a_typed_workspace(tmp_path: Path) -> None:
    from ocwtool.cli.app import AppContext

    make_workspace(tmp_path / "ws", n_ocw=2, n_nyt=0)
    ws = AppContext(root=tmp_path / "ws").workspace()
    assert isinstance(ws, Workspace) and ws.store_names() == ["nyt", "ocw"]


def test_annotations_are_the_latest_labels_per_annotator(tmp_path: Path) -> None:
    ws = make_workspace(tmp_path / "ws", n_ocw=2, n_nyt=0)
    puzzle = ws.puzzles(["ocw"])[0]

    def record(annotator: str, kind: KnowledgeType) -> ItemRecord:
        groups = tuple(GroupLabel(group_id=g.id, label=KnowledgeLabel.of(kind)) for g in puzzle.groups)
        return ItemRecord(
            annotator=annotator, puzzle_id=puzzle.id, groups=groups, created_at=T0, guideline_version="1.0"
        )

    append_record(ws.annotations_dir, record("ann", KnowledgeType.SEMANTIC))
    append_record(ws.annotations_dir, record("ann", KnowledgeType.LINGUISTIC))
    append_record(ws.annotations_dir, record("suggest", KnowledgeType.MULTIWORD))
    humans = ws.annotations()
    assert list(humans) == ["ann"] and humans["ann"][puzzle.id].groups[0].label.code == "linguistic"
    assert list(ws.annotations(include_suggest=True)) == ["ann", "suggest"]
