"""OCW-Randomized: invariants, determinism, the exact random stream, and the stall guard."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from ocwtool.errors import GenerationError
from ocwtool.generators.randomized import randomize
from ocwtool.schema.models import Puzzle, Split
from ocwtool.stores.puzzles import write_puzzles
from tests.generators.conftest import synthetic_nyt, synthetic_walls


def reference_randomize(walls: Sequence[dict[str, Any]], seed: int) -> list[dict[str, Any]]:
    """Oracle: the paper's procedure transcribed literally over OCW-JSON-like dicts (re-sorting the
    remaining wall ids on every draw, as the script does). Loops forever if the sampler stalls."""
    rng = random.Random(seed)
    all_ids = {w["wall_id"] for w in walls}
    by_id = {w["wall_id"]: w for w in walls}
    used: set[str] = set()
    out = []
    for wall in walls:
        seen_walls = {wall["wall_id"]}
        words = set(wall["groups"][0]["gt_words"])
        groups = [wall["groups"][0]]
        for _slot in range(3):
            while True:
                wid = rng.choice(sorted(all_ids - seen_walls))
                cand = rng.choice(by_id[wid]["groups"][1:])
                if cand["group_id"] not in used and all(w not in words for w in cand["gt_words"]):
                    break
            seen_walls.add(wid)
            used.add(cand["group_id"])
            words.update(cand["gt_words"])
            groups.append(cand)
        flat = [w for g in groups for w in g["gt_words"]]
        rng.shuffle(flat)
        out.append({"wall_id": wall["wall_id"], "words": flat, "group_ids": [g["group_id"] for g in groups]})
    return out


def as_dicts(puzzles: Sequence[Puzzle]) -> list[dict[str, Any]]:
    return [
        {
            "wall_id": p.id,
            "groups": [{"group_id": g.id, "gt_words": list(g.clues)} for g in p.groups],
        }
        for p in puzzles
    ]


def check_invariants(inputs: Sequence[Puzzle], outputs: Sequence[Puzzle]) -> None:
    wall_of = {g.id: p.id for p in inputs for g in p.groups}
    candidates = Counter(g.id for p in inputs for g in p.groups[1:])
    used = Counter(g.id for p in outputs for g in p.groups[1:])
    assert used == candidates, "every candidate group (2..4 of every wall) is used exactly once"
    for before, after in zip(inputs, outputs, strict=True):
        assert after.id == before.id
        assert after.groups[0] == before.groups[0]
        assert len({wall_of[g.id] for g in after.groups}) == 4, "four groups from four different walls"
        # No clue shared between groups (a real group repeating a clue inside itself stays as is).
        for i, a in enumerate(after.groups):
            for b in after.groups[i + 1 :]:
                assert not set(a.clues) & set(b.clues), f"{after.id}: {a.id} and {b.id} share a clue"
        assert Counter(after.clues) == Counter(c for g in after.groups for c in g.clues)
        assert after.split == before.split
        assert after.lineage is not None and after.lineage.kind == "randomized"
        assert after.lineage.parents == (before.id, *(g.id for g in after.groups[1:]))


def test_own_walls_invariants() -> None:
    walls = synthetic_walls(40, Split.TEST)
    result = randomize(walls, 42)
    check_invariants(walls, result.puzzles)
    assert len(result.stalls) == result.restarts
    assert result.stream == ("42" if result.restarts == 0 else f"42:restart:{result.restarts}")
    assert {p.source for p in result.puzzles} == {"ocw-randomized"}
    assert {p.lineage.seed for p in result.puzzles if p.lineage} == {42}


def test_matches_the_literal_procedure_draw_for_draw() -> None:
    walls = synthetic_walls(40)
    compared = 0
    for seed in range(12):
        result = randomize(walls, seed)
        if result.restarts:  # the literal procedure would loop forever on this stream
            continue
        expected = reference_randomize(as_dicts(walls), seed)
        got = [
            {"wall_id": p.id, "words": list(p.clues), "group_ids": [g.id for g in p.groups]}
            for p in result.puzzles
        ]
        assert got == expected
        compared += 1
    assert compared >= 3


def test_the_overlap_rule_really_rejects_draws() -> None:
    walls = synthetic_walls(40)
    result = randomize(walls, 42)
    # 40 x 3 accepted draws; the planted shared word and used groups force many more.
    assert result.draws > 120
    assert all(sum(c == "Mercury" for c in p.clues) <= 1 for p in result.puzzles)


def test_same_seed_same_bytes_other_seed_differs(tmp_path: Path) -> None:
    walls = synthetic_walls(30)
    paths = []
    for name, seed in (("a", 42), ("b", 42), ("c", 43)):
        path = tmp_path / f"{name}.jsonl"
        write_puzzles(path, randomize(walls, seed).puzzles)
        paths.append(path.read_bytes())
    assert paths[0] == paths[1]
    assert paths[0] != paths[2]


def test_stall_restarts_on_a_new_stream_and_says_so() -> None:
    walls = synthetic_walls(8)
    stalled = [r for r in (randomize(walls, s) for s in range(40)) if r.restarts]
    assert stalled, "8 small walls stall often; some seed in 0..39 must stall"
    result = stalled[0]
    assert len(result.stalls) == result.restarts
    assert "no unused group from another wall fits" in result.stalls[0]
    assert f"restarting with stream {result.seed}:restart:1" in result.stalls[0]
    assert result.stream == f"{result.seed}:restart:{result.restarts}"
    assert {p.lineage.params["stream"] for p in result.puzzles if p.lineage} == {result.stream}
    check_invariants(walls, result.puzzles)


def test_impossible_input_fails_after_bounded_restarts() -> None:
    walls = synthetic_walls(4)
    # Wall 0 can never take a group of wall 3: every candidate there shares a word with its group 1.
    first = walls[0].groups[0].clues[0]
    bad = walls[3]
    groups = [bad.groups[0]] + [g.model_copy(update={"clues": (first, *g.clues[1:])}) for g in bad.groups[1:]]
    walls[3] = bad.model_copy(
        update={"groups": tuple(groups), "clues": tuple(c for g in groups for c in g.clues)}
    )
    with pytest.raises(GenerationError) as err:
        randomize(walls, 42, max_restarts=3)
    message = str(err.value)
    assert message.startswith("the randomized sampler stalled 4 times (seed 42); try another --seed. Last: ")
    assert "wall 'w000' slot group_4" in message


def test_input_errors() -> None:
    with pytest.raises(GenerationError, match=r"^randomizing needs at least 4 puzzles .*got 3$"):
        randomize(synthetic_walls(3))
    walls = synthetic_walls(5)
    with pytest.raises(GenerationError, match=r"^puzzle id 'w001' appears twice in the input"):
        randomize([*walls, walls[1]])


def test_nyt_groups_keep_their_level() -> None:
    puzzles = synthetic_nyt(12)
    result = randomize(puzzles, 42)
    check_invariants(puzzles, result.puzzles)
    level_of = {g.id: g.level for p in puzzles for g in p.groups}
    for p in result.puzzles:
        assert p.source == "nyt-randomized" and p.nyt is not None
        assert [g.level for g in p.groups] == [level_of[g.id] for g in p.groups]


def test_real_walls(real_walls: list[Puzzle]) -> None:
    test_split = real_walls[:494]
    result = randomize(test_split, 42)
    check_invariants(test_split, result.puzzles)
    if result.restarts == 0:
        assert [list(p.clues) for p in result.puzzles] == [
            w["words"] for w in reference_randomize(as_dicts(test_split), 42)
        ]
    assert randomize(test_split, 42).puzzles == result.puzzles
    assert randomize(test_split, 43).puzzles != result.puzzles
