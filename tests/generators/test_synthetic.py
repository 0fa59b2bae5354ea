"""Synthetic boards (``ocwtool generate``, issue #27 section 3): every board verified, red herrings
designed, stored byte-identically per seed, sharded, and bad requests refused in one line."""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ocwtool.generators.synthetic import run as synthetic_run
from ocwtool.generators.synthetic.board import Board, anchor_order, make_board
from ocwtool.generators.synthetic.rules import Rule, RuleBook, near_miss, satisfies
from ocwtool.generators.synthetic.verify import count_partitions, normal_forms, problems, rule_matrix
from ocwtool.stores.annotations import read_records
from ocwtool.stores.puzzles import read_puzzles
from tests.generators.synthetic_fixtures import word_play_book

Run = Callable[[list[str]], tuple[int, str, str]]


@pytest.fixture
def workspace(tmp_path: Path, stand_ins: RuleBook) -> Path:
    for name in ("puzzles", "annotations"):
        (tmp_path / name).mkdir()
    return tmp_path


def level_tally(meta: dict[str, Any]) -> str:
    """The CLI's count of boards per measured level, from a store's provenance."""
    levels = [d["level"] for d in meta["difficulty_by_board"].values()]
    return ", ".join(
        f"{name} {levels.count(k)}" for k, name in enumerate(("yellow", "green", "blue", "purple"))
    )


def _brute_force(matrix: list[tuple[bool, ...]], size: int) -> int:
    n_rules = len(matrix[0])
    return sum(
        1
        for choice in itertools.product(range(n_rules), repeat=len(matrix))
        if all(matrix[i][k] for i, k in enumerate(choice))
        and all(choice.count(k) == size for k in range(n_rules))
    )


