"""Every `ocwtool ...` command shown in README.md and docs/*.md runs as written.

Commands come from the code blocks of those files (fenced blocks without a language, and indented
blocks): a line that starts with ``ocwtool`` (or ``.venv/bin/ocwtool``), after an optional ``$ ``
prompt and ``VAR=value`` assignments; ``A && B`` is two commands. In a block with ``$`` prompts only
the prompt lines are commands and the lines up to the next prompt are the output shown: when that
output says ``Error: ...`` the command must fail with exit 1 and an error that starts the same way,
otherwise it must succeed. Synopsis lines (``[OPTIONS]`` in brackets) are not run: their command and
every option they name must exist. Other programs' lines are not run, except ``printf`` (a doc that
edits a file and then shows what ocwtool says about it).

Each block runs top to bottom, in-process (``ocwtool.cli.main``), in its own copy of a prepared
folder, which is both the current folder and the workspace: invented puzzles (``ocw`` with splits,
ten ``nyt`` boards with an invented expert's knowledge types, two annotators' labels) and the input
files the docs name, as invented stand-ins (``onlyconnect.json``, ``connections_archive_1163.json``,
``../shared/data/...``, ``games.jsonl``, ``../other``, ``demo-workspace``, ...). A block whose first
command is ``ocwtool init`` starts in an empty folder (only the input files). The sites are
replaced by a loopback copy (the demo's snapshot): a ``--base-url http://127.0.0.1:PORT`` in a doc
is pointed at it, and each workspace crawls it without a politeness delay.

What cannot run here is listed in ``ALLOWED`` with the reason, and where later commands of its block
need what it would have made, with a local stand-in command run instead. An entry that no doc shows
any more fails the test, as does a doc command that is neither allowed nor runs.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from ocwtool.cli import main
from ocwtool.cli.app import cli
from ocwtool.data import example_path
from tests.conftest import make_ocw_wall

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
CONTACT = "docs-test@example.org"
SNAPSHOT_DAYS = "--from 2024-03-01 --to 2024-03-08"  # the NYT days of the demo snapshot
LOOPBACK = re.compile(r"http://127\.0\.0\.1:(?:\d+|PORT)")

# (doc, command as shown, comment included) -> (why it is not run as written, stand-in or None).
# A stand-in is an ocwtool command line run instead ({site}: the loopback copy of the sites).
ALLOWED: dict[tuple[str, str], tuple[str, str | None]] = {
    ("docs/rebuilding.md", "ocwtool scrape ocw --series 1-15 --with-human-performance"): (
        "live crawl of ocdb.cc and SMOCI (network)",
        "ocwtool scrape ocw --series 1-15 --with-human-performance --base-url {site} --smoci-base-url {site}"
        " --delay 0 --no-progress",
    ),
    (
        "docs/rebuilding.md",
        "ocwtool scrape nyt --source both # 2023-06-12 .. today; API preferred (--prefer)",
    ): (
        "live crawl of nytimes.com and tryhardguides.com (network)",
        f"ocwtool scrape nyt --source both --base-url {{site}} {SNAPSHOT_DAYS} --delay 0 --no-progress",
    ),
    ("docs/nyt.md", "ocwtool scrape nyt # the API, 2023-06-12 .. today"): (
        "live crawl of nytimes.com (network)",
        f"ocwtool scrape nyt --base-url {{site}} {SNAPSHOT_DAYS} --no-progress",
    ),
    ("docs/nyt.md", "ocwtool scrape nyt --from 2024-01-01 --to 2024-01-31"): (
        "live crawl of nytimes.com (network)",
        "ocwtool scrape nyt --from 2024-01-01 --to 2024-01-31 --base-url {site} --no-progress",
    ),
    ("docs/nyt.md", "ocwtool scrape nyt --source both # both, then reconcile -> puzzles/nyt.jsonl + runs/"): (
        "live crawl of nytimes.com and tryhardguides.com (network)",
        f"ocwtool scrape nyt --source both --base-url {{site}} {SNAPSHOT_DAYS} --no-progress",
    ),
    (
        "docs/scraping-ocw.md",
        "ocwtool scrape ocw --series 1-15 --with-human-performance # ocdb.cc walls + SMOCI human performance",
    ): (
        "live crawl of ocdb.cc and SMOCI (network)",
        "ocwtool scrape ocw --series 1-15 --with-human-performance --base-url {site} --smoci-base-url {site}"
        " --delay 0 --no-progress",
    ),
    (
        "docs/scraping-ocw.md",
        "ocwtool scrape smoci --store ocw # fill SMOCI's human performance into it",
    ): (
        "live crawl of SMOCI (network)",
        "ocwtool scrape smoci --store ocw --base-url {site} --delay 0 --no-progress",
    ),
    ("docs/annotations.md", "ocwtool annotate ls push --annotator alice --annotator bob --overlap 2"): (
        "needs a running Label Studio server and its token; tests/labelstudio/ push to a real one",
        None,
    ),
    ("docs/annotations.md", "ocwtool annotate ls pull"): (
        "needs a running Label Studio server and its token; tests/labelstudio/ pull from a real one",
        None,
    ),
    ("docs/annotations.md", "ocwtool annotate ls status"): (
        "needs a running Label Studio server and its token; tests/labelstudio/ ask a real one",
        None,
    ),
    (
        "docs/evaluation.md",
        "ocwtool eval --predictions model.jsonl --compare other.json --bertscore-model ./minilm "
        "--bertscore-layers 6",
    ): ("needs a local BERTScore checkpoint folder (./minilm, a Hugging Face model)", None),
    ("docs/llm.md", "ocwtool llm run --model openai/gpt-4o --source nyt --split test --epochs 3 --cache"): (
        "calls a hosted model (OPENAI_API_KEY); tests/llm/ run the runner against a scripted server",
        None,
    ),
    (
        "docs/llm.md",
        "ocwtool llm run --model openai/gpt-4o --release releases/ocw-1.0 --source ocw --limit 50",
    ): (
        "calls a hosted model (OPENAI_API_KEY) on a release built elsewhere",
        None,
    ),
    (
        "docs/llm.md",
        "ocwtool llm run --model ollama/llama3.1 --source nyt --protocol interactive --rules nyt",
    ): (
        "calls a local Ollama server",
        None,
    ),
    (
        "docs/llm.md",
        "ocwtool eval --run runs/llm/openai_gpt-4o-nyt-test-oneshot --source nyt --compare-baseline random",
    ): ("scores the run of the hosted model above; tests/llm/ score scripted runs with eval --run", None),
    (
        "docs/play.md",
        "ocwtool play --rules nyt # a person at the terminal, a puzzle chosen by --seed",
    ): ("a person plays at the terminal; tests/game/ drive play through its input", None),
    ("docs/play.md", "ocwtool play --rules only-connect --wall abc123 --out runs/me.jsonl"): (
        "a person plays at the terminal; tests/game/ drive play through its input",
        None,
    ),
    ("docs/releases.md", "ocwtool release verify releases/ocwtool-data-1.0.0.tar.gz # 1000 bytes appended"): (
        "the archive is damaged first, as the comment says; tests/faults/hostile/cases_release.py does it",
        None,
    ),
    ("docs/releases.md", "ocwtool release verify half.tar.gz # cut in half"): (
        "the archive is damaged first, as the comment says; tests/faults/hostile/cases_release.py does it",
        None,
    ),
    ("docs/releases.md", "ocwtool release verify forged.tar.gz # a header declaring 2 GiB, no data"): (
        "the archive is forged first, as the comment says; tests/faults/hostile/cases_release.py does it",
        None,
    ),
    (
        "docs/releases.md",
        "ocwtool release verify releases/demo-1.0.0.tar.gz # a wall removed, checksums recomputed",
    ): (
        "the archive is edited first, as the comment says; tests/faults/hostile/cases_release.py does it",
        None,
    ),
}
# Commands that read the terminal: what a person types (here: quit at once).
TYPED = {
    (
        "docs/annotations.md",
        "ocwtool annotate label --annotator alice --suggest # keys: Enter s m l r 5⏎ 1⏎ why⏎ ⏎ q",
    ): "q\n",
    ("docs/annotations.md", "ocwtool annotate label --annotator bob # keys: s e m l ⏎ q"): "q\n",
    (
        "docs/annotations.md",
        "ocwtool annotate label --annotator carol "
        "# keys: s s m l y n t 1,2,3⏎ 6,7,12,13⏎ kitchen things⏎ ⏎ q",
    ): "q\n",
    ("docs/annotations.md", "ocwtool annotate adjudicate --annotator carol # key: c s e ⏎"): "q\n",
}
# Blocks shown in a workspace without a contact (first command as shown).
NO_CONTACT = {("docs/scraping-ocw.md", "ocwtool scrape ocw --base-url http://127.0.0.1:40665 --no-progress")}
RUN_SHELL = {"printf"}


@dataclass
class Step:
    """One line of a block: an ocwtool command (``argv`` after the program) or another program's."""

    doc: str
    line: int
    shown: str  # the line as shown, prompt removed, spaces collapsed
    argv: list[str]
    env: dict[str, str] = field(default_factory=dict)
    ocwtool: bool = True
    error: str | None = None  # the "Error: ..." line shown after it

    @property
    def key(self) -> tuple[str, str]:
        return (self.doc, self.shown)

    @property
    def synopsis(self) -> bool:
        return any(a.startswith("[") for a in self.argv)


