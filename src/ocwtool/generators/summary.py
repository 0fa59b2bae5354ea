"""What one variant build did: typed summaries, their JSON (``variants/<kind>.summary.json``) and text.

:class:`VariantSummary` is returned by :func:`ocwtool.generators.build.build_all`; ``to_json()`` is
the record kept per input store in the summary file (the file format is unchanged), ``describe()``
the lines ``ocwtool build-variants`` prints and ``stall_warnings()`` every sampler restart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

RNG_NOTE = "ours: random.Random(f'{seed}:{wall id}') per wall"
SHOWN_INCOMPLETE = 8


@dataclass(frozen=True)
class PoolRun:
    """OCW-Randomized over one split's pool: walls built, the RNG stream, restarts, draws, stalls."""

    pool: str
    puzzles: int
    stream: str
    restarts: int
    draws: int
    stalls: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "pool": self.pool,
            "puzzles": self.puzzles,
            "stream": self.stream,
            "restarts": self.restarts,
            "draws": self.draws,
            "stalls": list(self.stalls),
        }


@dataclass(frozen=True)
class WordNetRun:
    """OCW-WordNet: the backend, our switches, the outcome counts and the walls left incomplete."""

    backend: str
    fallback: bool
    dedupe: bool
    shuffle: bool
    counts: dict[str, int]
    incomplete_walls: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "backend": self.backend,
            "options": {"fallback": self.fallback, "dedupe": self.dedupe, "shuffle": self.shuffle},
            "rng": RNG_NOTE,
            "counts": self.counts,
            "incomplete_walls": list(self.incomplete_walls),
        }


@dataclass(frozen=True)
class ExtendedRun:
    """Extended boards: the backend, K, candidates tried, rejected by cause, tricks kept."""

    backend: str
    trick_words: int
    tried: int
    rejected: dict[str, int]
    verified: int
    proposed: int
    boards_with_tricks: int
    scorer: str = "wordnet"
    sounds: str | None = None  # the pronouncing dictionary of the homophone and anagram rules
    rules: dict[str, int] = field(default_factory=dict)  # groups by checkable rule kind ("none")
    verified_by_rule: dict[str, int] = field(default_factory=dict)  # verified tricks by rule kind

    def to_json(self) -> dict[str, Any]:
        return {
            "backend": self.backend,
            "scorer": self.scorer,
            "sounds": self.sounds,
            "rules": self.rules,
            "trick_words": self.trick_words,
            "candidates": {"tried": self.tried, "rejected": self.rejected},
            "tricks": {"verified": self.verified, "proposed": self.proposed},
            "boards_with_tricks": self.boards_with_tricks,
            "verified_by_rule": self.verified_by_rule,
        }

    def lines(self, boards: int) -> list[str]:
        why = ", ".join(f"{n} {cause}" for cause, n in self.rejected.items()) or "none"
        return [
            f"  {self.boards_with_tricks} of {boards} boards have trick words "
            f"(up to {self.trick_words} each); "
            f"{self.verified} verified (shown), {self.proposed} proposed (not shown); backend {self.backend}",
            f"  candidates: {self.tried} tried, {sum(self.rejected.values())} rejected ({why}); "
            f"scorer {self.scorer}",
            f"  group rules: {', '.join(f'{n} {kind}' for kind, n in self.rules.items()) or 'none'}"
            f" (sounds: {self.sounds or 'no pronouncing dictionary'})",
        ]


@dataclass(frozen=True)
class VariantSummary:
    """One build: kind, input store and split, seed, puzzles built, output, and the kind's details."""

    kind: str
    input: str
    split: str
    seed: int
    puzzles: int
    output: str
    summary_file: str = ""  # where this record is kept (Workspace.variant_summary_path)
    pools: tuple[PoolRun, ...] = ()
    wordnet: WordNetRun | None = None
    extended: ExtendedRun | None = None
    ocw_json: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The build's record in ``variants/<kind>.summary.json`` (without ``ocw_json``)."""
        head = {"kind": self.kind, "input": self.input, "split": self.split, "seed": self.seed}
        doc: dict[str, Any] = head | {"puzzles": self.puzzles, "output": self.output}
        if self.wordnet is not None:
            return doc | self.wordnet.to_json()
        if self.extended is not None:
            return doc | self.extended.to_json()
        return doc | {"pools": [run.to_json() for run in self.pools]}

    def describe(self) -> list[str]:
        """Human-readable lines (the CLI prints them; the JSON has the full detail)."""
        lines = [
            f"{self.kind}: {self.puzzles} puzzles from {self.input} "
            f"(split {self.split}, seed {self.seed}) -> {self.output}"
        ]
        lines += [
            f"  pool {r.pool}: {r.puzzles} walls, stream {r.stream}, {r.restarts} restart(s), {r.draws} draws"
            for r in self.pools
        ]
        if self.wordnet is not None:
            lines += _wordnet_lines(self.wordnet)
        if self.extended is not None:
            lines += self.extended.lines(self.puzzles)
        if self.ocw_json is not None:
            lines.append(f"  OCW JSON: {self.ocw_json}")
        lines.append(f"  summary: {self.summary_file}")
        return lines

    def stall_warnings(self) -> list[str]:
        """Every restart of the randomized sampler, one line each (reported, never silent)."""
        return [f"warning: randomized pool {r.pool}: {s}" for r in self.pools for s in r.stalls]


def _wordnet_lines(run: WordNetRun) -> list[str]:
    c = run.counts
    lines = [
        f"  {c['walls']} walls: {c['complete_by_rule']} complete by the rule, "
        f"{c['complete_with_fallback']} completed by the fallback, {c['incomplete']} incomplete "
        f"(skipped); backend {run.backend}"
    ]
    skipped = run.incomplete_walls
    if skipped:
        more = f" ... (+{len(skipped) - SHOWN_INCOMPLETE} more)" if len(skipped) > SHOWN_INCOMPLETE else ""
        lines.append(f"  incomplete: {', '.join(skipped[:SHOWN_INCOMPLETE])}{more}")
    return lines
