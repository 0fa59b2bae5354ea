"""WordNet's noun taxonomy read straight from ``data.noun``: lemmas, lexicographer file and
hyponym links of every noun synset.

The synthetic-board generator needs every noun synset at once; NLTK builds a Python object per
synset (``all_synsets("n")`` takes ~7 s), while this reads the same file in about a second. The
file is the one :func:`ocwtool.resources.wordnet.open_nltk` found (its ``where``), so both see the
same WordNet. Format: wndb(5WN): ``offset lex_filenum ss_type w_cnt word lex_id ... p_cnt
pointer... | gloss``, counts of words in hex, of pointers in decimal.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ocwtool.errors import ResourceError
from ocwtool.resources.wordnet import INSTALL_HELP, LEXNAMES, locate_nltk_wordnet

VERSION_IN_LICENCE = re.compile(r"WordNet (\d+(?:\.\d+)+)")

HYPONYM_POINTERS = frozenset({"~", "~i"})  # hyponym, instance hyponym


@dataclass(frozen=True)
class NounSynset:
    """One noun synset: its offset, lexicographer file (domain), lemma names, direct hyponyms."""

    offset: int
    lexname: str
    lemmas: tuple[str, ...]
    hyponyms: tuple[int, ...]


@dataclass(frozen=True)
class NounTaxonomy:
    """Every noun synset by offset, and the WordNet it was read from (for provenance)."""

    synsets: dict[int, NounSynset]
    description: str


def parse_line(line: str) -> NounSynset:
    """One ``data.noun`` synset line (not a licence line, which starts with two spaces)."""
    fields = line.split(" | ", 1)[0].split()
    offset, lexnum, n_words = int(fields[0]), int(fields[1]), int(fields[3], 16)
    lemmas = tuple(fields[4 + 2 * k] for k in range(n_words))
    at = 4 + 2 * n_words
    n_pointers = int(fields[at])
    hyponyms = []
    for k in range(n_pointers):
        symbol, target, pos = fields[at + 1 + 4 * k : at + 4 + 4 * k]
        if symbol in HYPONYM_POINTERS and pos == "n":
            hyponyms.append(int(target))
    return NounSynset(offset, LEXNAMES[lexnum][0], lemmas, tuple(hyponyms))


def parse_lines(lines: Iterable[str], description: str) -> NounTaxonomy:
    """A taxonomy from ``data.noun`` lines; the licence lines (two leading spaces) name the version,
    which is added to ``description`` as ``-<version>``."""
    synsets = {}
    version = ""
    for line in lines:
        if line.startswith("  "):
            found = VERSION_IN_LICENCE.search(line)
            version = version or (found.group(1) if found else "")
        elif line.strip():
            s = parse_line(line)
            synsets[s.offset] = s
    return NounTaxonomy(synsets, f"{description}-{version}" if version else description)


def load_nouns(folder: Path, description: str) -> NounTaxonomy:
    """The taxonomy in ``folder/data.noun``; ``ResourceError`` if it is missing or malformed."""
    path = folder / "data.noun"
    try:
        with open(path, encoding="utf-8") as fh:
            return parse_lines(fh, description)
    except OSError as exc:
        raise ResourceError(f"{path}: cannot read WordNet nouns ({exc.strerror})") from None
    except (ValueError, IndexError):
        raise ResourceError(f"{path}: not a WordNet data.noun file") from None


def open_nouns() -> NounTaxonomy:
    """The noun taxonomy of the WordNet that NLTK would read (found or prepared as
    :func:`~ocwtool.resources.wordnet.open_nltk` does), described as ``wordnet-<version>``."""
    folder = Path(_pointer_path(locate_nltk_wordnet()))
    if not (folder / "data.noun").is_file():
        raise ResourceError(
            f"{folder}: no data.noun (a zipped corpus cannot be read directly). {INSTALL_HELP}"
        )
    return load_nouns(folder, "wordnet")


def _pointer_path(pointer: Any) -> str:
    return str(getattr(pointer, "path", pointer))
