"""The variants, annotation and validation sections. Pure: stores, summaries, label records and the
validation report's JSON in, panels out; agreement comes from :mod:`ocwtool.annotations.agreement`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ocwtool.annotations.agreement import TYPES, agreement, group_types
from ocwtool.annotations.annotators import describe_unfinished
from ocwtool.generators.synthetic.run import ANNOTATOR as GENERATOR
from ocwtool.report.model import Bars, Heatmap, Panel, Section, Series, empty
from ocwtool.schema.annotations import ItemRecord
from ocwtool.schema.models import Puzzle

Stores = Mapping[str, Mapping[str, ItemRecord]]
SUGGESTER = "suggest"
CHANGES = ("groups kept", "clues kept", "connections kept")
COVERAGE = ("complete_by_rule", "complete_with_fallback", "incomplete")
STATUSES = ("passed", "info", "warned", "waived", "failed")
VARIANT_METHODS = (
    "Randomized walls keep one group of their wall and draw the other three from other walls. "
    "WordNet walls build every group, and its connection, from the WordNet synonyms of one clue of "
    "the wall; that clue or another of the wall can be among them."
)


def _fold(items: Sequence[str]) -> frozenset[str]:
    return frozenset(s.casefold() for s in items)


def changes(variant: Puzzle, parent: Puzzle) -> tuple[float, float, float]:
    """Shares of a variant's groups, clues and connections that its parent wall already had."""
    groups = {_fold(g.clues) for g in parent.groups}
    clues, connections = _fold(parent.clues), _fold(parent.connections)
    return (
        sum(_fold(g.clues) in groups for g in variant.groups) / len(variant.groups),
        sum(c.casefold() in clues for c in variant.clues) / len(variant.clues),
        sum(c.casefold() in connections for c in variant.connections) / len(variant.connections),
    )


def _parent(variant: Puzzle, originals: Mapping[str, Puzzle]) -> Puzzle | None:
    ids = variant.lineage.parents if variant.lineage else ()
    return next((originals[i] for i in ids if i in originals), None)


def changed_panel(variants: Mapping[str, Sequence[Puzzle]], originals: Mapping[str, Puzzle]) -> Panel:
    """Per variant kind, the mean share of groups, clues and connections kept from the parent wall."""
    series = []
    for kind, items in variants.items():
        rows = [changes(v, p) for v in items if (p := _parent(v, originals)) is not None]
        if rows:
            series.append(
                Series(f"{kind} ({len(rows)})", tuple(sum(r[k] for r in rows) / len(rows) for k in range(3)))
            )
    title = "What the variants changed"
    if not series:
        return empty(
            "variants-changed", title, "No variants with a parent in the stores: ocwtool build-variants."
        )
    chart = Bars(CHANGES, tuple(series), ylabel="mean share kept from the parent wall", share=True)
    return Panel("variants-changed", title, chart, caption=_changed_caption(series))


def _changed_caption(series: Sequence[Series]) -> str:
    """What each kind does, then what the bars measured (so the words cannot contradict the bars)."""
    kept = "; ".join(
        f"{s.name}: "
        + ", ".join(f"{v:.0%} of {what.split()[0]}" for v, what in zip(s.values, CHANGES, strict=True))
        for s in series
    )
    return f"{VARIANT_METHODS} Kept from the parent wall (mean over walls): {kept}."


def coverage_panel(summaries: Mapping[str, Mapping[str, Any]]) -> Panel:
    """OCW-WordNet: walls completed by the rule, by the fallback, or left incomplete, per input store."""
    builds = (summaries.get("wordnet") or {}).get("builds", {})
    counts = {
        f"{store} ({b.get('backend', '?')})": Counter(b["counts"]) for store, b in sorted(builds.items())
    }
    title = "WordNet coverage and fallbacks"
    if not counts:
        return empty(
            "variants-wordnet-coverage",
            title,
            "No OCW-WordNet build summary (variants/wordnet.summary.json).",
        )
    series = tuple(Series(name, tuple(float(c[k]) for k in COVERAGE)) for name, c in counts.items())
    chart = Bars(tuple(k.replace("_", " ") for k in COVERAGE), series, ylabel="walls", counts=True)
    incomplete = sorted(w for b in builds.values() for w in b.get("incomplete_walls", ()))
    caption = f"Incomplete walls are left out: {', '.join(incomplete[:8])}" if incomplete else ""
    return Panel("variants-wordnet-coverage", title, chart, caption=caption)


