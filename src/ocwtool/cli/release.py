"""``ocwtool release build|verify``: publishable, checksummed, reproducible releases."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import click

from ocwtool.cli import term
from ocwtool.cli.app import AppContext, pass_app
from ocwtool.cli.paths import InputPath, resolve_input
from ocwtool.cli.progress import progress_option
from ocwtool.progress import Progress


@click.group("release")
def release_cmd() -> None:
    """Build a release (validated, HF-loadable parquet + OCW JSON + card + checksums, archived)
    or verify one.

    \b
    Examples:
      ocwtool release build --name ocw --version 1.0.0
      ocwtool release verify releases/ocw-1.0.0.tar.gz
    """


@release_cmd.command("build")
@click.option("--name", required=True, help="Release name (letters, digits, '.', '_', '-').")
@click.option("--version", "version", required=True, help="Semantic version X.Y.Z.")
@click.option("--format", "fmt", type=click.Choice(["tar.gz", "zip"]), default="tar.gz", show_default=True)
@click.option("--notes", default="", help="Release notes (text, or @FILE to read them from a file).")
@click.option(
    "--license",
    "license_",
    default="mit",
    show_default=True,
    help="Licence of ocwtool's own files (card, evaluator); each config states its sources' licences.",
)
@click.option("--source", "sources", multiple=True, help="Release only this source's store (repeatable).")
@click.option("--force", is_flag=True, help="Replace an existing release of the same name and version.")
@click.option("--no-report", is_flag=True, help="Leave out report/ (the figures) and the card's figures.")
@click.option(
    "--herrings",
    metavar="ANNOTATOR",
    help="Ship only this annotator's red herrings ('adjudicated': the adjudicated ones; 'suggest': the "
    "suggester's). Default: per puzzle, the adjudicated red herrings, else human annotators', else "
    "decoys mined from play, else the red-herring scorer's suggestions (the rule-based flags only "
    "with --herrings suggest).",
)
@click.option("--no-herrings", is_flag=True, help="Leave out the red-herring layer (red_herrings/).")
@progress_option
@pass_app
def build_cmd(
    app: AppContext,
    name: str,
    version: str,
    fmt: str,
    notes: str,
    license_: str,
    sources: tuple[str, ...],
    force: bool,
    no_report: bool,
    herrings: str | None,
    no_herrings: bool,
    progress: Progress,
) -> None:
    """Validate the workspace (refusing on any error), then write releases/NAME-VERSION/ and
    its archive, and print the validation line. Warnings that no waiver in validation.toml covers
    are listed in the card's known quirks. Two builds of the same inputs are byte-identical. If a
    build was interrupted after publishing the folder but before its archive, running it again
    (without --force) checks the folder and completes the archive. A second build waits for the
    first (with ocwtool --no-wait it stops, naming it); the build reads one snapshot of the stores,
    so an import started meanwhile waits for it. Red-herring labels, when any exist, ship per
    config as red_herrings/<config>/<split>-00000-of-00001.parquet (config <config>_red_herrings),
    each row with its annotator and source.

    \b
    Examples:
      ocwtool release build --name ocw --version 1.0.0
      ocwtool release build --name ocw-nyt --version 1.1.0 --format zip --notes @NOTES.md
      ocwtool release build --name ocw --version 1.0.1 --herrings play-decoys
      ocwtool release build --name ocw --version 1.0.2 --herrings adjudicated
    """
    from ocwtool.fsio import read_text
    from ocwtool.releases.build import ReleaseSpec, build_release, validation_line

    text = read_text(resolve_input(notes[1:])) if notes.startswith("@") else notes
    if herrings is not None and no_herrings:
        raise click.UsageError("choose --herrings ANNOTATOR or --no-herrings, not both")
    spec = ReleaseSpec(name, version, fmt, text.strip(), license_, sources, force, not no_report)
    spec = replace(spec, herrings=herrings, with_herrings=not no_herrings)
    folder, archive = build_release(app.workspace(), spec, progress=progress)
    term.echo(f"Validation: {validation_line(folder)}")
    term.echo(f"Built {folder}")
    term.echo(f"Archive {archive}")


@release_cmd.command("verify")
@click.argument("target", type=InputPath())
@click.option("--no-load", is_flag=True, help="Skip loading every config with `datasets` (faster).")
def verify_cmd(target: Path, no_load: bool) -> None:
    """Check a release folder or archive: checksums (naming the first tampered or missing file),
    schema, rows and ids of every parquet and OCW JSON file against the manifest, and that every
    config loads with `datasets`. Archives are checked from their headers before anything is
    extracted (truncated or padded archives, absolute paths, '..', links, oversized members and
    sizes other than the manifest's are refused).

    \b
    Examples:
      ocwtool release verify releases/ocw-1.0.0
      ocwtool release verify ocw-1.0.0.zip --no-load
    """
    from ocwtool.releases.verify import verify_release

    result = verify_release(target, load=not no_load)
    rows = ", ".join(f"{c} {n}" for c, n in result.rows.items())
    term.echo(f"OK {result.folder}: {result.files} files checksummed; rows: {rows}")
    if result.loaded:
        term.echo(f"Loaded with datasets: {', '.join(result.loaded)}")


@release_cmd.command("diff")
@click.argument("old", type=InputPath())
@click.argument("new", type=InputPath())
@click.option("--json", "as_json", is_flag=True, help="Print the diff as JSON (the form of changelog.json).")
def diff_cmd(old: Path, new: Path, as_json: bool) -> None:
    """List, per config, the puzzles added, removed and changed from release OLD to release NEW
    (folders or .tar.gz/.zip archives), with their ids; a changed puzzle names its fields: clues,
    board (same clues, another shown order), groups, connections, split, dates, source, flags,
    provenance, metadata, red_herrings. Releases of different names are compared after a warning.
    `release build` writes this diff against the previous version as CHANGES.md and changelog.json.

    \b
    Examples:
      ocwtool release diff releases/ocw-1.0.0 releases/ocw-1.1.0
      ocwtool release diff releases/ocw-1.0.0.tar.gz releases/ocw-1.1.0.tar.gz --json
    """
    import json

    from ocwtool.releases.diff_read import diff_releases, read_release_rows
    from ocwtool.releases.diff_text import diff_lines

    a, b = read_release_rows(old), read_release_rows(new)
    if a.name != b.name:
        term.echo(f"Warning: comparing releases of different names ({a.name}, {b.name})", err=True)
    diff = diff_releases(a, b)
    if as_json:
        term.echo_json(json.dumps(diff.as_json(), indent=2, sort_keys=True))
    else:
        term.echo("\n".join(diff_lines(diff)))