@dataclass
class Block:
    doc: str
    line: int
    steps: list[Step]

    @property
    def first(self) -> Step | None:
        return next((s for s in self.steps if s.ocwtool and not s.synopsis), None)


def _code_blocks(lines: list[str]) -> Iterator[tuple[int, list[str]]]:
    """(first line number, lines) of every fenced block without a language and every indented block."""
    fence: list[str] | None = None
    language = ""
    indented: list[str] = []
    for n, line in enumerate([*lines, ""], start=1):
        if fence is not None:
            if not line.startswith("```"):
                fence.append(line)
                continue
            if not language:
                yield n - len(fence), fence
            fence = None
            continue
        if line.startswith("```"):
            fence, language = [], line[3:].strip()
        elif line.startswith("    ") and (indented or not lines[n - 2].strip()):
            indented.append(line.strip())
        elif indented:
            yield n - len(indented), indented
            indented = []


def _parse_line(doc: str, n: int, text: str) -> list[Step]:
    shown = " ".join(text.split())
    tokens = shlex.split(text, comments=True)
    steps, current, env = [], [], {}
    for token in [*tokens, "&&"]:
        if token != "&&":
            current.append(token)
            continue
        while current and re.fullmatch(r"[A-Z_]+=\S*", current[0]):
            key, _, value = current.pop(0).partition("=")
            env[key] = value
        if current:
            program, args = current[0], current[1:]
            is_ocwtool = program == "ocwtool" or program.endswith("/ocwtool")
            steps.append(Step(doc, n, shown, args if is_ocwtool else current, env, is_ocwtool))
        current, env = [], {}
    return steps


