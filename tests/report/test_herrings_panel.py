"""The report's red-herring section: a board with its decoys shaded by score and named with the group
they pull toward, fixation per player from the scored runs, one line when nothing is labelled;
every text escaped, nothing fetched, checked in Chromium."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path

import pytest

from ocwtool.annotations.taxonomy import GUIDELINE_VERSION
from ocwtool.evaluation.gold import workspace_golds
from ocwtool.evaluation.herring_metrics import choose_labels
from ocwtool.evaluation.pipeline import EvalRequest, report_name, run_evaluation, save_report
from ocwtool.evaluation.scorer import GoldWall
from ocwtool.report import collect, sections, write_report
from ocwtool.report.collect import herring_inputs
from ocwtool.report.herrings import NO_LABELS, HerringInputs, board_panel
from ocwtool.report.html import page
from ocwtool.report.model import Bars, Panel, Section
from ocwtool.schema.annotations import ItemRecord, RedHerringWord
from ocwtool.stores.annotations import append_record, read_all
from ocwtool.stores.puzzles import read_puzzles, write_puzzles
from ocwtool.workspace import Workspace
from tests.report.browser import open_page
from tests.validators.factory import replace_group, wall

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
WHEN = dt.datetime(2026, 3, 1, tzinfo=dt.UTC)
HOSTILE = '<img src=x onerror="alert(1)"> & "towns"'  # a connection that must stay text


def _word(i: int, group: int, toward: int, score: float | None) -> RedHerringWord:
    """Clue 1 of group ``group`` of wall ``i``, pulled toward group ``toward`` (0-3)."""
    return RedHerringWord(
        clue=wall(i).groups[group].clues[0],
        clue_number=4 * group + 1,
        fits_group=f"w{i:04d}_{toward + 1:02d}",
        score=score,
    )


def _record(annotator: str, i: int, *words: RedHerringWord) -> ItemRecord:
    return ItemRecord(
        annotator=annotator,
        puzzle_id=f"w{i:04d}",
        red_herring_words=words,
        created_at=WHEN,
        guideline_version=GUIDELINE_VERSION,
    )


def _answers(golds: list[GoldWall]) -> list[dict[str, object]]:
    """Every test wall solved, except w0008: Glimmer8 (a decoy toward the towns) put with three towns,
    that wrong group given first, then the rivers with Dunmore8."""
    out = []
    for gold in golds:
        groups = [list(g) for g in gold.groups]
        if gold.wall_id == "w0008":
            rivers, towns = groups[0], groups[2]
            groups = [[*towns[:3], rivers[0]], [towns[3], *rivers[1:]], groups[1], groups[3]]
        out.append({"wall_id": gold.wall_id, "predicted_groups": groups, "predicted_connections": None})
    return out


def _evaluate(ws: Workspace, tmp: Path) -> None:
    golds = workspace_golds(ws, "test", "ocw")
    chosen = choose_labels(
        read_all(ws.annotations_dir, include_suggest=True), [g.wall_id for g in golds.walls]
    )
    assert chosen is not None
    labels = chosen
    random = run_evaluation(golds.walls, EvalRequest(baseline="random", seeds=3, n_boot=0, herrings=labels))
    save_report(random, ws.run_report_path(report_name("random", "test", "ocw")), per_wall=True)
    answers = tmp / "gpt.json"
    answers.write_text(json.dumps(_answers(list(golds.walls))))
    gpt = run_evaluation(golds.walls, EvalRequest(predictions=(answers,), n_boot=0, herrings=labels))
    save_report(gpt, ws.run_report_path(report_name("gpt", "test", "ocw")), per_wall=True)


@pytest.fixture(scope="module")
def labelled(workspace: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The report workspace with decoys mined from play on two test walls (w0008: two, one toward a
    group with a hostile connection; w0009: one) and two runs scored against them."""
    root = tmp_path_factory.mktemp("herrings") / "ws"
    shutil.copytree(workspace, root, ignore=shutil.ignore_patterns("reports"))
    ws = Workspace.open(root)
    store = ws.puzzles_path("ocw")
    walls = read_puzzles(store)
    write_puzzles(store, [replace_group(w, 2, connection=HOSTILE) if w.id == "w0008" else w for w in walls])
    append_record(ws.annotations_dir, _record("play-decoys", 8, _word(8, 0, 2, 0.75), _word(8, 1, 3, 0.25)))
    append_record(ws.annotations_dir, _record("play-decoys", 9, _word(9, 0, 2, 0.5)))
    _evaluate(ws, root)
    return root


