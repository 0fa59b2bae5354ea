"""Every Python example in README.md and docs/*.md (```python blocks) runs as written (#31).

The sibling of ``test_docs_examples.py`` (which runs every ``ocwtool`` command): each block runs in a
fresh Python process whose current folder is a copy of the same prepared workspace (invented
puzzles, splits, two annotators' labels, played games). A block that needs something first (a file
the text made earlier, a built release) names it in ``NEEDS``: ``ocwtool`` commands run before it, and
Python lines put in front of it. What cannot run here is in ``ALLOWED`` with the reason; it must still
compile. An entry no doc shows any more fails the test, as does a block that neither runs nor is
allowed.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.test_docs_examples import DOCS, ROOT, _cli, offline_hf, prepared  # noqa: F401 (fixtures)

# (doc, first line of the block) -> why it does not run here.
ALLOWED: dict[tuple[str, str], str] = {
    (
        "docs/scraping-ocw.md",
        "from ocwtool.scrapers.base import CrawlOptions, Page, ParseResult",
    ): "a skeleton for a new source: its `...` bodies and CrawlOptions(...) are the reader's to fill in",
    (
        "docs/releases.md",
        'herrings = load_dataset("releases/ocwtool-data-1.0.0", "ocw_red_herrings")  '
        "# train/validation/test as the puzzles",
    ): "needs red-herring labels of OCW walls in a release; tests/releases/test_herrings.py loads them so",
}
# (doc, first line of the block) -> (ocwtool commands run first, Python lines put in front).
NEEDS: dict[tuple[str, str], tuple[list[str], str]] = {
    ("docs/evaluation.md", 'random.Random(f"{wall_id}:{seed}").sample(clues_in_group_order, 16)'): (
        [],
        "import random\nwall_id, seed, clues_in_group_order = 'ocw-1', 3, [f'clue {i}' for i in range(16)]\n",
    ),
    ("docs/formats.md", 'df = pd.read_csv("ocw.csv", dtype=str, keep_default_na=False)'): (
        ["ocwtool export --format csv --source ocw --out ocw.csv"],
        "import pandas as pd\n",
    ),
    ("docs/releases.md", "from datasets import load_dataset"): (
        ["ocwtool release build --name ocwtool-data --version 1.0.0 --no-report"],
        "",
    ),
}


@dataclass(frozen=True)
class PyBlock:
    doc: str
    line: int
    code: str

    @property
    def key(self) -> tuple[str, str]:
        return (self.doc, self.code.splitlines()[0])


def _python_blocks(path: Path) -> list[PyBlock]:
    doc = path.relative_to(ROOT).as_posix()
    out, lines, start = [], None, 0
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if lines is None and line.strip() == "```python":
            lines, start = [], n + 1
        elif lines is not None and line.startswith("```"):
            out.append(PyBlock(doc, start, "\n".join(lines) + "\n"))
            lines = None
        elif lines is not None:
            lines.append(line)
    return out


BLOCKS = [b for path in DOCS for b in _python_blocks(path)]


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: f"{b.doc}:{b.line}")
def test_doc_python_block_runs_as_written(
    block: PyBlock,
    prepared: tuple[Path, Path],  # noqa: F811 (the fixture imported above)
    tmp_path: Path,
) -> None:
    compile(block.code, f"{block.doc}:{block.line}", "exec")  # every block is valid Python
    if block.key in ALLOWED:
        return
    full, _empty = prepared
    shutil.copytree(full.parent, tmp_path / "copy")
    cwd = tmp_path / "copy" / "project"
    commands, prelude = NEEDS.get(block.key, ([], ""))
    for command in commands:
        code, out, err = _cli(cwd, *shlex.split(command)[1:])
        assert code == 0, f"{block.doc}:{block.line}: needs `{command}`\n{out}{err}"
    run = subprocess.run(
        [sys.executable, "-c", prelude + block.code], cwd=cwd, capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, f"{block.doc}:{block.line}\n{block.code}\n{run.stdout}{run.stderr[-3000:]}"


def test_every_allowed_block_is_still_shown() -> None:
    shown = {b.key for b in BLOCKS}
    assert set(ALLOWED) - shown == set() and set(NEEDS) - shown == set()
    assert len(BLOCKS) >= 7 and len(ALLOWED) <= len(BLOCKS) // 3


def test_the_release_labels_example_is_one_of_them() -> None:
    assert any('release_labels(".")' in b.code for b in BLOCKS if b.doc == "docs/annotations.md")
