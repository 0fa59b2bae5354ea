"""The terminal seam of the labelling sessions: one key, one line, some text.

Sessions talk to a :class:`Terminal`, so the library is tested with a scripted fake and the CLI
passes :class:`ClickTerminal` (one key in raw mode on a real terminal; one character of standard
input when it is a pipe or ``CliRunner`` input). Shared widgets (wall display, knowledge-type keys)
live here too.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from ocwtool.annotations.herrings import numbered_clues
from ocwtool.annotations.taxonomy import BY_KEY, TAXONOMY, describe
from ocwtool.safetext import terminal
from ocwtool.schema.annotations import KnowledgeLabel, KnowledgeType
from ocwtool.schema.models import Puzzle

ENTER = ("\r", "\n")
TYPE_KEYS = "".join(info.key for info in TAXONOMY)


class Quit(Exception):
    """The annotator pressed q (or the input ended): stop, keeping what was saved."""


Case = TypeVar("Case")
Decision = TypeVar("Decision")


def settle_each(
    todo: Sequence[Case],
    decide: Callable[[Case, str], Decision | None],
    save: Callable[[Case, Decision], None],
) -> tuple[int, bool]:
    """Ask ``decide(case, "n/total")`` for each case in turn and ``save`` every answer (``None``:
    skipped); the number saved, and whether the person quit part-way (what was saved stays)."""
    done = 0
    try:
        for n, case in enumerate(todo, start=1):
            decision = decide(case, f"{n}/{len(todo)}")
            if decision is not None:
                save(case, decision)
                done += 1
    except Quit:
        return done, True
    return done, False


class Terminal(Protocol):
    """What a session needs from the terminal."""

    def show(self, text: str) -> None: ...

    def key(self, prompt: str) -> str: ...

    def line(self, prompt: str) -> str: ...


class ClickTerminal:
    """The real terminal (and CliRunner input), through click; what it shows is escaped
    (:func:`ocwtool.safetext.terminal`: clues and connections are untrusted text)."""

    def show(self, text: str) -> None:
        import click

        click.echo(terminal(text))

    def key(self, prompt: str) -> str:
        import click

        click.echo(terminal(prompt), nl=False)
        # Not click.getchar: on a terminal it discards typeahead (see _tty_key), and with piped
        # input it reads /dev/tty instead of stdin. Piped/CliRunner input is read one char at a time.
        ch = _tty_key() if sys.stdin.isatty() else sys.stdin.read(1)
        click.echo("" if ch in ENTER else terminal(ch))
        return ch

    def line(self, prompt: str) -> str:
        import click

        try:
            return str(click.prompt(terminal(prompt), default="", show_default=False))
        except click.Abort:
            raise Quit from None


def _tty_key() -> str:
    """One key from a real terminal, in raw mode *without* discarding typeahead.

    ``click.getchar`` switches to raw mode with ``TCSAFLUSH``, which throws away keys typed before
    the prompt appeared; a fast annotator (or a test driving a pseudo-terminal) would lose them.
    Ctrl-C raises ``KeyboardInterrupt`` as usual; Ctrl-D ends the session like ``q``.
    """
    import termios
    import tty

    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    try:
        tty.setraw(fd, termios.TCSANOW)
        data = os.read(fd, 1)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
    ch = data.decode("utf-8", "replace")
    if ch == "\x03":
        raise KeyboardInterrupt
    return "" if ch == "\x04" else ch


def wall_text(puzzle: Puzzle, progress: str) -> str:
    """The wall as the annotator sees it: groups, connections, clue numbers 1-16."""
    lines = [f"[{progress}] {puzzle.id}"]
    clues = numbered_clues(puzzle)
    for k, group in enumerate(puzzle.groups):
        mine = "  ".join(f"{c.number:>2} {c.text}" for c in clues if c.group == k)
        lines.append(f"  Group {k + 1}: {group.connection}")
        lines.append(f"     {mine}")
    return "\n".join(lines)


def help_text() -> str:
    """Short key help with the type definitions."""
    rows = [f"  {info.key}  {info.name}: {info.definition}" for info in TAXONOMY]
    rows.append("  Enter accepts the suggestion (if shown); u undo; k skip puzzle; n note; q quit; ? help")
    return "Keys:\n" + "\n".join(rows)


HERRING_KEYS = (
    (
        "r",
        "red-herring word: a clue that plausibly fits another group; give its number (1-16), the "
        "group it seems to fit (1-4) and why",
    ),
    (
        "h",
        "red-herring category: 3 or more clues from 2 or more groups that suggest a decoy theme; "
        "give their numbers (e.g. 1,6,11) and the theme",
    ),
    (
        "t",
        "trap group: 4 or more clues across 2 or more groups, at most 2 from any one group (as "
        "Connections Eval defines it); give their numbers (e.g. 1,2,5,6) and the theme",
    ),
    ("Enter", "done: save the puzzle with its types and red herrings"),
    ("u", "undo the last red herring (with none left: the last decoy answer, then the last group's type)"),
    ("k", "skip the puzzle (the types given to it are dropped)"),
    ("n", "add a note to the puzzle"),
    ("q", "quit: the types given are kept; red herrings only once the puzzle is saved (Enter)"),
    ("?", "this help"),
)


def herring_help_text() -> str:
    """Help at the red-herring prompt: every key it accepts (the type keys are not among them)."""
    return "Red-herring keys:\n" + "\n".join(f"  {key:<5}  {what}" for key, what in HERRING_KEYS)


def read_combined(term: Terminal) -> KnowledgeLabel | None:
    """After ``c``: the keys of two or more base types, then Enter (None if fewer than two)."""
    chosen: list[KnowledgeType] = []
    while True:
        ch = term.key(
            f"  combined: type keys of 2+ types then Enter [{TYPE_KEYS[:-1]}] ({len(chosen)} so far): "
        )
        if ch == "":
            raise Quit
        if ch in ENTER:
            break
        if ch in BY_KEY and BY_KEY[ch] is not KnowledgeType.COMBINED:
            chosen.append(BY_KEY[ch])
    if len(set(chosen)) < 2:
        term.show("  a combined label needs two or more different types; try again")
        return None
    return KnowledgeLabel.of(*chosen)


def show_label(label: KnowledgeLabel) -> str:
    """``Combined (Linguistic + Encyclopedic)``."""
    return describe(label)


def ask_yes_no(term: Terminal, prompt: str) -> bool | None:
    """An adjudicator's y/n at ``prompt``: True, False, None for k (skip); q or Enter quits."""
    while True:
        ch = term.key(prompt)
        if ch in ("", "q"):
            raise Quit
        if ch in ("y", "n"):
            return ch == "y"
        if ch == "k":
            return None
        if ch not in ENTER:
            term.show(f"  unknown key {ch!r}; press y, n, k or q")
