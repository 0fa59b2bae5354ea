"""The trained pre-labeller on an invented workspace (needs the local WordNet 3.0 files)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from ocwtool.annotations.prelabel.model import PrelabelModel, load_model
from ocwtool.workspace import Workspace
from tests.annotations.conftest import run_cli
from tests.annotations.prelabel_fixtures import EXPERT, N_GAMES, make_workspace

MODEL = "types-ctd-expert"
BASIC = ("--features", "text", "--features", "wordnet")


pytestmark = pytest.mark.usefixtures("needs_wordnet")


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A workspace with the expert's labels and one model trained on them (text + WordNet)."""
    root = tmp_path_factory.mktemp("prelabel") / "ws"
    make_workspace(root)
    result = run_cli(root, "annotate", "train", "--annotator", EXPERT, *BASIC, "--no-progress")
    assert result.exit_code == 0, result.stderr
    return root, result.stdout


@pytest.fixture
def workspace_copy(trained: tuple[Path, str], tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    shutil.copytree(trained[0], root)
    return root


def expert_kinds(root: Path) -> dict[str, str]:
    from ocwtool.annotations.prelabel.run import labelled_examples

    return {e.group.id: e.kind for e in labelled_examples(Workspace.open(root), EXPERT)[0]}


def suggestions(root: Path) -> dict[str, dict[str, object]]:
    lines = (root / "annotations" / "suggest.jsonl").read_text().splitlines()
    return {g["group_id"]: g for rec in map(json.loads, lines) for g in rec["groups"]}


def test_train_saves_a_versioned_json_model_with_its_provenance(trained: tuple[Path, str]) -> None:
    import sklearn

    from ocwtool.annotations.prelabel.run import labelled_examples
    from ocwtool.annotations.prelabel.train import data_hash

    root, out = trained
    model = load_model(Workspace.at(root).models_dir, MODEL)
    assert (model.name, model.version, model.annotator) == (MODEL, 1, EXPERT)
    assert model.feature_sets == ("text", "wordnet")
    assert model.sklearn_version == sklearn.__version__
    assert model.data_hash == data_hash(labelled_examples(Workspace.open(root), EXPERT)[0])
    held = model.split.test_puzzle_ids
    assert held and model.split.train_games + len(held) == N_GAMES
    assert f"held-out: {4 * len(held)} groups from {len(held)} games" in out
    assert f"Saved {MODEL}@1 to {Workspace.at(root).models_dir / MODEL / 'v1.json'}" in out
    assert (
        json.loads((Workspace.at(root).models_dir / MODEL / "v1.json").read_text())["format"] == model.format
    )


def test_the_json_model_gives_scikit_learns_probabilities(trained: tuple[Path, str]) -> None:
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    from ocwtool.annotations.prelabel.features import featurize
    from ocwtool.annotations.prelabel.run import labelled_examples
    from ocwtool.annotations.prelabel.train import REGULARISATION, fit

    items = labelled_examples(Workspace.open(trained[0]), EXPERT)[0]
    feats = featurize([e.group for e in items], ("text", "wordnet"))
    for codes in ([e.code for e in items], [str(e.code == "multiword") for e in items]):  # 5 and 2 classes
        names, classes, coef, intercept = fit(feats, codes)
        vec = DictVectorizer()
        clf = LogisticRegression(C=REGULARISATION, max_iter=5000).fit(
            vec.fit_transform([f.values for f in feats]), codes
        )
        model = load_model(Workspace.at(trained[0]).models_dir, MODEL).model_copy(
            update={
                "classes": tuple(classes),
                "features": tuple(names),
                "coef": tuple(map(tuple, coef)),
                "intercept": tuple(intercept),
            }
        )
        ours = model.proba(model.vectors([f.values for f in feats]))
        theirs = clf.predict_proba(vec.transform([f.values for f in feats]))
        assert list(clf.classes_) == classes
        np.testing.assert_allclose(ours, theirs, atol=1e-4)


def test_each_training_saves_a_new_version(workspace_copy: Path) -> None:
    result = run_cli(workspace_copy, "annotate", "train", "--annotator", EXPERT, *BASIC, "--seed", "5")
    assert result.exit_code == 0, result.stderr
    assert load_model(Workspace.at(workspace_copy).models_dir, MODEL).version == 2
    first = load_model(Workspace.at(workspace_copy).models_dir, f"{MODEL}@1")
    assert first.version == 1 and first.split.seed == 0
    missing = run_cli(workspace_copy, "annotate", "suggest", "--model", f"{MODEL}@7")
    assert missing.exit_code == 1
    assert missing.stderr.strip() == f"Error: model {MODEL!r} has no version 7; saved: [1, 2]"


def test_suggest_with_the_model_gives_every_group_a_reason_and_a_confidence(workspace_copy: Path) -> None:
    result = run_cli(workspace_copy, "annotate", "suggest", "--model", MODEL)
    assert result.exit_code == 0, result.stderr
    model = load_model(Workspace.at(workspace_copy).models_dir, MODEL)
    labels = suggestions(workspace_copy)
    assert len(labels) == 4 * N_GAMES
    for group in labels.values():
        reason, conf = str(group["reason"]), group["confidence"]
        assert isinstance(conf, float) and 0 <= conf <= 1
        if reason.startswith(f"model {MODEL}@1: "):
            assert conf >= model.min_confidence and f"p={conf:.2f}" in reason
        else:
            assert reason.startswith("rules: ") and conf in model.rule_precision.values()


def test_below_the_threshold_the_rules_decide(workspace_copy: Path) -> None:
    from ocwtool.annotations.heuristics import suggest_label
    from ocwtool.annotations.prelabel.labeller import rules_key

    result = run_cli(workspace_copy, "annotate", "suggest", "--model", MODEL, "--min-confidence", "1")
    assert result.exit_code == 0, result.stderr
    model = load_model(Workspace.at(workspace_copy).models_dir, MODEL)
    labels = suggestions(workspace_copy)
    for group in (g for p in Workspace.open(workspace_copy).puzzles() for g in p.groups):
        rules = suggest_label(group)
        got = labels[group.id]
        assert got["label"] == rules.label.model_dump(mode="json", exclude_defaults=True)
        assert str(got["reason"]).startswith(f"rules: {rules.reason} (model {MODEL}@1 ")
        assert got["confidence"] == model.rule_precision[rules_key(rules)]


def test_a_group_without_connection_text_falls_back(workspace_copy: Path) -> None:

    assert (
        run_cli(workspace_copy, "annotate", "suggest", "--model", MODEL, "--min-confidence", "0").exit_code
        == 0
    )
    blank = [g.id for p in Workspace.open(workspace_copy).puzzles() for g in p.groups if not g.connection]
    labels = suggestions(workspace_copy)
    assert blank
    for gid in blank:
        assert f"(model {MODEL}@1 lacks feature set(s) text)" in str(labels[gid]["reason"])
    others = [g for gid, g in labels.items() if gid not in blank]
    assert all(str(g["reason"]).startswith("model ") for g in others)


def test_evaluate_scores_the_suggestions_on_the_held_out_games(workspace_copy: Path) -> None:
    model = load_model(Workspace.at(workspace_copy).models_dir, MODEL)
    result = run_cli(workspace_copy, "annotate", "evaluate", "--model", MODEL, "--json")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)["types"]
    assert report == model.evaluation
    assert run_cli(workspace_copy, "annotate", "suggest", "--model", MODEL).exit_code == 0
    truth, labels = expert_kinds(workspace_copy), suggestions(workspace_copy)
    held = [g for g in truth if g.rsplit("_", 1)[0] in model.split.test_puzzle_ids]
    said = {g: kind_of(labels[g]) for g in held}
    assert report["n_groups"] == len(held)
    assert report["prelabeller"]["accuracy"] == sum(said[g] == truth[g] for g in held) / len(held)
    assert report["fallback_share"] == sum(
        str(labels[g]["reason"]).startswith("rules: ") for g in held
    ) / len(held)
    ones = json.loads(
        run_cli(
            workspace_copy, "annotate", "evaluate", "--model", MODEL, "--min-confidence", "1", "--json"
        ).stdout
    )
    assert ones["types"]["fallback_share"] == 1.0
    assert ones["types"]["prelabeller"] == ones["types"]["rules"]


