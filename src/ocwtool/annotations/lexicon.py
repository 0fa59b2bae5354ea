"""WordNet access for the suggester: NLTK's reader over WordNet 3.0, found by the shared loader.

The loader (``ocwtool.resources.wordnet.open_nltk``) finds an nltk_data ``wordnet`` corpus
or prepares the Debian ``wordnet-base`` files once; the suggester needs NLTK's full reader API
(``all_lemma_names``, part-of-speech filters), so it takes the reader from that backend.
"""

from __future__ import annotations

import functools
from typing import Any

from ocwtool.resources.wordnet import open_nltk


@functools.cache
def wordnet() -> Any:
    """A cached NLTK ``WordNetCorpusReader`` over WordNet 3.0 (offline; ``ResourceError`` if absent)."""
    return open_nltk().reader
