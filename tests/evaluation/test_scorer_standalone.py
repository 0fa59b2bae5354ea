"""The scorer package imports nothing from ocwtool and runs as shipped, with ocwtool not importable."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ocwtool.errors import EvaluationError
from ocwtool.evaluation import scorer
from ocwtool.evaluation.boundary import scorer_errors
from ocwtool.evaluation.scorer import GoldWall, ScorerInputError
from ocwtool.evaluation.scorer.bundle import standalone_files
from tests.evaluation.conftest import as_records, ocw_document, ship_scorer, write_json

ALLOWED = {"numpy", "scipy", "sklearn", "rouge_score", "bert_score"}
MODULES = sorted(Path(scorer.__file__).parent.glob("*.py"))

# Put on PYTHONPATH, this makes every `import ocwtool...` fail in the child interpreter.
BLOCKER = """import importlib.abc
import sys


class _NoOcwtool(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "ocwtool":
            raise ModuleNotFoundError(f"No module named {name!r} (blocked by the test)")
        return None


sys.meta_path.insert(0, _NoOcwtool())
"""


def _imports(path: Path) -> list[tuple[int, str]]:
    """(relative level, module) of every import statement in a file."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(0, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.level, node.module or ""))
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_scorer_imports_only_itself_stdlib_and_its_libraries(path: Path) -> None:
    absolute = {module.split(".")[0] for level, module in _imports(path) if level == 0}
    assert absolute - set(sys.stdlib_module_names) <= ALLOWED
    assert all(level <= 1 for level, _ in _imports(path))  # never above the package


def test_the_launcher_imports_only_the_shipped_folder() -> None:
    launcher = ast.parse(standalone_files()["evaluate.py"].decode())
    modules = {n.module for n in ast.walk(launcher) if isinstance(n, ast.ImportFrom)}
    assert modules == {"scorer.cli", "pathlib"}


def _env(tmp_path: Path) -> dict[str, str]:
    blocker = tmp_path / "blocker"
    blocker.mkdir()
    (blocker / "sitecustomize.py").write_text(BLOCKER)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return {**env, "PYTHONPATH": str(blocker)}


def _run(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, cwd=cwd, check=False
    )


def test_shipped_scorer_runs_without_ocwtool(golds: list[GoldWall], tmp_path: Path) -> None:
    release = tmp_path / "release"
    release.mkdir()
    ship_scorer(release)
    env = _env(tmp_path)
    blocked = _run(["-c", "import ocwtool"], env, tmp_path)
    assert blocked.returncode == 1 and "blocked by the test" in blocked.stderr
    gold = write_json(tmp_path / "test.json", ocw_document(golds))
    preds = write_json(tmp_path / "p.json", as_records(golds))
    args = ["--gold", str(gold), "--predictions", str(preds), "--json-out", str(tmp_path / "out.json")]
    expected = scorer.format_table(scorer.evaluate_files(gold, [preds], scorer.Options()))
    for launch in (["evaluate.py"], ["-m", "scorer"]):
        proc = _run([*launch, *args], env, release)
        assert (proc.returncode, proc.stdout, proc.stderr) == (0, expected + "\n", "")
        report = json.loads((tmp_path / "out.json").read_text())
        assert report["summary"]["grouping"]["solved_walls"] == {"mean": 2.0, "std": 0.0}
        if launch == ["evaluate.py"]:  # the launcher leaves the folder as shipped (release verify)
            shipped = sorted(str(p.relative_to(release)) for p in release.rglob("*") if p.is_file())
            assert shipped == sorted(standalone_files()) and not (release / "scorer" / "__pycache__").exists()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []
    missing = _run(
        ["evaluate.py", "--gold", str(tmp_path / "no.json"), "--predictions", str(preds)], env, release
    )
    assert (missing.returncode, missing.stderr) == (
        1,
        f"Error: {tmp_path / 'no.json'}: cannot read (No such file or directory)\n",
    )


def test_report_write_is_atomic_with_a_unique_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "r.json"
    scorer.write_json_atomic(target, {"a": 1})
    with pytest.raises(TypeError):
        scorer.write_json_atomic(target, {"a": object()})  # fails while writing
    assert json.loads(target.read_text()) == {"a": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]  # no temporary file left behind


def test_scorer_errors_become_one_evaluation_error() -> None:
    with pytest.raises(EvaluationError) as err, scorer_errors():
        raise ScorerInputError("p.json: record 0: expected an object with a wall_id")
    assert str(err.value) == "p.json: record 0: expected an object with a wall_id"
    assert err.value.__cause__ is None and err.value.__suppress_context__
    with pytest.raises(KeyError), scorer_errors():
        raise KeyError("not an input error: passes through")


HOSTILE: dict[str, tuple[bytes, str]] = {
    "nested too deeply": (b"[" * 100_000 + b"]" * 100_000, "invalid JSON: arrays/objects nested too deeply"),
    "invalid UTF-8": (b'[{"wall_id": "w\xff"}]', "not UTF-8 text (byte 15); save it as UTF-8"),
    "duplicate key": (b'[{"wall_id": "a", "wall_id": "b"}]', "invalid JSON: duplicate key 'wall_id'"),
    "NaN": (b'[{"wall_id": "a", "predicted_groups": NaN}]', "invalid JSON: NaN is not a JSON number"),
    "huge integer": (b'[{"wall_id": 1' + b"0" * 5000 + b"}]", "invalid JSON: a number longer than"),
    "overflowing float": (b'[{"wall_id": "a", "x": 1e400}]', "invalid JSON: number 1e400 is too large"),
    "bad JSONL line": (
        b'{"wall_id": "a"}\n{"wall_id": "b", "wall_id": "c"}\n',
        "p.json:2: invalid JSON: duplicate key",
    ),
}


@pytest.mark.parametrize("role", ["--gold", "--predictions"])
@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_shipped_scorer_refuses_hostile_files_with_one_error_line(
    case: str, role: str, golds: list[GoldWall], tmp_path: Path
) -> None:
    release = tmp_path / "release"
    release.mkdir()
    ship_scorer(release)
    content, message = HOSTILE[case]
    bad = tmp_path / "p.json"
    bad.write_bytes(content)
    files = {
        "--gold": str(write_json(tmp_path / "test.json", ocw_document(golds))),
        "--predictions": str(write_json(tmp_path / "ok.json", as_records(golds))),
        role: str(bad),
    }
    proc = _run(["evaluate.py", *(a for pair in files.items() for a in pair)], _env(tmp_path), release)
    assert proc.returncode == 1 and proc.stdout == ""
    assert proc.stderr.startswith(f"Error: {bad}") and message in proc.stderr, proc.stderr
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
