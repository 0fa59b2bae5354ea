"""Inter-annotator agreement on the six knowledge types (Combined counts as one category).

* Cohen's kappa per annotator pair (scikit-learn), over the groups both labelled;
* Krippendorff's alpha over all annotators (the ``krippendorff`` package, nominal level), missing
  labels allowed;
* per-type confusion: for every pair and every group both labelled, the two types (both orders,
  so the table is symmetric), plus each type's specific agreement ``2·agree / (n_a + n_b)``;
* coverage: groups and puzzles each annotator labelled, and groups with two or more labels;
* red herrings, per clue: for every clue of every puzzle an annotator labelled, did they mark it as
  a red-herring word (yes/no); Cohen's kappa per pair and Krippendorff's alpha over those units;
* trap groups, per pair: the mean best-match Jaccard of their trap groups over the puzzles both
  labelled (:mod:`ocwtool.annotations.trap_agreement` says exactly how);
* trick words, per proposed word of an extended board two people answered: belongs to no group or
  not; kappa per pair and alpha (shown when any pair shares one). Those answers are records of their
  own (status ``answered``, puzzle: the extended board), which no other figure counts.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ocwtool.annotations.trap_agreement import TrapAgreement, trap_agreement
from ocwtool.annotations.tricks import trick_marks
from ocwtool.schema.annotations import BASE_TYPES, WITH_LABELS, ItemRecord, KnowledgeType
from ocwtool.schema.models import Puzzle

CLUES = 16
TYPES = tuple(t.value for t in (*BASE_TYPES, KnowledgeType.COMBINED))
GroupTypes = dict[str, dict[str, str]]  # annotator -> group id -> type


@dataclass(frozen=True)
class PairAgreement:
    """Agreement of two annotators on the groups both labelled."""

    a: str
    b: str
    n: int
    observed: float
    kappa: float | None


@dataclass(frozen=True)
class AgreementReport:
    """Everything ``ocwtool annotate agreement`` prints."""

    annotators: tuple[str, ...]
    pairs: tuple[PairAgreement, ...]
    alpha: float | None
    confusion: dict[str, dict[str, int]]
    specific: dict[str, float | None]
    coverage: dict[str, dict[str, int]]
    total_groups: int
    multiply_labelled: int
    notes: list[str] = field(default_factory=list)
    herring_pairs: tuple[PairAgreement, ...] = ()
    herring_alpha: float | None = None
    trap_pairs: tuple[TrapAgreement, ...] = ()
    trick_pairs: tuple[PairAgreement, ...] = ()  # on proposed trick words (annotate label --tricks)
    trick_alpha: float | None = None


def group_types(stores: Mapping[str, Mapping[str, ItemRecord]]) -> GroupTypes:
    """annotator -> group id -> six-way type, from each annotator's latest labelled records."""
    out: GroupTypes = {}
    for name, records in stores.items():
        out[name] = {
            g.group_id: g.label.kind.value
            for rec in records.values()
            if rec.status in WITH_LABELS
            for g in rec.groups
        }
    return out


def herring_marks(stores: Mapping[str, Mapping[str, ItemRecord]]) -> GroupTypes:
    """annotator -> ``<puzzle id>#<clue number>`` -> ``yes``/``no`` (marked as a red-herring word), for
    every clue of every puzzle the annotator labelled."""
    out: GroupTypes = {}
    for name, records in stores.items():
        marks: dict[str, str] = {}
        for rec in (r for r in records.values() if r.status == "labelled"):
            marked = {w.clue_number for w in rec.red_herring_words}
            for n in range(1, CLUES + 1):
                marks[f"{rec.puzzle_id}#{n}"] = "yes" if n in marked else "no"
        out[name] = marks
    return out


def cohen(a: Mapping[str, str], b: Mapping[str, str]) -> tuple[int, float, float | None]:
    """(n, observed agreement, kappa) on the shared groups; kappa is None when undefined."""
    from sklearn.metrics import cohen_kappa_score

    shared = sorted(set(a) & set(b))
    if not shared:
        return 0, math.nan, None
    ya, yb = [a[g] for g in shared], [b[g] for g in shared]
    observed = sum(x == y for x, y in zip(ya, yb, strict=True)) / len(shared)
    if len(set(ya) | set(yb)) < 2:
        return len(shared), observed, None  # one category only: chance agreement is 1, kappa undefined
    return len(shared), observed, float(cohen_kappa_score(ya, yb))