def _blocks(path: Path) -> list[Block]:
    doc = path.relative_to(ROOT).as_posix()
    lines = path.read_text(encoding="utf-8").splitlines()
    out = []
    for start, block in _code_blocks(lines):
        prompted = any(line.startswith("$ ") for line in block)
        steps: list[Step] = []
        for k, line in enumerate(block):
            command = line[2:] if prompted and line.startswith("$ ") else (None if prompted else line)
            if command is not None and re.match(r"^([A-Z_]+=\S*\s+)*(\S*/)?ocwtool\s", command + " "):
                steps += _parse_line(doc, start + k, command)
            elif command is not None and prompted:
                steps += [s for s in _parse_line(doc, start + k, command) if s.argv[0] in RUN_SHELL]
            elif steps and prompted and line.startswith("Error:") and steps[-1].error is None:
                steps[-1].error = line
        if any(s.ocwtool for s in steps):
            out.append(Block(doc, start, steps))
    return out


BLOCKS = [b for path in DOCS for b in _blocks(path)]


# The prepared folder ----------------------------------------------------------------------------
@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    from ocwtool.demo.server import serve
    from ocwtool.demo.snapshot import load_snapshot, render_site

    with serve(render_site(load_snapshot())) as url:
        yield url


def _cli(cwd: Path, *args: str, stdin: str = "", env: dict[str, str] | None = None) -> tuple[int, str, str]:
    """``ocwtool ARGS`` in-process with ``cwd`` as the current folder: exit code, stdout, stderr."""
    runner = CliRunner()
    here = Path.cwd()
    os.chdir(cwd)
    try:
        with runner.isolation(input=stdin, env={"OCWTOOL_CONTACT": None, **(env or {})}) as (out, err, _):
            try:
                main(list(args))
                code = 0
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 1
            sys.stdout.flush()
            sys.stderr.flush()
            return code, out.getvalue().decode(), err.getvalue().decode()
    finally:
        os.chdir(here)


