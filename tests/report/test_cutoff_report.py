"""``ocwtool report`` around a training cutoff and live vs backfill: walls won on each side with
Wilson 95 % intervals and Fisher's exact test, per run and per model (issue #28)."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from pathlib import Path

import pytest
from scipy.stats import fisher_exact

from ocwtool.fsio import write_json
from ocwtool.report import collect, sections
from ocwtool.report.model import Bars, Panel
from ocwtool.schema.models import Split
from ocwtool.stores.puzzles import write_puzzles
from ocwtool.workspace import Workspace
from tests.annotations.conftest import run_cli
from tests.conftest import make_nyt
from tests.report.browser import open_page

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
DAYS = [dt.date(2023, 9, 18) + dt.timedelta(days=k) for k in range(24)]  # 13 before 2023-10-01, 11 on/after
RUN_DAY = dt.date(2023, 10, 9)  # the invented run's day: 3 puzzles live, 21 backfill
CUTOFF = dt.date(2023, 10, 1)  # gpt-4o's in the bundled table


def solved(day: dt.date) -> bool:
    """The invented model's answers: every third puzzle wrong, and the last two."""
    k = DAYS.index(day)
    return k % 3 != 0 and k < len(DAYS) - 2


def _answer(day: dt.date) -> dict[str, object]:
    groups = [list(g.clues) for g in make_nyt(day).groups]
    if not solved(day):
        groups[0][0], groups[1][0] = groups[1][0], groups[0][0]
    return {"wall_id": f"nyt-{day}", "predicted_groups": groups, "predicted_connections": None}


def _run_folder(path: Path, days: list[dt.date], run_day: dt.date) -> Path:
    """An `ocwtool llm run` folder written by hand: run.json (settings, timing) and one epoch."""
    path.mkdir(parents=True)
    timing = {
        "run_date": run_day.isoformat(),
        "live": sum(d >= run_day for d in days),
        "backfill": sum(d < run_day for d in days),
        "undated": 0,
    }
    settings = {"model": "openai/gpt-4o", "release": None, "source": "nyt", "split": "test"}
    write_json(path / "run.json", {"settings": settings, "status": "success", "timing": timing})
    lines = "".join(json.dumps(_answer(d)) + "\n" for d in days)
    (path / "predictions-epoch-1.jsonl").write_text(lines, encoding="utf-8")
    return path


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """24 invented NYT puzzles and one LLM run on all of them, scored with `eval --run`."""
    root = tmp_path / "ws"
    write_puzzles(
        root / "puzzles" / "nyt.jsonl", [make_nyt(d).model_copy(update={"split": Split.TEST}) for d in DAYS]
    )
    run = _run_folder(root / "runs" / "llm" / "gpt-4o-nyt", DAYS, RUN_DAY)
    result = run_cli(root, "eval", "--run", str(run), "--bootstrap", "0", "--no-progress")
    assert result.exit_code == 0, result.stderr
    return root


def _wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval by its formula (Wilson 1927), to check the library's."""
    p, z2 = wins / n, z * z
    centre, half = (p + z2 / (2 * n)), z * ((p * (1 - p) / n + z2 / (4 * n * n)) ** 0.5)
    return (centre - half) / (1 + z2 / n), (centre + half) / (1 + z2 / n)


def _cell(days: list[dt.date], few: bool = False) -> str:
    wins = sum(solved(d) for d in days)
    lo, hi = _wilson(wins, len(days))
    return f"{wins}/{len(days)} = {wins / len(days):.2f} [{lo:.2f}, {hi:.2f}]" + (" (too few puzzles)" * few)


def _test(first: list[dt.date], second: list[dt.date]) -> tuple[str, str]:
    """The difference (second - first) and Fisher's exact p of the table of wins and losses."""
    wins = [sum(solved(d) for d in side) for side in (first, second)]
    p = fisher_exact([[w, len(side) - w] for w, side in zip(wins, (first, second), strict=True)]).pvalue
    return f"{wins[1] / len(second) - wins[0] / len(first):+.2f}", f"{p:.3f}"


def _panels(root: Path, cutoff: dt.date | None) -> dict[str, Panel]:
    return {p.key: p for s in sections(collect(Workspace.at(root), cutoff=cutoff)) for p in s.panels}


def _bars(panel: Panel) -> Bars:
    assert isinstance(panel.chart, Bars), panel.note
    return panel.chart


