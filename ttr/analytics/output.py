"""A report folder: records.csv (the raw records), records.json (what was run, and the map when it
came from a file) and report.html; and reading records back with their map, to report or compare
them again."""
from __future__ import annotations

from pathlib import Path

from ..editions import EDITIONS
from ..errors import MapError, TtrError
from ..maps import Map, load_map, parse_map
from .analysis import analyse
from .records import RunInfo, read, write
from .report import render

RECORDS = "records.csv"
REPORT = "report.html"


def write_report(rows: list[dict], info: RunInfo, m: Map, out: str | Path) -> Path:
    """Write the records, their sidecar and the report into folder `out`; returns the report's path."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    write(rows, info, out / RECORDS)
    page = out / REPORT
    page.write_text(render(analyse(rows, info, m)), encoding="utf-8")
    return page


def map_of(info: RunInfo | None, rows: list[dict], where: str) -> Map:
    """The map a run was played on: kept in its sidecar, or a shipped board named by it or the records."""
    if info is not None and info.map_data is not None:
        try:
            return parse_map(info.map_data, Path(info.map_file or info.map).name)
        except MapError as e:
            raise TtrError(f"{where}: the map kept with the records is not valid: {e}") from None
    name = info.map if info is not None else rows[0]["map"]
    if name in EDITIONS:
        return load_map(name)
    raise TtrError(f"{where}: the records were played on {name!r}, which is no shipped board, and the file "
                   "records.json that keeps their map is not beside them")


def load_run(path: str | Path) -> tuple[list[dict], RunInfo, Map]:
    """Records (a CSV or a report folder), what was run, and the map."""
    rows, info = read(path)
    m = map_of(info, rows, str(path))
    if info is None:  # records without their sidecar: say what the rows say
        players = sorted({r["players"] for r in rows})
        info = RunInfo(rows[0]["map"], m.title, rows[0]["edition"], players, list(dict.fromkeys(r["bot"] for r in rows)),
                       len({r["game"] for r in rows}), min(r["seed"] for r in rows),
                       games_played=len({r["game"] for r in rows}))
    return rows, info, m


__all__ = ["RECORDS", "REPORT", "load_run", "map_of", "write_report"]
