"""The longest functions in ``src/`` (lines from ``def`` to the end of the body, docstring
included, decorators not), and the command functions of ``ocwtool.cli`` over a limit.

    python benchmarks/longest_functions.py [--top 15] [--limit 45]

Exits 1 when a function in ``src/ocwtool/cli`` runs over ``--limit`` lines (issue #26: a thin
command line).
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"


def functions(root: Path) -> list[tuple[int, str]]:
    """(lines, "path:line name") for every function and method under ``root``."""
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                lines = node.end_lineno - node.lineno + 1
                found.append((lines, f"{path.relative_to(root)}:{node.lineno} {node.name}"))
    return sorted(found, key=lambda item: (-item[0], item[1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--limit", type=int, default=45)
    args = parser.parse_args()
    every = functions(SRC)
    for lines, where in every[: args.top]:
        print(f"{lines:4d}  {where}")
    over = [(n, w) for n, w in every if w.startswith("ocwtool/cli/") and n > args.limit]
    for lines, where in over:
        print(f"over {args.limit} lines in the CLI: {where} ({lines})", file=sys.stderr)
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
