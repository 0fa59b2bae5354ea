"""The README's "Where to add things" map names only paths that exist.

Every code span of that section that starts with a top-level folder of the repository (``src/``,
``tests/``, ``docs/``, ``benchmarks/``) is a path the map sends a newcomer to: a file, or a folder
when it ends with ``/``. A move or rename that leaves the map behind fails here, naming the path.
Only the map is checked: links elsewhere in the README are not.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SECTION = "## Where to add things"
TOP = ("src/", "tests/", "docs/", "benchmarks/")
KINDS = [
    "a source",
    "a format",
    "a rule set",
    "a label type",
    "a release file",
    "a rule of generated boards",
    "a validation rule",
    "a scheduled run",
]


def map_section(readme: str) -> str:
    """The text of the map section, up to the next ``## `` heading."""
    assert f"\n{SECTION}\n" in readme, f"README.md has no section {SECTION!r}"
    return readme.split(f"\n{SECTION}\n", 1)[1].split("\n## ", 1)[0]


def named_paths(section: str) -> list[str]:
    """The repository paths the section names in code spans, sorted, each once."""
    return sorted({span for span in re.findall(r"`([^`\s]+)`", section) if span.startswith(TOP)})


def missing(paths: list[str], root: Path) -> list[str]:
    """The paths that do not exist under ``root`` (a trailing ``/`` asks for a folder)."""
    return [p for p in paths if not ((root / p).is_dir() if p.endswith("/") else (root / p).is_file())]


def rows(section: str) -> dict[str, str]:
    """Table rows of the section: first cell (what to add) -> the whole row."""
    found = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0] not in ("to add", "---"):
            found[cells[0].split(" (", 1)[0]] = line
    return found


README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_every_path_the_map_names_exists() -> None:
    paths = named_paths(map_section(README))
    assert len(paths) >= 20, paths  # the map names real places, not just prose
    assert missing(paths, ROOT) == [], "README.md's map names paths that do not exist (update the map)"


def test_the_map_says_where_each_kind_of_addition_goes() -> None:
    table = rows(map_section(README))
    assert list(table) == KINDS
    for kind, row in table.items():
        assert named_paths(row), f"the map's row for {kind} names no path"


def test_a_path_renamed_away_is_reported(tmp_path: Path) -> None:
    paths = named_paths(map_section(README))
    for p in paths:  # the named files and folders, copied as they are
        source, copy = ROOT / p, tmp_path / p
        if source.is_dir():
            copy.mkdir(parents=True, exist_ok=True)
        else:
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, copy)
    assert missing(paths, tmp_path) == []
    moved = "src/ocwtool/validators/rules.py"
    (tmp_path / moved).rename(tmp_path / "src/ocwtool/validators/rule_table.py")
    shutil.rmtree(tmp_path / "src/ocwtool/formats")  # a folder moved away, its files with it
    gone = [p for p in paths if p == moved or p.startswith("src/ocwtool/formats/")]
    assert missing(paths, tmp_path) == gone
    assert len(gone) >= 4
