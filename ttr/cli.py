"""The `ttr` command: a group whose subcommands live in ttr/commands/ (one module each,
defining `command`)."""
from __future__ import annotations

import importlib
import pkgutil
import sys

import click

from . import commands
from .version import __version__


@click.group()
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
