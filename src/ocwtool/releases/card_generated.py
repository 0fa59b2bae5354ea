"""The card's "Generated boards" section: how the extended and synthetic configs were made and what
was checked (:mod:`ocwtool.releases.generated` gathers the facts)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from ocwtool.generators.extended import MIN_SCORE, SAMPLE
from ocwtool.releases.generated import (
    GENERATOR_ANNOTATOR,
    GENERATOR_SOURCE,
    SHIPPED_STATUSES,
    GeneratedFacts,
    SyntheticRun,
    TrickCounts,
)
from ocwtool.stores.release import Release

CAUSES = {
    "low_score": "seems to fit no group",
    "group_has_trick": "its group has a better trick word already",
    "clue_form": "a clue or a form of one",
    "trick_form": "a form of another trick word",
    "fits_rule": "satisfies the group's rule (it would be a member)",
}
TRICK_FIELDS = (
    "`word`, `group` (the id of the group it seems to fit), `score`, `seems_to_fit` (why),"
    " `fails_rule` (the group's rule, which it fails) and `status`"
)
CHECKS = [
    "Checked for every board when it was made (a draw that fails a check is redrawn, never kept):",
    "the partitions of its 16 clues into four groups of four, each group satisfying its rule, were",
    "counted exhaustively, and there is exactly one; no clue satisfies two rules; the clues are",
    "distinct in every normalised form (case, spacing and punctuation, accents, a plural -s/-es).",
    "The same seed gives the same boards, byte for byte. Checked when this release was built: every",
    "shipped board is recorded with its four rules in its store's provenance",
    "(`puzzles/<store>.meta.json`, summarised below).",
]


def generated_section(facts: GeneratedFacts, with_herrings: Collection[str] = ()) -> list[str]:
    """The section (nothing when the release has no generated boards); ``with_herrings``: the
    configs whose red herrings ship."""
    if not facts:
        return []
    lines = ["## Generated boards", ""]
    for counts in facts.tricks:
        lines += _tricks(counts)
    for config, runs in facts.synthetic.items():
        lines += _synthetic(config, runs, config in with_herrings)
    return lines


def _tricks(c: TrickCounts) -> list[str]:
    shipped = sum(c.shipped.values())
    statuses = " or ".join(f"`{s}`" for s in SHIPPED_STATUSES)
    by_status = ", ".join(f"{n} {s}" for s, n in c.shipped.items()) or "none"
    left = ", ".join(f"{n} {s}" for s, n in c.left_out.items())
    return [
        f"### Trick words: `{c.config}`",
        "",
        f"Made by `ocwtool build-variants --kind extended` ({'; '.join(c.settings)}): each board of",
        "the original store plus up to K trick words, words that seem to fit one of its groups but",
        f"belong to none. Candidates are a seeded sample of {SAMPLE} clues of the store's other boards;",
        f"one seems to fit a group when it shares a WordNet category with {MIN_SCORE:.0%} or more of",
        "its clues. A trick word is never a clue or a form of one (plural, case, spacing, accents) nor a",
        "form of another trick, one per group at most, and it must fail the group's rule: `verified`",
        "where the rule can be checked (e.g. a shared prefix or suffix, WordNet hyponymy); `proposed`",
        "where it cannot, until an annotator confirms it (`confirmed`).",
        "",
        f"Only trick words of status {statuses} ship: {shipped} ({by_status}) on {c.with_tricks} of",
        f"{c.boards} boards." + (f" Left out: {left}." if left else ""),
        "A board's `lineage.params` entry `tricks` (JSON) gives each shipped trick word's evidence:",
        f"{TRICK_FIELDS}.",
        "",
        *[line for store, build in c.builds.items() for line in _candidates(store, build)],
    ]


def _candidates(store: str, build: Mapping[str, Any]) -> list[str]:
    """The build's candidates: tried, and rejected by cause with their shares."""
    cands = build.get("candidates") or {}
    tried, rejected = int(cands.get("tried", 0)), dict(cands.get("rejected") or {})
    why = "; ".join(
        f"{n} {cause} ({_share(n, tried)}: {CAUSES.get(cause, cause)})" for cause, n in rejected.items()
    )
    tricks = build.get("tricks") or {}
    kept = ", ".join(f"{n} {s}" for s, n in tricks.items())
    n = sum(rejected.values())
    head = f"Candidates of the build from store `{store}`: {tried} tried, {n} rejected ({_share(n, tried)})"
    return [head + (f": {why}" if why else "") + f". The build kept {kept}.", ""]


def _share(n: int, of: int) -> str:
    return f"{n / of:.1%}" if of else "n/a"


def _synthetic(config: str, runs: tuple[SyntheticRun, ...], herrings: bool) -> list[str]:
    boards = sum(r.boards for r in runs)
    lines = [
        f"### Synthetic boards: `{config}`",
        "",
        f"{boards} boards made by `ocwtool generate` from open lexical resources, each group defined by",
        "a rule checked by a look-up (a kind of a WordNet synset, a shared prefix, a hidden word, a",
        "compound with a shared partner).",
        "",
        *CHECKS,
        "",
        *[_run(r) for r in runs],
        "",
    ]
    if herrings:
        lines += [
            "Designed red herrings (clues made to look as if they fit another group while failing its",
            f"rule) ship as the labels of annotator `{GENERATOR_ANNOTATOR}` (source `{GENERATOR_SOURCE}`)",
            f"in config `{Release.herrings_config(config)}`.",
            "",
        ]
    return lines


def _run(r: SyntheticRun) -> str:
    meta = r.meta
    gen = meta.get("generator") or {}
    resources = ", ".join(
        f"{k} {v}" if v else f"{k} not used" for k, v in sorted((meta.get("resources") or {}).items())
    )
    kinds = ", ".join(f"{k} {n}" for k, n in r.rule_kinds.items())
    return (
        f"- store `{r.store}`: {r.boards} boards shipped; generator {gen.get('name')} version "
        f"{gen.get('version')}, seed {meta.get('seed')}, {meta.get('count')} boards asked (shard "
        f"{meta.get('shard')}), up to {meta.get('red_herrings')} red herrings per board; resources: "
        f"{resources}; {meta.get('rules_available')} rules available; groups by rule kind: {kinds}"
        f"{_measured(meta.get('difficulty'))}"
    )


def _measured(difficulty: object) -> str:
    """How the levels were measured (generate's players under the nyt rules), when they were."""
    if not isinstance(difficulty, dict) or not difficulty.get("players"):
        return ""
    who = ", ".join(str(p) for p in difficulty["players"])
    scorer = (
        f" and the red-herring scorer {difficulty['herring_model']}"
        if difficulty.get("herring_model")
        else ""
    )
    return f"; difficulty measured by the {who} player(s){scorer} under the nyt rules, binned into NYT levels"