def kind_of(group: dict[str, object]) -> str:
    types = group["label"]["types"]  # type: ignore[index]
    return str(types[0]) if len(types) == 1 else "combined"  # type: ignore[arg-type]


def test_the_split_is_by_game_and_seeded(trained: tuple[Path, str]) -> None:
    from ocwtool.annotations.prelabel.run import labelled_examples
    from ocwtool.annotations.prelabel.train import split_games

    items = labelled_examples(Workspace.open(trained[0]), EXPERT)[0]
    a_train, a_test = split_games(items, 0.3, seed=1)
    b_train, b_test = split_games(items, 0.3, seed=1)
    assert (a_train, a_test) == (b_train, b_test)
    assert not {e.puzzle_id for e in a_train} & {e.puzzle_id for e in a_test}
    splits = {tuple(sorted({e.puzzle_id for e in split_games(items, 0.3, s)[1]})) for s in range(6)}
    assert len(splits) > 1


def test_the_data_hash_follows_the_labels(trained: tuple[Path, str]) -> None:
    from dataclasses import replace

    from ocwtool.annotations.prelabel.run import labelled_examples
    from ocwtool.annotations.prelabel.train import data_hash

    items = labelled_examples(Workspace.open(trained[0]), EXPERT)[0]
    changed = [
        replace(items[0], code="associative" if items[0].code != "associative" else "semantic"),
        *items[1:],
    ]
    assert data_hash(items) == data_hash(list(reversed(items)))
    assert data_hash(changed) != data_hash(items)


