"""Where a set of red-herring labels comes from, and the order they are preferred in (pure).

A label set is one annotator's store (annotator -> puzzle id -> record). Its **tier**:

* ``adjudicated``: the red herrings an adjudicator kept (``annotations/adjudicated-herrings.jsonl``,
  read under the name ``adjudicated``);
* ``human``: a person's labels (any other store, such as imported Connections Eval trap groups);
* ``play``: decoys mined from records of play (``annotate decoys``: annotator ``play-decoys``, or any
  store whose records name the files played or carry evidence of play);
* ``suggest``: the suggester's pre-labels (``suggest.jsonl``).

Evaluations and releases prefer them in :data:`TIERS` order (issue #24): adjudicated, then people,
then play, then the suggester's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ocwtool.schema.annotations import ItemRecord

ADJUDICATED = "adjudicated"  # the label-set name of the adjudicated red herrings
MINED = "play-decoys"  # annotate decoys' default annotator
SUGGEST = "suggest"
TIERS = ("adjudicated", "human", "play", "suggest")
DESCRIBED = {
    "adjudicated": "adjudicated",
    "human": "a person's labels",
    "play": "mined from play",
    "suggest": "the suggester's",
}


def from_play(records: Iterable[ItemRecord]) -> bool:
    """Some record names the files played or carries evidence of play."""
    for rec in records:
        if rec.played_by or any(w.evidence for w in rec.red_herring_words):
            return True
        if any(c.evidence for c in rec.red_herring_categories):
            return True
    return False


def tier(name: str, records: Mapping[str, ItemRecord]) -> str:
    """The tier of the label set ``name`` (one of :data:`TIERS`)."""
    if name == ADJUDICATED:
        return "adjudicated"
    if name == SUGGEST:
        return "suggest"
    if name == MINED or from_play(records.values()):
        return "play"
    return "human"


def label_order(stores: Mapping[str, Mapping[str, ItemRecord]]) -> list[str]:
    """The label sets in the default order: by tier, then ``play-decoys`` first among the mined,
    then by name."""
    return sorted(stores, key=lambda n: (TIERS.index(tier(n, stores[n])), n != MINED, n))


def describe(name: str, records: Mapping[str, ItemRecord]) -> str:
    """``adjudicated by carol``, ``a person's labels``, ``mined from play`` or ``the suggester's``."""
    kind = tier(name, records)
    if kind == "adjudicated":
        who = sorted({rec.annotator for rec in records.values()})
        return f"adjudicated by {', '.join(who)}" if who else "adjudicated"
    return DESCRIBED[kind]
