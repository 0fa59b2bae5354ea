"""The plain-file streams NLTK's WordNet reader gets (``wordnet_lines``) read exactly what NLTK's own
``SeekableUnicodeStreamReader`` reads: the same lines at the same byte offsets, hence the same
synsets, lemmas and Wu-Palmer scores from the real WordNet 3.0."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from ocwtool.resources.wordnet_lines import ByteOffsetLines, fast_file

# Written for this test: WordNet-like lines, a licence header, a non-ASCII lemma, no final newline.
TEXT = (
    "  1 This software and database is being provided\n"
    "00001740 03 n 01 entity 0 003 ~ 00001930 n 0000 | that which is perceived\n"
    "00002137 03 n 02 café 0 abstraction 0 001 @ 00001740 n 0000 | a general concept\n"
    "\n"
    "00002452 03 n 01 thing 0 000 | a separate and self-contained entity"
)


def nltk_stream(path: Path) -> Any:
    from nltk.data import SeekableUnicodeStreamReader

    return SeekableUnicodeStreamReader(open(path, "rb"), "utf8")


@pytest.fixture
def data_file(tmp_path: Path) -> Path:
    path = tmp_path / "data.noun"
    path.write_bytes(TEXT.encode("utf-8"))
    return path


def test_iteration_gives_the_same_lines(data_file: Path) -> None:
    ours, theirs = ByteOffsetLines(data_file), nltk_stream(data_file)
    with ours, theirs:
        assert list(ours) == list(theirs) == TEXT.splitlines(keepends=True)


def test_readline_tell_and_seek_use_the_same_byte_offsets(data_file: Path) -> None:
    ours, theirs = ByteOffsetLines(data_file), nltk_stream(data_file)
    with ours, theirs:
        offsets = []
        while True:
            assert ours.tell() == theirs.tell()
            offsets.append(ours.tell())
            line = ours.readline()
            assert line == theirs.readline()
            if not line:
                break
        assert offsets[2] == TEXT.index("00001740") + len(TEXT.split("\n")[1]) + 1
        for offset in reversed(offsets):  # how NLTK reads one synset: seek, readline
            ours.seek(offset)
            theirs.seek(offset)
            assert ours.readline() == theirs.readline()
        ours.seek(0)
        theirs.seek(0)
        assert ours.read() == theirs.read() == TEXT
    assert ours.closed


def test_only_the_files_read_line_by_line_are_served() -> None:
    for name in ("lexnames", "data.noun", "index.adv", "verb.exc"):
        assert fast_file(name)
    for name in ("index.sense", "cntlist.rev", "../data.noun", "data.noun/x", "lin_data/x"):
        assert not fast_file(name)


@pytest.fixture(scope="module")
def two_readers(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any]:
    """The real WordNet 3.0 read by our reader (plain files) and by NLTK's own, same folder."""
    from nltk.corpus.reader.wordnet import WordNetCorpusReader
    from nltk.data import FileSystemPathPointer

    from ocwtool.resources.wordnet import DEBIAN_DIR, open_nltk

    if not (DEBIAN_DIR / "data.noun").is_file():
        pytest.skip("needs the Debian wordnet-base files in /usr/share/wordnet")
    ours = open_nltk(cache_dir=tmp_path_factory.mktemp("cache"), use_nltk_path=False).reader
    with pytest.warns(UserWarning, match="multilingual"):
        theirs = WordNetCorpusReader(FileSystemPathPointer(ours.root.path), None)
    with ours.open("data.noun") as fh, theirs.open("data.noun") as nltk_fh:
        assert isinstance(fh, ByteOffsetLines) and not isinstance(nltk_fh, ByteOffsetLines)
    return ours, theirs


WORDS = ("dog", "bank", "ran", "geese", "ice_cream", "better", "quickly", "run", "mercury", "hood")


def test_the_real_wordnet_reads_the_same_through_either_stream(two_readers: tuple[Any, Any]) -> None:
    ours, theirs = two_readers
    assert ours.get_version() == theirs.get_version() == "3.0"
    for word in WORDS:
        mine, nltk_own = ours.synsets(word), theirs.synsets(word)
        assert [s.name() for s in mine] == [s.name() for s in nltk_own]
        for s, t in zip(mine, nltk_own, strict=True):
            assert s.definition() == t.definition() and s.examples() == t.examples()
            assert s.lemma_names() == t.lemma_names()
            assert [h.name() for h in s.hypernym_paths()[0]] == [h.name() for h in t.hypernym_paths()[0]]
    assert [s.name() for s in ours.all_synsets("r")] == [s.name() for s in theirs.all_synsets("r")]


def test_wu_palmer_scores_are_the_same_through_either_stream(two_readers: tuple[Any, Any]) -> None:
    ours, theirs = two_readers
    mine = [s for w in WORDS for s in ours.synsets(w)[:3]]
    nltk_own = [s for w in WORDS for s in theirs.synsets(w)[:3]]
    for (s, t), (u, v) in zip(
        itertools.product(mine, mine), itertools.product(nltk_own, nltk_own), strict=True
    ):
        assert s.wup_similarity(t) == u.wup_similarity(v), (s, t)