def variants_section(
    variants: Mapping[str, Sequence[Puzzle]],
    originals: Mapping[str, Puzzle],
    summaries: Mapping[str, Mapping[str, Any]],
) -> Section:
    """OCW-Randomized and OCW-WordNet against the walls they were made from."""
    intro = ", ".join(f"{k} {len(v)} puzzles" for k, v in variants.items()) or "No variants built yet."
    return Section(
        "variants", "Variants", intro, (changed_panel(variants, originals), coverage_panel(summaries))
    )


# ------------------------------------------------------------------------------------ annotation
def pairs_panel(humans: Stores) -> Panel:
    """Cohen's kappa and observed agreement per pair of human annotators."""
    report = agreement(humans)
    title = "Agreement per annotator pair"
    pairs = [p for p in report.pairs if p.n]
    if not pairs:
        return empty(
            "annotation-agreement",
            title,
            "Agreement needs two or more human annotators who labelled the same groups.",
        )
    cats = tuple(f"{p.a} ~ {p.b} (n={p.n})" for p in pairs)
    series = (
        Series("Cohen's kappa", tuple(p.kappa if p.kappa is not None else 0.0 for p in pairs)),
        Series("observed", tuple(p.observed for p in pairs)),
    )
    alpha = "n/a" if report.alpha is None else f"{report.alpha:.3f}"
    return Panel(
        "annotation-agreement",
        title,
        Bars(cats, series, xlabel="agreement", horizontal=True),
        caption=f"Krippendorff's alpha over all annotators: {alpha}.",
    )


def confusion_panel(stores: Stores) -> Panel:
    """Type-by-type counts between two human annotators (symmetric), else an annotator vs the suggester."""
    humans = {n: r for n, r in stores.items() if n != SUGGESTER}
    title = "Confusion between annotators"
    if len(humans) >= 2:
        table = agreement(humans).confusion
        values = tuple(tuple(float(table[a][b]) for b in TYPES) for a in TYPES)
        chart = Heatmap(TYPES, TYPES, values, "type", "type")
        return Panel(
            "annotation-confusion", title, chart, caption="Every pair of human annotators, both orders."
        )
    if humans and SUGGESTER in stores:
        (name,) = humans
        return _versus(name, group_types({name: humans[name], SUGGESTER: stores[SUGGESTER]}))
    return empty(
        "annotation-confusion", title, "Needs two human annotators, or one beside the suggester's pre-labels."
    )


def _versus(name: str, types: Mapping[str, Mapping[str, str]]) -> Panel:
    shared = sorted(set(types[name]) & set(types[SUGGESTER]))
    counts = Counter((types[name][g], types[SUGGESTER][g]) for g in shared)
    values = tuple(tuple(float(counts[(a, b)]) for b in TYPES) for a in TYPES)
    chart = Heatmap(TYPES, TYPES, values, "suggester", name)
    title = "Confusion between annotators"
    if not shared:
        return empty("annotation-confusion", title, f"{name} and the suggester labelled no group in common.")
    return Panel(
        "annotation-confusion",
        title,
        chart,
        caption=f"{name} (rows) vs the suggester's pre-labels (columns), {len(shared)} groups.",
    )


