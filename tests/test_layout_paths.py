"""The Workspace is the only door to the layout (issue #26): no module but ``workspace.py`` builds a path
of the workspace's layout itself, so where a store, a variant, a model, a run, a report or a lock lives
is decided in one place.

The check reads the syntax tree of every module: a ``/`` joining a layout folder name (``root /
"runs"``), a ``/`` onto a Workspace folder (``ws.runs_dir / name``), or a layout file name used to build
a path (``/ "report.json"``, ``.with_name("x.meta.json")``). Messages and help texts may name the layout:
they only describe it.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "ocwtool"

FOLDERS = {
    "raw",
    "puzzles",
    "variants",
    "annotations",
    "releases",
    "runs",
    "exports",
    "models",
    "reports",
    "labelstudio",
}
WORKSPACE_DIRS = {
    "captures_dir",
    "puzzles_dir",
    "variants_dir",
    "annotations_dir",
    "releases_dir",
    "runs_dir",
    "exports_dir",
    "models_dir",
    "reports_dir",
    "llm_runs_dir",
    "validation_dir",
    "labelstudio_dir",
}
FILE_NAMES = (
    ".meta.json",
    ".summary.json",
    ".ocw.json",
    "frontier.sqlite",
    "report.html",
    "report.json",
    ".ocwtool-demo",
    "accounts.toml",
    "server.log",
)

# Where a layout path may still be built outside workspace.py, and why.
ALLOWED = {
    "workspace.py": "the layout itself",
    "stores/release.py": "a release folder's own layout (its annotations/, report/ ...): the Release object",
}


def _text(node: ast.expr, constants: dict[str, str]) -> str | None:
    """The literal text of a string, an f-string (``{}`` for each placeholder) or a module constant."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    if isinstance(node, ast.Name):
        return constants.get(node.id)
    return None


def _constants(tree: ast.AST) -> dict[str, str]:
    """Module-level ``NAME = "text"`` assignments (``REPORTS_DIR = "reports"`` joins like the text)."""
    body = tree.body if isinstance(tree, ast.Module) else []
    return {
        target.id: node.value.value
        for node in body
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
        for target in node.targets
        if isinstance(target, ast.Name)
    }


def layout_joins(tree: ast.AST) -> list[tuple[int, str]]:
    """``(line, what)`` of each path of the workspace layout the module builds itself."""
    constants = _constants(tree)
    found = []
    for node in ast.walk(tree):
        parts: list[ast.expr] = []
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            if isinstance(node.left, ast.Attribute) and node.left.attr in WORKSPACE_DIRS:
                found.append((node.lineno, f"{node.left.attr} / ..."))
            parts = [node.right]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            parts = node.args if node.func.attr in ("with_name", "with_suffix") else []
        for part in parts:
            text = _text(part, constants)
            if text is None:
                continue
            if text.split("/")[0] in FOLDERS:
                found.append((node.lineno, text.split("/")[0]))
            elif any(name in text for name in FILE_NAMES):
                found.append((node.lineno, text))
    return sorted(found)


def _allowed(rel: str, what: str) -> bool:
    return any(
        rel == key or rel.startswith(key) if key.endswith(("/", ".py")) else key == f"{rel}:{what}"
        for key in ALLOWED
    )


def test_layout_paths_are_built_only_by_the_workspace() -> None:
    found = [
        f"{rel}:{line}: {what}"
        for path in sorted(SRC.rglob("*.py"))
        for rel in [path.relative_to(SRC).as_posix()]
        for line, what in layout_joins(ast.parse(path.read_text(encoding="utf-8")))
        if not _allowed(rel, what)
    ]
    assert found == [], "build these paths with a Workspace property or method:\n" + "\n".join(found)


def test_the_check_sees_each_kind_of_layout_join() -> None:
    code = """
a = root / "runs" / "validation" / "report.json"
b = ws.runs_dir / name
c = ws.puzzles_dir / f"{name}.jsonl"
d = path.with_name(f"{path.stem}.meta.json")
e = folder / f"reports/{x}"
REPORTS = "reports"
f = root / REPORTS
ok = ws.run_report_path(name)
message = f"see runs/validation/report.json"
"""
    assert layout_joins(ast.parse(code)) == [
        (2, "report.json"),
        (2, "runs"),
        (3, "runs_dir / ..."),
        (4, "puzzles_dir / ..."),
        (5, "{}.meta.json"),
        (6, "reports"),
        (8, "reports"),
    ]