def _must(cwd: Path, *args: str) -> str:
    code, out, err = _cli(cwd, *args)
    assert code == 0, f"preparing: ocwtool {' '.join(args)}\n{out}{err}"
    return out


def _listing_text(boards: list[dict[str, object]]) -> str:
    """The tryhardguides listing as rendered text, for archive boards ``[{date, answers}]``."""
    out = []
    for b in boards:
        if not all(a["group"] for a in b["answers"]):  # type: ignore[attr-defined]
            continue  # the listing has no line for a group without a title
        date = dt.date.fromisoformat(str(b["date"]))
        number = (date - dt.date(2023, 6, 12)).days + 1
        out.append(f"NYT Connections {number} - {date:%B} {date.day}th, {date.year}")
        for a in b["answers"]:  # type: ignore[attr-defined]
            out.append(f"{a['group']} - {', '.join(a['members'])}")
    return "\n".join(out) + "\n"


def _inputs(folder: Path, ws: Path) -> None:
    """The input files the docs name, as invented stand-ins, in ``folder`` and beside it."""
    from tests.game.conftest import todd_result

    ocw = example_path("ocw_example.json").read_bytes()
    archive = (ws / "exports" / "nyt.nyt-archive.json").read_bytes()
    listing = _listing_text(json.loads(archive))
    files = {
        "onlyconnect.json": ocw,
        "ocw_example.json": ocw,
        "nyt_archive_example.json": example_path("nyt_archive_example.json").read_bytes(),
        "connections_archive.json": archive,
        "connections_archive_1163.json": archive,
        "listing.txt": listing.encode(),
        "archive_listing_text_1-183.txt": listing.encode(),
        "games.jsonl": (ws / "games.jsonl").read_bytes(),
        "results/IterativeGPTSolver_gpt-4_cot-False_results.json": json.dumps(
            [
                todd_result(
                    [["TROUT", "PERCH", "PIKE", "ROACH"]], won=False, solved=[True, False, False, False]
                )
            ]
        ).encode(),
        "../shared/data/ocw/onlyconnect_prerelease_618.json": ocw,
        "../shared/data/nyt/connections_archive_1163.json": archive,
    }
    for name, data in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)


