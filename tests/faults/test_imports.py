"""Holes 9, 10 and 11: empty inputs, concurrent importers, and duplicate ids named by file and record."""

from __future__ import annotations

import copy
import json
import multiprocessing
import time
from pathlib import Path
from typing import Any

import pytest

from ocwtool import workspace
from ocwtool.acquisition.files import import_into
from ocwtool.cli import main
from ocwtool.data import example_path
from ocwtool.fsio import sha256_file
from ocwtool.stores.puzzles import read_puzzles
from ocwtool.workspace import Workspace
from tests.formats.conftest import WALL_A, WALL_B, ocw_doc, raw_wall

OCW = example_path("ocw_example.json")


def run(ws: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(["-w", str(ws), *args])
    out = capsys.readouterr()
    return int(info.value.code or 0), out.out, out.err


EMPTY_INPUTS = [
    ("ocw", "empty.json", '{"season_to_walls_map": {}, "dataset": []}'),
    ("nyt-archive", "empty.json", "[]"),
    ("connections-gold", "empty.json", "{}"),
    ("jsonl", "empty.jsonl", ""),
]


@pytest.mark.parametrize(("fmt", "name", "text"), EMPTY_INPUTS)
def test_an_empty_input_does_not_replace_a_store(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str, name: str, text: str
) -> None:
    ws = tmp_path / "ws"
    assert run(ws, capsys, "import", str(OCW), "--format", "ocw", "--source", "kept")[0] == 0
    store, meta = ws / "puzzles" / "kept.jsonl", ws / "puzzles" / "kept.meta.json"
    before = (store.read_bytes(), meta.read_bytes())
    empty = tmp_path / name
    empty.write_text(text)
    code, out, err = run(ws, capsys, "import", str(empty), "--format", fmt, "--source", "kept")
    assert (code, out) == (1, "")
    assert err == (
        f"Error: {empty}: no puzzles in the file; refusing to replace {store} with nothing "
        "(pass --allow-empty to do that)\n"
    )
    assert (store.read_bytes(), meta.read_bytes()) == before
    code, out, err = run(
        ws, capsys, "import", str(empty), "--format", fmt, "--source", "kept", "--allow-empty"
    )
    assert code == 0, err
    assert out.startswith(f"Imported 0 puzzles from {empty} into puzzles/kept.jsonl")
    assert read_puzzles(store) == []


def test_duplicate_ids_name_the_input_file_and_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = ocw_doc()
    doc["dataset"].append(raw_wall("aa0001", 3, 1, WALL_B))
    path = tmp_path / "dup.json"
    path.write_text(json.dumps(doc))
    code, out, err = run(tmp_path / "ws", capsys, "import", str(path), "--format", "ocw")
    assert (code, out) == (1, "")
    assert err == (
        f"Error: {path}: record 3 has puzzle id 'aa0001', already used by record 1; "
        "ids must be unique in a file\n"
    )
    assert not (tmp_path / "ws" / "puzzles" / "ocw.jsonl").exists()


def _document(k: int) -> dict[str, Any]:
    """An OCW JSON document whose walls and top-level ``origin`` field say which file it is."""
    doc = {
        "season_to_walls_map": {"1": 1, "2": 1},
        "dataset": [raw_wall(f"f{k}a", 1, 1, WALL_A), raw_wall(f"f{k}b", 2, 1, WALL_B)],
        "origin": f"file {k}",
    }
    return copy.deepcopy(doc)


def _slow_meta_import(root: str, path: str, pause: float, barrier: Any) -> None:
    """Import with a pause between writing the store and writing its ``meta.json``."""
    real = workspace.write_json  # the Workspace writes the store and its meta under the lock

    def slow(target: Path, obj: Any, **kwargs: Any) -> None:
        time.sleep(pause)
        real(target, obj, **kwargs)

    mp = pytest.MonkeyPatch()
    mp.setattr(workspace, "write_json", slow)
    barrier.wait()
    import_into(Workspace.open(Path(root)), Path(path), "ocw", "shared")


def test_concurrent_imports_leave_a_store_and_meta_of_the_same_file(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "puzzles").mkdir(parents=True)
    files = []
    for k in range(3):
        files.append(tmp_path / f"in{k}.json")
        files[-1].write_text(json.dumps(_document(k)))
    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(3)
    procs = [
        ctx.Process(target=_slow_meta_import, args=(str(root), str(f), 0.2 * (3 - k), barrier))
        for k, f in enumerate(files)
    ]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert [p.exitcode for p in procs] == [0, 0, 0]
    puzzles = read_puzzles(root / "puzzles" / "shared.jsonl")
    origin = json.loads((root / "puzzles" / "shared.meta.json").read_text())["document_fields"]["origin"]
    k = int(origin.split()[1])
    assert [p.id for p in puzzles] == [f"f{k}a", f"f{k}b"]
    assert {p.provenance.sha256 for p in puzzles} == {sha256_file(files[k])}
