"""``python -m ocwtool.evaluation.scorer`` (or ``python -m scorer`` beside a shipped ``scorer/``): the
same command line as ``python evaluate.py``."""

import sys

from .cli import main

sys.exit(main())
