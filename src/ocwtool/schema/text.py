"""Text rules: the forms a clue or connection takes when it is stored, compared or matched.

* :func:`clean`: the stored (normalised) copy of scraped text: NFC, typographic quotes and dashes
  as ASCII, every run of 2+ underscores as ``___`` (the OCW convention for a blank), whitespace
  collapsed. The page's own text is kept in ``raw_clues``/``raw_connection`` when it differs.
* :func:`collapse`: whitespace collapsed and stripped, nothing else.
* :func:`compare_form`: how two stores of the same puzzles are compared (case folded; quotes,
  hyphens/dashes, underscores and spaces removed).
* :func:`match_form`: how walls are matched across sources (lower-case, only ``[a-z0-9]`` kept);
  :mod:`ocwtool.schema.keys` builds wall keys from it.
* :func:`word_forms`: the forms under which two words count as the same word (distractors must
  differ from every clue in all of them): :func:`compare_form` with accents removed, and that form
  with an English plural ending (``-s``, ``-es``, ``-ies`` → ``-y``) taken off.
"""

from __future__ import annotations

import re
import unicodedata

_TYPO = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u2032": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u2033": '"',
        "\u2013": "-",
        "\u2014": "-",
        "\u2212": "-",
        "\u00a0": " ",
        "\u2009": " ",
        "\u202f": " ",
    }
)
_BLANKS = re.compile(r"_{2,}")
_SPACE = re.compile(r"\s+")
# Characters that sources use interchangeably or drop: quotes of every kind, hyphens/dashes,
# underscores (blanks and stand-ins for hyphens) and whitespace. All are removed for comparison.
_IGNORED = re.compile(r"[\s'\"‘’‚‛′`´“”„‟″\-_‐‑‒–—―−]+")
_NOT_ALNUM = re.compile(r"[^a-z0-9]+")

COMPARE_FORM = "case folded; quotes (straight and curly), hyphens/dashes, underscores and spaces removed"


def clean(text: str) -> str:
    """The normalised copy of a clue or connection."""
    text = unicodedata.normalize("NFC", text).translate(_TYPO)
    text = _BLANKS.sub("___", text)
    return _SPACE.sub(" ", text).strip()


def collapse(text: str) -> str:
    """Whitespace collapsed and stripped (no other change)."""
    return _SPACE.sub(" ", text).strip()


def compare_form(text: str) -> str:
    """Comparison form: case-folded, with quotes, hyphens/dashes, underscores and spaces removed
    (``3-D`` = ``3D``, ``STAND UP`` = ``STAND-UP``, ``“X”`` = ``X``, ``___ ___`` = ``___-___``)."""
    return _IGNORED.sub("", text.casefold())


def word_forms(text: str) -> frozenset[str]:
    """The forms of a word for "is it the same word?": case, spacing, punctuation, accents and a
    plural ending ignored (``Café`` = ``CAFES``, ``ICE-BOX`` = ``ice boxes``, ``BERRY`` = ``berries``)."""
    decomposed = unicodedata.normalize("NFKD", text)
    base = compare_form("".join(c for c in decomposed if not unicodedata.combining(c)))
    forms = {base}
    if base.endswith("ies") and len(base) > 3:
        forms.add(base[:-3] + "y")
    if base.endswith("es") and len(base) > 2:
        forms.add(base[:-2])
    if base.endswith("s") and len(base) > 1:
        forms.add(base[:-1])
    return frozenset(forms)


def same_word(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are the same word up to case, spacing, accents and plural
    (:func:`word_forms` share a form)."""
    return not word_forms(a).isdisjoint(word_forms(b))


def match_form(clue: object) -> str:
    """Matching form of a clue: lower-case, only ``[a-z0-9]`` kept (how SMOCI and ocdb walls join)."""
    return _NOT_ALNUM.sub("", str(clue).lower())
