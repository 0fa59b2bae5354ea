"""``ocwtool release build``: validate, then write ``releases/<name>-<version>/`` and its archive.

Layout of a release folder (every file listed with its sha256 in ``manifest.json`` and
``SHA256SUMS``; :class:`~ocwtool.stores.release.Release` names each path)::

    README.md                      dataset card (HF YAML: configs, dataset_info, license, ...)
    data/<config>/<split>-00000-of-00001.parquet
    json/<config>/<split>.json     OCW JSON (the OCW evaluator's input format)
    red_herrings/<config>/<split>-00000-of-00001.parquet   red-herring labels (``herrings.py``)
    croissant.json  CITATION.bib  provenance.json  validation.md  manifest.json  SHA256SUMS
    evaluate.py  scorer/*.py  baselines/*.json  annotations/*.jsonl   (see ``extras.py``)
    report/report.html  report/<figure>.svg|png   (``ocwtool report`` of the released stores)

Everything is a pure function of the workspace's stores and the tool version: no timestamps, sorted
records and files, so two builds from the same inputs give byte-identical archives.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ocwtool._version import __version__
from ocwtool.annotations.tricks import board_tricks
from ocwtool.errors import InputError, ReleaseError
from ocwtool.formats import hf, ocw_json
from ocwtool.fsio import read_json, sha256_bytes, sha256_file, write_json, write_text
from ocwtool.locks import folder_lock
from ocwtool.names import SPLITS
from ocwtool.progress import Progress, silent
from ocwtool.releases import card, generated
from ocwtool.releases.archive import archive_name, write_archive
from ocwtool.releases.changelog import release_changes, write_changelog
from ocwtool.releases.diff_text import CARD_IDS, changelog_lines
from ocwtool.releases.extras import copy_extras
from ocwtool.releases.generated import GeneratedFacts
from ocwtool.releases.herrings import write_herrings
from ocwtool.releases.licences import config_sources
from ocwtool.releases.publish import clear_leftovers, complete_release, publish
from ocwtool.releases.quirks import quirks
from ocwtool.releases.split_card import splits_section
from ocwtool.report.build import key_figures, write_report
from ocwtool.report.collect import store_runs
from ocwtool.report.fixation import player_fixation
from ocwtool.safenames import check_release
from ocwtool.schema.corpus import Corpus, is_text
from ocwtool.schema.fingerprint import schema_fingerprint
from ocwtool.schema.models import Puzzle, sort_key
from ocwtool.stores.release import HERRINGS, Release
from ocwtool.validators.findings import ValidationReport, to_json, to_markdown
from ocwtool.validators.gate import require_valid, validate_corpus
from ocwtool.validators.waivers import load_waivers
from ocwtool.workspace import Workspace


@dataclass(frozen=True)
class ReleaseSpec:
    """What to build: name, semantic version, archive format, notes, licence; ``force`` replaces."""

    name: str
    version: str
    fmt: str = "tar.gz"
    notes: str = ""
    license: str = "mit"  # ocwtool's own files (card, evaluator); each config's data keeps its sources'
    sources: tuple[str, ...] = ()
    force: bool = False
    report: bool = True  # ship the report (its key figures in the card); byte-stable like the rest
    herrings: str | None = None  # ship this annotator's red herrings (None: the default order)
    with_herrings: bool = True  # ship the red-herring layer (when any label exists)

    def check(self) -> None:
        check_release(self.name, self.version, error=ReleaseError)


def release_configs(corpus: Corpus) -> dict[str, list[Puzzle]]:
    """Published tables: ``ocw``/``nyt`` (text puzzles), ``<game>_<kind>`` for each variant kind, and
    ``synthetic`` for generated boards (:mod:`ocwtool.releases.generated`)."""
    configs: dict[str, list[Puzzle]] = {}
    for config, p in corpus.all_records():
        if is_text(p):  # generated boards: config synthetic; extended ones: only shippable trick words
            configs.setdefault(generated.config_of(config, p), []).append(generated.shipped(p))
    return {k: sorted(v, key=lambda p: (sort_key(p), p.id)) for k, v in sorted(configs.items()) if v}


def _by_split(puzzles: Sequence[Puzzle]) -> dict[str, list[Puzzle]]:
    out: dict[str, list[Puzzle]] = {}
    for p in puzzles:
        if p.split is None:
            raise ReleaseError(f"puzzle {p.id} has no split; run `ocwtool split` before building a release")
        out.setdefault(p.split.value, []).append(p)
    return {s: out[s] for s in SPLITS if s in out}


def write_tables(
    root: Release, configs: dict[str, list[Puzzle]], extras: dict[str, Any]
) -> list[card.SplitFile]:
    """Parquet and OCW JSON per config and split; return what the card and manifest need."""
    import pyarrow.parquet as pq

    files = []
    for config, puzzles in configs.items():
        for split, items in _by_split(puzzles).items():
            rel, parquet = root.parquet_rel(config, split), root.parquet(config, split)
            hf.write_parquet([p.as_shown() for p in items], parquet)  # board 0, never the solution
            nbytes = int(pq.read_table(parquet).nbytes)
            digest = sha256_file(parquet)
            files.append(
                card.SplitFile(config, split, rel, len(items), nbytes, parquet.stat().st_size, digest)
            )
            doc = ocw_json.dump_document(items, extras.get(config))  # published order: round-trips
            write_json(root.json_file(config, split), doc, indent=4)
    return files


def provenance(corpus: Corpus) -> dict[str, Any]:
    """Sources with their capture hashes (and one digest over them), tool version and commit."""
    per_source: dict[str, list[Puzzle]] = {}
    for p in corpus.puzzles:
        per_source.setdefault(p.source, []).append(p)
    sources = {}
    for source, items in sorted(per_source.items()):
        hashes = sorted({p.provenance.sha256 for p in items if p.provenance.sha256})
        sources[source] = {
            "puzzles": len(items),
            "captures": len(hashes),
            "digest": sha256_bytes("\n".join(hashes).encode()),
            "capture_sha256": hashes,
            "parser_versions": sorted({p.provenance.parser_version for p in items}),
        }
    return {"tool": "ocwtool", "tool_version": __version__, "tool_commit": tool_commit(), "sources": sources}


def tool_commit() -> str | None:
    """The git commit of the running ocwtool source tree, if it is a git checkout."""
    here = Path(__file__).resolve().parent
    try:
        out = subprocess.run(
            ["git", "-C", str(here), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None if out.returncode == 0 else None


def write_checksums(root: Release, manifest: dict[str, Any]) -> None:
    """Add every file's sha256 to ``manifest.json``, then list all files in ``SHA256SUMS``."""
    own = {root.rel(root.manifest), root.rel(root.sums)}
    files = sorted(root.path(rel) for rel in root.files() if rel not in own)
    manifest["files"] = {root.rel(p): {"sha256": sha256_file(p), "bytes": p.stat().st_size} for p in files}
    write_json(root.manifest, manifest)
    listed = sorted([*manifest["files"], root.rel(root.manifest)])
    write_text(root.sums, "".join(f"{sha256_file(root.path(rel))}  {rel}\n" for rel in listed))


