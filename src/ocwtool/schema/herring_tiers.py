"""Where a set of red-herring labels comes from, and the order they are preferred in (pure).

A label set is one annotator's store (annotator -> puzzle id -> record). Its **tier**:

* ``adjudicated``: the red herrings an adjudicator kept (``annotations/adjudicated-herrings.jsonl``,
  read under the name ``adjudicated``);
* ``human``: a person's labels (any other store, such as imported Connections Eval trap groups);
* ``play``: decoys mined from records of play (``annotate decoys``: annotator ``play-decoys``, or any
  store whose records name the files played or carry evidence of play);
* ``suggest``: the suggester's pre-labels (``suggest.jsonl``).

Evaluations, the report and releases prefer them in :data:`TIERS` order (issue #24): adjudicated,
then people, then play, then the suggester's, **per wall** (:func:`per_wall`): each wall takes the
labels of the first tier that labelled a red herring on it, and a wall whose adjudicated record kept
none is settled by it (the adjudicator said there are none).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

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


def rank(name: str, kind: str) -> tuple[Any, ...]:
    """The sort key of the default order: by tier, then ``play-decoys`` first among the mined, then
    by name."""
    return (TIERS.index(kind), name != MINED, name)


def label_order(stores: Mapping[str, Mapping[str, ItemRecord]]) -> list[str]:
    """The label sets in the default order (:func:`rank`)."""
    return sorted(stores, key=lambda n: rank(n, tier(n, stores[n])))


def labelled(record: ItemRecord) -> bool:
    """A finished record holding red-herring words or decoy categories."""
    return record.status == "labelled" and bool(record.red_herring_words or record.red_herring_categories)


Chosen = list[tuple[str, ItemRecord]]  # (label set, record) of one wall, in the default order


def per_wall(
    stores: Mapping[str, Mapping[str, ItemRecord]], wall_ids: Iterable[str] | None = None
) -> dict[str, Chosen]:
    """Wall id -> the (label set, record) pairs of the first tier that labelled a red herring on it,
    in :func:`label_order`; a wall whose adjudicated record kept none: only that record (the
    adjudicator settled it). Walls no set labelled are left out; ``wall_ids``: only those walls."""
    ids = None if wall_ids is None else set(wall_ids)
    won: dict[str, str] = {}  # wall id -> the tier that labelled it first
    out: dict[str, Chosen] = {}
    for name in label_order(stores):
        kind = tier(name, stores[name])
        for pid, rec in stores[name].items():
            settles = kind == "adjudicated" and rec.status == "labelled"
            if (
                (ids is None or pid in ids)
                and (labelled(rec) or settles)
                and won.setdefault(pid, kind) == kind
            ):
                out.setdefault(pid, []).append((name, rec))
    return out


def describe(name: str, records: Mapping[str, ItemRecord], kind: str | None = None) -> str:
    """``adjudicated by carol``, ``a person's labels``, ``mined from play`` or ``the suggester's``
    (``kind``: the set's tier, when ``records`` are only some of its records)."""
    kind = kind or tier(name, records)
    if kind == "adjudicated":
        who = sorted({rec.annotator for rec in records.values()})
        return f"adjudicated by {', '.join(who)}" if who else "adjudicated"
    return DESCRIBED[kind]
