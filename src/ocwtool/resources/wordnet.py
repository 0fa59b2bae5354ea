"""The WordNet seam: one small protocol, an NLTK (WordNet 3.0) backend and a ``wn`` lexicon backend.

The OCW-WordNet rule only needs, for a word, its synsets in lookup order with their lemma names and
definition (plus hypernyms/hyponyms for our optional fallback). :class:`SynsetInfo` carries exactly
that, so the generator is testable with a fake backend and independent of NLTK or ``wn``.

Finding WordNet 3.0 for NLTK offline (:func:`open_nltk`), in order:

1. an ``nltk_data`` ``corpora/wordnet`` (or ``wordnet.zip``) already on ``nltk.data.path``/``$NLTK_DATA``;
2. the Debian ``wordnet-base`` + ``wordnet-sense-index`` files (``/usr/share/wordnet``, or
   ``$OCWTOOL_WORDNET_DIR``), copied once into ``<cache>/corpora/wordnet/`` with the ``lexnames`` file
   Debian does not ship, ``<cache>`` then put on ``nltk.data.path`` (NLTK >= 3.9 refuses corpus paths
   outside it and symlinks that leave the corpus root, hence copies, not links);
3. otherwise :class:`~ocwtool.errors.ResourceError` saying how to install one.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ocwtool.errors import ResourceError
from ocwtool.resources.wordnet_lines import ByteOffsetLines, fast_file

DEBIAN_DIR = Path("/usr/share/wordnet")
WORDNET_30_SYNSETS = 117_659
POS_FILES = ("noun", "verb", "adj", "adv")
STAMP = "ocwtool-source.json"

# WordNet 3.0's fixed list of lexicographer files (lexnames(5WN)): number = position, then the
# syntactic category (1 noun, 2 verb, 3 adjective, 4 adverb). NLTK needs it; Debian omits it.
LEXNAMES: tuple[tuple[str, int], ...] = (
    ("adj.all", 3), ("adj.pert", 3), ("adv.all", 4), ("noun.Tops", 1), ("noun.act", 1),
    ("noun.animal", 1), ("noun.artifact", 1), ("noun.attribute", 1), ("noun.body", 1),
    ("noun.cognition", 1), ("noun.communication", 1), ("noun.event", 1), ("noun.feeling", 1),
    ("noun.food", 1), ("noun.group", 1), ("noun.location", 1), ("noun.motive", 1),
    ("noun.object", 1), ("noun.person", 1), ("noun.phenomenon", 1), ("noun.plant", 1),
    ("noun.possession", 1), ("noun.process", 1), ("noun.quantity", 1), ("noun.relation", 1),
    ("noun.shape", 1), ("noun.state", 1), ("noun.substance", 1), ("noun.time", 1),
    ("verb.body", 2), ("verb.change", 2), ("verb.cognition", 2), ("verb.communication", 2),
    ("verb.competition", 2), ("verb.consumption", 2), ("verb.contact", 2), ("verb.creation", 2),
    ("verb.emotion", 2), ("verb.motion", 2), ("verb.perception", 2), ("verb.possession", 2),
    ("verb.social", 2), ("verb.stative", 2), ("verb.weather", 2), ("adj.ppl", 3),
)  # fmt: skip

INSTALL_HELP = (
    "WordNet 3.0 is not installed. Install one of: the Debian/Ubuntu packages "
    "(`sudo apt-get install wordnet-base wordnet-sense-index`, read from /usr/share/wordnet or "
    "$OCWTOOL_WORDNET_DIR), or NLTK's corpus (`python -m nltk.downloader wordnet`, or put an "
    "nltk_data folder holding corpora/wordnet on $NLTK_DATA)"
)


@dataclass(frozen=True)
class SynsetInfo:
    """What the generator needs of one synset: its id, lemma names (verbatim) and definition."""

    name: str
    lemmas: tuple[str, ...]
    definition: str


class WordNetBackend(Protocol):
    """A WordNet the generator can query; ``description`` names it for lineage and summaries."""

    description: str

    def synsets(self, word: str) -> Sequence[SynsetInfo]: ...

    def hypernyms(self, name: str) -> Sequence[SynsetInfo]: ...

    def hyponyms(self, name: str) -> Sequence[SynsetInfo]: ...


def lexnames_text() -> str:
    """The standard 45-line ``lexnames`` file: ``NN<TAB>name<TAB>pos``."""
    return "".join(f"{i:02d}\t{name}\t{pos}\n" for i, (name, pos) in enumerate(LEXNAMES))


def default_cache_dir() -> Path:
    """Where prepared resources live: ``$OCWTOOL_CACHE``, else ``$XDG_CACHE_HOME/ocwtool``."""
    explicit = os.environ.get("OCWTOOL_CACHE")
    if explicit:
        return Path(explicit).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base).expanduser() / "ocwtool"


def debian_source_dir() -> Path:
    """The Debian WordNet folder: ``$OCWTOOL_WORDNET_DIR`` or ``/usr/share/wordnet``."""
    return Path(os.environ.get("OCWTOOL_WORDNET_DIR") or DEBIAN_DIR)


def _source_files(src: Path) -> list[Path]:
    required = [src / f"{kind}.{pos}" for kind in ("data", "index") for pos in POS_FILES]
    missing = [p.name for p in required if not p.is_file()]
    if missing:
        raise ResourceError(f"{src}: missing WordNet files {', '.join(missing)}. {INSTALL_HELP}")
    extra = [src / "index.sense", *sorted(src.glob("*.exc"))]
    return required + [p for p in extra if p.is_file()]


def count_synsets(folder: Path) -> int:
    """Synset lines in ``data.*`` (the licence header lines start with two spaces)."""
    total = 0
    for pos in POS_FILES:
        with open(folder / f"data.{pos}", "rb") as fh:
            total += sum(1 for line in fh if not line.startswith(b"  "))
    return total


def prepare_debian_cache(src: Path, cache: Path) -> Path:
    """Copy the Debian WordNet files into ``<cache>/nltk_data/corpora/wordnet`` once; return the
    ``nltk_data`` root. Re-copies when the source files change (size or mtime differ)."""
    files = _source_files(src)
    stamp = {p.name: [p.stat().st_size, p.stat().st_mtime_ns] for p in files}
    root = cache / "nltk_data"
    target = root / "corpora" / "wordnet"
    if _read_stamp(target) == stamp:
        return root
    found = count_synsets(src)
    if found != WORDNET_30_SYNSETS:
        raise ResourceError(
            f"{src}: expected WordNet 3.0 ({WORDNET_30_SYNSETS:,} synsets), found {found:,}. {INSTALL_HELP}"
        )
    tmp = target.with_name(f".wordnet-{os.getpid()}.tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    for p in files:
        shutil.copyfile(p, tmp / p.name)
    (tmp / "lexnames").write_text(lexnames_text(), encoding="utf-8")
    (tmp / STAMP).write_text(json.dumps(stamp, sort_keys=True), encoding="utf-8")
    shutil.rmtree(target, ignore_errors=True)
    os.replace(tmp, target)  # the stamp appears with the folder, so a half copy is never reused
    return root


def _read_stamp(target: Path) -> Any:
    try:
        return json.loads((target / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


class NltkBackend:
    """WordNet through NLTK's ``WordNetCorpusReader`` (lookup order = ``wn.synsets(word)``)."""

    def __init__(self, reader: Any, where: str) -> None:
        self._reader = reader
        self.version = str(reader.get_version())
        self.description = f"nltk:wordnet-{self.version}"
        self.where = where

    @property
    def reader(self) -> Any:
        """The NLTK ``WordNetCorpusReader`` itself, for callers that need its full API."""
        return self._reader

    def synsets(self, word: str) -> list[SynsetInfo]:
        return [_nltk_info(s) for s in self._reader.synsets(word)]

    def hypernyms(self, name: str) -> list[SynsetInfo]:
        s = self._reader.synset(name)
        return [_nltk_info(h) for h in (*s.hypernyms(), *s.instance_hypernyms())]

    def hyponyms(self, name: str) -> list[SynsetInfo]:
        s = self._reader.synset(name)
        return [_nltk_info(h) for h in (*s.hyponyms(), *s.instance_hyponyms())]


