"""The package version (one place; ttr.__version__ re-exports it)."""
__version__ = "0.2.0"
