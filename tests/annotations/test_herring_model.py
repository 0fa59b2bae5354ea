"""The learned red-herring scorer: train, evaluate and suggest on invented boards and invented play."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

from ocwtool.annotations.herring_model.evaluate import HerringEvaluation, render
from ocwtool.annotations.herring_model.features import featurize, pairs
from ocwtool.annotations.herring_model.train import data_hash, played, split_games
from ocwtool.annotations.prelabel.features import Embedder
from ocwtool.annotations.prelabel.train import game_key
from ocwtool.stores.annotations import latest, read_records
from tests.annotations.conftest import run_cli
from tests.annotations.herring_fixtures import BOARDS, add_expert_types, decoy_records, make_workspace

TRAIN = ("annotate", "train", "--task", "red-herrings", "--annotator", "play-decoys")
FEATURES = ("--features", "text", "--features", "wordnet", "--holdout", "0.3")


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    return make_workspace(tmp_path / "ws")


def _trained(ws: Path) -> dict[str, object]:
    run = run_cli(ws, *TRAIN, *FEATURES)
    assert run.exit_code == 0, run.stderr
    return json.loads((ws / "models" / "herrings-play-decoys" / "v1.json").read_text(encoding="utf-8"))


def _suggest(ws: Path) -> dict[str, object]:
    return {pid: r for pid, r in latest(read_records(ws / "annotations" / "suggest.jsonl")).items()}


def test_every_clue_is_paired_with_the_three_other_groups() -> None:
    found = pairs(BOARDS[0])
    assert len(found) == 48
    assert all(p.own != p.other for p in found)
    assert {p.other for p in found if p.number == 1} == {1, 2, 3}


def test_pair_features_carry_the_rules_and_wordnet_cues() -> None:
    feats = dict(featurize([BOARDS[0]], ("text", "wordnet")))
    row = next(f for p, f in feats.items() if p.number == 1 and p.other == 1)
    assert {"rule:word_flag", "wn:sense", "wn:partner", "txt:shares_letters", "pos:other1"} <= set(row)


class _Axes:
    """An invented encoder: each group's clues point along their own axis (a small tilt apiece), and
    clue 1 points exactly along group 2's axis, so it is its own group's odd one out."""

    def __init__(self) -> None:
        self.vectors: dict[str, np.ndarray] = {}
        for k, group in enumerate(BOARDS[0].groups):
            for j, clue in enumerate(group.clues):
                self.vectors[clue.lower()] = np.eye(8)[k] + 0.1 * np.eye(8)[4 + j]
            self.vectors[group.connection.lower()] = np.eye(8)[k]
        self.vectors[BOARDS[0].groups[0].clues[0].lower()] = np.eye(8)[1]

    def encode(self, texts: list[str], batch_size: int = 32) -> np.ndarray:
        return np.stack([self.vectors[t] for t in texts])


def test_embed_features_place_the_clue_between_its_own_group_and_the_other() -> None:
    feats = dict(featurize([BOARDS[0]], ("embed",), Embedder(_Axes())))
    toward = next(f for p, f in feats.items() if p.number == 1 and p.other == 1)
    away = next(f for p, f in feats.items() if p.number == 1 and p.other == 2)
    tilt = 1 / np.sqrt(1.01)  # clue 1 against one clue of group 2
    assert toward["emb:centroid"] == pytest.approx(1 / np.sqrt(1.0025))
    assert toward["emb:own_centroid"] == pytest.approx(0.0)
    assert toward["emb:margin_centroid"] == pytest.approx(toward["emb:centroid"])
    assert toward["emb:max2"] == pytest.approx(tilt) and toward["emb:top3_mean"] == pytest.approx(tilt)
    assert toward["emb:own_min"] == pytest.approx(0.0)
    assert toward["emb:odd_rank"] == 0.0  # the least like its own group of the four
    assert toward["emb:odd_gap"] == pytest.approx(-2 / 3 / 1.01)
    assert toward["emb:vs_next_group"] == pytest.approx(toward["emb:centroid"])
    assert toward["emb:would_be_cohesion"] == pytest.approx((3 * tilt + 3 / 1.01) / 6)
    assert away["emb:centroid"] == pytest.approx(0.0) and away["emb:would_be_cohesion"] < 0.5
    assert away["emb:vs_next_group"] == pytest.approx(-toward["emb:centroid"])


def test_the_split_holds_out_whole_games_and_always_the_reserved_ones() -> None:
    items = played(BOARDS, {r.puzzle_id: r for r in decoy_records()})
    reserved = frozenset({game_key(BOARDS[9].clues)})
    train, held = split_games(items, 0.3, 0, reserved)
    assert {p.game for p in train}.isdisjoint({p.game for p in held})
    assert BOARDS[9].id in {p.puzzle.id for p in held}
    assert len(train) + len(held) == 10


def test_train_saves_plain_json_with_the_data_hash_and_the_held_out_split(ws: Path) -> None:
    run = run_cli(ws, *TRAIN, *FEATURES)
    assert run.exit_code == 0
    first = run.stdout.splitlines()[0]
    assert re.fullmatch(
        rf"Saved herrings-play-decoys@1 to {re.escape(str(ws))}/models/herrings-play-decoys/v1\.json "
        r"\(10 puzzles played, \d+ clue-group pairs in training, features text, wordnet, data [0-9a-f]{12}\)",
        first,
    )
    model = json.loads((ws / "models" / "herrings-play-decoys" / "v1.json").read_text(encoding="utf-8"))
    items = played(BOARDS, {r.puzzle_id: r for r in decoy_records()})
    assert model["format"] == "ocwtool-herrings-linear/1"
    assert model["annotator"] == "play-decoys" and model["data_hash"] == data_hash(items)
    assert set(model["split"]["test_puzzle_ids"]).isdisjoint(model["train_puzzle_ids"])
    assert BOARDS[9].id in model["split"]["test_puzzle_ids"]  # its trap group is scored: never trained on
    assert len(model["coef"]) == len(model["features"]) and model["n_pairs"] == 48 * len(
        model["train_puzzle_ids"]
    )
    assert (
        run.stdout.splitlines()[1:]
        == render(HerringEvaluation(**model["evaluation"]), "play-decoys", "connections-eval").splitlines()
    )


def test_evaluate_reports_the_held_out_figures_saved_with_the_model(ws: Path) -> None:
    model = _trained(ws)
    run = run_cli(ws, "annotate", "evaluate", "--task", "red-herrings")
    assert run.exit_code == 0
    lines = run.stdout.splitlines()
    assert lines[0].startswith("herrings-play-decoys@1 (trained ") and lines[0].endswith(" on play-decoys)")
    expected = render(HerringEvaluation(**model["evaluation"]), "play-decoys", "connections-eval")
    assert lines[1:] == expected.splitlines()
    assert "trap groups of connections-eval found: " in lines[-1] and " of 1 (1 reviewed puzzles" in lines[-1]


def test_suggest_with_min_score_zero_gives_every_clue_its_best_other_group(ws: Path) -> None:
    _trained(ws)
    run = run_cli(ws, "annotate", "suggest", "--model", "herrings-play-decoys", "--min-score", "0")
    assert run.exit_code == 0
    assert (
        run.stdout.splitlines()[1]
        == "Red herrings by herrings-play-decoys@1: 160 clues scoring 0.00 or more, 30 decoy themes"
    )
    record = _suggest(ws)[BOARDS[0].id]
    words = record.red_herring_words
    assert sorted(w.clue_number for w in words) == list(range(1, 17))
    assert all(w.score is not None and 0 <= w.score <= 1 for w in words)
    assert all(w.fits_group != BOARDS[0].groups[(w.clue_number - 1) // 4].id for w in words)
    assert all(c.score is not None for c in record.red_herring_categories)


def test_a_scorer_alone_keeps_the_types_and_suggest_alone_keeps_the_scores(ws: Path) -> None:
    _trained(ws)
    assert run_cli(ws, "annotate", "suggest").exit_code == 0
    groups = {pid: r.groups for pid, r in _suggest(ws).items()}
    assert (
        run_cli(ws, "annotate", "suggest", "--model", "herrings-play-decoys", "--min-score", "0.5").exit_code
        == 0
    )
    after = _suggest(ws)
    assert {pid: r.groups for pid, r in after.items()} == groups
    assert all(w.score is not None and w.score >= 0.5 for r in after.values() for w in r.red_herring_words)
    assert run_cli(ws, "annotate", "suggest").exit_code == 0
    again = _suggest(ws)
    assert {pid: r.red_herring_categories for pid, r in again.items()} == {
        pid: r.red_herring_categories for pid, r in after.items()
    }
    assert all(r.note == "red herrings herrings-play-decoys@1" for r in again.values())


def test_option_errors_are_one_line(ws: Path) -> None:
    run = run_cli(ws, "annotate", "suggest", "--min-score", "0.2")
    assert run.exit_code == 2 and "Error: --min-score needs a herrings-... --model" in run.stderr
    run = run_cli(ws, "annotate", "evaluate")
    assert run.exit_code == 2
    assert "Error: --model is required for --task types (e.g. --model types-ctd-expert)" in run.stderr
    run = run_cli(ws, "annotate", "evaluate", "--task", "red-herrings")
    assert run.exit_code == 1
    assert run.stderr == (
        f"Error: no model 'herrings-play-decoys' in {ws}/models; "
        "train one: ocwtool annotate train --task red-herrings --annotator play-decoys\n"
    )


def test_training_on_an_annotator_without_play_is_refused(ws: Path) -> None:
    run = run_cli(ws, "annotate", "train", "--task", "red-herrings", "--annotator", "connections-eval")
    assert run.exit_code == 1
    assert run.stderr == (
        "Error: annotator 'connections-eval' has no decoys mined from play of the workspace's puzzles\n"
    )


def test_a_group_repeating_one_word_still_has_features() -> None:
    """Boards read from files can repeat a word in a group (an emoji board read as '?' four times)."""
    board = BOARDS[0]
    same = board.groups[0].model_copy(update={"clues": ("?", "?", "?", "?")})
    puzzle = board.model_copy(update={"groups": (same, *board.groups[1:])})
    feats = featurize([puzzle], ("text", "wordnet"))
    assert len(feats) == 48
    row = next(f for p, f in feats if p.number == 2 and p.other == 1)
    assert row["wn:own_sense"] == 0.0 and row["txt:own_shares_letters"] == 0.0


def test_a_types_model_and_a_scorer_in_one_call_and_apart_lose_neither(ws: Path) -> None:
    add_expert_types(ws)
    _trained(ws)
    types = ("annotate", "train", "--annotator", "ctd-expert", "--features", "text", "--features", "wordnet")
    assert run_cli(ws, *types).exit_code == 0
    both = ("--model", "types-ctd-expert", "--model", "herrings-play-decoys", "--min-score", "0")
    run = run_cli(ws, "annotate", "suggest", *both)
    assert run.exit_code == 0
    assert run.stdout.splitlines()[1].startswith("Red herrings by herrings-play-decoys@1: 160 clues")
    first = _suggest(ws)
    assert all(
        r.note == "pre-labeller types-ctd-expert@1; red herrings herrings-play-decoys@1"
        for r in first.values()
    )
    assert all(len(r.red_herring_words) == 16 for r in first.values())
    assert run_cli(ws, "annotate", "suggest", "--model", "types-ctd-expert").exit_code == 0
    assert {p: r.red_herring_words for p, r in _suggest(ws).items()} == {
        p: r.red_herring_words for p, r in first.items()
    }
    assert (
        run_cli(ws, "annotate", "suggest", "--model", "herrings-play-decoys", "--min-score", "0").exit_code
        == 0
    )
    assert {p: r.groups for p, r in _suggest(ws).items()} == {p: r.groups for p, r in first.items()}


def test_two_scorers_in_one_call_are_refused(ws: Path) -> None:
    run = run_cli(ws, "annotate", "suggest", "--model", "herrings-a", "--model", "herrings-b")
    assert run.exit_code == 2
    assert "Error: give at most one types model and one herrings-... model to --model" in run.stderr


def test_train_and_evaluate_json_carry_the_saved_evaluation(ws: Path) -> None:
    run = run_cli(ws, *TRAIN, *FEATURES, "--json")
    assert run.exit_code == 0 and run.stderr.startswith("Saved herrings-play-decoys@1 to ")
    doc = json.loads(run.stdout)
    model = json.loads((ws / "models" / "herrings-play-decoys" / "v1.json").read_text(encoding="utf-8"))
    assert doc == {
        "model": "herrings-play-decoys@1",
        "path": str(ws / "models" / "herrings-play-decoys" / "v1.json"),
        "red_herrings": model["evaluation"],
    }
    again = run_cli(ws, "annotate", "evaluate", "--model", "herrings-play-decoys@1", "--json")
    assert again.exit_code == 0
    assert json.loads(again.stdout) == {
        "model": "herrings-play-decoys@1",
        "red_herrings": model["evaluation"],
    }
    assert set(model["evaluation"]) >= {"auc", "auc_rules", "precision_at_2", "traps", "traps_found"}