def test_partition_count_is_exhaustive() -> None:
    rng = random.Random(3)
    for _ in range(60):
        matrix = [tuple(rng.random() < 0.45 for _ in range(4)) for _ in range(8)]
        assert count_partitions(matrix, size=2) == _brute_force(matrix, 2)
    one = [tuple(k == i // 4 for k in range(4)) for i in range(16)]
    assert count_partitions(one) == 1
    swapped = [*one[:3], (True, True, False, False), *one[4:7], (True, True, False, False), *one[8:]]
    assert count_partitions(swapped) == 2


def test_normal_forms_catch_case_spacing_accents_and_plurals() -> None:
    assert normal_forms("Café") & normal_forms("CAFE")
    assert normal_forms("ICE CREAM") & normal_forms("ice-cream")
    assert normal_forms("CATS") & normal_forms("cat")
    assert normal_forms("glasses") & normal_forms("GLASS")
    assert not normal_forms("cart") & normal_forms("cat")


def test_rules_and_near_misses(invented: RuleBook) -> None:
    lex = invented.lexicon
    prefix = Rule("prefix", "trop", "Start with TROP")
    assert satisfies(lex, prefix, "tropabc") and not satisfies(lex, prefix, "tropa")
    assert near_miss(lex, prefix, "trapabc") == "starts with TRAP, one letter off TROP"
    hidden = Rule("hidden", "gnyx", "Hidden GNYX")
    assert satisfies(lex, hidden, "agnyxb") and not satisfies(lex, hidden, "gnyxab")
    assert near_miss(lex, hidden, "gnyxab") == "has GNYX at one end, not hidden inside"
    compound = Rule("compound", "zorb", "___ZORB")
    head = next(w for w in sorted(lex.vocab) if w + "zorb" in lex.compounds)
    assert satisfies(lex, compound, head)
    front = next(w for w in sorted(lex.vocab) if "zorb" + w in lex.compounds)
    assert near_miss(lex, compound, front) == f"ZORB{front.upper()} is a word, but {front.upper()}ZORB is not"
    category = Rule("hyponym", "00000100", "Kinds of cat 0")
    sibling = sorted(lex.below[2] - lex.below[100])[0]
    assert (
        near_miss(lex, category, sibling)
        == "a kind of domain 0, like the cat 0 group, but not a kind of cat 0"
    )


def _boards(invented: RuleBook, seed: int, herrings: int) -> list[Board]:
    order = anchor_order(invented, seed)
    return [make_board(invented, order[i], seed, i, herrings) for i in range(len(invented.rules))]


def test_every_board_has_one_partition_and_designed_red_herrings(invented: RuleBook) -> None:
    boards = _boards(invented, 5, 4)
    assert len(boards) == len(invented.rules)
    for b in boards:
        matrix = rule_matrix(b.order, b.rules, invented.satisfies)
        assert count_partitions(matrix) == 1 and all(sum(row) == 1 for row in matrix)
        assert problems(b.order, b.rules, invented.satisfies) == []
        assert sorted(b.order) == sorted(w.upper() for g in b.members for w in g)
        for h in b.herrings:
            word = h.clue.lower()
            assert word in b.members[h.group] and satisfies(invented.lexicon, b.rules[h.group], word)
            assert not satisfies(invented.lexicon, b.rules[h.fits], word)
            assert near_miss(invented.lexicon, b.rules[h.fits], word) == h.reason
    assert sum(len(b.herrings) for b in boards) > 3 * len(boards)


def test_problems_name_a_board_with_two_solutions(invented: RuleBook) -> None:
    b = _boards(invented, 5, 0)[0]
    doubled = (b.rules[0], b.rules[0], b.rules[2], b.rules[3])
    found = problems(b.order, doubled, invented.satisfies)
    assert "0 partitions satisfy the rules" in found
    assert f"{b.members[0][0].upper()} satisfies 2 rules" in found


def _files(ws: Path, store: str = "synthetic") -> list[bytes]:
    return [(ws / p).read_bytes() for p in (f"puzzles/{store}.jsonl", f"puzzles/{store}.meta.json")]


def test_generate_stores_boards_labels_and_provenance(run: Run, workspace: Path, invented: RuleBook) -> None:
    code, out, err = run(
        ["-w", str(workspace), "generate", "--count", "12", "--seed", "9", "--red-herrings", "2"]
    )
    assert (code, err) == (0, "")
    meta = json.loads((workspace / "puzzles" / "synthetic.meta.json").read_text())
    assert (
        out == "12 boards (seed 9, boards 1-12 of 12) -> puzzles/synthetic.jsonl; "
        "24 red herrings -> annotator generator\n"
        f"measured levels: {level_tally(meta)} (by wordnet, minilm)\n"
    )
    puzzles = read_puzzles(workspace / "puzzles" / "synthetic.jsonl")
    assert [p.id for p in puzzles] == [f"synthetic-9-{i:06d}" for i in range(1, 13)]
    assert meta["generator"] == {"name": "ocwtool.generators.synthetic", "version": "1"}
    assert (meta["seed"], meta["count"], meta["red_herrings"]) == (9, 12, 2)
    assert meta["resources"]["wordnet"] == "invented-1" and meta["resources"]["nltk"]
    assert len(meta["boards"]["synthetic-9-000001"]) == 4
    records = read_records(workspace / "annotations" / "generator.jsonl")
    assert [r.puzzle_id for r in records] == [p.id for p in puzzles]
    first, puzzle = records[0].red_herring_words[0], puzzles[0]
    assert (
        first.fits_group in {g.id for g in puzzle.groups}
        and first.clue == puzzle.clues[first.clue_number - 1]
    )
    assert first.fits_group not in {g.id for g in puzzle.groups if first.clue in g.clues}
    before = [*_files(workspace), (workspace / "annotations" / "generator.jsonl").read_bytes()]
    assert (
        run(["-w", str(workspace), "generate", "--count", "12", "--seed", "9", "--red-herrings", "2"])[0] == 0
    )
    assert [*_files(workspace), (workspace / "annotations" / "generator.jsonl").read_bytes()] == before


def test_shards_together_are_the_whole_run(run: Run, workspace: Path) -> None:
    assert (
        run(["-w", str(workspace), "generate", "--count", "10", "--seed", "4", "--red-herrings", "1"])[0] == 0
    )
    whole = (workspace / "puzzles" / "synthetic.jsonl").read_bytes()
    parts = []
    for i in (1, 2, 3):
        code, out, _ = run(
            [
                "-w",
                str(workspace),
                "generate",
                "--count",
                "10",
                "--seed",
                "4",
                "--red-herrings",
                "1",
                "--shard",
                f"{i}/3",
            ]
        )
        assert code == 0
        parts.append((workspace / "puzzles" / f"synthetic-{i}-of-3.jsonl").read_bytes())
    meta = json.loads((workspace / "puzzles" / "synthetic-3-of-3.meta.json").read_text())
    assert (
        out == "4 boards (seed 4, boards 7-10 of 10) -> puzzles/synthetic-3-of-3.jsonl; "
        f"4 red herrings -> annotator generator\nmeasured levels: {level_tally(meta)} (by wordnet, minilm)\n"
    )
    assert b"".join(parts) == whole


def test_jobs_make_the_same_files(run: Run, workspace: Path) -> None:
    args = ["-w", str(workspace), "generate", "--count", "16", "--seed", "8", "--red-herrings", "3"]
    assert run(args)[0] == 0
    alone = [*_files(workspace), (workspace / "annotations" / "generator.jsonl").read_bytes()]
    assert run([*args, "--jobs", "2"])[0] == 0
    assert [*_files(workspace), (workspace / "annotations" / "generator.jsonl").read_bytes()] == alone


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--count", "3", "--red-herrings", "5"],
            "Error: --red-herrings 5: a board has 4 groups, so 0 to 4 red herrings\n",
        ),
        (
            ["--count", "53"],
            "Error: --count 53: these resources make at most 52 boards "
            "(one per rule, each anchoring one board); ask for fewer\n",
        ),
    ],
)
def test_impossible_requests_are_one_line(run: Run, workspace: Path, args: list[str], message: str) -> None:
    assert run(["-w", str(workspace), "generate", *args]) == (1, "", message)
    assert not (workspace / "puzzles" / "synthetic.jsonl").exists()


