"""Run every rule over a corpus, apply waivers, and gate releases on the result."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from ocwtool.errors import InputError, ValidationFailed
from ocwtool.fsio import write_json, write_text
from ocwtool.progress import Progress, silent
from ocwtool.schema.corpus import Corpus
from ocwtool.validators.expectations import run_expectations
from ocwtool.validators.findings import ValidationReport, to_json, to_markdown
from ocwtool.validators.leakage import run_leakage
from ocwtool.validators.rules import RULES, Finding, Severity
from ocwtool.validators.structural import run_structural
from ocwtool.validators.waivers import Waiver, apply_waivers, load_waivers
from ocwtool.workspace import WAIVERS_NAME, Workspace


def validate_corpus(
    corpus: Corpus,
    waivers: tuple[Waiver, ...] = (),
    *,
    expectations: bool = True,
    progress: Progress = silent,
) -> ValidationReport:
    """Structural + leakage rules, then (unless ``expectations=False``) the GX suites.

    ``progress("validate", steps done, steps)`` after each family of rules."""
    start = time.perf_counter()
    steps = 3 if expectations else 2
    progress("validate", 0, steps)
    findings: list[Finding] = list(run_structural(corpus))
    progress("validate", 1, steps)
    findings += run_leakage(corpus)
    progress("validate", 2, steps)
    rules = [r for r in RULES if not r.startswith("G")]
    if expectations:
        findings += run_expectations(corpus)
        rules += [r for r in RULES if r.startswith("G")]
        progress("validate", 3, steps)
    marked, unused = apply_waivers(findings, waivers)
    counts = {
        "puzzles": len(corpus.puzzles),
        **{f"variants/{k}": len(v) for k, v in sorted(corpus.variants.items())},
    }
    return ValidationReport(
        findings=tuple(marked),
        counts=counts,
        rules_run=tuple(rules),
        unused_waivers=tuple(unused),
        seconds=time.perf_counter() - start,
    )


def validate_workspace(
    workspace: Workspace,
    sources: Sequence[str] = (),
    *,
    expectations: bool = True,
    progress: Progress = silent,
) -> ValidationReport:
    """Validate the stores of a workspace with the waivers in its ``validation.toml``."""
    with workspace.lock(reading=(workspace.puzzles_dir, workspace.variants_dir)):  # one snapshot
        corpus = workspace.corpus(sources)
    if not corpus.puzzles:
        raise InputError(f"no puzzles in {workspace.puzzles_dir}; import or scrape puzzles first")
    waivers = load_waivers(workspace.waivers_path)
    return validate_corpus(corpus, waivers, expectations=expectations, progress=progress)


def write_reports(
    workspace: Workspace, report: ValidationReport, json_out: Path | None = None, md_out: Path | None = None
) -> tuple[Path, Path]:
    """Write the JSON and Markdown reports (default: ``runs/validation/report.json`` and ``.md``)
    under the lock of their folder; their paths."""
    json_path = json_out or workspace.validation_json_path
    md_path = md_out or workspace.validation_md_path
    with workspace.writing_files(json_path, md_path):
        write_json(json_path, to_json(report))
        write_text(md_path, to_markdown(report))
    return json_path, md_path


def require_valid(report: ValidationReport, limit: int = 10) -> None:
    """Raise ``ValidationFailed`` listing the blocking findings (the release gate)."""
    blocking = report.blocking
    if not blocking:
        return
    lines = [f"  {f.rule} {RULES[f.rule].name}: {f.message}" for f in blocking[:limit]]
    more = [f"  … and {len(blocking) - limit} more"] if len(blocking) > limit else []
    raise ValidationFailed(
        f"validation failed with {len(blocking)} error(s); fix them or add waivers to {WAIVERS_NAME}:\n"
        + "\n".join(lines + more)
    )


__all__ = ["Severity", "require_valid", "validate_corpus", "validate_workspace", "write_reports"]
