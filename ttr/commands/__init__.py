"""Subcommands of `ttr` that live in their own modules (registered in ttr/cli.py)."""
