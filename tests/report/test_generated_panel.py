"""The report's generated-boards section (issue #27 section 4): boards of store ``synthetic`` per
measured level and a sample with their figures, absent without generated boards, checked in Chromium."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ocwtool.cli import main
from ocwtool.evaluation.game import similarity_players
from ocwtool.generators.synthetic import run as synthetic_run
from ocwtool.report import collect, sections, write_report
from ocwtool.report.generated import PER_LEVEL, GeneratedInputs, generated_section
from ocwtool.report.model import Bars
from ocwtool.stores.puzzles import read_puzzles
from ocwtool.workspace import Workspace
from tests.generators.synthetic_fixtures import book, invented_players
from tests.report.browser import open_page

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
LEVELS = ("yellow", "green", "blue", "purple")


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A workspace with 40 generated boards (invented lexicon and players), as ``generate`` writes them."""
    root = tmp_path_factory.mktemp("generated")
    for name in ("puzzles", "annotations"):
        (root / name).mkdir()
    with pytest.MonkeyPatch.context() as mp:
        invented = book()
        mp.setattr(synthetic_run, "open_book", lambda: invented)
        for name, make in invented_players().items():
            mp.setitem(similarity_players.PLAYERS, name, make)
        with pytest.raises(SystemExit) as done:
            main(["-w", str(root), "generate", "--count", "40", "--seed", "11", "--red-herrings", "1"])
    assert done.value.code in (0, None)
    return root


def _meta(root: Path) -> dict[str, dict[str, dict[str, object]]]:
    doc = json.loads((root / "puzzles" / "synthetic.meta.json").read_text())
    assert isinstance(doc, dict)
    return doc


def test_no_generated_boards_no_section(tmp_path: Path) -> None:
    assert generated_section(GeneratedInputs()) is None
    (tmp_path / "puzzles").mkdir()
    titles = [s.title for s in sections(collect(Workspace.at(tmp_path)))]
    assert "Generated boards" not in titles


def test_levels_and_sample_come_from_the_store(generated: Path) -> None:
    found = [s for s in sections(collect(Workspace.at(generated))) if s.key == "generated"]
    assert len(found) == 1
    (levels,) = found[0].panels
    by_board = _meta(generated)["difficulty_by_board"]
    expected = [sum(d["level"] == k for d in by_board.values()) for k in range(4)]
    assert isinstance(levels.chart, Bars)
    assert levels.chart.categories == LEVELS
    assert levels.chart.series[0].values == tuple(float(n) for n in expected)
    assert "measured by wordnet, minilm (nyt rules; level cuts 0.5625, 0.75, 0.875)" in levels.caption
    ids = sorted(by_board)
    chosen = [pid for k in range(4) for pid in [i for i in ids if by_board[i]["level"] == k][:PER_LEVEL]]
    assert [row[0] for row in levels.table[1:]] == chosen
    puzzles = {p.id: p for p in read_puzzles(generated / "puzzles" / "synthetic.jsonl")}
    first = levels.table[1]
    figures = by_board[first[0]]
    assert first[1] == f"{LEVELS[figures['level']]} ({figures['score']:.2f})"  # type: ignore[index]
    group = puzzles[first[0]].groups[0]
    assert first[2].startswith(f"{group.connection}: {', '.join(group.clues)} [{LEVELS[group.level or 0]}]")
    wordnet = "/".join(str(m) for m in figures["mistakes_before_found"]["wordnet"])  # type: ignore[index]
    assert first[3].startswith(f"wordnet {wordnet}; minilm ")


def test_boards_without_figures_say_how_to_get_them(generated: Path) -> None:
    puzzles = read_puzzles(generated / "puzzles" / "synthetic.jsonl")
    section = generated_section(GeneratedInputs(puzzles, {}))
    assert section is not None
    assert (
        section.panels[0].note
        == "These boards carry no measured difficulty: make them again with ocwtool generate."
    )


def test_the_section_in_chromium(generated: Path, tmp_path: Path) -> None:
    page = write_report(Workspace.at(generated), tmp_path / "report.html").html
    assert (tmp_path / "generated-levels.svg").exists()
    seen = open_page(page)
    assert seen.errors == []
    assert seen.facts["scripts"] == 0
    assert "Generated boards" in seen.facts["h2"]
    assert "Generated boards per measured level, and a sample" in seen.facts["h3"]
    assert "No data." not in page.read_text()
    assert seen.facts["too_wide"] == [] and seen.facts["page_width"] == seen.facts["viewport"]
    again = write_report(Workspace.at(generated), tmp_path / "again.html").html
    assert again.read_bytes() == page.read_bytes()
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "report-generated.png").write_bytes(seen.screenshot)
