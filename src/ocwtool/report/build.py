"""``ocwtool report``: compute every section from a workspace, draw the figures, write the page.

Output (all byte-stable for the same inputs)::

    reports/report.html            one self-contained page (figures inline, no network)
    reports/<figure key>.svg|.png  each figure on its own (for papers and the dataset card)
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ocwtool._version import __version__
from ocwtool.fsio import write_bytes, write_text
from ocwtool.progress import Progress, silent
from ocwtool.report.collect import ReportInputs, collect
from ocwtool.report.curation import annotation_section, validation_section, variants_section
from ocwtool.report.data import data_section
from ocwtool.report.evaluation_panels import evaluation_section
from ocwtool.report.generated import generated_section
from ocwtool.report.herrings import herrings_section
from ocwtool.report.html import page
from ocwtool.report.model import Panel, Section
from ocwtool.report.render import render
from ocwtool.workspace import Workspace

FIGURE_PREFIXES = ("data-", "variants-", "annotation-", "validation-", "eval-", "herrings-", "generated-")


@dataclass(frozen=True)
class WrittenReport:
    """What :func:`write_report` wrote: the page and every figure file."""

    html: Path
    figures: tuple[Path, ...]
    sections: tuple[Section, ...]


def sections(inputs: ReportInputs) -> tuple[Section, ...]:
    """Every section of the report, computed (nothing drawn yet); generated boards only when the
    workspace has some."""
    originals = {p.id: p for items in inputs.stores.values() for p in items}
    generated = generated_section(inputs.generated)
    return (
        data_section(inputs.stores, inputs.types, inputs.type_origin),
        variants_section(inputs.variants, originals, inputs.summaries),
        annotation_section(inputs.annotations, inputs.unfinished),
        validation_section(inputs.validation),
        evaluation_section(inputs.evaluation),
        herrings_section(inputs.herrings, inputs.evaluation.runs),
        *((generated,) if generated is not None else ()),
    )


def charted(panels: Sequence[Panel]) -> list[Panel]:
    """The panels that have something to draw."""
    return [p for p in panels if p.chart is not None]


def draw(panels: Sequence[Panel], progress: Progress = silent) -> dict[str, tuple[bytes, bytes]]:
    """key -> (SVG, PNG) of every panel with a chart."""
    out = {}
    todo = charted(panels)
    for k, panel in enumerate(todo, 1):
        out[panel.key] = render(panel)
        progress("figures", k, len(todo))
    return out


def write_figures(
    folder: Path, figures: Mapping[str, tuple[bytes, bytes]], *, prune: bool = True
) -> list[Path]:
    """Each figure as ``<key>.svg`` and ``<key>.png``; with ``prune``, figure files of earlier reports
    no longer drawn are removed (only files named like report figures)."""
    written = []
    for key, (svg, png) in sorted(figures.items()):
        for suffix, data in ((".svg", svg), (".png", png)):
            write_bytes(folder / f"{key}{suffix}", data)
            written.append(folder / f"{key}{suffix}")
    stale = [p for p in sorted(folder.glob("*.*")) if p not in written] if prune else []
    for old in stale:
        if old.suffix in (".svg", ".png") and old.name.startswith(FIGURE_PREFIXES):
            old.unlink()
    return written


def write_report(
    workspace: Workspace,
    out: Path | None = None,
    *,
    figures_dir: Path | None = None,
    cutoff: dt.date | None = None,
    cutoff_model: str = "",
    validation: Mapping[str, Any] | None = None,
    sources: Sequence[str] = (),
    title: str = "ocwtool report",
    progress: Progress = silent,
) -> WrittenReport:
    """Compute, draw and write the report of ``workspace`` (default: ``reports/``); ``cutoff_model``:
    whose training cutoff ``cutoff`` is (named in the subtitle);
    ``sources``: only these stores, their variants and runs (as a release built from them)."""
    html = out or workspace.report_path  # a reports/ linked out is refused before any work
    found = sections(collect(workspace, cutoff=cutoff, validation=validation, sources=sources))
    figures = draw([p for s in found for p in s.panels], progress)
    folder = figures_dir or html.parent
    paths = write_figures(folder, figures)
    whose = f" ({cutoff_model}'s)" if cutoff_model else ""
    subtitle = (
        f"Made by ocwtool {__version__}" + (f"; training cutoff {cutoff}{whose}" if cutoff else "") + "."
    )
    write_text(html, page(title, subtitle, found, {k: svg for k, (svg, _) in figures.items()}))
    return WrittenReport(html, tuple(paths), found)


def report_workspace(
    workspace: Workspace,
    out: Path | None = None,
    *,
    cutoff: dt.date | None = None,
    cutoff_model: str = "",
    progress: Progress = silent,
) -> WrittenReport:
    """``ocwtool report``: :func:`write_report` of the workspace (default: ``reports/report.html``,
    figures beside it), holding the lock of that folder while it writes."""
    html = out or workspace.report_path
    with workspace.writing_files(html):
        return write_report(workspace, html, cutoff=cutoff, cutoff_model=cutoff_model, progress=progress)


KEY_FIGURES = (
    "data-splits",
    "data-knowledge-types",
    "eval-leaderboard-",
    "eval-knowledge-types",
    "eval-variants",
)


def key_figures(written: WrittenReport, relative_to: Path) -> list[tuple[str, str]]:
    """(title, PNG path relative to ``relative_to``) of the figures a dataset card shows."""
    drawn = {p.stem: p for p in written.figures if p.suffix == ".png"}
    panels = [p for s in written.sections for p in s.panels if p.key in drawn]
    chosen = [p for p in panels if p.key.startswith(KEY_FIGURES)]
    return [(p.title, drawn[p.key].relative_to(relative_to).as_posix()) for p in chosen]