def test_report_after_a_models_cutoff_shows_wilson_intervals_and_fishers_test(
    workspace: Path, tmp_path: Path
) -> None:
    out = tmp_path / "page.html"
    result = run_cli(workspace, "report", "--after-cutoff", "gpt-4o", "--out", str(out), "--no-progress")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == f"{out}\n"
    before, after = [d for d in DAYS if d < CUTOFF], [d for d in DAYS if d >= CUTOFF]
    panel = _panels(workspace, CUTOFF)["eval-cutoff"]
    assert panel.table == (
        ("run", "before 2023-10-01", "on or after 2023-10-01", "after - before", "Fisher's exact p"),
        ("gpt_4o_nyt · nyt / test", _cell(before), _cell(after), *_test(before, after)),
    )
    (series,) = _bars(panel).series
    assert series.lo == pytest.approx([_wilson(sum(map(solved, s)), len(s))[0] for s in (before, after)])
    page = out.read_text()
    assert "training cutoff 2023-10-01 (gpt-4o&#x27;s)." in page
    assert all(f"<td>{cell}</td>" in page for cell in panel.table[1][1:])
    assert (tmp_path / "eval-cutoff.svg").is_file()


def test_a_side_with_too_few_puzzles_is_named(workspace: Path) -> None:
    late = dt.date(2023, 10, 8)  # four puzzles on or after it, none solved
    panel = _panels(workspace, late)["eval-cutoff"]
    before, after = [d for d in DAYS if d < late], [d for d in DAYS if d >= late]
    assert panel.table[1][1:3] == (_cell(before), _cell(after, few=True))
    assert panel.caption.endswith(
        "Too few puzzles (fewer than 10) to compare with confidence: gpt_4o_nyt · nyt / test after: 4."
    )
    nothing_after = _panels(workspace, dt.date(2024, 1, 1))["eval-cutoff"]
    assert nothing_after.table[1][2:] == ("no puzzles", "-", "no test: a side has no puzzles")
    assert "Too few" not in nothing_after.caption  # 24 before, none after: the table says so


def test_live_and_backfill_are_apart_per_model(workspace: Path) -> None:
    """The run's day splits its puzzles: published that day (live) or before it (backfill)."""
    panel = _panels(workspace, None)["eval-live"]
    live, backfill = [d for d in DAYS if d >= RUN_DAY], [d for d in DAYS if d < RUN_DAY]
    assert panel.table == (
        ("model · store", "live", "backfill", "live - backfill", "Fisher's exact p"),
        ("openai/gpt-4o · nyt", _cell(live, few=True), _cell(backfill), *_test(backfill, live)),
    )
    chart = _bars(panel)
    assert chart.categories == ("live (published on the run day)", "backfill (published before the run day)")
    assert "Too few puzzles (fewer than 10) to compare with confidence: openai/gpt-4o · nyt live: 3." in (
        panel.caption
    )


def test_a_models_reports_are_pooled_and_a_puzzle_played_twice_counts_once(workspace: Path) -> None:
    """A second run of the same model three days later replays the first three puzzles (backfill
    again: counted once) and the last three (live in the first run, backfill in this one)."""
    replayed = DAYS[:3] + DAYS[-3:]
    again = _run_folder(workspace / "runs" / "llm" / "again", replayed, RUN_DAY + dt.timedelta(days=3))
    result = run_cli(workspace, "eval", "--run", str(again), "--bootstrap", "0", "--no-progress")
    assert result.exit_code == 0, result.stderr
    panel = _panels(workspace, None)["eval-live"]
    live, backfill = [d for d in DAYS if d >= RUN_DAY], [d for d in DAYS if d < RUN_DAY]
    assert panel.table[1] == (
        "openai/gpt-4o · nyt",
        _cell(live, few=True),
        _cell(backfill + live),  # 24 puzzles, not 27
        *_test(backfill + live, live),
    )


def test_a_report_without_per_wall_rows_is_counted_not_scored(workspace: Path) -> None:
    path = workspace / "runs" / "eval-gpt_4o_nyt-nyt-test.json"
    report = json.loads(path.read_text())
    for run in report["runs"]:
        run["walls"] = []
    path.write_text(json.dumps(report))
    panel = _panels(workspace, None)["eval-live"]
    assert panel.chart is None
    assert panel.note == (
        "No LLM run with per-wall rows and the days its puzzles were published (run.json timing): "
        "ocwtool llm run, then ocwtool eval --run DIR. Not counted (no per-wall rows; eval --run DIR "
        "--per-wall): runs/eval-gpt_4o_nyt-nyt-test.json (3 live, 21 backfill)."
    )