def test_a_failed_run_leaves_the_store_as_it_was(
    run: Run, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run(["-w", str(workspace), "generate", "--count", "4"])[0] == 0
    before = _files(workspace)
    made = synthetic_run.make_board

    def fail_at_third(book: RuleBook, anchor: int, seed: int, index: int, herrings: int) -> Board:
        if index == 2:
            raise synthetic_run.InputError("board 3 could not be made in 200 draws; try another seed")
        return made(book, anchor, seed, index, herrings)

    monkeypatch.setattr(synthetic_run, "make_board", fail_at_third)
    code, out, err = run(["-w", str(workspace), "generate", "--count", "6", "--seed", "1"])
    assert (code, out, err) == (1, "", "Error: board 3 could not be made in 200 draws; try another seed\n")
    assert _files(workspace) == before


def test_generated_store_passes_validation(run: Run, workspace: Path) -> None:
    assert run(["-w", str(workspace), "generate", "--count", "8", "--red-herrings", "1"])[0] == 0
    code, out, _ = run(["-w", str(workspace), "validate"])
    assert code == 0
    assert "PASSED: 0 errors, 1 warning, 1 info, 0 waived" in out  # the warning: no split assigned


def test_boards_do_not_depend_on_string_hashing() -> None:
    """Byte-identical runs across processes: no draw may follow a set's order, which changes with
    PYTHONHASHSEED from one process to the next."""
    code = (
        "from tests.generators.synthetic_fixtures import book, word_play_book\n"
        "from ocwtool.generators.synthetic.run import GenerateRequest, make_boards\n"
        "print(make_boards(book(), GenerateRequest(20, 3, 4)))\n"
        "print(make_boards(word_play_book(), GenerateRequest(20, 3, 4)))\n"
    )
    root = Path(__file__).resolve().parents[2]
    outs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": f"{root / 'src'}{os.pathsep}{root}"}
        done = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        outs.append(done.stdout)
    assert outs[0] == outs[1] and outs[0].count("Board(index=19") == 2
    assert "kind='homophone'" in outs[0] and "kind='anagram'" in outs[0]


@pytest.fixture(scope="module")
def word_play() -> RuleBook:
    return word_play_book()


def test_homophone_and_anagram_rules_and_their_near_misses(word_play: RuleBook) -> None:
    lex = word_play.lexicon
    kinds = {r.id: r for r in word_play.rules}
    sound, letters = kinds["homophone:00000200"], kinds["anagram:00000200"]
    assert (sound.connection, letters.connection) == (
        "Sound like kinds of play 0",
        "Anagrams of kinds of play 0",
    )
    member = sorted(lex.below[200])[0]  # a kind of play 0 itself
    alike, reversed_ = member[0] + "h" + member[1:], member[::-1]
    assert satisfies(lex, sound, alike) and not satisfies(lex, sound, member)
    assert satisfies(lex, letters, reversed_) and not satisfies(lex, letters, alike)
    assert near_miss(lex, sound, member) == "a kind of play 0 itself, not a sound-alike of one"
    assert near_miss(lex, letters, member) == "a kind of play 0 itself, not an anagram of one"
    assert "tharvol" not in lex.homophones.get("tarvol", frozenset())  # one synset: a spelling variant
    assert near_miss(lex, sound, alike) is None


def test_boards_of_word_play_rules_are_verified(word_play: RuleBook) -> None:
    positions = [k for k, r in enumerate(word_play.rules) if r.kind in ("homophone", "anagram")]
    boards = [make_board(word_play, k, 2, i, 2) for i, k in enumerate(positions)]
    for b in boards:
        assert b.rules[0].kind in ("homophone", "anagram")
        matrix = rule_matrix(b.order, b.rules, word_play.satisfies)
        assert count_partitions(matrix) == 1 and all(sum(row) == 1 for row in matrix)
        assert problems(b.order, b.rules, word_play.satisfies) == []


def test_provenance_names_the_pronouncing_dictionary(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, word_play: RuleBook
) -> None:
    monkeypatch.setattr(synthetic_run, "open_book", lambda: word_play)
    args = ["-w", str(tmp_path), "generate", "--count", "6", "--seed", "1", "--red-herrings", "1"]
    assert run(args)[0] == 0
    meta = json.loads((tmp_path / "puzzles" / "synthetic.meta.json").read_text())
    assert meta["resources"]["cmudict"] == "invented-sounds"
    first = _files(tmp_path)
    assert run(args)[0] == 0 and _files(tmp_path) == first
