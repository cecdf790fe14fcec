"""The `ttr` command: a group whose subcommands live in ttr/commands/ (one module each,
defining `command`). Conventions shared by all of them: docs/cli.md."""
from __future__ import annotations

import importlib
import pkgutil
import sys
from typing import Any

import click

from . import commands
from .commands.output import INTERRUPTED
from .version import __version__


class Group(click.Group):
    """Ctrl-C that no command handles itself ends with exit status 130, not click's 1."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo("\nInterrupted (Ctrl-C).", err=True)
            raise click.exceptions.Exit(INTERRUPTED) from None


@click.group(cls=Group)
@click.version_option(__version__)
def main() -> None:
    """ttr: the Ticket to Ride family of board games."""


def _register() -> None:
    for info in pkgutil.iter_modules(commands.__path__):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        if hasattr(module, "command"):
            main.add_command(module.command)


_register()

if __name__ == "__main__":
    sys.exit(main())
