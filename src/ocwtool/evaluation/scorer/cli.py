"""``python evaluate.py`` (or ``python -m scorer``): the scorer's own command line (argparse only,
so it runs without ocwtool or click installed; ``--help`` needs nothing but Python, and scoring
first checks its libraries, :mod:`.deps`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from . import deps
from .files import write_json_atomic
from .model import Options, ScorerInputError
from .report import evaluate_files, format_table


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="evaluate.py",
        description="Score Only Connect Wall / NYT Connections predictions (Task 1 grouping, Task 2\n"
        "connections). Several prediction files (e.g. 16 shuffle seeds) give mean and population std.\n"
        "A wall without a prediction is refused unless --allow-missing or --only-answered is given.",
        epilog="Examples:\n"
        "  python evaluate.py --gold json/ocw/test.json --predictions seed*.json --json-out scores.json\n"
        "  python evaluate.py --gold json/nyt/test.json --nyt --predictions partial.json --only-answered\n"
        f"Scoring needs the libraries in {deps.REQUIREMENTS_FILE} (beside this file); in a fresh venv:\n"
        f"  {deps.SETUP_COMMAND}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--gold", type=Path, required=True, help="gold OCW JSON file ({'dataset': [...]})")
    p.add_argument(
        "--predictions",
        type=Path,
        nargs="+",
        required=True,
        help="prediction file(s), JSON or JSONL, or a folder of *_predictions.json (one per seed)",
    )
    p.add_argument("--nyt", action="store_true", help="NYT gold: levels from group order (yellow..purple)")
    p.add_argument("--corrected", action="store_true", help="pair groups optimally for WD (not the paper's)")
    p.add_argument(
        "--allow-missing", action="store_true", help="score walls without a prediction as empty answers"
    )
    p.add_argument(
        "--only-answered",
        action="store_true",
        help="score just the walls every prediction file answered (says how many)",
    )
    p.add_argument("--accent-fold", action="store_true", help="fold accents before ROUGE tokenizing")
    p.add_argument("--bertscore-model", type=Path, help="local model folder for BERTScore (offline)")
    p.add_argument(
        "--bertscore-layers", type=int, default=0, help="layer for BERTScore (required with a model)"
    )
    p.add_argument("--bertscore-baseline", type=Path, help="bert-score baseline .tsv to rescale with")
    p.add_argument("--json-out", type=Path, help="write the full JSON report here")
    return p


# Control characters but newline (C0, DEL, C1, bidi controls) shown escaped: wall ids and file names
# come from files anyone can write. The scorer imports nothing from ocwtool, so this is its own copy
# of the rule of ``ocwtool.safetext.terminal``.
_BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_CONTROLS = [*map(chr, range(0x20)), "\x7f", *map(chr, range(0x80, 0xA0)), *_BIDI]
_SHOWN = str.maketrans(
    {c: repr(c)[1:-1] if ord(c) < 0x100 else f"\\u{ord(c):04x}" for c in _CONTROLS if c != "\n"}
)


def shown(text: str) -> str:
    """``text`` safe for a terminal (``ESC`` as ``\\x1b``, U+202E as ``\\u202e``; newlines kept)."""
    return text.translate(_SHOWN)


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point: prints the table, optionally writes the JSON report."""
    args = _parser().parse_args(argv)
    opts = Options(
        corrected=args.corrected,
        accent_fold=args.accent_fold,
        bertscore_model=args.bertscore_model,
        bertscore_layers=args.bertscore_layers,
        bertscore_baseline=args.bertscore_baseline,
        allow_missing=args.allow_missing,
        only_answered=args.only_answered,
    )
    problem = deps.missing()
    if problem is not None:
        print(f"Error: {shown(problem)}", file=sys.stderr)
        return 1
    try:
        report = evaluate_files(args.gold, args.predictions, opts, nyt=args.nyt)
    except ScorerInputError as exc:
        print(f"Error: {shown(str(exc))}", file=sys.stderr)
        return 1
    print(shown(format_table(report)))
    if args.json_out is not None:
        write_json_atomic(args.json_out, report)
    return 0
