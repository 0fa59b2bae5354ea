"""The WordNet baseline's pair scores, kept between runs in the user cache folder.

Opening WordNet with NLTK (importing NLTK included) and scoring the ~59,000 clue pairs of the 494
OCW test walls takes about 5 CPU seconds (see :mod:`.wordnet_baseline`), on every run, for the same
numbers. The scores
are a pure function of the two (normalised) clues, the number of senses, the scoring code, NLTK's
version (its lemma lookup) and the WordNet files, so :class:`PairTable` keeps them in
``<cache>/wordnet/pair-scores-s<senses>.json`` (``<cache>``: ``$OCWTOOL_CACHE``, else
``$XDG_CACHE_HOME/ocwtool``), stamped with all of these:

* a run whose pairs are all in a valid table neither imports NLTK nor opens WordNet;
* a table is valid while NLTK's version, :data:`ALGORITHM` and the size and modification time of
  every WordNet file it was built from are unchanged; once WordNet is opened (for a pair not in the
  table) the stamp is compared with the corpus NLTK actually found, and a stale table is discarded;
* scores are stored as JSON floats, which read back bit for bit, so predictions are the same with a
  table or without (``tests/evaluation/test_wordnet_table.py``).

Each pair is stored in the orientation the baseline scores it (NLTK's Wu-Palmer score is not
symmetric in every corner case). A table that cannot be read is ignored; one that cannot be written
(read-only home) is skipped: the run is only slower, never wrong.
"""

from __future__ import annotations

import json
from importlib import metadata
from pathlib import Path
from typing import Any

from ocwtool.errors import OcwError
from ocwtool.fsio import write_json
from ocwtool.resources.wordnet import default_cache_dir

FORMAT = 1
ALGORITHM = "wup-max-first-senses/1"  # bump when WordNetBaseline.similarity or wupalmer change
Pair = tuple[str, str]


def table_path(senses: int) -> Path:
    """``<cache>/wordnet/pair-scores-s<senses>.json``."""
    return default_cache_dir() / "wordnet" / f"pair-scores-s{senses}.json"


def _nltk_version() -> str:
    try:
        return metadata.version("nltk")
    except metadata.PackageNotFoundError:
        return "unknown"


def _file_stats(paths: list[str]) -> list[list[Any]] | None:
    """``[path, size, mtime_ns]`` of each file, or None when one is missing."""
    out: list[list[Any]] = []
    for name in paths:
        try:
            st = Path(name).stat()
        except OSError:
            return None
        out.append([name, st.st_size, st.st_mtime_ns])
    return out


def reader_stamp(reader: Any, senses: int) -> dict[str, Any] | None:
    """What a table built with ``reader`` depends on (None: a corpus we cannot stat, no table)."""
    root = getattr(reader, "root", None)
    where = getattr(root, "path", None)  # nltk FileSystemPathPointer
    archive = getattr(root, "zipfile", None)  # ZipFilePathPointer
    if where is None and archive is not None:
        where = archive.filename
    if not isinstance(where, str):
        return None
    folder = Path(where)
    files = sorted(str(p) for p in folder.iterdir() if p.is_file()) if folder.is_dir() else [where]
    stats = _file_stats(files)
    if stats is None:
        return None
    return {**_code_stamp(senses), "wordnet": str(reader.get_version()), "files": stats}


def _code_stamp(senses: int) -> dict[str, Any]:
    return {"format": FORMAT, "algorithm": ALGORITHM, "senses": senses, "nltk": _nltk_version()}


def _still_valid(stamp: Any, senses: int) -> bool:
    """The stored stamp's code part matches and its WordNet files are unchanged (no NLTK import)."""
    if not isinstance(stamp, dict) or not isinstance(stamp.get("files"), list):
        return False
    if any(stamp.get(k) != v for k, v in _code_stamp(senses).items()):
        return False
    return bool(_file_stats([str(f[0]) for f in stamp["files"]]) == stamp["files"])


class PairTable:
    """Pair scores keyed by the ordered pair of normalised clues, with the stamp they were made under."""

    def __init__(self, path: Path | None, senses: int) -> None:
        self.path, self.senses = path, senses
        self.stamp: dict[str, Any] | None = None
        self.scores: dict[Pair, float] = {}
        self.dirty = False
        if path is not None:
            self._load(path)

    def _load(self, path: Path) -> None:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if not (isinstance(data, dict) and _still_valid(data.get("stamp"), self.senses)):
            return
        try:
            scores = {(str(a), str(b)): float(s) for a, b, s in data.get("pairs", [])}
        except (TypeError, ValueError):  # a damaged table is ignored: the run is slower, never wrong
            return
        self.stamp, self.scores = data["stamp"], scores

    def check(self, stamp: dict[str, Any] | None) -> None:
        """WordNet was opened: keep the scores only if they were made under ``stamp``."""
        if stamp != self.stamp:
            self.scores, self.stamp, self.dirty = {}, stamp, False

    def add(self, pair: Pair, score: float) -> None:
        self.scores[pair] = score
        self.dirty = True

    def save(self) -> None:
        """Write the table if it gained scores (atomically); a failed write is ignored."""
        if self.path is None or self.stamp is None or not self.dirty:
            return
        pairs = [[a, b, s] for (a, b), s in self.scores.items()]
        try:
            write_json(self.path, {"stamp": self.stamp, "pairs": pairs}, indent=None)
        except (OcwError, OSError):
            return
        self.dirty = False
