"""The evaluation sits below the LLM runner: it reads run folders without importing ``ocwtool.llm``,
not even inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

import ocwtool.evaluation


def _imported(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_the_evaluation_imports_nothing_from_the_llm_package() -> None:
    root = Path(ocwtool.evaluation.__file__).parent
    upward = {
        f"{path.relative_to(root)}: {module}"
        for path in root.rglob("*.py")
        for module in _imported(path)
        if module == "ocwtool.llm" or module.startswith("ocwtool.llm.")
    }
    assert upward == set()
