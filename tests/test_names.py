"""``ocwtool.names``: the one copy of the vocabularies, light enough for ``--help``, and the
library's own tables holding exactly its names."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from ocwtool import names


def test_names_imports_nothing() -> None:
    tree = ast.parse(Path(names.__file__).read_text(encoding="utf-8"))
    imports = [n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom)]
    assert [(n.module if isinstance(n, ast.ImportFrom) else None) for n in imports] == ["__future__"]


@pytest.mark.parametrize(
    ("command", "choices"),
    [
        (["llm", "run"], "[oneshot|interactive]"),
        (["eval"], "[random|wordnet|minilm]"),
        (["play"], "[human|random|wordnet|minilm]"),
        (["build-variants"], "[randomized|wordnet|extended|all]"),
    ],
)
def test_the_help_of_a_command_with_these_choices_loads_no_schema(command: list[str], choices: str) -> None:
    code = (
        "import sys\n"
        "from ocwtool.cli import main\n"
        f"try:\n    main({[*command, '--help']!r})\nexcept SystemExit:\n    pass\n"
        "heavy = ('ocwtool.schema', 'pydantic', 'numpy')\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert choices in out
    assert out.splitlines()[-1] == "[]"


def test_the_library_tables_hold_the_same_names() -> None:
    from ocwtool.evaluation.baselines import BASELINES
    from ocwtool.evaluation.baselines.embedding import CLUSTERERS
    from ocwtool.evaluation.game.rules import RULES
    from ocwtool.evaluation.game.similarity_players import PLAYERS
    from ocwtool.schema.models import Split

    assert tuple(RULES) == names.RULE_NAMES
    assert BASELINES == names.BASELINES
    assert CLUSTERERS == names.CLUSTERERS
    assert ("random", *PLAYERS) == names.BASELINES == names.PLAYERS[1:]
    assert tuple(s.value for s in Split) == names.SPLITS
    assert set(names.LLM_RULES) == set(names.RULE_NAMES) - {"missed-connections-baseline"}
