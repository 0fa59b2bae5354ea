"""Generated boards in a release (issue #27): their configs, the trick words that ship, and what the
card says about how they were made.

* **Configs.** Boards of store ``synthetic`` (``ocwtool generate``; walls of game ``ocw`` without show
  metadata) form config ``synthetic``, never ``ocw``; their variants ``synthetic_<kind>``. Extended
  boards (``build-variants --kind extended``) are the configs ``<game>_extended`` (``ocw_extended``,
  ``nyt_extended``) as every variant kind is.
* **Trick words.** An extended board ships only the trick words whose evidence
  (``lineage.params["tricks"]``) has a status of :data:`SHIPPED_STATUSES` (``verified`` by a rule,
  ``confirmed`` by an annotator), each with its evidence: its ``distractors`` are those words, and
  the evidence shipped lists only them. A board stored with other words shown (a ``proposed`` one,
  a word with no evidence) ships without them, on a fresh seeded shuffle. To ship another status, add
  it to :data:`SHIPPED_STATUSES`.
* **People's verdicts.** A proposed word that people confirmed (or an adjudicator did,
  :func:`ocwtool.annotations.tricks.board_tricks`) ships as ``confirmed``, with their answers in its
  evidence (:func:`with_verdicts`); one they rejected, or still dispute, does not.
* **Synthetic provenance.** Every shipped synthetic board must be listed, with its four rules, in its
  store's ``.meta.json`` (generator, seed, resources and versions): a board that is not was not made
  and checked by ``ocwtool generate``, and the build stops naming it.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import ValidationError

from ocwtool.errors import ReleaseError
from ocwtool.generators.synthetic.run import ANNOTATOR, STORE
from ocwtool.schema.board import BoardOrder
from ocwtool.schema.corpus import Corpus
from ocwtool.schema.models import Puzzle

SHIPPED_STATUSES = ("verified", "confirmed")  # trick words a release ships; add a status to ship it
EXTENDED = "extended"
SYNTHETIC = STORE  # the config of generated boards is named after their store
GENERATOR_SOURCE = "generator"  # the `source` of the generator's red-herring rows (by construction)
GENERATOR_ANNOTATOR = ANNOTATOR


def config_of(config: str, p: Puzzle) -> str:
    """The release config of a record the corpus files under ``config`` (``<game>`` or
    ``<game>_<kind>``): a generated board's game is replaced by ``synthetic``."""
    if p.source != SYNTHETIC:
        return config
    kind = config.partition("_")[2]
    return f"{SYNTHETIC}_{kind}" if kind else SYNTHETIC


def is_extended(p: Puzzle) -> bool:
    return p.lineage is not None and p.lineage.kind == EXTENDED


def evidence(p: Puzzle) -> list[dict[str, Any]]:
    """Every trick word's evidence recorded on an extended board (empty for other boards)."""
    if p.lineage is None or "tricks" not in p.lineage.params:
        return []
    try:
        tricks = json.loads(p.lineage.params["tricks"])
    except json.JSONDecodeError as exc:
        raise ReleaseError(f"puzzle {p.id}: lineage.params['tricks'] is not JSON ({exc.msg})") from None
    if not isinstance(tricks, list) or not all(isinstance(t, dict) and "word" in t for t in tricks):
        raise ReleaseError(f"puzzle {p.id}: lineage.params['tricks'] is not a list of trick words")
    return tricks


def with_verdicts(corpus: Corpus, verdicts: Mapping[str, Sequence[Mapping[str, Any]]]) -> Corpus:
    """``corpus`` with the evidence of each extended board people have decided on replaced by
    ``verdicts[board id]`` (each trick word with its status and people's answers). Boards nobody
    decided on are left as stored, byte for byte."""
    if not verdicts:
        return corpus
    boards = corpus.variants.get(EXTENDED, ())
    return replace(
        corpus, variants={**corpus.variants, EXTENDED: tuple(_decided(p, verdicts) for p in boards)}
    )


def _decided(p: Puzzle, verdicts: Mapping[str, Sequence[Mapping[str, Any]]]) -> Puzzle:
    words = verdicts.get(p.id)
    if not words or p.lineage is None:
        return p
    params = {**p.lineage.params, "tricks": json.dumps([dict(t) for t in words], sort_keys=True)}
    return p.model_copy(update={"lineage": p.lineage.model_copy(update={"params": params})})


def shipped(p: Puzzle) -> Puzzle:
    """The board as a release ships it: an extended board with only its shippable trick words."""
    if not is_extended(p):
        return p
    assert p.lineage is not None
    keep = [t for t in evidence(p) if t.get("status") in SHIPPED_STATUSES]
    words = tuple(str(t["word"]) for t in keep)
    params = {**p.lineage.params, "tricks": json.dumps(keep, sort_keys=True)}
    lineage = p.lineage.model_copy(update={"params": params})
    if words == p.distractors:
        return p.model_copy(update={"lineage": lineage})
    # The stored board shows other words: the shipped ones are shuffled in afresh (seeded, board 0).
    board = {"distractors": words, "clues": (*p.grouped_clues, *words), "board_order": BoardOrder.SOLUTION}
    try:
        return Puzzle.model_validate({**p.model_dump(), **board, "lineage": lineage})
    except ValidationError as exc:
        problem = exc.errors()[0]["msg"]
        raise ReleaseError(
            f"puzzle {p.id}: its shippable trick words {list(words)} cannot be shown: {problem}"
        ) from None


