"""Names a newcomer can predict (issue #26, item 5): a word names one thing, and a package is not
hidden in a prefix. A move that brings an old name back fails here, naming the module."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import ocwtool

SRC = Path(ocwtool.__file__).parent
SUBPACKAGES = ("prelabel", "labelstudio", "interop")


def modules() -> list[str]:
    """Every module of ocwtool, dotted from below ``ocwtool`` (``annotations.prelabel.model``)."""
    return sorted(".".join(p.relative_to(SRC).with_suffix("").parts) for p in SRC.rglob("*.py"))


def leaf(module: str) -> str:
    return module.rsplit(".", 1)[-1]


def test_a_store_is_a_file_of_the_workspace_and_lives_in_stores() -> None:
    assert [m for m in modules() if "store" in leaf(m) and not m.startswith("stores.")] == []


def test_workspace_names_the_workspace_only() -> None:
    assert [m for m in modules() if "workspace" in leaf(m)] == ["workspace"]


def test_report_names_the_html_report_its_command_and_the_shipped_scorers_report() -> None:
    # The evaluation pipeline and the validation findings are not reports; the scorer ships as it is.
    named = [m for m in modules() if leaf(m) == "report" or m.startswith("report.")]
    assert [m for m in named if not m.startswith("report.")] == ["cli.report", "evaluation.scorer.report"]


def test_the_annotation_tools_live_in_subpackages_without_their_prefix() -> None:
    flat = [p.stem for p in (SRC / "annotations").glob("*.py")]
    assert [s for s in flat if s.startswith(("prelabel", "ls_", "labelstudio", "interop"))] == []
    for package in SUBPACKAGES:
        stems = [p.stem for p in (SRC / "annotations" / package).glob("*.py")]
        assert "__init__" in stems
        assert [s for s in stems if s.startswith((f"{package}_", "ls_"))] == [], package


def test_importing_the_new_packages_loads_no_heavy_library() -> None:
    # Their __init__ files re-export nothing, so naming a package never imports scikit-learn & co.
    folders = ["acquisition", "formats", "stores", *(f"annotations/{p}" for p in SUBPACKAGES)]
    code = (
        "import importlib, sys\n"
        f"for folder in {folders!r}:\n"
        "    importlib.import_module('ocwtool.' + folder.replace('/', '.'))\n"
        "heavy = ('sklearn', 'torch', 'label_studio_sdk', 'pydantic', 'nltk')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
