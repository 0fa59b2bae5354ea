"""WordNet access for the suggester, behind one function (:func:`wordnet`) that can be swapped.

TEMPORARY SEAM: the ``variants`` helper owns the project's WordNet loader (``generators/``). Until it
is merged, this module holds a minimal loader for the Debian ``wordnet-base`` files (WordNet 3.0 in
``/usr/share/wordnet``, or ``$OCWTOOL_WORDNET_DIR``), read with NLTK's ``WordNetCorpusReader``.
Replace the body of :func:`wordnet` with the shared loader when it lands; nothing else changes.

Two quirks of the Debian files are handled here: they lack NLTK's ``lexnames`` file (its content is
fixed by the WordNet 3.0 format, so it is supplied in memory), and NLTK only reads data below
folders registered in ``nltk.data.path``.
"""

from __future__ import annotations

import functools
import io
import os
from pathlib import Path
from typing import Any

from ocwtool.errors import ResourceError

DEFAULT_DIRS = (Path("/usr/share/wordnet"), Path("/usr/share/nltk_data/corpora/wordnet"))

# WordNet 3.0 lexicographer file names, numbered as in the database files (lexnames(5WN)).
LEXNAMES = (  # noqa: SIM905 (one string reads like the lexnames(5WN) table)
    "adj.all adj.pert adv.all noun.Tops noun.act noun.animal noun.artifact noun.attribute noun.body "
    "noun.cognition noun.communication noun.event noun.feeling noun.food noun.group noun.location "
    "noun.motive noun.object noun.person noun.phenomenon noun.plant noun.possession noun.process "
    "noun.quantity noun.relation noun.shape noun.state noun.substance noun.time verb.body verb.change "
    "verb.cognition verb.communication verb.competition verb.consumption verb.contact verb.creation "
    "verb.emotion verb.motion verb.perception verb.possession verb.social verb.stative verb.weather adj.ppl"
).split()
_POS_NUMBER = {"adj": 3, "adv": 4, "noun": 1, "verb": 2}


def _lexnames_text() -> str:
    return "".join(f"{i:02d}\t{name}\t{_POS_NUMBER[name.split('.')[0]]}\n" for i, name in enumerate(LEXNAMES))


def wordnet_dir() -> Path:
    """The folder holding the WordNet database files (``data.noun`` etc.)."""
    env = os.environ.get("OCWTOOL_WORDNET_DIR")
    for folder in [Path(env)] if env else DEFAULT_DIRS:
        if (folder / "data.noun").is_file():
            return folder
    raise ResourceError(
        "WordNet 3.0 data not found in /usr/share/wordnet; install it (apt-get install wordnet-base) "
        "or point OCWTOOL_WORDNET_DIR at a folder with data.noun, index.noun, ..."
    )


@functools.cache
def wordnet() -> Any:
    """A cached NLTK ``WordNetCorpusReader`` over the local WordNet 3.0 files (offline)."""
    import warnings

    import nltk.data
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    folder = wordnet_dir()
    if str(folder) not in nltk.data.path:
        nltk.data.path.append(str(folder))

    class _Reader(WordNetCorpusReader):  # type: ignore[misc]
        def open(self, fileid: str) -> Any:
            if fileid == "lexnames" and not (folder / "lexnames").exists():
                return io.StringIO(_lexnames_text())
            return super().open(fileid)

        def map_wn(self, version: str = "wordnet") -> None:
            return None  # mapping to other WordNet versions is for multilingual data: not used

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "multilingual functions are not available": not needed
        return _Reader(str(folder), None)
