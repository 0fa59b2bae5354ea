"""Plain-file streams for NLTK's WordNet reader: the same lines, read at C speed.

``CorpusReader.open`` gives NLTK's ``SeekableUnicodeStreamReader``, which decodes in pure Python
with its own line buffer. NLTK's WordNet reader iterates ``lexnames``, ``data.adj`` (satellites),
the four ``index.*`` files and the ``*.exc`` files when it is built, and then reads one ``data.*``
line per synset (``seek(offset)`` + ``readline()``); through that stream this was about 40% of a
first WordNet baseline run. :class:`ByteOffsetLines` answers the same calls from an ordinary
binary file: offsets are byte offsets (as NLTK's stream's are) and every line is the bytes up to and
including ``\\n``, decoded as UTF-8, so NLTK sees the same text.

It is used only for the files above (:func:`fast_file`) and only for corpora in a folder; anything
else (``index.sense``, ``cntlist.rev``, a zipped corpus) keeps NLTK's stream.
``tests/generators/test_wordnet_lines.py`` checks both streams give the same lines, offsets and
synsets.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import TracebackType
from typing import IO

FAST_FILES = frozenset(
    {"lexnames"}
    | {f"{kind}.{pos}" for kind in ("data", "index") for pos in ("noun", "verb", "adj", "adv")}
    | {f"{pos}.exc" for pos in ("noun", "verb", "adj", "adv")}
)


def fast_file(fileid: str) -> bool:
    """Whether NLTK's WordNet reader may read ``fileid`` through :class:`ByteOffsetLines`."""
    return fileid in FAST_FILES


class ByteOffsetLines:
    """A read-only UTF-8 line stream over a file, positioned by byte offset (seek/tell/readline)."""

    def __init__(self, path: str | Path) -> None:
        self.name = str(path)
        self._fh: IO[bytes] = open(path, "rb")  # noqa: SIM115 (closed by close() / the with block)

    def readline(self, size: int = -1) -> str:
        return self._fh.readline(size).decode("utf-8")

    def read(self, size: int = -1) -> str:
        return self._fh.read(size).decode("utf-8")

    def seek(self, offset: int, whence: int = 0) -> int:
        return self._fh.seek(offset, whence)

    def tell(self) -> int:
        return self._fh.tell()

    def __iter__(self) -> Iterator[str]:
        for line in self._fh:
            yield line.decode("utf-8")

    @property
    def closed(self) -> bool:
        return self._fh.closed

    def close(self) -> None:
        self._fh.close()

    def __enter__(self) -> ByteOffsetLines:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
