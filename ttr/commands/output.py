"""What every command prints, the same way (docs/cli.md): consoles that never hard-wrap piped
output, one table style, progress (a bar on a terminal, a plain line now and then otherwise),
output paths checked before any game is played, and exit code 130 after Ctrl-C."""
from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

PIPE_WIDTH = 1000   # not a terminal: lines are never wrapped (grep and logs see whole lines)
INTERRUPTED = 130   # the exit status after Ctrl-C (128 + SIGINT), the results of the games finished printed


def console(stderr: bool = False) -> Console:
    """A console on stdout (or stderr): a terminal's own width; piped, lines kept whole (or as
    wide as $COLUMNS says, if set)."""
    stream = sys.stderr if stderr else sys.stdout
    tty = stream.isatty()
    columns = os.environ.get("COLUMNS", "")
    width = None if tty else int(columns) if columns.isdigit() and int(columns) > 0 else PIPE_WIDTH
    return Console(stderr=stderr, width=width, soft_wrap=not tty and width == PIPE_WIDTH, highlight=False)


def table(title: str | None = None) -> Table:
    """The commands' one table style, that of ttr play's and ttr campaign's screens too
    (ttr.play.tables.fit_table): no frame, no rules, one space between columns, bold headers, the
    title above on the left."""
    return Table(box=None, padding=(0, 1), collapse_padding=True, pad_edge=False, show_edge=False,
                 header_style="bold", title=title, title_justify="left", title_style="bold")


class Ticker:
    """Progress off a terminal: a plain line on stderr at most every `step` seconds when a tenth
    of the work is done since the last line, and at least every `every` seconds; nothing for a
    run shorter than `step` seconds."""

    def __init__(self, label: str, unit: str, write: Callable[[str], None], clock: Callable[[], float] = time.monotonic,
                 step: float = 10.0, every: float = 30.0):
        self.label, self.unit, self.write, self.clock, self.step, self.every = label, unit, write, clock, step, every
        self.start = self.last = clock()
        self.last_done = 0

    def update(self, done: int, total: int | None, what: str | None = None) -> None:
        now = self.clock()
        if what is not None and what != self.label:
            self.label, self.last_done = what, 0  # a new stage counts from 0
        tenth = bool(total) and done - self.last_done >= (total or 0) / 10
        if now - self.last < (self.step if tenth else self.every):
            return
        self.last, self.last_done = now, done
        elapsed = now - self.start
        line = f"{self.label}: {done}" + (f"/{total}" if total else "") + f" {self.unit}, {_clock(elapsed)} elapsed"
        if total and done:
            line += f", about {_clock(elapsed * (total - done) / done)} left ({done / total:.0%})"
        self.write(line)


def _clock(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


@contextmanager
def progress(label: str, total: int | None, unit: str = "games") -> Iterator[Callable[..., None]]:
    """Progress on stderr, as update(done, total, what=None) (`what`: a new stage's label): a bar on
    a terminal (refreshed by the updates only: no thread while worker processes are forked), else a
    Ticker's lines."""
    if sys.stderr.isatty():
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      TimeRemainingColumn(), console=Console(stderr=True), transient=True, auto_refresh=False) as bar:
            task = bar.add_task(label, total=total)
            yield lambda done, total=None, what=None: bar.update(task, completed=done, total=total, description=what,
                                                                 refresh=True)
    else:
        ticker = Ticker(label, unit, lambda line: click.echo(line, err=True))
        yield ticker.update


def say(line: str) -> None:
    """A line of what the command is doing, on stderr (e.g. "drawing the report…")."""
    click.echo(line, err=True)


def check_file(path: str | None, option: str) -> None:
    """A usage error (exit 2) now, before any game is played, if `path` cannot be written."""
    if path is None or path == "-":
        return
    p = Path(path)
    if p.is_dir():
        raise click.BadParameter(f"{path} is a folder, not a file", param_hint=f"'{option}'")
    folder = p.parent
    if not folder.is_dir():
        raise click.BadParameter(f"cannot write {path}: no folder {folder}", param_hint=f"'{option}'")
    try:
        if p.exists():
            with open(p, "a"):
                pass
        else:
            with tempfile.TemporaryFile(dir=folder):
                pass
    except OSError as e:
        raise click.BadParameter(f"cannot write {path}: {e.strerror or e}", param_hint=f"'{option}'") from None


def check_folder(path: str, option: str) -> None:
    """A usage error (exit 2) now, before any game is played, if the folder `path` cannot be made
    or written (it is made if need be)."""
    if Path(path).exists() and not Path(path).is_dir():
        raise click.BadParameter(f"{path} is a file, not a folder", param_hint=f"'{option}'")
    try:
        os.makedirs(path, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as e:
        raise click.BadParameter(f"cannot write into the folder {path}: {e.strerror or e}",
                                 param_hint=f"'{option}'") from None


def emit_json(json_out: str | None, text: str) -> bool:
    """Hand the JSON to where --json [FILE] says; True when the text should be printed as well
    (no --json, or --json FILE)."""
    if json_out is None:
        return True
    if json_out == "-":
        click.echo(text)
        return False
    with open(json_out, "w", encoding="utf-8") as f:
        f.write(text + "\n")
    say(f"wrote {json_out}")
    return True


def interrupted() -> None:
    """End the command with exit status 130 (after Ctrl-C), once what finished is printed."""
    raise click.exceptions.Exit(INTERRUPTED)


__all__ = ["INTERRUPTED", "PIPE_WIDTH", "Ticker", "check_file", "check_folder", "console", "emit_json", "interrupted", "progress",
           "say", "table"]