def build_release(
    workspace: Workspace, spec: ReleaseSpec, *, expectations: bool = True, progress: Progress = silent
) -> tuple[Path, Path]:
    """Validate (refusing on errors), write the release folder and its archive in a staging area,
    then publish both (``publish.py``); return both paths. A release folder left without an archive
    by an interrupted build is completed instead (``complete_release``), without ``force``.

    One build at a time holds ``releases/`` (a second waits, or with ``--no-wait`` is refused), and
    the stores are read as one snapshot (``Workspace.reading``): an import waits for the release.

    ``progress`` follows the validation, then ``("release", steps done, 2)``: folder, archive."""
    spec.check()
    final = workspace.release(spec.name, spec.version)
    with folder_lock(workspace.releases_dir, what="releases/"):
        clear_leftovers(final)
        if final.root.exists() and not spec.force:
            if not final.archives():  # an earlier build stopped between folder and archive
                return complete_release(final, spec.fmt, progress)
            raise ReleaseError(f"{final.root} already exists; bump the version or pass --force to rebuild it")
        return final.root, _build(workspace, spec, final, expectations, progress)


def _build(
    workspace: Workspace, spec: ReleaseSpec, final: Release, expectations: bool, progress: Progress
) -> Path:
    """Stage the release from one snapshot of the stores, archive it and publish both; the archive."""
    staging, staged = final.staging, final.staged_archive(spec.fmt)
    try:
        with workspace.reading():  # from the first store read to the last file written
            _stage(workspace, spec, staging, expectations, progress)
        progress("release", 1, 2)
        write_archive(staging.root, spec.fmt, prefix=final.name, target=staged)
        archive = publish(final, spec.fmt)
    finally:
        shutil.rmtree(staging.root, ignore_errors=True)
        staged.unlink(missing_ok=True)
    progress("release", 2, 2)
    return archive