@pytest.fixture(scope="session")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(a prepared workspace folder, an empty one with only the input files), both under ``project/``."""
    from ocwtool.stores.annotations import append_record
    from ocwtool.stores.puzzles import read_puzzles, write_puzzles
    from tests.annotations.prelabel_fixtures import expert_record
    from tests.annotations.prelabel_fixtures import make_workspace as labelled_boards

    base = tmp_path_factory.mktemp("docs")
    ws = base / "full" / "project"
    made = labelled_boards(ws)  # puzzles/nyt.jsonl, ten boards typed by an invented ctd-expert
    titled = [p for p, _ in made if all(g.connection for g in p.groups)]  # no blank connection to waive
    write_puzzles(ws / "puzzles" / "nyt.jsonl", titled)
    _must(ws, "init", "--contact", CONTACT)
    (ws / "ocwtool.toml").write_text((ws / "ocwtool.toml").read_text().replace("delay = 2.0", "delay = 0.0"))
    _must(ws, "import", str(example_path("ocw_example.json")), "--format", "ocw")
    write_puzzles(
        ws / "puzzles" / "ocw.jsonl", [*read_puzzles(ws / "puzzles" / "ocw.jsonl"), make_ocw_wall()]
    )
    _must(ws, "split", "--nyt-cutoff", "2024-02-06")
    for name, shift in (("alice", 0), ("bob", 1)):  # two annotators who disagree on some groups
        for puzzle, kinds in made[:4]:
            append_record(ws / "annotations", expert_record(puzzle, kinds[shift:] + kinds[:shift], name))
    _must(ws, "export", "--format", "nyt-archive", "--source", "nyt")
    _must(
        ws, "play", "--all", "--player", "random", "--rules", "nyt", "--split", "test", "--out", "games.jsonl"
    )
    empty = base / "empty" / "project"
    empty.mkdir(parents=True)
    _inputs(empty, ws)
    _inputs(ws, ws)
    shutil.rmtree(ws / "exports")
    for copy in (ws / "demo-workspace", ws.parent / "other"):  # -w demo-workspace, -w ../other
        copy.mkdir()
        for part in ("ocwtool.toml", "puzzles", "annotations"):
            (shutil.copytree if (ws / part).is_dir() else shutil.copy)(ws / part, copy / part)
    return ws, empty


@pytest.fixture(autouse=True)
def offline_hf(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path_factory.getbasetemp() / "hf_home"))
    monkeypatch.delenv("OCWTOOL_WORKSPACE", raising=False)


# The tests --------------------------------------------------------------------------------------
def _check_synopsis(step: Step) -> None:
    ctx = click.Context(cli)
    command: click.Command = cli
    words = [a for a in step.argv if not a.startswith(("-", "["))]
    for word in words:
        if not isinstance(command, click.Group) or command.get_command(ctx, word) is None:
            break
        command = command.get_command(ctx, word)  # type: ignore[assignment]
    known = {o for p in command.params for o in [*p.opts, *p.secondary_opts]}
    named = set(re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", " ".join(step.argv)))
    assert named <= known, f"{step.doc}:{step.line}: {step.shown}: no such option(s) {sorted(named - known)}"


def _run_step(step: Step, cwd: Path, site: str) -> None:
    where = f"{step.doc}:{step.line}: {step.shown}"
    if not step.ocwtool:
        subprocess.run(step.shown, shell=True, cwd=cwd, check=True)  # the doc's own line, e.g. printf
        return
    if step.synopsis:
        _check_synopsis(step)
        return
    if step.key in ALLOWED:
        stand_in = ALLOWED[step.key][1]
        if stand_in is not None:
            code, out, err = _cli(cwd, *shlex.split(stand_in.format(site=site))[1:])
            assert code == 0, f"{where}\nstand-in: {stand_in}\n{out}{err}"
        return
    args = [LOOPBACK.sub(site, a) for a in step.argv]
    code, out, err = _cli(cwd, *args, stdin=TYPED.get(step.key, ""), env=step.env)
    if step.error is None:
        assert code == 0, f"{where}\nexit {code}\n{out}{err}"
        return
    last = (err.strip().splitlines() or [""])[-1].replace(f"{cwd}/", "")  # docs show workspace paths
    expected = step.error.split(": ")[:2]
    assert code == 1 and last.split(": ")[:2] == expected, f"{where}\nexpected {step.error}\ngot {last}"


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: f"{b.doc}:{b.line}")
def test_doc_block_runs_as_written(
    block: Block, prepared: tuple[Path, Path], site: str, tmp_path: Path
) -> None:
    full, empty = prepared
    first = block.first
    fresh = first is not None and first.argv[:1] == ["init"]
    shutil.copytree((empty if fresh else full).parent, tmp_path / "copy")
    cwd = tmp_path / "copy" / "project"
    if first is not None and first.key in NO_CONTACT:
        (cwd / "ocwtool.toml").write_text((cwd / "ocwtool.toml").read_text().replace(CONTACT, ""))
    for step in block.steps:
        _run_step(step, cwd, site)


def test_readme_says_how_to_run_ocwtool_after_make_demo() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## The two commands", 1)[1].split("\n## ", 1)[0]
    assert ". .venv/bin/activate" in section and ".venv/bin/ocwtool -w demo-workspace info" in section
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "VENV ?= .venv" in makefile and "WORKSPACE ?= demo-workspace" in makefile
    assert (
        ". $(VENV)/bin/activate" in makefile.split("\ndemo:", 1)[1].split("\n\n", 1)[0]
    )  # make demo says it


def test_every_allowed_command_is_still_shown() -> None:
    shown = {s.key for b in BLOCKS for s in b.steps}
    assert set(ALLOWED) - shown == set() and set(TYPED) - shown == set()
    assert {key for key in NO_CONTACT if key not in shown} == set()


def test_the_docs_show_many_commands() -> None:
    steps = [s for b in BLOCKS for s in b.steps if s.ocwtool]
    assert len(steps) > 80 and len(ALLOWED) < len(steps) // 3
    assert {b.doc for b in BLOCKS} >= {"README.md", "docs/formats.md", "docs/releases.md", "docs/nyt.md"}
