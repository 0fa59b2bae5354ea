"""Hostile text for the output-safety cases of issue #30 (``tests/faults/test_output_safety.py``).

One invented wall whose id, clues and connections carry what a terminal, a Markdown page or a
spreadsheet would act on: escape sequences (clear the screen, retitle the window, C1 CSI), a bell,
DEL, a right-to-left override, raw HTML, a Markdown link, and cells a spreadsheet reads as formulas.
Not a ``cases_*`` module: these are outputs to check, not inputs that must be refused.
"""

from __future__ import annotations

from ocwtool.schema.models import Game, Group, OcwMeta, Provenance, Puzzle, Split

CLEAR = "\x1b[2J"  # CSI: clear the screen
TITLE = "\x1b]0;owned\x07"  # OSC: set the window title
C1_CSI = "\x9b31m"  # the one-byte CSI of C1
RLO = "\u202e"  # right-to-left override
HTML = "<img src=x onerror=alert(1)>"
WALL_ID = f"evil{CLEAR}01"

GROUPS = (
    ("-ise/-ize spellings", ("=1+1", "+44 dialling", "-40 degrees", "@handle")),
    (f"Screen{CLEAR}wipe", ("Bell\x07", f"Esc{CLEAR}", f"Title{TITLE}", f"Csi{C1_CSI}")),
    ("<script>alert(1)</script>", (HTML, HTML, "[link](javascript:alert(1))", "**loud**")),
    (f"Flip {RLO}txet", (f"abc{RLO}def", "Del\x7f", "Tab\tcell", "plain")),
)


def hostile_wall(split: Split | None = Split.TEST) -> Puzzle:
    """The hostile wall (its clue ``HTML`` twice: a duplicate-clue warning quotes it)."""
    groups = tuple(
        Group(id=f"evil01_{k + 1:02d}", clues=clues, connection=connection)  # type: ignore[arg-type]
        for k, (connection, clues) in enumerate(GROUPS)
    )
    clues = [c for g in groups for c in g.clues]
    return Puzzle(
        id=WALL_ID,
        game=Game.OCW,
        source="ocw",
        split=split,
        clues=tuple(clues[1::2] + clues[0::2]),
        groups=groups,
        ocw=OcwMeta(season=1, episode=1),
        provenance=Provenance(source="ocw"),
    )
