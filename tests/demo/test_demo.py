"""The demo runs end to end in a temporary folder, and its release verifies."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ocwtool.demo.snapshot import load_snapshot, render_site, smoci_tables
from ocwtool.demo.synthetic_stage import REQUEST
from ocwtool.formats import hf
from ocwtool.releases.verify import verify_release
from ocwtool.stores.puzzles import read_puzzles
from ocwtool.workspace import Workspace


def test_snapshot_renders_every_site() -> None:
    snapshot = load_snapshot()
    routes = render_site(snapshot)
    assert "/robots.txt" in routes and "/episodes/" in routes
    assert sum(p.startswith("/episode/") for p in routes) == len(snapshot["ocdb"])
    assert sum(p.startswith("/svc/connections/v2/") for p in routes) == len(snapshot["nyt"])
    tables = smoci_tables(snapshot["ocdb"])
    assert len(tables["walls"]) == sum(len(e["walls"]) for e in snapshot["ocdb"])
    assert len(tables["wall_groups"]) == 4 * len(tables["walls"])


@pytest.fixture(scope="module")
def demo_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, subprocess.CompletedProcess[str]]:
    workspace = tmp_path_factory.mktemp("demo") / "ws"
    env = {**os.environ, "HF_DATASETS_OFFLINE": "1", "HF_HUB_OFFLINE": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "ocwtool", "-w", str(workspace), "demo", "--no-progress"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    return workspace, done


def test_demo_runs_end_to_end(demo_run: tuple[Path, subprocess.CompletedProcess[str]]) -> None:
    workspace, done = demo_run
    assert done.returncode == 0, done.stderr
    snapshot = load_snapshot()
    walls = sum(len(e["walls"]) for e in snapshot["ocdb"])
    ocdb = read_puzzles(workspace / "puzzles" / "ocdb.jsonl")
    assert len(ocdb) == walls
    assert all(g.human_performance is not None for p in ocdb for g in p.groups)
    assert len(read_puzzles(workspace / "puzzles" / "nyt.jsonl")) == len(snapshot["nyt"])
    assert "smoci join: 8 exact, 0 fuzzy" in done.stdout
    assert "reconcile: 8 days in both; differences: titles 1" in done.stdout
    assert "PASSED: 0 errors" in done.stdout
    assert (workspace / "variants" / "randomized.jsonl").is_file()
    assert (workspace / "annotations" / "suggest.jsonl").is_file()


def test_demo_plays_the_scripted_players_through_the_llm_runner(
    demo_run: tuple[Path, subprocess.CompletedProcess[str]],
) -> None:
    workspace, done = demo_run
    assert done.returncode == 0, done.stderr
    assert "llm runner with SCRIPTED players (oracle, random; not a model)" in done.stdout
    if importlib.util.find_spec("inspect_ai") is None:
        assert "skipped: the [llm] extra is not installed" in done.stdout
        return
    for source, protocol in (("ocdb", "oneshot"), ("nyt", r"interactive, nyt rules")):
        oracle = re.search(
            rf"{source} scripted oracle \({protocol}\): (\d+) walls, 1 run\(s\): solved (\d+)\.00",
            done.stdout,
        )
        assert oracle and oracle.group(1) == oracle.group(2), done.stdout
        assert re.search(rf"{source} scripted random \({protocol}\): \d+ walls", done.stdout)
    assert (workspace / "runs" / "llm" / "scripted-oracle-nyt-interactive" / "transcripts.jsonl").is_file()


def test_demo_release_verifies(demo_run: tuple[Path, subprocess.CompletedProcess[str]]) -> None:
    workspace, done = demo_run
    assert done.returncode == 0, done.stderr
    result = verify_release(workspace / "releases" / "demo-1.0.0.tar.gz")
    puzzles = {config for config in result.rows if not config.endswith("_red_herrings")}
    assert puzzles == {"ocw", "ocw_randomized", "ocw_wordnet", "ocw_extended", "nyt", "synthetic"}
    assert result.rows["ocw"] == 8


def test_demo_releases_an_extended_variant_and_synthetic_boards(
    demo_run: tuple[Path, subprocess.CompletedProcess[str]],
) -> None:
    workspace, done = demo_run
    assert done.returncode == 0, done.stderr
    generated = read_puzzles(workspace / "puzzles" / "synthetic.jsonl")
    assert len(generated) == REQUEST.count and all(p.split is not None for p in generated)
    release = workspace / "releases" / "demo-1.0.0"
    boards = {p.id: p for f in sorted(release.glob("data/synthetic/*.parquet")) for p in hf.read_parquet(f)}
    assert set(boards) == {p.id for p in generated}
    extended = [p for f in sorted(release.glob("data/ocw_extended/*.parquet")) for p in hf.read_parquet(f)]
    tricky = [p for p in extended if p.distractors]
    assert len(extended) == 8 and tricky  # the demo's OCW walls, some with verified trick words
    for p in tricky:
        assert p.lineage is not None
        assert {t["status"] for t in json.loads(p.lineage.params["tricks"])} == {"verified"}
    card = (release / "README.md").read_text()
    assert "### Trick words: `ocw_extended`" in card and "### Synthetic boards: `synthetic`" in card
    assert f"{REQUEST.count} boards (seed {REQUEST.seed}) -> puzzles/synthetic.jsonl" in done.stdout
    html = (workspace / "reports" / "report.html").read_text()  # the generator is no human annotator
    assert f"Red herrings designed by ocwtool generate: generator ({REQUEST.count} puzzles)." in html


def test_demo_runs_again_in_the_same_workspace(
    demo_run: tuple[Path, subprocess.CompletedProcess[str]],
) -> None:
    workspace, first = demo_run
    assert first.returncode == 0, first.stderr
    # As if an older ocwtool had made the demo's LLM runs (before boards were recorded, issue #25):
    # the demo starts its own runs again instead of refusing to resume them.
    for manifest in (workspace / "runs" / "llm").glob("*/run.json"):
        recorded = json.loads(manifest.read_text())
        del recorded["settings"]["boards"]
        manifest.write_text(json.dumps(recorded))
    again = subprocess.run(
        [sys.executable, "-m", "ocwtool", "-w", str(workspace), "demo", "--no-progress"],
        capture_output=True,
        text=True,
        env={**os.environ, "HF_DATASETS_OFFLINE": "1", "HF_HUB_OFFLINE": "1"},
        timeout=300,
        check=False,
    )
    assert again.returncode == 0, again.stderr
    assert "from capture 5" in again.stdout  # the second crawl replays captures, fetching nothing again


def test_demo_refuses_a_workspace_with_real_data(tmp_path: Path) -> None:
    (tmp_path / "puzzles").mkdir()
    (tmp_path / "puzzles" / "ocw.jsonl").write_text("")
    done = subprocess.run(
        [sys.executable, "-m", "ocwtool", "-w", str(tmp_path), "demo", "--no-progress"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr == (
        f"Error: {tmp_path} already holds puzzles or captures; the demo would mix its invented snapshot "
        "into them. Run it in a new folder: ocwtool -w demo-workspace demo\n"
    )
    assert (tmp_path / "puzzles" / "ocw.jsonl").read_text() == ""


ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
SECTIONS = ["Data", "Variants", "Annotation", "Validation", "Evaluation", "Red herrings", "Generated boards"]


def _shown_report(done: subprocess.CompletedProcess[str]) -> Path:
    found = re.search(r"^Report: (.+)$", done.stdout, re.M)
    assert found, done.stdout[-2000:]
    return Path(found.group(1))


def test_demo_report_opens_in_chromium(demo_run: tuple[Path, subprocess.CompletedProcess[str]]) -> None:
    from PIL import Image

    from tests.report.browser import WIDTH, open_page

    workspace, done = demo_run
    assert done.returncode == 0, done.stderr
    page = _shown_report(done)
    assert page == workspace / "reports" / "report.html"
    seen = open_page(page)
    assert seen.errors == []
    assert seen.requests[0] == page.as_uri() and all(u.startswith("data:") for u in seen.requests[1:])
    images = seen.facts["images"]
    assert len(images) == len(list((workspace / "reports").glob("*.svg"))) >= 15
    assert all(i["complete"] and i["width"] > 300 for i in images), images
    assert seen.facts["scripts"] == 0 and seen.facts["h2"] == SECTIONS
    assert WIDTH - 20 <= seen.facts["viewport"] <= WIDTH  # laid out in a laptop's window
    assert seen.facts["too_wide"] == [] and seen.facts["page_width"] == seen.facts["viewport"]
    for heading in ("Walls per season", "Knowledge types per source", "Leaderboard: ocdb / test"):
        assert heading in seen.facts["h3"]
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "demo-report.png"
    shot.write_bytes(seen.screenshot)
    with Image.open(shot) as image:
        assert image.width == 1280 and image.height > 3000
        colours = image.convert("RGB").getcolors(maxcolors=1 << 20) or []
        assert len(colours) > 50  # figures, text and tables, not a blank page
    print(f"\nscreenshot: {shot}")


def test_demo_report_figures_regenerate_byte_identically(
    demo_run: tuple[Path, subprocess.CompletedProcess[str]], tmp_path: Path
) -> None:
    from ocwtool.demo.run import REPORT_CUTOFF
    from ocwtool.report import write_report

    workspace, done = demo_run
    assert done.returncode == 0, done.stderr
    again = write_report(Workspace.at(workspace), tmp_path / "report.html", cutoff=REPORT_CUTOFF)
    assert again.html.read_bytes() == (workspace / "reports" / "report.html").read_bytes()
    for path in again.figures:
        assert path.read_bytes() == (workspace / "reports" / path.name).read_bytes(), path.name


def test_demo_mines_decoys_scores_them_and_ships_them(
    demo_run: tuple[Path, subprocess.CompletedProcess[str]],
) -> None:
    workspace, done = demo_run
    assert done.returncode == 0, done.stderr
    if importlib.util.find_spec("inspect_ai") is None:
        assert "skipped: no transcripts of play (the llm runner stage was skipped)" in done.stdout
        return
    assert "== annotate decoys (annotator play-decoys, mined from the scripted players)" in done.stdout
    assert (
        "read 4 transcript files of the scripted players (oracle, random) of the llm runner stage"
        in done.stdout
    )
    records = [
        json.loads(line)
        for line in (workspace / "annotations" / "play-decoys.jsonl").read_text().splitlines()
    ]
    assert records and {r["annotator"] for r in records} == {"play-decoys"}
    assert any(r["red_herring_words"] for r in records)
    baselines = done.stdout.split("== eval baselines on the test split")[1].split("\n== ")[0]
    assert "red-herring labels: decoys mined from the scripted players (oracle, random)" in baselines
    assert re.search(
        r"ocdb wordnet: .*\n     red herrings \(labels: play-decoys \(mined from play\) 6 walls; "
        r"as asked\):",
        baselines,
    )
    assert re.search(r"\n         fixation: \d+ of \d+ \(0\.\d{4}; chance 0\.\d{4}", baselines)
    assert "first mistake on a decoy: " in baselines
    report = json.loads((workspace / "runs" / "eval-wordnet-ocdb-test.json").read_text())
    assert report["herrings"]["annotator"] == "play-decoys"
    result = verify_release(workspace / "releases" / "demo-1.0.0.tar.gz")
    assert result.rows["ocw_red_herrings"] > 0 and result.rows["nyt_red_herrings"] > 0
    assert "ocw_red_herrings" in result.loaded
    assert list((workspace / "releases" / "demo-1.0.0" / "red_herrings" / "ocw").glob("test-*.parquet"))
    html = (workspace / "reports" / "report.html").read_text()
    assert (
        "Human annotators: none; suggester pre-labels: 16 puzzles. "
        "Decoys mined from play: play-decoys (8 puzzles)." in html
    )


def test_demo_report_and_card_show_the_red_herrings(
    demo_run: tuple[Path, subprocess.CompletedProcess[str]],
) -> None:
    """The report's red-herring section (a board with the mined decoys shaded, fixation of the four
    baselines) and the release card's fixation table."""
    from ocwtool.report import collect, sections

    workspace, done = demo_run
    assert done.returncode == 0, done.stderr
    html = (workspace / "reports" / "report.html").read_text()
    (section,) = [s for s in sections(collect(Workspace.at(workspace))) if s.key == "herrings"]
    if importlib.util.find_spec("inspect_ai") is None:
        assert [p.key for p in section.panels] == ["herrings-none"]
        assert section.panels[0].note in html
        return
    board, fixation = section.panels
    assert board.board is not None and 'table class="board"' in html
    shaded = [d for row in board.board.rows for d in row.decoys if d]
    assert shaded and all(d.toward and d.score is not None for ds in shaded for d in ds)
    assert 'style="background-color: rgba(238, 102, 119, ' in html
    players = [row[0] for row in fixation.table[1:]]
    assert players == [
        "random · nyt / test",
        "random · ocdb / test",
        "wordnet · nyt / test",
        "wordnet · ocdb / test",
    ]
    assert (workspace / "reports" / "herrings-fixation.svg").is_file()
    line = f"red herrings: {len(shaded)} decoy clue(s) shaded on a board; fixation of 4 player(s)"
    assert f"\n   {line}\n" in done.stdout
    card = (workspace / "releases" / "demo-1.0.0" / "README.md").read_text()
    table = card.split("### Fixation on red herrings")[1].split("\n## ")[0]
    assert "| player | labels | fixation rate | chance | first mistake on a decoy |" in table
    rows = [r for r in table.splitlines() if r.startswith("| ") and "play-decoys" in r]
    assert [r.split(" | ")[0] for r in rows] == [f"| {p}" for p in players]