def _stage(
    workspace: Workspace, spec: ReleaseSpec, staging: Release, expectations: bool, progress: Progress
) -> None:
    """Read and validate the stores (refusing on errors), then write the release folder ``staging``."""
    corpus = workspace.corpus(spec.sources)
    if not corpus.puzzles:
        raise ReleaseError(f"nothing to release: no puzzles in {workspace.puzzles_dir}")
    waivers = load_waivers(workspace.waivers_path)
    report = validate_corpus(corpus, waivers, expectations=expectations, progress=progress)
    require_valid(report)
    corpus = generated.with_verdicts(corpus, _people_verdicts(workspace, corpus))
    configs = release_configs(corpus)
    if not configs:
        raise ReleaseError(f"nothing to release: no text puzzles in {workspace.puzzles_dir}")
    shutil.rmtree(staging.root, ignore_errors=True)
    staging.root.mkdir(parents=True)
    _write_folder(workspace, spec, corpus, report, configs, staging)


def _people_verdicts(workspace: Workspace, corpus: Corpus) -> dict[str, list[dict[str, object]]]:
    """Extended boards with a trick word people confirmed or rejected: each board's words as
    :func:`ocwtool.annotations.tricks.board_tricks` settles them (status and answers)."""
    found = board_tricks(corpus.variants.get(generated.EXTENDED, ()), workspace.annotations_dir)
    decided = {b: ts for b, ts in found.items() if any(t.status in ("confirmed", "rejected") for t in ts)}
    return {b: [t.to_json() for t in ts] for b, ts in decided.items()}


def _write_folder(
    workspace: Workspace,
    spec: ReleaseSpec,
    corpus: Corpus,
    report: ValidationReport,
    configs: dict[str, list[Puzzle]],
    root: Release,
) -> None:
    files = write_tables(root, configs, _store_extras(workspace, configs))
    counts = {c: {f.split: f.rows for f in files if f.config == c} for c in configs}
    herrings, shipped = (
        write_herrings(workspace, root, configs, spec.herrings) if spec.with_herrings else ([], ())
    )
    changes = release_changes(
        workspace.releases_dir, root, spec.name, spec.version, counts, card.split_counts(herrings)
    )
    write_changelog(root, changes, spec.name, spec.version)
    prov = provenance(corpus)
    sources = config_sources(configs, store_formats(workspace, corpus))
    figures = _report(workspace, spec, report, root) if spec.report else []
    extras = copy_extras(workspace, root, spec.sources)
    if spec.report:
        extras.append("`report/report.html`: figures of the data, annotation and scores (opens from disk)")
    info = card.CardInfo(
        name=spec.name,
        version=spec.version,
        license=spec.license,
        files=tuple(files),
        counts=counts,
        provenance=prov,
        quirks=quirks(report),
        notes=spec.notes,
        extras=extras,
        figures=tuple(figures),
        sources=tuple(sources),
        herrings=tuple(herrings),
        herring_sources=shipped,
        herring_annotator=spec.herrings,
        fixation=tuple(player_fixation(store_runs(workspace, spec.sources))) if herrings else (),
        distractors=card.distractor_counts(configs),
        changes=tuple(changelog_lines(changes, CARD_IDS)),
        split_lines=tuple(splits_section(_split_record(workspace), configs)),
        generated=_generated(workspace, corpus, configs),
    )
    write_text(root.card, card.render_card(info))
    write_text(root.citation, card.CITATION_BIB)
    write_json(root.provenance, prov)
    write_text(root.validation, to_markdown(report))  # no timings in it: stays reproducible
    described = f"{spec.name} {spec.version}: word-grouping puzzles (Only Connect walls, NYT Connections)."
    write_json(root.croissant, card.croissant(info, described))
    manifest = _manifest(spec, corpus, report, counts, prov["tool_commit"])
    manifest["sources"] = [s.as_json() for s in sources]
    write_checksums(root, _with_herrings(manifest, herrings))


