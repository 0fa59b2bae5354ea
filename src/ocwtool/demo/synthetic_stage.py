"""The demo's synthetic boards: ``ocwtool generate`` of a few boards, in a background process.

Building the rule book reads all of WordNet's nouns (most of a generate run's time), so the demo
starts it in a second process before ``build-variants`` and collects it just before the release:
on two cores it runs beside the variants, labelling, validation, LLM-runner and baseline stages,
which read and write other stores. The child writes its store and labels itself, under the
workspace locks (waiting, quietly, for a stage that holds ``puzzles/`` or ``annotations/``). The
boards then get their splits; the release validates and ships them as config ``synthetic``.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from ocwtool import locks
from ocwtool.curation.splits import split_workspace
from ocwtool.demo.state import DemoState, StageResult
from ocwtool.evaluation.difficulty import Measurer
from ocwtool.evaluation.game.similarity_players import PLAYERS
from ocwtool.generators.synthetic.run import STORE, GenerateRequest, generate_into
from ocwtool.workspace import Workspace

REQUEST = GenerateRequest(count=4, seed=7, red_herrings=2)


def _quiet(message: str) -> None:
    """The child's lock notices: the demo waits for its own stages, which is no news."""


def generate_in(root: str) -> tuple[str, int, int]:
    """Run ``REQUEST`` into the workspace at ``root`` (in the child): store path, boards, red herrings.
    Difficulty is measured by the WordNet player alone: the demo's install has no MiniLM."""
    locks.set_notifier(_quiet)
    workspace = Workspace.open(Path(root))
    measure = Measurer([PLAYERS["wordnet"]()])
    path, measured, herrings = generate_into(workspace, REQUEST, measure)
    return workspace.rel(path), len(measured), herrings


def start_generate_stage(state: DemoState) -> StageResult:
    """Start ``generate`` in a spawned process (a fresh interpreter: no inherited threads or locks)."""
    pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    state.generating = (pool, pool.submit(generate_in, str(state.workspace.root)))
    line = f"{REQUEST.count} boards, seed {REQUEST.seed}, up to {REQUEST.red_herrings} red herrings each"
    return StageResult("generate (started in the background)", lines=[line])


def generate_stage(state: DemoState) -> StageResult:
    """Collect the background ``generate`` and split its boards."""
    assert state.generating is not None
    pool, future = state.generating
    try:
        store, boards, herrings = future.result()
    finally:
        pool.shutdown()
        state.generating = None
    summary = split_workspace(state.workspace, sources=[STORE])
    result = StageResult("generate (collected)")
    result.lines.append(
        f"{boards} boards (seed {REQUEST.seed}) -> {store}; {herrings} red herrings -> annotator generator"
    )
    for name, counts in summary.counts.items():
        if STORE in name:
            result.lines.append(f"split {name}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    result.paths.append(state.workspace.root / store)
    return result