def krippendorff_alpha(types: GroupTypes) -> float | None:
    """Nominal alpha over all annotators and groups (None with fewer than two annotators or no pairs)."""
    import krippendorff
    import numpy as np

    names = sorted(types)
    units = sorted({g for labels in types.values() for g in labels})
    codes = {t: i for i, t in enumerate(sorted({t for labels in types.values() for t in labels.values()}))}
    if len(names) < 2 or len(codes) < 2:
        return None
    data = np.full((len(names), len(units)), np.nan)
    for r, name in enumerate(names):
        for c, unit in enumerate(units):
            if unit in types[name]:
                data[r, c] = codes[types[name][unit]]
    pairable = (np.sum(~np.isnan(data), axis=0) >= 2).any()
    if not pairable:
        return None
    return float(krippendorff.alpha(reliability_data=data, level_of_measurement="nominal"))


def confusion(types: GroupTypes) -> dict[str, dict[str, int]]:
    """Symmetric type-by-type counts over every annotator pair and shared group."""
    table = {t: dict.fromkeys(TYPES, 0) for t in TYPES}
    for a, b in itertools.combinations(sorted(types), 2):
        for g in set(types[a]) & set(types[b]):
            x, y = types[a][g], types[b][g]
            table[x][y] += 1
            table[y][x] += 1
    return table


def specific_agreement(table: Mapping[str, Mapping[str, int]]) -> dict[str, float | None]:
    """Per type: 2·(both said t) / (times either said t) — how reliably each type is used."""
    out: dict[str, float | None] = {}
    for t in TYPES:
        used = sum(table[t].values())
        out[t] = table[t][t] / used if used else None  # both counts hold each pair twice (both orders)
    return out


def coverage(stores: Mapping[str, Mapping[str, ItemRecord]], types: GroupTypes) -> dict[str, dict[str, int]]:
    """annotator -> {groups, puzzles, skipped}."""
    return {
        name: {
            "groups": len(types[name]),
            "puzzles": sum(r.status == "labelled" for r in recs.values()),
            "skipped": sum(r.status == "skipped" for r in recs.values()),
        }
        for name, recs in stores.items()
    }


def agreement(
    stores: Mapping[str, Mapping[str, ItemRecord]],
    total_groups: int = 0,
    puzzles: Mapping[str, Puzzle] | None = None,
) -> AgreementReport:
    """The full report for the given annotators' latest records (trap groups need the ``puzzles``)."""
    answers = {name: marks for name, marks in trick_marks(stores).items() if marks}
    types = group_types(stores)
    pairs = tuple(
        PairAgreement(a, b, *cohen(types[a], types[b])) for a, b in itertools.combinations(sorted(types), 2)
    )
    table = confusion(types)
    marks = herring_marks(stores)
    counts = Counter(g for labels in types.values() for g in labels)
    notes = [] if len(types) >= 2 else ["agreement needs two or more annotators"]
    return AgreementReport(
        annotators=tuple(sorted(types)),
        pairs=pairs,
        alpha=krippendorff_alpha(types),
        confusion=table,
        specific=specific_agreement(table),
        coverage=coverage(stores, types),
        total_groups=total_groups,
        multiply_labelled=sum(n >= 2 for n in counts.values()),
        notes=notes,
        herring_pairs=tuple(
            PairAgreement(a, b, *cohen(marks[a], marks[b]))
            for a, b in itertools.combinations(sorted(marks), 2)
        ),
        herring_alpha=krippendorff_alpha(marks),
        trap_pairs=trap_agreement(stores, puzzles or {}),
        trick_pairs=tuple(
            PairAgreement(a, b, *cohen(answers[a], answers[b]))
            for a, b in itertools.combinations(sorted(answers), 2)
        ),
        trick_alpha=krippendorff_alpha(answers) if answers else None,
    )