@dataclass(frozen=True)
class TrickCounts:
    """One extended config: boards, boards shipping trick words, words shipped and left out by status,
    and each build's candidates (store -> its summary entry in ``variants/extended.summary.json``)."""

    config: str
    boards: int
    with_tricks: int
    shipped: Mapping[str, int]
    left_out: Mapping[str, int]
    settings: tuple[str, ...]  # "seed S, up to K per board, scorer X" of each build
    builds: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)


def trick_counts(config: str, stored: Sequence[Puzzle], builds: Mapping[str, Any]) -> TrickCounts:
    """What an extended config ships, from its stored boards and the builds' summary entries."""
    statuses = Counter(str(t.get("status")) for p in stored for t in evidence(p))
    out = {s: n for s, n in sorted(statuses.items()) if s in SHIPPED_STATUSES}
    left = {s: n for s, n in sorted(statuses.items()) if s not in SHIPPED_STATUSES}
    stores = sorted({str(p.lineage.params.get("store", p.source)) for p in stored if p.lineage})
    settings = sorted({_setting(p) for p in stored})
    return TrickCounts(
        config=config,
        boards=len(stored),
        with_tricks=sum(bool(shipped(p).distractors) for p in stored),
        shipped=out,
        left_out=left,
        settings=tuple(settings),
        builds={s: builds[s] for s in stores if isinstance(builds.get(s), dict)},
    )


def _setting(p: Puzzle) -> str:
    assert p.lineage is not None
    params = p.lineage.params
    return (
        f"seed {p.lineage.seed}, up to {params.get('trick_words', '?')} per board, "
        f"scorer {params.get('scorer', 'not recorded')}"
    )


@dataclass(frozen=True)
class SyntheticRun:
    """One ``generate`` store behind a synthetic config: its provenance and the shipped boards' rules."""

    store: str
    boards: int
    meta: Mapping[str, Any]
    rule_kinds: Mapping[str, int]  # kind -> groups of the shipped boards defined by a rule of it


def synthetic_runs(puzzles: Sequence[Puzzle], metas: Mapping[str, Mapping[str, Any]]) -> list[SyntheticRun]:
    """The generate runs behind the shipped synthetic boards (``metas``: store -> its ``.meta.json``);
    ``ReleaseError`` naming a board no run records with four rules."""
    recorded = {pid: store for store, meta in metas.items() for pid in _boards(meta)}
    per_store: dict[str, list[Puzzle]] = {}
    for p in puzzles:
        store = recorded.get(p.id)
        if store is None or len(_boards(metas[store])[p.id]) != len(p.groups):
            raise ReleaseError(
                f"synthetic board {p.id} is not recorded with its rules in any generate store's .meta.json; "
                "only boards made by `ocwtool generate` ship as config synthetic (generate it again)"
            )
        per_store.setdefault(store, []).append(p)
    return [
        SyntheticRun(store, len(items), metas[store], _kinds(_boards(metas[store])[p.id] for p in items))
        for store, items in sorted(per_store.items())
    ]


def _boards(meta: Mapping[str, Any]) -> Mapping[str, Sequence[str]]:
    boards = meta.get("boards")
    return boards if isinstance(boards, dict) else {}


def _kinds(rule_lists: Iterable[Sequence[str]]) -> dict[str, int]:
    return dict(sorted(Counter(str(r).partition(":")[0] for rules in rule_lists for r in rules).items()))


def is_generate_meta(meta: Any) -> bool:
    """Is this a store's ``.meta.json`` written by ``ocwtool generate``?"""
    generator = meta.get("generator") if isinstance(meta, dict) else None
    return isinstance(generator, dict) and generator.get("name") == "ocwtool.generators.synthetic"


@dataclass(frozen=True)
class GeneratedFacts:
    """What the card says about the release's generated boards (empty: no section)."""

    tricks: tuple[TrickCounts, ...] = ()
    synthetic: Mapping[str, tuple[SyntheticRun, ...]] = field(default_factory=dict)  # config -> runs

    def __bool__(self) -> bool:
        return bool(self.tricks or self.synthetic)


def generated_facts(
    records: Iterable[tuple[str, Puzzle]],
    configs: Mapping[str, Sequence[Puzzle]],
    builds: Mapping[str, Any],
    metas: Mapping[str, Mapping[str, Any]],
) -> GeneratedFacts:
    """The card's facts: ``records`` are the corpus's ``(config, stored puzzle)`` pairs (the trick
    words left out are counted from the stored evidence), ``configs`` the shipped tables, ``builds``
    the extended summary's builds (store -> entry), ``metas`` the generate stores' ``.meta.json``."""
    stored: dict[str, list[Puzzle]] = {}
    for config, p in records:
        if is_extended(p) and config_of(config, p) in configs:
            stored.setdefault(config_of(config, p), []).append(p)
    tricks = tuple(trick_counts(c, items, builds) for c, items in sorted(stored.items()))
    synthetic: dict[str, tuple[SyntheticRun, ...]] = {}
    for config, items in sorted(configs.items()):
        generated = [p for p in items if p.source == SYNTHETIC and p.lineage is None]  # not variants
        if generated:
            synthetic[config] = tuple(synthetic_runs(generated, metas))
    return GeneratedFacts(tricks, synthetic)
