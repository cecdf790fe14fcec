"""The raw records of a run: a CSV file with one row per game per seat (FIELDS, described in
docs/analyze.md), and beside it a JSON file of the same name saying what was run (RunInfo), with
the map itself when it came from a designer's file, so a report can be drawn again from the
records alone."""
from __future__ import annotations

import csv
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..errors import TtrError

# Score sources, in the order they are shown; each is a signed part of `total`.
SOURCES = (("pts_routes", "routes"), ("pts_tickets", "tickets"), ("pts_bonuses", "bonuses"),
           ("pts_stations", "stations"), ("pts_harbors", "harbors"), ("pts_exchanges", "exchanges"),
           ("pts_money", "money held"), ("pts_trains_left", "trains-left bonus"), ("pts_floor", "floor at $0"))
INT_FIELDS = ("game", "players", "seed", "rotation", "seat", "turns", "actions", "total", "rank",
              *(s for s, _ in SOURCES), "stations_built", "harbors_built", "trains_left", "forced_passes",
              "forced_ticket_draws", "dry_turns", "stuck_turns", "capped_turns")
LIST_FIELDS = ("tickets_kept", "tickets_done", "routes", "arc", "route_turns", "lanes_closed", "offered_setup",
               "kept_setup", "offered_later", "kept_later")
FIELDS = ("game", "map", "edition", "players", "seed", "rotation", "seat", "bot", "turns", "actions", "ended",
          "total", "rank", "win", *(s for s, _ in SOURCES), "tickets_kept", "tickets_done", "routes",
          "stations_built", "harbors_built", "longest_path", "trains_left", "forced_passes", "forced_ticket_draws",
          "arc", "route_turns", "lanes_closed", "offered_setup", "kept_setup", "offered_later", "kept_later",
          "dry_turns", "stuck_turns", "capped_turns")
# /2 added route_turns .. capped_turns; a /1 file lacks them and is refused with a clear message.
FORMAT = "ttr-analyze/2"
ADDED_IN_2 = ("route_turns", "lanes_closed", "offered_setup", "kept_setup", "offered_later", "kept_later",
              "dry_turns", "stuck_turns", "capped_turns")


@dataclass
class RunInfo:
    """What was run (the sidecar of a records file)."""
    map: str
    title: str
    edition: str
    players: list[int]
    bots: list[str]
    games: int                     # asked, per player count
    seed: int
    backend: str = "local"
    workers: int | None = 1        # None: all of a Ray cluster's CPUs
    ttr_version: str = ""
    map_file: str | None = None    # a designer's map file
    map_data: dict | None = None   # its JSON, kept so the report can be drawn again
    games_played: int = 0
    stopped: bool = False          # Ctrl-C: the records are the games finished
    seconds: float = 0.0
    started: str = ""
    command: str = ""
    format: str = FORMAT
    extra: dict = field(default_factory=dict)
    rules: dict = field(default_factory=dict)  # rules changed: name -> {"value", "stock"} (variants.changed)
    experiment: dict | None = None  # the experiment file run: {"path", "text", "overrides"}


def sidecar(csv_path: Path) -> Path:
    return csv_path.with_suffix(".json")


def write(rows: list[dict], info: RunInfo, csv_path: Path) -> None:
    """Write the records and their sidecar (rows in game, then seat order)."""
    with open(csv_path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS)
        w.writeheader()
        for r in rows:
            w.writerow({**r, **{k: " ".join(map(str, r[k])) for k in LIST_FIELDS},
                        "longest_path": "" if r["longest_path"] is None else r["longest_path"]})
    sidecar(csv_path).write_text(json.dumps(asdict(info), indent=1) + "\n")


def _typed(row: dict, line: int, path: Path) -> dict:
    try:
        out = dict(row)
        for k in INT_FIELDS:
            out[k] = int(row[k])
        out["win"] = float(row["win"])
        out["longest_path"] = int(row["longest_path"]) if row["longest_path"] else None
        for k in LIST_FIELDS:
            out[k] = [int(x) for x in row[k].split()]
        return out
    except (KeyError, TypeError, ValueError) as e:
        raise TtrError(f"{path}: line {line}: not a ttr analyze record ({type(e).__name__}: {e})") from None


def read(path: str | Path) -> tuple[list[dict], RunInfo | None]:
    """The rows of a records file (a CSV, or a report folder holding records.csv) and its sidecar
    (None if it is missing)."""
    p = Path(path)
    if p.is_dir():
        p = p / "records.csv"
    if not p.is_file():
        raise TtrError(f"{p}: no such records file")
    with open(p, newline="") as f:
        reader = csv.DictReader(f)
        missing = [c for c in FIELDS if c not in (reader.fieldnames or ())]
        if missing and all(c in ADDED_IN_2 for c in missing):
            raise TtrError(f"{p}: records of an older ttr analyze (format ttr-analyze/1, no column {missing[0]!r}): "
                           "play the run again with this version (its command is in records.json)")
        if missing:
            raise TtrError(f"{p}: not a ttr analyze records file (no column {missing[0]!r})")
        rows = [_typed(r, i + 2, p) for i, r in enumerate(reader)]
    if not rows:
        raise TtrError(f"{p}: no records")
    info = None
    side = sidecar(p)
    if side.is_file():
        data = json.loads(side.read_text())
        known = RunInfo.__dataclass_fields__
        info = RunInfo(**{k: v for k, v in data.items() if k in known})
    return rows, info


def games_of(rows: list[dict]) -> list[list[dict]]:
    """Rows grouped by game (each game's seats in seat order), games in index order."""
    by: dict[int, list[dict]] = {}
    for r in rows:
        by.setdefault(r["game"], []).append(r)
    return [sorted(by[g], key=lambda r: r["seat"]) for g in sorted(by)]


__all__ = ["FIELDS", "FORMAT", "RunInfo", "SOURCES", "games_of", "read", "sidecar", "write"]