def test_train_errors_are_one_line(workspace_copy: Path) -> None:
    result = run_cli(workspace_copy, "annotate", "train", "--annotator", "nobody")
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: no labels of annotator 'nobody'")
    from ocwtool.schema.annotations import ItemRecord
    from ocwtool.stores.annotations import append_record
    from tests.annotations.prelabel_fixtures import T0

    for puzzle in Workspace.open(workspace_copy).puzzles()[3:]:  # the expert retracts all but three games
        retract = ItemRecord(
            annotator=EXPERT, puzzle_id=puzzle.id, status="retracted", created_at=T0, guideline_version="1.0"
        )
        append_record(workspace_copy / "annotations", retract)
    few = run_cli(workspace_copy, "annotate", "train", "--annotator", EXPERT, *BASIC)
    assert few.exit_code == 1
    assert few.stderr.strip() == "Error: training needs labelled groups from 4+ games; found 3"


def test_red_herrings_are_scored_against_reviewed_traps(workspace_copy: Path) -> None:
    from ocwtool.annotations.herring_eval import suggested
    from ocwtool.stores.annotations import append_record
    from tests.annotations.prelabel_fixtures import trap_record

    puzzles = Workspace.open(workspace_copy).puzzles()
    with_decoy = next(p for p in puzzles if suggested(p)[1])
    clues, decoys = suggested(with_decoy)
    trap = decoys[0].clue_numbers
    free = next(p for p in puzzles if p.id != with_decoy.id)
    for rec in (trap_record(with_decoy, trap), trap_record(free, ())):
        append_record(workspace_copy / "annotations", rec)
    result = run_cli(workspace_copy, "annotate", "evaluate", "--model", MODEL, "--json")
    got = json.loads(result.stdout)["red_herrings"]
    said_free = suggested(free)[0]
    assert (got["puzzles"], got["trap_free"], got["traps"]) == (2, 1, 1)
    assert got["clue_recall"] == 1.0  # every trap clue is in a suggested decoy
    assert got["clue_precision"] == len(trap) / (len(clues) + len(said_free))
    assert got["category_recall"] == 1.0
    assert got["category_precision"] == sum(len(set(d.clue_numbers) & set(trap)) >= 3 for d in decoys) / (
        len(decoys) + len(suggested(free)[1])
    )


def test_sentence_embeddings_are_a_feature_set_when_installed(workspace_copy: Path) -> None:
    from ocwtool.annotations.prelabel.features import unavailable

    if unavailable(["embed"]):
        pytest.skip("needs the [embed] extra")
    result = run_cli(
        workspace_copy,
        "annotate",
        "train",
        "--annotator",
        EXPERT,
        "--name",
        "emb",
        "--features",
        "text",
        "--features",
        "embed",
    )
    assert result.exit_code == 0, result.stderr
    model: PrelabelModel = load_model(Workspace.at(workspace_copy).models_dir, "emb")
    assert model.feature_sets == ("text", "embed")
    assert {"emb:connection_to_clues", "emb:conn0", "emb:clues383"} <= set(model.features)
    assert not any(f.startswith(("wn:", "rule:")) for f in model.features)


def test_a_board_imported_twice_is_one_game(workspace_copy: Path) -> None:
    from ocwtool.annotations.prelabel.run import labelled_examples
    from ocwtool.stores.annotations import append_record
    from ocwtool.stores.puzzles import write_puzzles
    from tests.annotations.prelabel_fixtures import boards, expert_record

    before = labelled_examples(Workspace.open(workspace_copy), EXPERT)[0]
    puzzle, kinds = boards()[0]
    twin = puzzle.model_copy(
        update={
            "id": "ctd-7",
            "groups": tuple(g.model_copy(update={"id": f"ctd-7_{k}"}) for k, g in enumerate(puzzle.groups)),
        }
    )
    write_puzzles(workspace_copy / "puzzles" / "ctd.jsonl", [twin])
    append_record(workspace_copy / "annotations", expert_record(twin, kinds))
    assert len(Workspace.open(workspace_copy).puzzles()) == N_GAMES + 1
    assert labelled_examples(Workspace.open(workspace_copy), EXPERT)[0] == before
