"""A thin command line: small functions, options reaching commands typed."""

from __future__ import annotations

import ast
from pathlib import Path

import ocwtool.cli

CLI = Path(ocwtool.cli.__file__).parent
LONGEST = 45  # lines from `def` to the end of the body, docstring (the --help text) included


def _functions() -> list[tuple[str, ast.FunctionDef]]:
    found = []
    for path in sorted(CLI.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                found.append((f"{path.name}:{node.lineno} {node.name}", node))
    return found


def test_no_function_of_the_command_line_is_over_45_lines() -> None:
    over = {
        where: lines
        for where, node in _functions()
        if (lines := (node.end_lineno or node.lineno) - node.lineno + 1) > LONGEST
    }
    assert over == {}


def test_no_command_takes_its_options_untyped() -> None:
    untyped = [
        where for where, node in _functions() if node.args.kwarg is not None and node.name.endswith("_cmd")
    ]
    assert untyped == []