def _nltk_info(s: Any) -> SynsetInfo:
    return SynsetInfo(name=s.name(), lemmas=tuple(s.lemma_names()), definition=s.definition())


def open_nltk(
    *, cache_dir: Path | None = None, debian_dir: Path | None = None, use_nltk_path: bool = True
) -> NltkBackend:
    """WordNet for NLTK found automatically (see the module docstring); ``ResourceError`` if none."""
    pointer = locate_nltk_wordnet(cache_dir=cache_dir, debian_dir=debian_dir, use_nltk_path=use_nltk_path)
    try:
        reader = _reader_class()(pointer, None)
    except (OSError, ValueError, AssertionError) as exc:
        raise ResourceError(f"{pointer}: unreadable WordNet corpus ({exc}). {INSTALL_HELP}") from None
    return NltkBackend(reader, str(pointer))


def locate_nltk_wordnet(
    *, cache_dir: Path | None = None, debian_dir: Path | None = None, use_nltk_path: bool = True
) -> Any:
    """The NLTK path pointer of the WordNet corpus :func:`open_nltk` reads (found or prepared as its
    docstring says), without building a reader: for callers that read its files themselves."""
    import nltk

    pointer = _find_nltk_wordnet() if use_nltk_path else None
    if pointer is None:
        src = debian_dir or debian_source_dir()
        if not (src / "data.noun").is_file():
            raise ResourceError(f"no WordNet found (looked on nltk.data.path and in {src}). {INSTALL_HELP}")
        root = prepare_debian_cache(src, cache_dir or default_cache_dir())
        if str(root) in nltk.data.path:  # first, so that this copy is the one found
            nltk.data.path.remove(str(root))
        nltk.data.path.insert(0, str(root))
        pointer = nltk.data.find("corpora/wordnet")
    return pointer