def herrings_panel(stores: Stores) -> Panel:
    """Red-herring words and categories marked per annotator (the suggester's included)."""
    words, cats, puzzles = Counter[str](), Counter[str](), Counter[str]()
    for name, records in stores.items():
        for rec in records.values():
            if rec.status == "labelled":
                puzzles[name] += 1
                words[name] += len(rec.red_herring_words)
                cats[name] += len(rec.red_herring_categories)
    title = "Red herrings marked"
    names = tuple(sorted(puzzles))
    if not names:
        return empty("annotation-red-herrings", title, "No labelled puzzles yet.")
    series = (
        Series("red-herring words", tuple(float(words[n]) for n in names)),
        Series("red-herring categories", tuple(float(cats[n]) for n in names)),
    )
    cats_axis = tuple(f"{n} ({puzzles[n]} puzzles)" for n in names)
    return Panel("annotation-red-herrings", title, Bars(cats_axis, series, ylabel="marked", counts=True))


def annotation_section(stores: Stores, unfinished: Mapping[str, Sequence[str]] | None = None) -> Section:
    """Agreement, confusion and red herrings of the annotators' latest labels (``stores`` without the
    walls left mid-way; ``unfinished`` names them)."""
    mined = {n: r for n, r in stores.items() if any(rec.played_by for rec in r.values())}
    made = {n: r for n, r in stores.items() if n == GENERATOR}  # `ocwtool generate`: by construction
    humans = {n: r for n, r in stores.items() if n != SUGGESTER and n not in mined and n not in made}
    intro = (
        f"Human annotators: {', '.join(sorted(humans)) or 'none'}; "
        f"suggester pre-labels: {len(stores.get(SUGGESTER, {}))} puzzles."
    )
    if mined:  # `annotate decoys` stores: what players did, not a person's labels
        intro += (
            " Decoys mined from play: "
            + ", ".join(f"{n} ({len(r)} puzzles)" for n, r in sorted(mined.items()))
            + "."
        )
    if made:
        intro += f" Red herrings designed by ocwtool generate: {GENERATOR} ({len(made[GENERATOR])} puzzles)."
    if unfinished:
        intro += f" Left out: the labels of {describe_unfinished(unfinished)}."
    typed = {n: r for n, r in stores.items() if n not in mined and n not in made}  # no knowledge types
    panels = (pairs_panel(humans), confusion_panel(typed), herrings_panel(stores))
    return Section("annotation", "Annotation", intro, panels)


# ------------------------------------------------------------------------------------ validation
def rule_status(findings: Sequence[Mapping[str, Any]]) -> str:
    """One rule's outcome from its findings (as in :mod:`ocwtool.validators.findings`)."""
    if not findings:
        return "passed"
    if all(f["waived"] for f in findings):
        return "waived"
    if any(f["severity"] == "error" and not f["waived"] for f in findings):
        return "failed"
    return "warned" if any(f["severity"] == "warning" for f in findings) else "info"


def validation_section(doc: Mapping[str, Any] | None) -> Section:
    """Rules passed, warned, waived or failed, from a validation report's JSON (``to_json``)."""
    title = "Rules passed, warned, waived"
    if doc is None:
        panel = empty(
            "validation-rules",
            title,
            "No validation report: run ocwtool validate (writes runs/validation/report.json).",
        )
        return Section("validation", "Validation", "Not validated yet.", (panel,))
    by_rule: dict[str, list[Mapping[str, Any]]] = {rid: [] for rid in doc["rules"]}
    for f in doc["findings"]:
        by_rule.setdefault(f["rule"], []).append(f)
    status = {rid: rule_status(items) for rid, items in by_rule.items()}
    counts = Counter(status.values())
    chart = Bars(
        STATUSES, (Series("rules", tuple(float(counts[s]) for s in STATUSES)),), ylabel="rules", counts=True
    )
    rules = doc["rules"]
    rows = [
        (
            rid,
            rules.get(rid, {}).get("name", ""),
            rules.get(rid, {}).get("severity", ""),
            status[rid],
            str(len(fs)),
        )
        for rid, fs in sorted(by_rule.items())
        if fs
    ]
    table = (("rule", "name", "severity", "status", "findings"), *rows) if rows else ()
    panel = Panel("validation-rules", title, chart, table=table)
    return Section("validation", "Validation", doc["summary"], (panel,))
