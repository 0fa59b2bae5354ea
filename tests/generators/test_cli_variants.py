"""``ocwtool build-variants``: outputs, summaries, defaults, and the exact error texts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from ocwtool.generators import build
from ocwtool.resources import wordnet as wordnet_resource
from ocwtool.schema.models import Split
from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from tests.generators.conftest import FakeWordNet, syn, synthetic_nyt, synthetic_walls


def workspace(tmp_path: Path, *, with_splits: bool = True) -> Path:
    walls = synthetic_walls(12, Split.TEST if with_splits else None)
    if with_splits:
        walls += synthetic_walls(6, Split.TRAIN, prefix="t")
    write_puzzles(tmp_path / "puzzles" / "ocw.jsonl", walls)
    return tmp_path


Run = Callable[[list[str]], tuple[int, str, str]]


@pytest.fixture
def fake_wordnet(monkeypatch: pytest.MonkeyPatch) -> FakeWordNet:
    walls = synthetic_walls(12)
    kinds = [
        syn(f"s{i}.n.01", *(f"word{i}_{j}" for j in range(5)), definition=f"sense {i}") for i in range(4)
    ]
    mapping = {w.clues[i]: [kinds[i]] for w in walls for i in range(4) if w.id != "w011"}
    backend = FakeWordNet(mapping)
    monkeypatch.setattr(build, "open_backend", lambda lexicon=None: backend)
    return backend


def test_defaults_build_both_as_published(run: Run, tmp_path: Path, fake_wordnet: FakeWordNet) -> None:
    ws = workspace(tmp_path)
    code, out, err = run(["-w", str(ws), "build-variants"])
    assert code == 0, err
    assert out.splitlines() == [
        "randomized: 12 puzzles from puzzles/ocw.jsonl (split test, seed 42) -> variants/randomized.jsonl",
        *[line for line in out.splitlines() if line.startswith("  pool test: 12 walls, stream ")],
        "  summary: variants/randomized.summary.json",
        "wordnet: 17 puzzles from puzzles/ocw.jsonl (split all, seed 42) -> variants/wordnet.jsonl",
        "  18 walls: 17 complete by the rule, 0 completed by the fallback, 1 incomplete (skipped); "
        "backend fake:test",
        "  incomplete: w011",
        "  summary: variants/wordnet.summary.json",
    ]
    randomized = read_puzzles(ws / "variants" / "randomized.jsonl")
    assert {p.split for p in randomized} == {Split.TEST} and len(randomized) == 12
    summary = json.loads((ws / "variants" / "wordnet.summary.json").read_text())["builds"]["ocw"]
    assert summary["counts"]["complete_by_rule"] == 17 and summary["incomplete_walls"] == ["w011"]
    assert summary["options"] == {"fallback": False, "dedupe": False, "shuffle": False}


def test_same_seed_same_bytes_and_another_seed_differs(run: Run, tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    outputs = []
    for seed in ("42", "42", "7"):
        code, _, err = run(["-w", str(ws), "build-variants", "--kind", "randomized", "--seed", seed])
        assert code == 0, err
        outputs.append((ws / "variants" / "randomized.jsonl").read_bytes())
    assert outputs[0] == outputs[1] and outputs[0] != outputs[2]
    summary = json.loads((ws / "variants" / "randomized.summary.json").read_text())["builds"]["ocw"]
    assert summary["seed"] == 7 and summary["pools"][0]["pool"] == "test"


def test_split_all_randomizes_each_split_apart(run: Run, tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    code, _, err = run(["-w", str(ws), "build-variants", "--kind", "randomized", "--split", "all"])
    assert code == 0, err
    summary = json.loads((ws / "variants" / "randomized.summary.json").read_text())["builds"]["ocw"]
    assert [p["pool"] for p in summary["pools"]] == ["train", "test"]
    for p in read_puzzles(ws / "variants" / "randomized.jsonl"):
        assert {g.id[0] for g in p.groups} == {p.id[0]}  # groups never cross splits


def test_no_puzzles_in_the_split(run: Run, tmp_path: Path) -> None:
    ws = workspace(tmp_path, with_splits=False)
    code, out, err = run(["-w", str(ws), "build-variants", "--kind", "randomized"])
    assert code == 1 and out == ""
    assert err == (
        f"Error: {ws / 'puzzles' / 'ocw.jsonl'}: no puzzles in split 'test' (12 puzzles: train 0, "
        "validation 0, test 0, 12 without a split). Assign splits first with `ocwtool split` (OCW's "
        "62/62/494 by default, or --splits-from a release), or pass --split all to use every puzzle\n"
    )
    assert not (ws / "variants").exists()
    code, out, _ = run(["-w", str(ws), "build-variants", "--kind", "randomized", "--split", "all"])
    assert code == 0 and "pool none: 12 walls" in out


def test_kind_all_checks_every_input_before_writing(
    run: Run, tmp_path: Path, fake_wordnet: FakeWordNet
) -> None:
    ws = workspace(tmp_path, with_splits=False)
    code, _, err = run(["-w", str(ws), "build-variants"])
    assert code == 1 and err.startswith("Error: ") and "no puzzles in split 'test'" in err
    assert not (ws / "variants" / "wordnet.jsonl").exists()


def test_missing_store(run: Run, tmp_path: Path) -> None:
    (tmp_path / "puzzles").mkdir()
    write_puzzles(tmp_path / "puzzles" / "nyt.jsonl", [])
    code, _, err = run(["-w", str(tmp_path), "build-variants", "--kind", "randomized"])
    assert code == 1
    assert err == (
        f"Error: {tmp_path / 'puzzles' / 'ocw.jsonl'}: no such store; import puzzles first "
        "(`ocwtool import FILE --format ocw`) or choose --source (available: nyt)\n"
    )


def test_options_reach_the_wordnet_generator(run: Run, tmp_path: Path, fake_wordnet: FakeWordNet) -> None:
    ws = workspace(tmp_path)
    args = [
        "-w",
        str(ws),
        "build-variants",
        "--kind",
        "wordnet",
        "--split",
        "train",
        "--shuffle",
        "--seed",
        "3",
    ]
    code, _, err = run(args)
    assert code == 0, err
    puzzles = read_puzzles(ws / "variants" / "wordnet.jsonl")
    assert len(puzzles) == 6 and all(p.id.startswith("easy_t") for p in puzzles)
    assert all(
        p.lineage and p.lineage.params["options"] == "shuffle" and p.lineage.seed == 3 for p in puzzles
    )


def test_missing_wordnet_is_one_clear_line(run: Run, tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    env = {
        **os.environ,
        "OCWTOOL_WORDNET_DIR": str(tmp_path / "no-wordnet"),
        "OCWTOOL_CACHE": str(tmp_path / "cache"),
        "NLTK_DATA": str(tmp_path / "no-nltk-data"),
        "HOME": str(tmp_path),
    }
    probe = "import os, nltk; print(any(os.path.exists(p + '/corpora/wordnet') for p in nltk.data.path))"
    if (
        subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True).stdout.strip()
        == "True"
    ):
        pytest.skip("an nltk_data wordnet corpus is installed system-wide")
    proc = subprocess.run(  # --kind all: randomized must not be written before WordNet is found
        [sys.executable, "-m", "ocwtool", "-w", str(ws), "build-variants", "--kind", "all", "--split", "all"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 1 and proc.stdout == ""
    assert not (ws / "variants" / "randomized.jsonl").exists()
    assert proc.stderr == (
        f"Error: no WordNet found (looked on nltk.data.path and in {tmp_path / 'no-wordnet'}). "
        f"{wordnet_resource.INSTALL_HELP}\n"
    )


def test_ocw_json_export_has_the_published_variant_shapes(
    run: Run, tmp_path: Path, fake_wordnet: FakeWordNet
) -> None:
    ws = workspace(tmp_path)
    code, out, err = run(["-w", str(ws), "build-variants", "--ocw-json"])
    assert code == 0, err
    assert "  OCW JSON: variants/randomized.ocw.json" in out.splitlines()
    randomized = json.loads((ws / "variants" / "randomized.ocw.json").read_text())
    originals = {p.id: p for p in read_puzzles(ws / "puzzles" / "ocw.jsonl")}
    wall = randomized["dataset"][0]
    source = originals[wall["wall_id"]]  # Randomized keeps the wall id and the source group ids
    assert wall["groups"]["group_1"]["group_id"] == source.groups[0].id
    taken_from = {wall["groups"][k]["group_id"].split("_")[0] for k in ("group_2", "group_3", "group_4")}
    assert len(taken_from) == 3 and wall["wall_id"] not in taken_from
    assert wall["gt_connections"] == [wall["groups"][f"group_{k}"]["gt_connection"] for k in range(1, 5)]
    assert len(wall["overall_human_performance"]["grouping"]) == 4
    wordnet = json.loads((ws / "variants" / "wordnet.ocw.json").read_text())
    easy = wordnet["dataset"][0]
    assert easy["wall_id"].startswith("easy_")
    assert [easy["groups"][f"group_{k}"]["group_id"] for k in range(1, 5)] == [
        f"{easy['wall_id']}_{k}" for k in range(1, 5)
    ]
    assert all(easy["groups"][f"group_{k}"]["human_performance"] == {} for k in range(1, 5))
    assert easy["words"] == [w for k in range(1, 5) for w in easy["groups"][f"group_{k}"]["gt_words"]]


def test_each_store_replaces_only_its_own_variants(run: Run, tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    write_puzzles(ws / "puzzles" / "nyt.jsonl", synthetic_nyt(8))
    assert run(["-w", str(ws), "build-variants", "--kind", "randomized"])[0] == 0
    code, _, err = run(
        ["-w", str(ws), "build-variants", "--kind", "randomized", "--source", "nyt", "--split", "all"]
    )
    assert code == 0, err
    assert run(["-w", str(ws), "build-variants", "--kind", "randomized", "--seed", "9"])[0] == 0
    stored = read_puzzles(ws / "variants" / "randomized.jsonl")
    assert Counter(p.lineage.params["store"] for p in stored if p.lineage) == {"ocw": 12, "nyt": 8}
    assert {p.lineage.seed for p in stored if p.lineage and p.lineage.params["store"] == "ocw"} == {9}
    summary = json.loads((ws / "variants" / "randomized.summary.json").read_text())
    assert sorted(summary["builds"]) == ["nyt", "ocw"] and summary["puzzles"] == 20
    assert summary["builds"]["nyt"]["split"] == "all" and summary["builds"]["ocw"]["seed"] == 9
    code, _, err = run(["-w", str(ws), "build-variants", "--kind", "randomized", "--ocw-json"])
    exported = json.loads((ws / "variants" / "randomized.ocw.json").read_text())
    assert code == 0 and len(exported["dataset"]) == 12  # OCW JSON holds the OCW walls only
