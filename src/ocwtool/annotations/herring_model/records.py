"""The two parts of a suggest record, group labels and red herrings, kept apart (pure).

Group labels come from the rules or a types pre-labeller; red herrings from the rules or a
red-herring scorer. A call replaces only the parts it computes: a scorer alone keeps the stored group
labels, and a call without a scorer keeps red herrings a scorer stored (they are the ones with a
``score``), so neither model's work is lost to the other.
"""

from __future__ import annotations

from ocwtool.schema.annotations import ItemRecord, RedHerringCategory, RedHerringWord

Herrings = tuple[tuple[RedHerringWord, ...], tuple[RedHerringCategory, ...]]


def scored(record: ItemRecord) -> bool:
    """The record's red herrings came from a scorer (they carry scores; the rules' never do)."""
    return any(w.score is not None for w in record.red_herring_words) or any(
        c.score is not None for c in record.red_herring_categories
    )


def keep_scored(new: ItemRecord, old: ItemRecord | None) -> ItemRecord:
    """``new`` (computed without a scorer) with ``old``'s scored red herrings, when it had some."""
    if old is None or not scored(old):
        return new
    note = "; ".join(n for n in (new.note, _herring_note(old.note)) if n)
    return new.model_copy(
        update={
            "red_herring_words": old.red_herring_words,
            "red_herring_categories": old.red_herring_categories,
            "note": note,
        }
    )


def _herring_note(note: str) -> str:
    return next((p for p in note.split("; ") if p.startswith("red herrings ")), "")


def with_herrings(base: ItemRecord, herrings: Herrings, tag: str) -> ItemRecord:
    """``base``'s group labels with the scorer's red herrings."""
    kept = "; ".join(p for p in base.note.split("; ") if p and not p.startswith("red herrings "))
    return base.model_copy(
        update={
            "red_herring_words": herrings[0],
            "red_herring_categories": herrings[1],
            "note": "; ".join(n for n in (kept, f"red herrings {tag}") if n),
        }
    )