def _reader_class() -> Any:
    """NLTK's reader, minus work we never use: the multilingual (OMW) warning and map; and reading
    its files through plain binary files.

    ``WordNetCorpusReader.__init__`` compares the version ("3.0") with the corpus *name*
    ("wordnet"), so it always builds a WordNet-to-WordNet map by reading ``index.sense`` twice
    (about 2 s); that map only serves OMW lookups, which the generators never make. ``open`` (the
    public ``CorpusReader.open``) gives the files NLTK reads most a :class:`ByteOffsetLines` stream
    instead of NLTK's pure-Python one: the same lines at the same offsets
    (:mod:`ocwtool.resources.wordnet_lines`)."""
    import warnings

    from nltk.corpus.reader.wordnet import WordNetCorpusReader  # deferred: NLTK takes ~0.5 s to import
    from nltk.data import FileSystemPathPointer

    class QuietReader(WordNetCorpusReader):  # type: ignore[misc]
        def __init__(self, root: Any, omw_reader: Any) -> None:
            with warnings.catch_warnings():
                warnings.filterwarnings("ignore", "The multilingual functions", UserWarning)
                super().__init__(root, omw_reader)

        def map_wn(self, version: str = "wordnet") -> None:
            return None

        def open(self, file: str) -> Any:
            pointer = self.abspath(file)  # NLTK's path guard included
            if fast_file(file) and isinstance(pointer, FileSystemPathPointer):
                return ByteOffsetLines(pointer.path)
            return super().open(file)

    return QuietReader


def _find_nltk_wordnet() -> Any:
    import nltk

    try:
        return nltk.data.find("corpora/wordnet")
    except LookupError:
        return None


class WnBackend:
    """A lexicon installed for the ``wn`` package (e.g. ``oewn:2024``); lemmas keep ``wn``'s forms."""

    def __init__(self, lexicon: str) -> None:
        try:
            import wn
        except ImportError:
            raise ResourceError("the `wn` package is not installed: pip install 'ocwtool[wn]'") from None
        try:
            self._wn = wn.Wordnet(lexicon)
        except wn.Error as exc:
            raise ResourceError(
                f"wn lexicon {lexicon!r} is not installed ({exc}); install it with "
                f"`python -m wn download {lexicon}` (needs the network once)"
            ) from None
        self.description = f"wn:{lexicon}"

    def synsets(self, word: str) -> list[SynsetInfo]:
        return [_wn_info(s) for s in self._wn.synsets(word)]

    def hypernyms(self, name: str) -> list[SynsetInfo]:
        s = self._wn.synset(name)
        return [_wn_info(h) for h in s.get_related("hypernym", "instance_hypernym")]

    def hyponyms(self, name: str) -> list[SynsetInfo]:
        s = self._wn.synset(name)
        return [_wn_info(h) for h in s.get_related("hyponym", "instance_hyponym")]


def _wn_info(s: Any) -> SynsetInfo:
    return SynsetInfo(name=str(s.id), lemmas=tuple(s.lemmas()), definition=s.definition() or "")


def open_backend(lexicon: str | None = None, *, cache_dir: Path | None = None) -> WordNetBackend:
    """``None`` or ``"nltk"``: WordNet 3.0 through NLTK (as published); else a ``wn`` lexicon id."""
    if lexicon in (None, "", "nltk"):
        return open_nltk(cache_dir=cache_dir)
    return WnBackend(lexicon)
