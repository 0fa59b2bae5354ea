"""``ocwtool build-variants --kind extended``: output, summary, evidence and the K > 4 error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ocwtool.cli import main
from ocwtool.errors import InputError
from ocwtool.generators import build
from ocwtool.generators.trick_compounds import build_compounds
from ocwtool.resources.cmudict import parse_lines
from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from ocwtool.workspace import Workspace
from tests.generators.extended_fixtures import GROUPS, OTHER, board, fake_wordnet


def invoke(capsys: pytest.CaptureFixture[str], args: list[str]) -> tuple[int, str, str]:
    capsys.readouterr()
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    out, err = capsys.readouterr()
    return int(exit_info.value.code or 0), out, err


@pytest.fixture
def ws(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    write_puzzles(tmp_path / "puzzles" / "ocw.jsonl", [board("a1", GROUPS), board("b2", OTHER)])
    monkeypatch.setattr(build, "open_backend", lambda lexicon=None: fake_wordnet())
    monkeypatch.setattr(build, "try_cmudict", lambda: parse_lines(["kettle K EH T AH L"], "invented-sounds"))
    monkeypatch.setattr(build, "try_compounds", lambda: build_compounds(["tea_kettle"], "invented"))
    return tmp_path


def test_extended_writes_boards_with_verified_tricks_and_a_summary(
    ws: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = invoke(
        capsys, ["-w", str(ws), "build-variants", "--kind", "extended", "--scorer", "wordnet"]
    )
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "extended: 2 puzzles from puzzles/ocw.jsonl (split all, seed 42) -> variants/extended.jsonl",
        # b2's groups with a rule-less member (brick, kettle) get only proposed tricks: fig, sunbeam
        "  1 of 2 boards have trick words (up to 4 each); 2 verified (shown), 3 proposed (not shown); "
        "backend fake:test",
        "  candidates: 32 tried, 27 rejected (2 clue_form, 1 fits_rule, 6 group_has_trick, 18 low_score); "
        "scorer wordnet:fake:test",
        "  group rules: 1 hyponym, 6 none, 1 prefix (sounds: invented-sounds)",
        "  summary: variants/extended.summary.json",
    ]
    built = {p.id: p for p in read_puzzles(ws / "variants" / "extended.jsonl")}
    assert built["ext_a1"].distractors == ("moonrise", "tomato")
    assert len(built["ext_a1"].clues) == 18
    summary = json.loads((ws / "variants" / "extended.summary.json").read_text())["builds"]["ocw"]
    assert summary["candidates"]["rejected"]["fits_rule"] == 1
    assert summary["tricks"] == {"verified": 2, "proposed": 3}
    assert built["ext_b2"].distractors == ()
    proposed = json.loads(built["ext_b2"].lineage.params["tricks"])  # type: ignore[union-attr]
    assert [(t["word"], t["status"]) for t in proposed] == [("fig", "proposed"), ("sunbeam", "proposed")]


def test_more_than_four_trick_words_is_refused_before_anything_is_written(
    ws: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["-w", str(ws), "build-variants", "--kind", "extended", "--trick-words", "5"]
    code, out, err = invoke(capsys, args)
    assert (code, out) == (1, "")
    assert err == "Error: --trick-words 5: a board shows at most 4 trick words; choose 0 to 4\n"
    assert not (ws / "variants").exists()


@pytest.mark.parametrize("kind", ["randomized", "wordnet", "all"])
def test_trick_words_for_another_kind_is_one_clear_error(
    ws: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    args = ["-w", str(ws), "build-variants", "--kind", kind, "--trick-words", "2", "--split", "all"]
    code, out, err = invoke(capsys, args)
    assert (code, out) == (1, "")
    assert err == (
        f"Error: --trick-words 2 applies only to --kind extended, not --kind {kind}; "
        "pass --kind extended or leave --trick-words out\n"
    )
    assert not (ws / "variants").exists()


def test_the_library_refuses_trick_words_for_another_kind_too(ws: Path) -> None:
    request = build.VariantRequest(kind="randomized", split="all", trick_words=0)
    with pytest.raises(InputError, match=r"^--trick-words 0 applies only to --kind extended"):
        build.build_all(Workspace.at(ws), [request])
    assert not (ws / "variants").exists()
