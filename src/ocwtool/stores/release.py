"""The file layout of a built release: :class:`Release` names every path in it, as the Workspace does
for a workspace, so that building, publishing, verifying and reading a release agree on one layout::

    releases/
      <name>-<version>/                 Release.root
        README.md                       card (Hugging Face YAML header)
        data/<config>/<split>-00000-of-00001.parquet     parquet(config, split)
        json/<config>/<split>.json      json_file(config, split): OCW JSON
        red_herrings/<config>/<split>-00000-of-00001.parquet   herrings(config, split): the
                                        red-herring labels of those puzzles (config <config>_red_herrings)
        croissant.json  CITATION.bib  provenance.json  validation.md
        CHANGES.md  changelog.json      changes: the diff against the previous version
        manifest.json  SHA256SUMS       every file with its sha256
        evaluate.py  requirements-evaluate.txt  scorer/*.py   the standalone scorer
        baselines/*.json                baseline score reports
        annotations/labels.jsonl  annotations/adjudicated.jsonl
        report/report.html  report/<figure>.svg|png
      <name>-<version>.tar.gz|.zip      archive(fmt)
      .<name>-<version>.tmp/            staging: the release being built (a Release too)
      .<name>-<version>.tmp.<fmt>       staged_archive(fmt): its archive, before publishing
      .<name>-<version>.old/            old: the previous folder, moved aside while publishing

It lives below the evaluation and release packages (both read releases) and imports nothing but the
error tree.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ocwtool.errors import ReleaseError

FORMATS = ("tar.gz", "zip")
SHARD = "00000-of-00001"  # one parquet file per config and split
DATA, JSON = "data", "json"  # the two forms of every config and split
HERRINGS = "red_herrings"  # the red-herring layer: its folder, and the suffix of its configs
MANIFEST, SUMS = "manifest.json", "SHA256SUMS"  # the checksums: manifest.json is listed in SHA256SUMS


@dataclass(frozen=True)
class DataFile:
    """Where a shipped data file sits: its form (``data`` for parquet, ``json``), config and split."""

    kind: str
    config: str
    split: str


@dataclass(frozen=True)
class Release:
    """A release folder (built, being built, or someone else's to read) and the paths beside it."""

    root: Path

    @classmethod
    def named(cls, releases_dir: Path, name: str, version: str) -> Release:
        """``releases_dir/<name>-<version>``."""
        return cls(releases_dir / f"{name}-{version}")

    @property
    def name(self) -> str:
        return self.root.name

    def path(self, rel: str) -> Path:
        """A file of the release from its release-relative POSIX path (as manifests list them)."""
        return self.root / rel

    def rel(self, path: Path) -> str:
        """The release-relative POSIX path of a file in the release."""
        return path.relative_to(self.root).as_posix()

    # Data: every config and split in two forms -------------------------------------------------
    @property
    def data_dir(self) -> Path:
        return self.root / DATA

    @property
    def json_dir(self) -> Path:
        return self.root / JSON

    @staticmethod
    def parquet_rel(config: str, split: str) -> str:
        return f"{DATA}/{config}/{split}-{SHARD}.parquet"

    @staticmethod
    def json_rel(config: str, split: str) -> str:
        return f"{JSON}/{config}/{split}.json"

    def parquet(self, config: str, split: str) -> Path:
        return self.path(self.parquet_rel(config, split))

    def json_file(self, config: str, split: str) -> Path:
        return self.path(self.json_rel(config, split))

    # The red-herring layer: one table per config and split, beside the puzzles ---------------------
    @property
    def herrings_dir(self) -> Path:
        return self.root / HERRINGS

    @staticmethod
    def herrings_rel(config: str, split: str) -> str:
        return f"{HERRINGS}/{config}/{split}-{SHARD}.parquet"

    def herrings(self, config: str, split: str) -> Path:
        return self.path(self.herrings_rel(config, split))

    @staticmethod
    def herrings_config(config: str) -> str:
        """The name the card gives a config's red-herring table: ``<config>_red_herrings``."""
        return f"{config}_{HERRINGS}"

    @staticmethod
    def herrings_file(rel: str) -> DataFile | None:
        """Where a red-herring table sits (kind ``red_herrings``), None for files outside its folder;
        ``ReleaseError`` for any other file in it."""
        parts = rel.split("/")
        if parts[0] != HERRINGS:
            return None
        if len(parts) == 3 and parts[2].endswith(f"-{SHARD}.parquet"):
            return DataFile(HERRINGS, parts[1], parts[2].split("-", 1)[0])
        raise ReleaseError(
            f"{rel}: not a file ocwtool ships ({HERRINGS}/<config>/<split>-{SHARD}.parquet); "
            "its rows cannot be checked against the manifest"
        )

    def configs(self) -> list[str]:
        """The configs shipped as parquet (folders of ``data/``), sorted."""
        return sorted(p.name for p in self.data_dir.glob("*") if p.is_dir()) if self.data_dir.is_dir() else []

    def parquet_files(self, config: str | None = None, splits: tuple[str, ...] | None = None) -> list[Path]:
        """The parquet files of one config (every config when None) and of ``splits`` (all when None),
        sorted by config, then in the order of ``splits``."""
        chosen = self.configs() if config is None else [config]
        patterns = [f"{s}-*.parquet" for s in splits] if splits is not None else ["*.parquet"]
        return [f for c in chosen for pattern in patterns for f in sorted((self.data_dir / c).glob(pattern))]

    def splits(self, config: str) -> list[str]:
        """The splits a config ships as parquet, sorted."""
        return sorted({f.name.split("-", 1)[0] for f in self.parquet_files(config)})

    def ocw_json_files(self, split: str) -> list[Path]:
        """Every ``<split>.json`` anywhere in the folder: also finds the OCW JSON of a release folder
        not made by ocwtool (the original OCW dataset's, say), whose config is the file's folder."""
        return sorted(self.root.rglob(f"{split}.json"))

    @staticmethod
    def data_file(rel: str) -> DataFile | None:
        """Where a release-relative file sits among the data (None for files outside data/ and json/);
        ``ReleaseError`` for any other file in those folders (its rows could not be checked)."""
        parts = rel.split("/")
        if parts[0] not in (DATA, JSON):
            return None
        if len(parts) == 3 and parts[0] == DATA and parts[2].endswith(".parquet"):
            return DataFile(DATA, parts[1], parts[2].split("-", 1)[0])
        if len(parts) == 3 and parts[0] == JSON and parts[2].endswith(".json"):
            return DataFile(JSON, parts[1], parts[2].removesuffix(".json"))
        raise ReleaseError(
            f"{rel}: not a data file ocwtool ships (data/<config>/<split>-*.parquet or "
            "json/<config>/<split>.json); its rows cannot be checked against the manifest"
        )

    # The other files ---------------------------------------------------------------------------
    @property
    def card(self) -> Path:
        return self.root / "README.md"

    @property
    def citation(self) -> Path:
        return self.root / "CITATION.bib"

    @property
    def provenance(self) -> Path:
        return self.root / "provenance.json"

    @property
    def validation(self) -> Path:
        return self.root / "validation.md"

    @property
    def croissant(self) -> Path:
        return self.root / "croissant.json"

    @property
    def changes(self) -> Path:
        """``CHANGES.md``: the changelog against the previous version of the release name."""
        return self.root / "CHANGES.md"

    @property
    def changelog(self) -> Path:
        """``changelog.json``: the same changelog as data (``release diff --json``)."""
        return self.root / "changelog.json"

    @property
    def manifest(self) -> Path:
        return self.root / MANIFEST

    @property
    def sums(self) -> Path:
        return self.root / SUMS

    @property
    def scorer_dir(self) -> Path:
        return self.root / "scorer"

    @property
    def baselines_dir(self) -> Path:
        return self.root / "baselines"

    @property
    def annotations_dir(self) -> Path:
        return self.root / "annotations"

    @property
    def labels(self) -> Path:
        return self.annotations_dir / "labels.jsonl"

    @property
    def adjudicated(self) -> Path:
        return self.annotations_dir / "adjudicated.jsonl"

    @property
    def report_dir(self) -> Path:
        return self.root / "report"

    @property
    def report_html(self) -> Path:
        return self.report_dir / "report.html"

    def files(self, *, skip: tuple[str, ...] = ()) -> set[str]:
        """Every file in the folder (release-relative POSIX paths), except under the top-level folders
        named in ``skip`` (local state beside the release, such as the evaluator's venv)."""
        found = set()
        for top, dirs, names in os.walk(self.root):
            here = Path(top)
            if here == self.root:
                dirs[:] = [d for d in dirs if d not in skip]
            found |= {self.rel(here / f) for f in names if (here / f).is_file()}
        return found

    # Beside the folder: the archives, and what a build uses while publishing --------------------
    def archive(self, fmt: str) -> Path:
        """``<name>-<version>.tar.gz`` or ``.zip`` beside the folder."""
        if fmt not in FORMATS:
            raise ReleaseError(f"unknown archive format {fmt!r}; choose one of: {', '.join(FORMATS)}")
        return self.root.with_name(f"{self.name}.{fmt}")

    def archives(self) -> list[Path]:
        """The archives (any format) published beside the folder."""
        return [self.archive(fmt) for fmt in FORMATS if self.archive(fmt).is_file()]

    @property
    def staging(self) -> Release:
        """Where a build writes the release before publishing it."""
        return Release(self.root.with_name(f".{self.name}.tmp"))

    def staged_archive(self, fmt: str) -> Path:
        """Where a build writes the archive before publishing it."""
        return self.root.with_name(f".{self.name}.tmp.{fmt}")

    @property
    def old(self) -> Path:
        """Where publishing moves the previous folder until the new one is in place."""
        return self.root.with_name(f".{self.name}.old")

    def leftovers(self) -> list[Path]:
        """What interrupted builds left beside the folder: staging folder and archive, the old folder,
        unfinished atomic writes of an archive."""
        n = self.name
        patterns = [f".{n}.tmp", f".{n}.tmp.*", f".{n}.old", *(f".{n}.{fmt}.*.tmp" for fmt in FORMATS)]
        return [path for pattern in patterns for path in sorted(self.root.parent.glob(pattern))]


__all__ = ["DATA", "FORMATS", "HERRINGS", "JSON", "MANIFEST", "SUMS", "DataFile", "Release"]
