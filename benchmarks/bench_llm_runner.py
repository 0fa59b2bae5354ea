"""Benchmark of the LLM runner: games per second through inspect-ai with the scripted loopback server.

Invented boards (synthetic words) in a temporary workspace; the scripted oracle and random players
answer through inspect's real ``openai-api`` provider, so the figures are the runner's own cost
(inspect start-up, one HTTP round trip per call, logging, transcripts, predictions), not a model's.

Run: PYTHONPATH=src python benchmarks/bench_llm_runner.py [--games 60] [--connections 10]
"""

from __future__ import annotations

import argparse
import datetime as dt
import tempfile
import time
from pathlib import Path

from ocwtool.llm.inputs import Protocol, PuzzleSource
from ocwtool.llm.runner import LlmRunRequest, run_llm
from ocwtool.llm.scripted import Board, provider_env, serve_scripted
from ocwtool.schema.models import Game, Group, NytMeta, Provenance, Puzzle, Split, nyt_number
from ocwtool.stores.puzzles import write_puzzles
from ocwtool.workspace import Workspace, init_workspace

THEMES = ("River", "Tree", "Gem", "Dance")


def boards(n: int) -> list[Puzzle]:
    """``n`` NYT-style boards whose 64 words are all distinct (``River3c`` ...)."""
    out = []
    for i in range(n):
        date = dt.date(2024, 1, 1) + dt.timedelta(days=i)
        pid = f"nyt-{date.isoformat()}"
        groups = tuple(
            Group(id=f"{pid}_{k + 1}", clues=tuple(f"{t}{i}{c}" for c in "abcd"), connection=t, level=k)  # type: ignore[arg-type]
            for k, t in enumerate(THEMES)
        )
        clues = [c for g in groups for c in g.clues]
        out.append(
            Puzzle(
                id=pid,
                game=Game.NYT,
                source="nyt",
                clues=tuple(clues[1::2] + clues[0::2]),
                groups=groups,  # type: ignore[arg-type]
                split=Split.TEST,
                nyt=NytMeta(date=date, number=nyt_number(date)),
                provenance=Provenance(source="nyt"),
            )
        )
    return out


def bench(root: Path, model: str, protocol: Protocol, connections: int, tag: str) -> None:
    request = LlmRunRequest(
        model=model,
        source=PuzzleSource(workspace=Workspace.open(root), source="nyt"),
        protocol=protocol,
        name=tag,
        max_connections=connections,
    )
    t0 = time.perf_counter()
    run = run_llm(request, Workspace.at(root))
    seconds = time.perf_counter() - t0
    games = run.manifest["samples"]
    print(
        f"{tag:<34} {games:>4} games {seconds:>7.1f} s  {games / seconds:>7.2f} games/s  "
        f"{run.usage.calls:>5} calls  {run.usage.calls / seconds:>7.1f} calls/s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--connections", type=int, default=10, help="concurrent requests (inspect)")
    args = parser.parse_args()
    puzzles = boards(args.games)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "ws"
        init_workspace(root, "bench@example.invalid")
        write_puzzles(root / "puzzles" / "nyt.jsonl", puzzles)
        scripted = [Board(tuple(g.clues for g in p.groups), p.connections) for p in puzzles]
        with serve_scripted(scripted) as server, provider_env(server) as prefix:
            print(f"{args.games} invented boards, max {args.connections} concurrent requests")
            bench(root, f"{prefix}/oracle", Protocol(), args.connections, "warm-up (imports, first eval)")
            bench(root, f"{prefix}/oracle", Protocol(), args.connections, "oneshot oracle")
            bench(root, f"{prefix}/random", Protocol(), args.connections, "oneshot random")
            bench(
                root,
                f"{prefix}/oracle",
                Protocol("interactive", "nyt"),
                args.connections,
                "interactive nyt oracle",
            )
            bench(
                root,
                f"{prefix}/random",
                Protocol("interactive", "nyt"),
                args.connections,
                "interactive nyt random",
            )


if __name__ == "__main__":
    main()
