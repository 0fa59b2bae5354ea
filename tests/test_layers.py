"""The layers hold (docs/architecture.md): the import-linter contracts of pyproject.toml are kept, and
ocwtool has no import cycle at all, counting imports inside functions and under ``TYPE_CHECKING``.

grimp (import-linter's graph) reads every import statement of a module, wherever it stands, so a
cycle hidden in a function-level import is still a cycle here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import grimp
import pytest
from importlinter import configuration
from importlinter.application.use_cases import lint_imports

from ocwtool.formats import EXPORTERS, IMPORTERS

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "ocwtool"


def import_cycles(package: str) -> list[list[str]]:
    """For each direct import that some chain of imports leads back from, the shortest such cycle
    (``[a, b, ..., a]``); empty when the package's import graph has no cycle."""
    graph = grimp.build_graph(package, cache_dir=None)
    cycles = []
    for importer in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            back = graph.find_shortest_chain(importer=imported, imported=importer)
            if back is not None:
                cycles.append([importer, *back])
    return cycles


def test_the_import_contracts_are_kept(capsys: pytest.CaptureFixture[str]) -> None:
    configuration.configure()  # what the lint-imports command does first
    kept = lint_imports(config_filename=str(ROOT / "pyproject.toml"), cache_dir=None, no_logo=True)
    report = capsys.readouterr().out
    assert kept, report
    assert "Contracts: 10 kept, 0 broken." in report


def test_ocwtool_has_no_import_cycle() -> None:
    cycles = import_cycles("ocwtool")
    assert cycles == [], "\n".join(" -> ".join(c) for c in cycles)


def test_a_cycle_through_a_function_or_type_checking_import_counts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pkg = tmp_path / "cyclic"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f() -> None:\n    from cyclic import b  # noqa\n")
    (pkg / "b.py").write_text(
        "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from cyclic import a\n"
    )
    (pkg / "c.py").write_text("from cyclic import b\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert import_cycles("cyclic") == [
        ["cyclic.a", "cyclic.b", "cyclic.a"],
        ["cyclic.b", "cyclic.a", "cyclic.b"],
    ]


def test_the_format_registry_names_only_modules_of_its_package() -> None:
    # The registry loads its adapters with importlib from these strings, which no import graph sees:
    # an adapter elsewhere (a scraper, say) would be a dependency the contracts cannot check.
    named = {module for module, *_ in (*IMPORTERS.values(), *EXPORTERS.values())}
    outside = sorted(m for m in named if not m.startswith("ocwtool.formats."))
    assert outside == []


# Modules that another change of issue #26 rewrites (the thin command line): their function-level
# imports are left to it.
LEFT_TO_THE_THIN_CLI: set[str] = set()


def _function_level_imports(path: Path) -> list[tuple[int, str]]:
    """``(line, module)`` of each ``ocwtool`` import inside a function with no comment saying why (on its
    line or the line above)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out = []
    for func in ast.walk(ast.parse("\n".join(lines))):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(func):
            if not isinstance(node, ast.ImportFrom) or not (node.module or "").startswith("ocwtool"):
                continue
            said = "#" in lines[node.lineno - 1] or lines[node.lineno - 2].lstrip().startswith("#")
            if not said:
                out.append((node.lineno, str(node.module)))
    return out


def test_library_imports_ocwtool_inside_a_function_only_to_defer_a_heavy_library() -> None:
    # A function-level import of ocwtool code hides a dependency from a reader; it stays only where
    # the module it imports loads a heavy library (SciPy, inspect-ai, ...), and its comment says so.
    found = {
        f"{path.relative_to(SRC)}:{line}": module
        for path in sorted(SRC.rglob("*.py"))
        if path.relative_to(SRC).parts[0] != "cli" and str(path.relative_to(SRC)) not in LEFT_TO_THE_THIN_CLI
        for line, module in _function_level_imports(path)
    }
    assert found == {}
