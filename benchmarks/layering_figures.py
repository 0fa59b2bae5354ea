"""Layering figures of a source tree (issue #26's before/after): modules, lines, import cycles
(counting imports inside functions and under ``TYPE_CHECKING``), function-level ocwtool imports, and
imports that run up the layers of a pyproject's ``layers`` contract.

    python benchmarks/layering_figures.py [SRC] [--pyproject PYPROJECT]

SRC defaults to this checkout's ``src``; compare an older commit with ``git worktree add /tmp/old REV``
and ``python benchmarks/layering_figures.py /tmp/old/src --pyproject pyproject.toml`` (the contract of
this checkout applied to the old tree: top-level modules it does not place are listed as unplaced).
"""

from __future__ import annotations

import argparse
import ast
import sys
import tomllib
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]


def layer_index(pyproject: Path) -> dict[str, int]:
    """Top-level module name -> layer number (0 is the top) from the contract with id ``layers``."""
    config = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"] if c["id"] == "layers")
    index: dict[str, int] = {}
    for number, layer in enumerate(contract["layers"]):
        for name in layer.replace(":", "|").split("|"):
            index[name.strip()] = number
    return index


def cycles(graph: grimp.ImportGraph) -> list[set[str]]:
    """The strongly connected groups of more than one module (each is at least one cycle)."""
    seen: set[str] = set()
    groups = []
    for module in sorted(graph.modules):
        if module in seen:
            continue
        group = {module}
        for other in graph.modules:
            there = other != module and graph.chain_exists(importer=module, imported=other)
            if there and graph.chain_exists(importer=other, imported=module):
                group.add(other)
        seen |= group
        if len(group) > 1:
            groups.append(group)
    return groups


def upward(graph: grimp.ImportGraph, index: dict[str, int]) -> tuple[list[str], set[str]]:
    """Direct imports from a lower layer into a higher one, and the top-level modules not placed."""
    found, unplaced = [], set()
    for importer in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            a, b = importer.split(".")[1:2], imported.split(".")[1:2]
            if not a or not b or a == b:
                continue
            if a[0] not in index or b[0] not in index:
                unplaced |= {n for n in (a[0], b[0]) if n not in index}
                continue
            if index[a[0]] > index[b[0]]:
                found.append(f"{importer} -> {imported}")
    return found, unplaced


def function_imports(src: Path) -> int:
    """``import ocwtool...`` statements that stand inside a function."""
    count = 0
    for path in src.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.ImportFrom) and (inner.module or "").startswith("ocwtool"):
                        count += 1
                    elif isinstance(inner, ast.Import):
                        count += sum(a.name.startswith("ocwtool") for a in inner.names)
    return count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("src", nargs="?", type=Path, default=ROOT / "src")
    parser.add_argument("--pyproject", type=Path, default=ROOT / "pyproject.toml")
    args = parser.parse_args()
    sys.path.insert(0, str(args.src.resolve()))
    graph = grimp.build_graph("ocwtool", cache_dir=None)
    files = list((args.src / "ocwtool").rglob("*.py"))
    lines = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in files)
    groups = cycles(graph)
    up, unplaced = upward(graph, layer_index(args.pyproject))
    print(f"modules: {len(files)}  lines: {lines}")
    print(f"import cycles (strongly connected groups): {len(groups)}")
    for group in groups:
        print("  " + ", ".join(sorted(m.removeprefix("ocwtool.") for m in group)))
    print(f"imports up the layers: {len(up)}")
    for line in up:
        print("  " + line)
    print(f"function-level ocwtool imports: {function_imports(args.src / 'ocwtool')}")
    if unplaced:
        print("top-level modules the contract does not place: " + ", ".join(sorted(unplaced)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
