"""Trap claims in answers, read as Connections Eval (matsonj/eval-connections) reads them (pure).

Its one-shot prompt asks the model for its groups in an ``<answer>`` block and for "your single most
likely trap set" in a ``<traps>`` block: one line of four comma-separated words, or ``N/A``. Its
exchange logs (``logs/connections_eval_<time>.jsonl``) keep the reply as ``response`` and the claims
as ``trap_claims``: ``["W1, W2, W3, W4"]``, ``["N/A"]``, or ``[]`` when no claim was made (or the
answer was invalid). As there, thinking blocks are ignored, only the first claim is judged, and a
first line ``N/A``, ``NA`` or ``NONE`` claims "no trap". A claim is ``()`` for "no trap", else the
words as written; None is no claim. How a claim is scored:
:func:`ocwtool.evaluation.herring_metrics.claim_is_right`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ocwtool.errors import EvaluationError

Claim = tuple[str, ...]

_THINKING = re.compile(r"<think(?:ing)?>.*?(?:</think(?:ing)?>|\Z)", re.I | re.S)
_TRAPS = re.compile(r"<traps>(.*?)</traps>", re.I | re.S)
_BLOCKS = re.compile(r"<traps>.*?(?:</traps>|\Z)|<confidence>.*?(?:</confidence>|\Z)", re.I | re.S)
_ANSWER = re.compile(r"<answer>(.*?)</answer>", re.I | re.S)
_NONE = re.compile(r"(?:N/?A|NONE)\.?", re.I)


def _claim(line: str) -> Claim:
    if _NONE.fullmatch(line.strip()):
        return ()
    return tuple(w.strip() for w in line.split(",") if w.strip())


def text_claim(text: str) -> Claim | None:
    """The first claim of a reply's ``<traps>`` block (outside thinking), or None without one."""
    found = _TRAPS.search(_THINKING.sub("", text))
    if found is None:
        return None
    lines = [line.strip() for line in found.group(1).splitlines() if line.strip()]
    return _claim(lines[0]) if lines else None


def answer_text(text: str) -> str:
    """What a reply's groups are read from: its ``<answer>`` block when it has one (outside thinking,
    as Connections Eval reads it), else the whole reply; without the claims either way."""
    bare = _THINKING.sub("", text)
    found = _ANSWER.search(bare)
    return without_claims(found.group(1) if found else text)


def without_claims(text: str) -> str:
    """The reply without its ``<traps>`` and ``<confidence>`` blocks: a trap line looks exactly like
    a group and would otherwise be read as one."""
    return _BLOCKS.sub("", text)


def field_claim(value: Any, where: str) -> Claim | None:
    """A record's ``trap_claims`` (Connections Eval's log field): its first claim, None for ``[]``."""
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, Sequence) or not all(isinstance(v, str) for v in value):
        raise EvaluationError(
            f"{where}: trap_claims must be a list of strings like 'W1, W2, W3, W4' or 'N/A'"
        )
    return _claim(value[0]) if value else None
