"""A private WordNet 3.0 loader for the WordNet baseline (stand-in for the generators' shared one).

NLTK's own ``wordnet`` corpus is used when installed. Otherwise the Debian ``wordnet-base`` and
``wordnet-sense-index`` files under /usr/share/wordnet (the same WordNet 3.0 data) are copied once
into ``<cache>/corpora/wordnet`` with the standard ``lexnames`` file Debian does not ship, because
NLTK >= 3.9 refuses corpus roots outside ``nltk.data.path`` and symlinks that leave the root.
Swap for ``ocwtool.generators`` WordNet loader when that lands (one loader in the codebase).
"""

from __future__ import annotations

import os
import shutil
from functools import lru_cache
from pathlib import Path
from typing import Any

from ocwtool.errors import ResourceError
from ocwtool.fsio import write_text

DEBIAN_DIR = Path("/usr/share/wordnet")
_LEXNAMES = [
    "adj.all",
    "adj.pert",
    "adv.all",
    "noun.Tops",
    "noun.act",
    "noun.animal",
    "noun.artifact",
    "noun.attribute",
    "noun.body",
    "noun.cognition",
    "noun.communication",
    "noun.event",
    "noun.feeling",
    "noun.food",
    "noun.group",
    "noun.location",
    "noun.motive",
    "noun.object",
    "noun.person",
    "noun.phenomenon",
    "noun.plant",
    "noun.possession",
    "noun.process",
    "noun.quantity",
    "noun.relation",
    "noun.shape",
    "noun.state",
    "noun.substance",
    "noun.time",
    "verb.body",
    "verb.change",
    "verb.cognition",
    "verb.communication",
    "verb.competition",
    "verb.consumption",
    "verb.contact",
    "verb.creation",
    "verb.emotion",
    "verb.motion",
    "verb.perception",
    "verb.possession",
    "verb.social",
    "verb.stative",
    "verb.weather",
    "adj.ppl",
]
_POS_NUMBER = {"noun": 1, "verb": 2, "adj": 3, "adv": 4}


def lexnames_text() -> str:
    """WordNet's fixed list of 45 lexicographer files: ``NN<TAB>name<TAB>pos``."""
    rows = [f"{i:02d}\t{name}\t{_POS_NUMBER[name.split('.')[0]]}" for i, name in enumerate(_LEXNAMES)]
    return "\n".join(rows) + "\n"


def cache_root() -> Path:
    """Where the NLTK-shaped copy lives: ``$OCWTOOL_CACHE`` or ``~/.cache/ocwtool``, then ``nltk_data``."""
    base = os.environ.get("OCWTOOL_CACHE") or Path.home() / ".cache" / "ocwtool"
    return Path(base) / "nltk_data"


def _install(source: Path, root: Path) -> None:
    target = root / "corpora" / "wordnet"
    if (target / "lexnames").exists():
        return
    needed = [source / "data.noun", source / "index.sense"]
    if not all(p.exists() for p in needed):
        raise ResourceError(
            f"WordNet 3.0 not found in {source}; install it with `apt-get install wordnet-base "
            "wordnet-sense-index` (or `python -m nltk.downloader wordnet`)"
        )
    target.mkdir(parents=True, exist_ok=True)
    for f in sorted(source.iterdir()):
        if f.is_file() and (f.name.startswith(("data.", "index.")) or f.suffix == ".exc"):
            shutil.copyfile(f, target / f.name)
    write_text(target / "lexnames", lexnames_text())  # written last: it marks a complete copy


@lru_cache(maxsize=1)
def load_wordnet() -> Any:
    """The NLTK WordNet 3.0 corpus reader (installs the Debian copy into the cache on first use)."""
    import nltk

    try:
        nltk.data.find("corpora/wordnet")
    except LookupError:
        root = cache_root()
        _install(DEBIAN_DIR, root)
        if str(root) not in nltk.data.path:
            nltk.data.path.insert(0, str(root))
    from nltk.corpus import wordnet

    wordnet.ensure_loaded()
    return wordnet
