"""The WordNet baseline's pair-score table in the user cache: exact scores read back, the same
predictions with or without it, no WordNet opened when every pair is known, stale tables discarded."""

from __future__ import annotations

import itertools
import json
import os
from pathlib import Path
from types import SimpleNamespace

import pytest

from ocwtool.evaluation.baselines import run_baseline
from ocwtool.evaluation.baselines.wordnet_table import PairTable, reader_stamp
from ocwtool.evaluation.scorer import GoldWall

WALL = GoldWall(
    "table1",
    (
        ("Dog", "Cat", "Horse", "Mouse"),
        ("Run", "Jump", "Swim", "Climb"),
        ("Red", "green", "Good", "Quick"),
        ("Ice cream", "Xqzt", "Bank", "bank "),
    ),
)


def fake_reader(folder: Path) -> SimpleNamespace:
    """What ``reader_stamp`` reads from NLTK's reader: the corpus root and the WordNet version."""
    return SimpleNamespace(root=SimpleNamespace(path=str(folder)), get_version=lambda: "3.0")


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "wordnet"
    folder.mkdir()
    for name in ("data.noun", "index.noun", "lexnames"):
        (folder / name).write_text(f"{name} of our own\n")
    return folder


def test_scores_read_back_bit_for_bit_under_the_same_corpus(tmp_path: Path, corpus: Path) -> None:
    path = tmp_path / "cache" / "pairs.json"
    table = PairTable(path, 3)
    table.check(reader_stamp(fake_reader(corpus), 3))
    scores = {("a", "b"): 0.1 + 0.2, ("b", "a"): 2 / 3, ("ice cream", "x"): 0.0}
    for pair, score in scores.items():
        table.add(pair, score)
    table.save()
    again = PairTable(path, 3)
    assert again.scores == scores
    assert PairTable(path, 4).scores == {}  # another number of senses: another table


def save_one_pair(path: Path, corpus: Path) -> Path:
    """A table at ``path`` holding the pair (a, b) = 0.5, stamped for ``corpus``."""
    table = PairTable(path, 3)
    table.check(reader_stamp(fake_reader(corpus), 3))
    table.add(("a", "b"), 0.5)
    table.save()
    return path


def test_a_changed_corpus_file_or_another_corpus_discards_the_table(tmp_path: Path, corpus: Path) -> None:
    path = save_one_pair(tmp_path / "pairs.json", corpus)
    loaded = PairTable(path, 3)
    other = tmp_path / "other"
    other.mkdir()
    (other / "data.noun").write_text("x\n")
    loaded.check(reader_stamp(fake_reader(other), 3))  # WordNet opened elsewhere: start afresh
    assert loaded.scores == {}
    stat = (corpus / "data.noun").stat()
    os.utime(corpus / "data.noun", ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    assert PairTable(path, 3).scores == {}


def test_unreadable_or_unwritable_tables_are_ignored(tmp_path: Path, corpus: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert PairTable(bad, 3).scores == {}
    blocked = tmp_path / "file"
    blocked.write_text("")
    table = PairTable(blocked / "pairs.json", 3)  # its folder cannot be created
    table.check(reader_stamp(fake_reader(corpus), 3))
    table.add(("a", "b"), 0.5)
    table.save()
    assert table.dirty and not (blocked / "pairs.json").exists()


def test_a_damaged_table_with_a_valid_stamp_is_ignored(tmp_path: Path, corpus: Path) -> None:
    good = save_one_pair(tmp_path / "good.json", corpus)
    data = json.loads(good.read_text())
    assert PairTable(good, 3).scores == {("a", "b"): 0.5}
    for pairs in ([["a", "b"]], [["a", "b", "x"]], [7], "ab"):
        damaged = tmp_path / "damaged.json"
        damaged.write_text(json.dumps({"stamp": data["stamp"], "pairs": pairs}))
        reread = PairTable(damaged, 3)
        assert (reread.scores, reread.stamp) == ({}, None)


def test_baseline_with_a_full_table_gives_the_same_runs_without_opening_wordnet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not Path("/usr/share/wordnet/data.noun").exists():
        pytest.skip("needs Debian wordnet-base (WordNet 3.0)")
    from ocwtool.evaluation.baselines import wordnet_baseline
    from ocwtool.evaluation.baselines.wordnet_baseline import WordNetBaseline

    path = tmp_path / "pairs.json"
    plain = run_baseline(WordNetBaseline(cache=False), [WALL], seeds=4)
    built = run_baseline(WordNetBaseline(cache=path), [WALL], seeds=4)
    stored = json.loads(path.read_text())
    words = WALL.words  # "Bank" and "bank " are one clue: pairs stored as looked up, in scoring order
    pairs = {tuple(w.lower().strip() for w in sorted(p)) for p in itertools.combinations(words, 2)}
    assert {(a, b) for a, b, _ in stored["pairs"]} == pairs and stored["stamp"]["senses"] == 3

    def no_wordnet() -> None:
        raise AssertionError("WordNet opened although every pair is in the table")

    monkeypatch.setattr(wordnet_baseline, "shared_reader", no_wordnet)
    assert run_baseline(WordNetBaseline(cache=path), [WALL], seeds=4) == built == plain