def _split_record(workspace: Workspace) -> dict[str, Any] | None:
    """What ``ocwtool split`` recorded of how it assigned the splits (None: nothing recorded)."""
    path = workspace.split_record_path
    record = read_json(path) if path.exists() else None
    return record if isinstance(record, dict) else None


def _with_herrings(manifest: dict[str, Any], herrings: Sequence[card.SplitFile]) -> dict[str, Any]:
    """``counts.red_herrings`` (config -> split -> rows), only when some ship: a release without red
    herrings keeps the manifest it always had."""
    if herrings:
        manifest["counts"][HERRINGS] = card.split_counts(herrings)
    return manifest


def _manifest(
    spec: ReleaseSpec,
    corpus: Corpus,
    report: ValidationReport,
    counts: dict[str, dict[str, int]],
    commit: str | None,
) -> dict[str, Any]:
    """``manifest.json`` without its file list (``write_checksums`` adds it)."""
    return {
        "name": spec.name,
        "version": spec.version,
        "release_notes": spec.notes,
        "archive_format": spec.fmt,
        "tool": {"name": "ocwtool", "version": __version__, "commit": commit},
        "schema": {"puzzle": schema_fingerprint()},  # `ocwtool update`: a change is a major version
        "counts": {
            "configs": counts,
            "excluded_non_text": sum(1 for p in corpus.puzzles if not is_text(p)),
            "canonical_puzzles": len(corpus.puzzles),
        },
        "validation": report.summary(),
    }


def _report(
    workspace: Workspace, spec: ReleaseSpec, report: ValidationReport, root: Release
) -> list[tuple[str, str]]:
    """Write ``report/`` (the released stores, this build's validation) and return the card's figures."""
    written = write_report(
        workspace,
        root.report_html,
        validation=to_json(report),
        sources=spec.sources,
        title=f"{spec.name} {spec.version}",
    )
    return key_figures(written, root.root)


def validation_line(folder: Path) -> str:
    """The validation summary a built release records (``manifest.json``), e.g. ``PASSED: 0 errors, ...``."""
    summary = read_json(Release(folder).manifest).get("validation")
    return summary if isinstance(summary, str) else "not recorded"


def store_formats(workspace: Workspace, corpus: Corpus) -> dict[str, str]:
    """Store name -> the format it was imported from (``format`` in its ``<store>.meta.json``)."""
    out: dict[str, str] = {}
    for path in corpus.stores:
        meta = workspace.meta_path(path.stem)
        try:
            fmt = read_json(meta).get("format") if meta.is_file() else None
        except (InputError, AttributeError):  # an unreadable meta file only loses the origin match
            fmt = None
        if isinstance(fmt, str):
            out[path.stem] = fmt
    return out


def _generated(workspace: Workspace, corpus: Corpus, configs: dict[str, list[Puzzle]]) -> GeneratedFacts:
    """The card's facts about generated boards: the extended builds' summary, the generate stores'
    provenance (``ReleaseError`` for a synthetic board none records)."""
    summary = workspace.variant_summary_path(generated.EXTENDED)
    builds = read_json(summary).get("builds", {}) if summary.is_file() else {}
    metas: dict[str, dict[str, Any]] = {}
    for path in corpus.stores:
        meta = workspace.meta_path(path.stem)
        doc = read_json(meta) if meta.is_file() else None
        if isinstance(doc, dict) and generated.is_generate_meta(doc):
            metas[path.stem] = doc
    return generated.generated_facts(corpus.all_records(), configs, builds, metas)


def _store_extras(workspace: Workspace, configs: dict[str, list[Puzzle]]) -> dict[str, Any]:
    """Per config, the import extras of its single source store (restores the OCW JSON form)."""
    out: dict[str, Any] = {}
    for config in ("ocw", "nyt"):
        sources = {p.source for p in configs.get(config, ())}
        meta = workspace.meta_path(next(iter(sources))) if len(sources) == 1 else None
        if meta is not None and meta.exists():
            out[config] = read_json(meta)
    return out


__all__ = [
    "ReleaseSpec",
    "archive_name",
    "build_release",
    "complete_release",
    "release_configs",
    "validation_line",
]