def _num(x: float | None) -> str:
    return "n/a" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.3f}"


def render(report: AgreementReport) -> str:
    """Plain-text tables for the terminal."""
    lines = [f"annotators: {', '.join(report.annotators) or '(none)'}", *report.notes, "", "coverage:"]
    total = f"/{report.total_groups}" if report.total_groups else ""
    for name, cov in report.coverage.items():
        lines.append(
            f"  {name:16s} groups {cov['groups']}{total}  puzzles {cov['puzzles']}  skipped {cov['skipped']}"
        )
    lines.append(f"  groups with 2+ labels: {report.multiply_labelled}")
    lines += ["", "Cohen's kappa per pair:"]
    lines += [
        f"  {p.a} ~ {p.b}: n={p.n} observed={_num(p.observed)} kappa={_num(p.kappa)}" for p in report.pairs
    ]
    lines += [
        "",
        f"Krippendorff's alpha (nominal, all annotators): {_num(report.alpha)}",
        "",
        "per-type confusion:",
    ]
    used = [t for t in TYPES if sum(report.confusion[t].values())] or list(TYPES)
    lines.append("  " + " " * 13 + "".join(f"{t[:6]:>8s}" for t in used) + "  specific")
    for t in used:
        row = "".join(f"{report.confusion[t][u]:>8d}" for u in used)
        lines.append(f"  {t:13s}{row}  {_num(report.specific[t])}")
    lines += ["", "red herrings (per clue: marked or not):"]
    lines += [
        f"  {p.a} ~ {p.b}: n={p.n} observed={_num(p.observed)} kappa={_num(p.kappa)}"
        for p in report.herring_pairs
    ]
    lines.append(f"  Krippendorff's alpha: {_num(report.herring_alpha)}")
    lines += ["", "trap groups (mean best-match Jaccard over puzzles both labelled with a trap group):"]
    lines += [f"  {p.a} ~ {p.b}: n={p.n} jaccard={_num(p.jaccard)}" for p in report.trap_pairs]
    if report.trick_pairs:
        lines += ["", "trick words (per proposed word: belongs to no group or not):"]
        lines += [
            f"  {p.a} ~ {p.b}: n={p.n} observed={_num(p.observed)} kappa={_num(p.kappa)}"
            for p in report.trick_pairs
        ]
        lines.append(f"  Krippendorff's alpha: {_num(report.trick_alpha)}")
    return "\n".join(lines)


def as_json(report: AgreementReport) -> dict[str, object]:
    """JSON-ready dict of the report (NaN as null)."""

    def clean(x: float | None) -> float | None:
        return None if x is None or math.isnan(x) else round(x, 6)

    return {
        "annotators": list(report.annotators),
        "pairs": [
            {"a": p.a, "b": p.b, "n": p.n, "observed": clean(p.observed), "kappa": clean(p.kappa)}
            for p in report.pairs
        ],
        "alpha": clean(report.alpha),
        "confusion": report.confusion,
        "specific_agreement": {k: clean(v) for k, v in report.specific.items()},
        "coverage": report.coverage,
        "total_groups": report.total_groups,
        "groups_with_2plus_labels": report.multiply_labelled,
        "red_herrings": {
            "pairs": [
                {"a": p.a, "b": p.b, "n": p.n, "observed": clean(p.observed), "kappa": clean(p.kappa)}
                for p in report.herring_pairs
            ],
            "alpha": clean(report.herring_alpha),
        },
        "trap_groups": {
            "pairs": [{"a": p.a, "b": p.b, "n": p.n, "jaccard": clean(p.jaccard)} for p in report.trap_pairs]
        },
    } | _trick_json(report, clean)


def _trick_json(report: AgreementReport, clean: Callable[[float | None], float | None]) -> dict[str, object]:
    """The trick-word figures, when two or more people answered any."""
    if not report.trick_pairs:
        return {}
    pairs = [
        {"a": p.a, "b": p.b, "n": p.n, "observed": clean(p.observed), "kappa": clean(p.kappa)}
        for p in report.trick_pairs
    ]
    return {"trick_words": {"pairs": pairs, "alpha": clean(report.trick_alpha)}}