@pytest.fixture(scope="module")
def page_of_labelled(labelled: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The report of the labelled workspace, written once for the tests that read the page."""
    return write_report(Workspace.at(labelled), tmp_path_factory.mktemp("page") / "report.html").html


def _section(root: Path) -> Section:
    (found,) = [s for s in sections(collect(Workspace.at(root))) if s.key == "herrings"]
    return found


def _panel(root: Path, key: str) -> Panel:
    return next(p for p in _section(root).panels if p.key == key)


def test_without_labels_the_section_says_so_in_one_line(workspace: Path, tmp_path: Path) -> None:
    found = _section(workspace)
    assert found.title == "Red herrings" and found.intro == "Nothing labelled yet."
    assert found.panels == (Panel("herrings-none", "Red herrings", note=NO_LABELS),)
    html = write_report(Workspace.at(workspace), tmp_path / "report.html").html.read_text()
    assert html.count(NO_LABELS) == 1
    assert f'<p class="note">{NO_LABELS}</p>' in html
    assert '<li><a href="#herrings">Red herrings</a></li>' in html


def test_the_board_shades_each_decoy_by_score_and_names_its_group(
    labelled: Path, page_of_labelled: Path
) -> None:
    panel = _panel(labelled, "herrings-board")
    assert panel.board is not None and panel.chart is None
    rows = panel.board.rows
    assert [r.group for r in rows] == ["Invented rivers", "Made-up cheeses", HOSTILE, "Imaginary birds"]
    assert rows[0].clues == ("Glimmer8", "Pollet8", "Sarwin8", "Tessa8")
    assert [(d.toward, d.score) for d in rows[0].decoys[0]] == [(HOSTILE, 0.75)]
    assert [(d.toward, d.score) for d in rows[1].decoys[0]] == [("Imaginary birds", 0.25)]
    assert sum(len(d) for r in rows for d in r.decoys) == 2  # w0008 (two decoys) beats w0009 (one)
    assert panel.table == (
        ("decoy clue", "pulls toward", "score"),
        ("Glimmer8", HOSTILE, "0.75"),
        ("Brovan8", "Imaginary birds", "0.25"),
    )
    assert panel.caption.startswith("Wall w0008 (ocw), red-herring labels of play-decoys: one row per group")
    html = page_of_labelled.read_text()
    assert '<td style="background-color: rgba(238, 102, 119, 0.79)" title="Glimmer8: pulled toward' in html
    assert '<td style="background-color: rgba(238, 102, 119, 0.36)" title="Brovan8: pulled toward ' in html
    assert "Brovan8<small>→ Imaginary birds</small></td>" in html


def test_untrusted_text_stays_text(page_of_labelled: Path) -> None:
    html = page_of_labelled.read_text()
    assert HOSTILE not in html and "<img src=x" not in html
    escaped = "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &quot;towns&quot;"
    assert f'title="Glimmer8: pulled toward {escaped} (score 0.75)"' in html
    assert f'<th scope="row">{escaped}</th>' in html
    assert f"Glimmer8<small>→ {escaped}</small>" in html


def test_unscored_labels_are_hatched_and_said_to_have_no_score() -> None:
    ids = tuple(g.id for g in wall(1).groups)
    gold = GoldWall("w0001", tuple(tuple(g.clues) for g in wall(1).groups), group_ids=ids)
    inputs = HerringInputs("alice", {"w0001": _record("alice", 1, _word(1, 3, 1, None))}, [("ocw", gold)])
    panel = board_panel(inputs)
    html = page("t", "s", (Section("herrings", "Red herrings", "", (panel,)),), {})
    # a wall without connections: its groups are numbered
    cell = '<td class="unscored" title="Pipwing1: pulled toward group 2 (no score)">Pipwing1<small>→ group 2'
    assert cell in html
    assert ("Pipwing1", "group 2", "none") in panel.table
    assert '<th scope="row">group 1</th>' in html


def test_fixation_per_player_comes_from_the_scored_runs(labelled: Path) -> None:
    panel = _panel(labelled, "herrings-fixation")
    saved = {
        name: json.loads((labelled / "runs" / f"eval-{name}-ocw-test.json").read_text())["herrings"]
        for name in ("gpt", "random")
    }
    gpt = saved["gpt"]["players"][0]
    random = saved["random"]["pooled"]
    assert gpt["fixation"]["fixated"] == 1 and gpt["first_mistake"]["decoy"] == 1
    fixation, first = random["fixation"], random["first_mistake"]
    assert panel.table == (
        (
            "player",
            "labels",
            "games",
            "fixation (of wrong groups)",
            "chance",
            "first mistake on a decoy",
            "chance",
            "trap claims",
        ),
        (
            "gpt · ocw / test",
            "play-decoys",
            "2",  # the labelled walls it answered
            "0.500 (1 of 2)",
            f"{gpt['fixation']['chance']:.3f}",
            "1.000 (1 of 1)",
            f"{gpt['first_mistake']['chance']:.3f}",
            "none made",
        ),
        (
            "random · ocw / test",
            "play-decoys",
            "6",  # 3 seeds pooled
            f"{fixation['rate']:.3f} ({fixation['fixated']} of {fixation['wrong_groups']})",
            f"{fixation['chance']:.3f}",
            f"{first['rate']:.3f} ({first['decoy']} of {first['games']})",
            f"{first['chance']:.3f}",
            "none made",
        ),
    )
    chart = panel.chart
    assert isinstance(chart, Bars) and chart.categories == ("gpt · ocw / test", "random · ocw / test")
    assert [s.name for s in chart.series] == [
        "fixation",
        "chance",
        "first mistake on a decoy",
        "chance (first mistake)",
    ]
    assert chart.series[0].values == (0.5, fixation["rate"])
    assert chart.series[1].values == (gpt["fixation"]["chance"], fixation["chance"])


def test_a_run_scored_before_any_label_says_how_to_get_figures(labelled: Path, tmp_path: Path) -> None:
    root = tmp_path / "ws"
    shutil.copytree(labelled, root, ignore=shutil.ignore_patterns("reports"))
    for path in (root / "runs").glob("eval-*.json"):
        doc = json.loads(path.read_text())
        doc.pop("herrings", None)
        path.write_text(json.dumps(doc))
    panel = _panel(root, "herrings-fixation")
    assert panel.chart is None and panel.note == (
        "No scored run has red-herring figures: run ocwtool eval again once labels exist "
        "(it records them in its report)."
    )
    assert _panel(root, "herrings-board").board is not None


def test_the_section_is_byte_stable(labelled: Path, page_of_labelled: Path, tmp_path: Path) -> None:
    again = write_report(Workspace.at(labelled), tmp_path / "report.html")
    assert again.html.read_bytes() == page_of_labelled.read_bytes()
    assert {p.name for p in again.figures} >= {"herrings-fixation.svg", "herrings-fixation.png"}
    for name in ("herrings-fixation.svg", "herrings-fixation.png"):
        assert (tmp_path / name).read_bytes() == (page_of_labelled.parent / name).read_bytes()


BOARD_FACTS = """JSON.stringify({
  cells: Array.from(document.querySelectorAll('table.board td[title]')).map(
    td => [td.title, getComputedStyle(td).backgroundColor, getComputedStyle(td).backgroundImage]),
  rows: Array.from(document.querySelectorAll('table.board th')).map(th => th.textContent),
  boardRight: document.querySelector('table.board').getBoundingClientRect().right,
  bodyRight: document.body.getBoundingClientRect().right
})"""


def test_the_panel_in_chromium(page_of_labelled: Path) -> None:
    html = page_of_labelled
    seen = open_page(html, BOARD_FACTS)
    assert seen.errors == []
    assert seen.requests[0] == html.as_uri() and all(u.startswith("data:") for u in seen.requests[1:])
    assert seen.facts["scripts"] == 0
    assert all(i["alt"] for i in seen.facts["images"])  # the hostile <img> stayed text
    assert "Red herrings" in seen.facts["h2"]
    assert {"Decoys on a board", "Fixation on red herrings per player"} <= set(seen.facts["h3"])
    assert seen.facts["too_wide"] == [] and seen.facts["page_width"] == seen.facts["viewport"]
    board = seen.facts["extra"]
    assert board["rows"][2] == HOSTILE
    assert board["cells"] == [
        [f"Glimmer8: pulled toward {HOSTILE} (score 0.75)", "rgba(238, 102, 119, 0.79)", "none"],
        ["Brovan8: pulled toward Imaginary birds (score 0.25)", "rgba(238, 102, 119, 0.36)", "none"],
    ]
    assert board["boardRight"] <= board["bodyRight"] + 0.5
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "report-herrings.png").write_bytes(seen.screenshot)


def test_the_board_takes_the_default_order_per_wall() -> None:
    """As eval: adjudicated labels on the walls carol adjudicated (on w0002 she kept none, so its
    mined decoys are not drawn), decoys mined from play on the others; the caption names the set."""
    carol = [_record("carol", 1, _word(1, 0, 1, None)), _record("carol", 2)]
    mined = [
        _record("play-decoys", 2, _word(2, 0, 1, 0.5), _word(2, 1, 0, 0.5), _word(2, 2, 0, 0.5)),
        _record("play-decoys", 3, _word(3, 0, 1, 0.5), _word(3, 1, 0, 0.5)),
    ]
    labels = {
        "adjudicated": {r.puzzle_id: r for r in carol},
        "play-decoys": {r.puzzle_id: r for r in mined},
    }
    inputs = herring_inputs(labels, {"ocw": [wall(1), wall(2), wall(3)]})
    panel = board_panel(inputs)
    assert panel.caption.startswith("Wall w0003 (ocw), red-herring labels of play-decoys: one row per group")
    assert [row[0] for row in panel.table[1:]] == [wall(3).groups[k].clues[0] for k in (0, 1)]
    assert (inputs.annotator, inputs.origin) == (
        "adjudicated, play-decoys",
        {"w0001": "adjudicated", "w0002": "adjudicated", "w0003": "play-decoys"},
    )
