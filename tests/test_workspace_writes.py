"""The Workspace is the only door to the store and variant files: every write goes through it, under
the lock of the folder it writes (issue #26, item 3)."""

from __future__ import annotations

import ast
import fcntl
import os
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

import ocwtool.workspace
from ocwtool.curation.splits import split_workspace
from ocwtool.schema.models import Puzzle
from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from ocwtool.workspace import Workspace
from tests.validators.factory import make_workspace, wall

SRC = Path(ocwtool.workspace.__file__).parent
# Where write_puzzles may be called: the Workspace, the store modules, and the JSONL format that
# defines it (its exporter writes a file the user named, not a store).
DOORS = {"workspace.py", "stores/puzzles.py", "formats/jsonl.py"}
Seen = list[tuple[str, bool]]


def _calls_write_puzzles(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name == "write_puzzles":
                lines.append(node.lineno)
    return lines


def test_only_the_workspace_and_the_store_modules_call_write_puzzles() -> None:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel in DOORS or rel.startswith("stores/"):
            continue
        found += [f"{rel}:{line}" for line in _calls_write_puzzles(path)]
    assert found == [], f"write stores and variants through the Workspace, not write_puzzles: {found}"


def _locked_by_someone(folder: Path) -> bool:
    """Whether another holder has ``folder``'s lock: a second flock on a new descriptor is refused."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


@pytest.fixture
def lock_seen(monkeypatch: pytest.MonkeyPatch) -> Seen:
    """Each write_puzzles the Workspace makes: (file name, whether its folder was locked meanwhile)."""
    seen: Seen = []
    real: Callable[..., int] = write_puzzles

    def spy(path: Path, puzzles: Iterable[Puzzle]) -> int:
        seen.append((f"{path.parent.name}/{path.name}", _locked_by_someone(path.parent)))
        return real(path, puzzles)

    monkeypatch.setattr(ocwtool.workspace, "write_puzzles", spy)
    return seen


def test_each_workspace_write_holds_its_folder_lock(tmp_path: Path, lock_seen: Seen) -> None:
    ws = Workspace.at(tmp_path)
    assert ws.write_store("ocw", [wall(1)]) == 1
    assert ws.replace_store("ocdb", [wall(2, source="ocdb")], {"k": 1}) == (1, None)
    assert ws.write_variants("randomized", [wall(3)]) == 1
    assert lock_seen == [
        ("puzzles/ocw.jsonl", True),
        ("puzzles/ocdb.jsonl", True),
        ("variants/randomized.jsonl", True),
    ]
    assert [p.id for p in read_puzzles(ws.puzzles_path("ocw"))] == [wall(1).id]
    assert ws.meta_path("ocdb").read_text(encoding="utf-8") == '{\n  "k": 1\n}\n'
    assert not _locked_by_someone(ws.puzzles_dir) and not _locked_by_someone(ws.variants_dir)


def test_an_update_reads_and_writes_under_one_lock(tmp_path: Path, lock_seen: Seen) -> None:
    ws = Workspace.at(tmp_path)
    read: list[tuple[list[str], bool]] = []

    def add(folder: Path, new: Puzzle) -> Callable[[list[Puzzle]], list[Puzzle]]:
        def change(current: list[Puzzle]) -> list[Puzzle]:
            read.append(([p.id for p in current], _locked_by_someone(folder)))
            return [*current, new]

        return change

    assert [p.id for p in ws.update_store("ocw", add(ws.puzzles_dir, wall(1)))] == [wall(1).id]
    assert [p.id for p in ws.update_store("ocw", add(ws.puzzles_dir, wall(2)))] == [wall(1).id, wall(2).id]
    assert ws.update_variants("randomized", add(ws.variants_dir, wall(3))) == 1
    assert read == [([], True), ([wall(1).id], True), ([], True)]
    assert lock_seen == [("puzzles/ocw.jsonl", True)] * 2 + [("variants/randomized.jsonl", True)]


def test_split_writes_stores_and_variants_under_the_lock(tmp_path: Path, lock_seen: Seen) -> None:
    ws = make_workspace(tmp_path)
    split_workspace(ws)
    assert lock_seen == [
        ("puzzles/nyt.jsonl", True),
        ("puzzles/ocw.jsonl", True),
        ("variants/randomized.jsonl", True),
    ]


def test_replace_store_drops_the_meta_file_and_the_old_name(tmp_path: Path) -> None:
    ws = Workspace.at(tmp_path)
    ws.puzzles_dir.mkdir()
    old = ws.puzzles_dir / "nyt-community.jsonl"
    old.write_text("", encoding="utf-8")
    (ws.puzzles_dir / "nyt-community.meta.json").write_text("{}\n", encoding="utf-8")
    assert ws.replace_store("nyt", []) == (0, old)
    assert sorted(p.name for p in ws.puzzles_dir.iterdir()) == ["nyt.jsonl"]


def test_layout_paths_outside_the_stores_come_from_the_workspace(tmp_path: Path) -> None:
    ws = Workspace.at(tmp_path)
    assert ws.llm_runs_dir == tmp_path / "runs" / "llm"
    assert ws.models_dir == tmp_path / "models"
    assert ws.variant_ocw_path("wordnet") == tmp_path / "variants" / "wordnet.ocw.json"


def _layout_literals(path: Path) -> list[int]:
    """Lines that build ``models`` or ``.../llm`` paths themselves: ``"models"`` anywhere, or a path
    joined with ``/ "llm"``."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and node.value == "models":
            lines.append(node.lineno)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) and _is_llm(node.right):
            lines.append(node.lineno)
    return lines


def _is_llm(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value == "llm"


def test_the_llm_runs_and_models_folders_are_named_only_by_the_workspace() -> None:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel != "workspace.py":
            found += [f"{rel}:{line}" for line in _layout_literals(path)]
    assert found == [], f"take runs/llm and models/ from Workspace.llm_runs_dir / .models_dir: {found}"