def test_a_report_without_per_wall_rows_shows_the_comparison_eval_stored(workspace: Path) -> None:
    """eval --after-cutoff saved its comparison: the report shows it at that date, and no other."""
    run = workspace / "runs" / "llm" / "gpt-4o-nyt"
    out = workspace / "runs" / "eval-gpt_4o_nyt-nyt-test.json"
    args = ["--after-cutoff", "gpt-4o", "--json-out", str(out), "--no-progress"]
    assert run_cli(workspace, "eval", "--run", str(run), "--bootstrap", "0", *args).exit_code == 0
    with_rows = _panels(workspace, CUTOFF)["eval-cutoff"]
    assert with_rows.table[1][1] == _cell([d for d in DAYS if d < CUTOFF])
    report = json.loads(out.read_text())
    for played in report["runs"]:
        played["walls"] = []
    out.write_text(json.dumps(report))
    assert _panels(workspace, CUTOFF)["eval-cutoff"].table == with_rows.table
    assert _panels(workspace, dt.date(2023, 10, 2))["eval-cutoff"].note == (
        "No date breakdown: no scored run has per-wall rows on dated puzzles around 2023-10-02."
    )


def _fail(workspace: Path, *args: str) -> tuple[int, str]:
    """Exit code and stderr of the real command line (where errors become one line)."""
    argv = [sys.executable, "-m", "ocwtool", "-w", str(workspace), "report", *args]
    proc = subprocess.run(argv, capture_output=True, text=True, check=False)
    return proc.returncode, proc.stderr


def test_an_unknown_model_is_one_line(tmp_path: Path) -> None:
    code, text = _fail(tmp_path, "--after-cutoff", "gpt4o")
    assert (code, text) == (
        1,
        "Error: no training cutoff known for model 'gpt4o'; did you mean gpt-4o, gpt-4, gpt-4o-mini? "
        'add it to ocwtool.toml: [cutoffs] "gpt4o" = "YYYY-MM-DD", or give --cutoff YYYY-MM-DD\n',
    )
    code, text = _fail(tmp_path, "--after-cutoff", "gpt-4o", "--cutoff", "2024-01-01")
    assert (code, text) == (1, "Error: give --cutoff DATE or --after-cutoff MODEL, not both\n")
    assert not (tmp_path / "reports").exists()


def test_a_cutoff_from_ocwtool_toml_wins(workspace: Path, tmp_path: Path) -> None:
    (workspace / "ocwtool.toml").write_text('[cutoffs]\n"my-model" = "2023-10-05"\n')
    out = tmp_path / "page.html"
    result = run_cli(workspace, "report", "--after-cutoff", "My-Model", "--out", str(out), "--no-progress")
    assert result.exit_code == 0, result.stderr
    assert "training cutoff 2023-10-05 (my-model&#x27;s)." in out.read_text()


PANEL_FACTS = """JSON.stringify(['eval-cutoff', 'eval-live'].map(id => {
  const panel = document.getElementById(id);
  const img = panel.querySelector('figure img');
  return {
    image: img ? [img.complete, img.naturalWidth > 0, img.getBoundingClientRect().height > 100] : null,
    rows: Array.from(panel.querySelectorAll('tbody tr')).map(
      tr => Array.from(tr.cells).map(td => [td.innerText, td.getBoundingClientRect().height > 0])),
    caption: panel.querySelector('figcaption').innerText
  };
}))"""


def test_the_panels_in_chromium(workspace: Path, tmp_path: Path) -> None:
    """What a reader sees: both figures decoded, every interval written in a visible cell, the
    too-few note under the figure, nothing wider than the page."""
    out = tmp_path / "page.html"
    result = run_cli(workspace, "report", "--after-cutoff", "gpt-4o", "--out", str(out), "--no-progress")
    assert result.exit_code == 0, result.stderr
    seen = open_page(out, PANEL_FACTS)
    assert seen.errors == [] and seen.facts["scripts"] == 0
    assert seen.facts["too_wide"] == [] and seen.facts["page_width"] == seen.facts["viewport"]
    panels = _panels(workspace, CUTOFF)
    for shown, key in zip(seen.facts["extra"], ("eval-cutoff", "eval-live"), strict=True):
        assert shown["image"] == [True, True, True]
        assert shown["rows"] == [[[cell, True] for cell in row] for row in panels[key].table[1:]]
        assert shown["caption"] == panels[key].caption
    assert "(too few puzzles)" in seen.facts["extra"][1]["rows"][0][1][0]
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "report-cutoff.png").write_bytes(seen.screenshot)
