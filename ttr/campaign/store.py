"""The campaign file: one SQLite database (docs/campaign.md has the schema).

Every change is one transaction: a campaign's creation, a game's start, each
action (with, for the last one, the end of the game), each decision. SQLite
commits are atomic and, in WAL mode, durable once `COMMIT` returns, so a crash
between two calls loses nothing and leaves nothing half written."""
from __future__ import annotations

import json
import sqlite3
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from .state import CampaignError, Player

KIND = "ttr-campaign"
SCHEMA_VERSION = 2  # 2 added `readings` (the story) and `packs`; a version-1 file gains them when opened

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE players (
    idx     INTEGER PRIMARY KEY,
    name    TEXT NOT NULL UNIQUE,
    company TEXT NOT NULL UNIQUE CHECK (company IN ('blue', 'black', 'red', 'yellow', 'green')));
CREATE TABLE campaign (
    id        INTEGER PRIMARY KEY CHECK (id = 1),
    seed      INTEGER NOT NULL,
    map       TEXT NOT NULL,
    pack_name TEXT NOT NULL,
    pack_json TEXT NOT NULL,
    created   TEXT NOT NULL);
CREATE TABLE games (
    game         INTEGER PRIMARY KEY CHECK (game BETWEEN 1 AND 12),
    year         INTEGER NOT NULL,
    seed         INTEGER NOT NULL,
    setup_json   TEXT NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('playing', 'removal', 'done')),
    result_json  TEXT,
    discard_json TEXT);
CREATE TABLE seats (
    game   INTEGER NOT NULL REFERENCES games(game),
    seat   INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 4),
    player INTEGER NOT NULL REFERENCES players(idx),
    PRIMARY KEY (game, seat), UNIQUE (game, player));
CREATE TABLE absences (
    game   INTEGER NOT NULL REFERENCES games(game),
    player INTEGER NOT NULL REFERENCES players(idx),
    PRIMARY KEY (game, player));
CREATE TABLE actions (
    game INTEGER NOT NULL REFERENCES games(game),
    n    INTEGER NOT NULL CHECK (n >= 0),
    seat INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (game, n));
CREATE TABLE slips (
    game                   INTEGER NOT NULL REFERENCES games(game),
    player                 INTEGER NOT NULL REFERENCES players(idx),
    seat                   INTEGER NOT NULL,
    rank                   INTEGER NOT NULL,
    money_held             INTEGER NOT NULL,
    remaining_trains_bonus INTEGER NOT NULL,
    ticket_points          INTEGER NOT NULL,
    total                  INTEGER NOT NULL CHECK (total >= 0),
    PRIMARY KEY (game, player));
CREATE TABLE caboose (
    seq    INTEGER PRIMARY KEY,
    game   INTEGER NOT NULL CHECK (game BETWEEN 0 AND 12),
    player INTEGER NOT NULL REFERENCES players(idx),
    reason TEXT NOT NULL CHECK (reason IN ('random-start', 'holder-absent', 'last-place')));
CREATE TABLE removals (
    game     INTEGER PRIMARY KEY REFERENCES games(game),
    player   INTEGER NOT NULL REFERENCES players(idx),
    event_id TEXT,
    how      TEXT NOT NULL CHECK (how IN ('chosen', 'auto', 'empty')));
CREATE TABLE changes (
    after       INTEGER PRIMARY KEY REFERENCES games(game),
    change_json TEXT NOT NULL);
CREATE TABLE readings (
    game        INTEGER NOT NULL REFERENCES games(game),
    point       TEXT NOT NULL CHECK (point IN ('setup', 'end')),
    record_json TEXT NOT NULL,
    PRIMARY KEY (game, point));
CREATE TABLE packs (
    seq       INTEGER PRIMARY KEY,
    from_game INTEGER NOT NULL CHECK (from_game BETWEEN 1 AND 13),
    pack_name TEXT NOT NULL,
    pack_json TEXT NOT NULL,
    replaced  TEXT NOT NULL);
CREATE TABLE awards (
    game   INTEGER NOT NULL REFERENCES games(game),
    player INTEGER NOT NULL REFERENCES players(idx),
    amount INTEGER NOT NULL CHECK (amount >= 0),
    rule   TEXT NOT NULL,
    PRIMARY KEY (game, player));
"""
ACTION_SQL = "INSERT INTO actions (game, n, seat, text) VALUES (?, ?, ?, ?)"  # write_action's (a log may leave it out)
TABLES = ("meta", "players", "campaign", "games", "seats", "absences", "actions", "slips", "caboose", "removals",
          "changes", "awards", "readings", "packs")
VERSION_2 = SCHEMA[SCHEMA.index("CREATE TABLE readings"):SCHEMA.index("CREATE TABLE awards")]  # what 1 lacks


@dataclass
class Snapshot:
    """Everything in the file except the actions of finished games."""
    seed: int
    map: str
    pack_json: dict
    players: list[Player]
    games: list[dict]                       # rows of `games`, in order, JSON columns decoded
    seats: dict[int, list[int]]             # game -> player per seat
    absences: dict[int, list[int]]          # game -> absent players
    slips: dict[tuple[int, int], dict]      # (game, player) -> row
    caboose: list[dict]                     # rows, in order
    removals: dict[int, dict]               # game -> row
    changes: dict[int, dict]                # after -> change record
    awards: dict[tuple[int, int], int]
    readings: dict[tuple[int, str], dict] = field(default_factory=dict)  # (game, "setup"|"end") -> story.read's record
    actions: list[tuple[int, str]] = field(default_factory=list)  # (seat, text) of the game in progress


class InUse:
    """This process's claim on a campaign file: `FILE.lock` held with an OS lock, which the OS
    releases when the process ends however it ends, so a crash never leaves a campaign locked."""

    def __init__(self, path: Path):
        self.path = path
        lock = Path(f"{path}.lock")
        try:
            self.file = open(lock, "a+b")  # noqa: SIM115 - held until release()
        except OSError as e:
            raise CampaignError(f"cannot open {path}: cannot create {lock} ({e.strerror})") from None
        try:
            if sys.platform == "win32":  # pragma: no cover - Windows (written so that mypy knows)
                import msvcrt
                self.file.seek(0)
                msvcrt.locking(self.file.fileno(), msvcrt.LK_NBLCK, 1)
            else:
                import fcntl
                fcntl.flock(self.file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self.file.close()
            raise CampaignError(f"{path} is in use: another ttr is playing it (`ttr campaign play` or `remove`); "
                                "try again when it has finished (`ttr campaign status` works meanwhile)") from None

    def release(self) -> None:
        self.file.close()


class Recorder:
    """A connection that hands each transaction's changes, as [SQL, parameters] pairs (JSON-ready),
    to `record` as it commits: a log from which `Store.memory` rebuilds the campaign. When `record`
    raises, the transaction is rolled back and the error goes on: the log and the store agree."""

    def __init__(self, conn: sqlite3.Connection, record):
        self._conn, self._record = conn, record
        self._tx: list[list] | None = None

    def execute(self, sql: str, params=()):
        word = sql.lstrip()[:8].upper()
        if word.startswith("BEGIN"):
            self._tx = []
        elif word.startswith("COMMIT"):
            changes, self._tx = self._tx, None
            if changes:
                try:
                    self._record(changes)
                except BaseException:
                    self._conn.execute("ROLLBACK")
                    raise
        elif word.startswith("ROLLBACK"):
            self._tx = None
        elif self._tx is not None and not word.startswith("SELECT"):
            self._tx.append([sql, list(params)])
        return self._conn.execute(sql, params)

    def executemany(self, sql: str, rows):
        rows = [list(r) for r in rows]
        if self._tx is not None:
            self._tx += [[sql, r] for r in rows]
        return self._conn.executemany(sql, rows)

    def __getattr__(self, name: str):
        return getattr(self._conn, name)


class Store:
    def __init__(self, conn: sqlite3.Connection, path: str, lock: InUse | None = None):
        self.conn = conn
        self.path = path
        self.lock = lock

    # ---------------------------------------------------------- open/create

    @staticmethod
    def _connect(path: Path, mode: str, durable: bool) -> sqlite3.Connection:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode={mode}", uri=True, isolation_level=None)
        try:
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute(f"PRAGMA synchronous = {'FULL' if durable else 'NORMAL'}")
            conn.execute("PRAGMA busy_timeout = 5000")
        except Exception:
            conn.close()
            raise
        return conn

    @staticmethod
    def _wal(conn: sqlite3.Connection) -> None:
        """WAL: a commit is one append to the log (a file that is not a campaign is never switched)."""
        if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            conn.execute("PRAGMA journal_mode = WAL")

    @classmethod
    def create(cls, path: str | Path, fill, durable: bool = True) -> "Store":
        """A new campaign file; `fill(store)` writes its rows in the creating transaction.
        An existing file is never touched; a failed creation leaves no file."""
        p = Path(path)
        if p.exists():
            raise CampaignError(f"{p} already exists; choose a new file for a new campaign")
        if not p.parent.is_dir():
            raise CampaignError(f"cannot create {p}: no directory {p.parent}")
        claim = InUse(p)
        try:
            conn = cls._connect(p, "rwc", durable)
        except sqlite3.Error as e:
            claim.release()
            Path(f"{p}.lock").unlink(missing_ok=True)
            raise CampaignError(f"cannot create {p}: {e}") from None
        store = cls(conn, str(p), claim)
        try:
            cls._wal(conn)
            with store.tx():
                for stmt in SCHEMA.split(";"):
                    if stmt.strip():
                        conn.execute(stmt)
                conn.executemany("INSERT INTO meta VALUES (?, ?)",
                                 [("kind", KIND), ("schema_version", str(SCHEMA_VERSION))])
                fill(store)
        except BaseException:
            store.close()
            for suffix in ("", "-wal", "-shm", "-journal", ".lock"):
                Path(str(p) + suffix).unlink(missing_ok=True)
            raise
        return store

    @classmethod
    def open(cls, path: str | Path, durable: bool = True, lock: bool = True) -> "Store":
        """An existing campaign file. `lock`: for changing it, which one process at a time may
        (CampaignError if another holds it); without, for reading only."""
        p = Path(path)
        if not p.exists():
            raise CampaignError(f"no campaign file {p}")
        if p.is_dir():
            raise CampaignError(f"{p} is a directory, not a campaign file")
        claim = InUse(p) if lock else None
        try:
            store = cls._open(p, durable)
        except BaseException:
            if claim:
                claim.release()
            raise
        store.lock = claim
        return store

    @classmethod
    def _open(cls, p: Path, durable: bool) -> "Store":
        try:
            conn = cls._connect(p, "rw", durable)
        except sqlite3.DatabaseError as e:
            raise CampaignError(f"{p} is not a campaign file (not an SQLite database: {e})") from None
        try:
            names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            meta = dict(conn.execute("SELECT key, value FROM meta")) if "meta" in names else {}
        except sqlite3.DatabaseError as e:
            conn.close()
            raise CampaignError(f"{p} is not a campaign file (not an SQLite database: {e})") from None
        if meta.get("kind") != KIND:
            conn.close()
            raise CampaignError(f"{p} is an SQLite database but not a ttr campaign")
        if meta.get("schema_version") == "1":  # version 2 only adds tables: add them
            try:
                conn.executescript("BEGIN IMMEDIATE;" + VERSION_2
                                   + "UPDATE meta SET value = '2' WHERE key = 'schema_version'; COMMIT;")
            except sqlite3.Error as e:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                conn.close()
                raise CampaignError(f"cannot bring {p} to campaign schema version {SCHEMA_VERSION}: {e}") from None
            meta["schema_version"], names = str(SCHEMA_VERSION), names | {"readings", "packs"}
        if meta.get("schema_version") != str(SCHEMA_VERSION):
            conn.close()
            raise CampaignError(f"{p} has campaign schema version {meta.get('schema_version')}; "
                                f"this ttr reads version {SCHEMA_VERSION}")
        missing = [t for t in TABLES if t not in names]
        if missing:
            conn.close()
            raise CampaignError(f"{p} is damaged: table(s) {', '.join(missing)} missing")
        try:
            cls._wal(conn)
        except sqlite3.Error as e:
            conn.close()
            raise CampaignError(f"cannot open {p}: {e}") from None
        return cls(conn, str(p))

    @classmethod
    def memory(cls, name: str, record=None, log=(), fill=None) -> "Store":
        """A campaign kept in memory (`name` for messages), rebuilt from `log` (the transactions a
        Recorder handed over, in order), then `fill(store)` written in one transaction if given.
        With `record`, every later transaction is handed to it as it commits (Recorder): whoever
        keeps the log keeps the campaign."""
        conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA foreign_keys = ON")
        conn.executescript("BEGIN;" + SCHEMA + ";COMMIT;")
        conn.executemany("INSERT INTO meta VALUES (?, ?)", [("kind", KIND), ("schema_version", str(SCHEMA_VERSION))])
        store = cls(conn, name)
        try:
            for changes in log:
                with store.tx():
                    for sql, params in changes:
                        conn.execute(sql, params)
        except CampaignError:
            conn.close()
            raise CampaignError(f"{name} is damaged: its stored changes do not rebuild it") from None
        if record is not None:
            store.conn = Recorder(conn, record)  # type: ignore[assignment]  # a connection to its users
        if fill is not None:
            with store.tx():
                fill(store)
        return store

    def close(self) -> None:
        self.conn.close()
        if self.lock:
            self.lock.release()
            self.lock = None

    @contextmanager
    def tx(self):
        """One transaction: committed whole, or rolled back whole."""
        c = self.conn
        try:
            c.execute("BEGIN IMMEDIATE")
            try:
                yield c
            except BaseException:
                c.execute("ROLLBACK")
                raise
            c.execute("COMMIT")
        except sqlite3.Error as e:
            if c.in_transaction:
                c.execute("ROLLBACK")
            raise CampaignError(f"cannot write to {self.path} ({e}); nothing was changed") from None

    # ---------------------------------------------------------------- reads

    def load(self) -> Snapshot:
        """Read the campaign (CampaignError if the rows do not make sense)."""
        try:
            return self._load()
        except CampaignError:
            raise
        except (sqlite3.Error, ValueError, KeyError, TypeError, IndexError) as e:
            raise CampaignError(f"{self.path} is damaged: {type(e).__name__}: {e}") from None

    def _load(self) -> Snapshot:
        c = self.conn
        row = c.execute("SELECT seed, map, pack_json FROM campaign WHERE id = 1").fetchone()
        if row is None:
            raise CampaignError(f"{self.path} is damaged: no campaign row")
        players = [Player(i, n, co) for i, n, co in c.execute("SELECT idx, name, company FROM players ORDER BY idx")]
        games = []
        for g, y, s, setup, status, result, discard in c.execute(
                "SELECT game, year, seed, setup_json, status, result_json, discard_json FROM games ORDER BY game"):
            games.append({"game": g, "year": y, "seed": s, "setup": json.loads(setup), "status": status,
                          "result": json.loads(result) if result else None,
                          "discard": json.loads(discard) if discard else None})
        seats: dict[int, list[int]] = {}
        for g, _seat, p in c.execute("SELECT game, seat, player FROM seats ORDER BY game, seat"):
            seats.setdefault(g, []).append(p)
        absences: dict[int, list[int]] = {}
        for g, p in c.execute("SELECT game, player FROM absences ORDER BY game, player"):
            absences.setdefault(g, []).append(p)
        cols = ("seat", "rank", "money_held", "remaining_trains_bonus", "ticket_points", "total")
        slips = {(r[0], r[1]): dict(zip(cols, r[2:])) for r in c.execute(
            f"SELECT game, player, {', '.join(cols)} FROM slips")}
        caboose = [{"game": g, "player": p, "reason": r} for g, p, r in c.execute(
            "SELECT game, player, reason FROM caboose ORDER BY seq")]
        removals = {g: {"game": g, "player": p, "event": e, "how": h} for g, p, e, h in c.execute(
            "SELECT game, player, event_id, how FROM removals")}
        changes = {a: json.loads(j) for a, j in c.execute("SELECT after, change_json FROM changes")}
        awards = {(g, p): a for g, p, a in c.execute("SELECT game, player, amount FROM awards")}
        readings = {(g, pt): json.loads(j) for g, pt, j in c.execute("SELECT game, point, record_json FROM readings")}
        snap = Snapshot(row[0], row[1], json.loads(row[2]), players, games, seats, absences, slips, caboose,
                        removals, changes, awards, readings)
        if games and games[-1]["status"] == "playing":
            snap.actions = self.actions(games[-1]["game"])
        return snap

    def actions(self, game: int) -> list[tuple[int, str]]:
        rows = list(self.conn.execute("SELECT n, seat, text FROM actions WHERE game = ? ORDER BY n", (game,)))
        if [r[0] for r in rows] != list(range(len(rows))):
            raise CampaignError(f"{self.path} is damaged: the actions of game {game} are not numbered 0, 1, 2, ...")
        return [(s, t) for _, s, t in rows]

    # --------------------------------------------------------------- writes
    # (called inside tx())

    def write_campaign(self, seed: int, map_name: str, pack_name: str, pack_json: dict, created: str,
                       players: list[Player]) -> None:
        c = self.conn
        c.executemany("INSERT INTO players (idx, name, company) VALUES (?, ?, ?)",
                      [(p.idx, p.name, p.company) for p in players])
        c.execute("INSERT INTO campaign (id, seed, map, pack_name, pack_json, created) VALUES (1, ?, ?, ?, ?, ?)",
                  (seed, map_name, pack_name, json.dumps(pack_json, sort_keys=True), created))

    def write_caboose(self, game: int, player: int, reason: str) -> None:
        self.conn.execute("INSERT INTO caboose (game, player, reason) VALUES (?, ?, ?)", (game, player, reason))

    def write_game(self, game: int, year: int, seed: int, setup: dict, seats: list[int], absent: list[int]) -> None:
        c = self.conn
        c.execute("INSERT INTO games (game, year, seed, setup_json, status) VALUES (?, ?, ?, ?, 'playing')",
                  (game, year, seed, json.dumps(setup, sort_keys=True)))
        c.executemany("INSERT INTO seats (game, seat, player) VALUES (?, ?, ?)",
                      [(game, s, p) for s, p in enumerate(seats)])
        c.executemany("INSERT INTO absences (game, player) VALUES (?, ?)", [(game, p) for p in absent])

    def write_action(self, game: int, n: int, seat: int, text: str) -> None:
        self.conn.execute(ACTION_SQL, (game, n, seat, text))

    def write_end(self, game: int, result: dict, discard: list[str], slips: list[tuple]) -> None:
        c = self.conn
        c.execute("UPDATE games SET status = 'removal', result_json = ?, discard_json = ? WHERE game = ?",
                  (json.dumps(result, sort_keys=True), json.dumps(discard), game))
        c.executemany("INSERT INTO slips (game, player, seat, rank, money_held, remaining_trains_bonus, "
                      "ticket_points, total) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", slips)

    def write_removal(self, game: int, player: int, event_id: str | None, how: str) -> None:
        self.conn.execute("INSERT INTO removals (game, player, event_id, how) VALUES (?, ?, ?, ?)",
                          (game, player, event_id, how))

    def write_change(self, after: int, record: dict) -> None:
        self.conn.execute("INSERT INTO changes (after, change_json) VALUES (?, ?)",
                          (after, json.dumps(record, sort_keys=True)))

    def write_pack(self, pack_name: str, pack_json: dict, from_game: int, replaced: str) -> None:
        """The campaign's pack replaced (rulebook 123): the old one is kept in `packs` with the
        game the new one applies from."""
        c = self.conn
        old_name, old_json = c.execute("SELECT pack_name, pack_json FROM campaign WHERE id = 1").fetchone()
        c.execute("INSERT INTO packs (from_game, pack_name, pack_json, replaced) VALUES (?, ?, ?, ?)",
                  (from_game, old_name, old_json, replaced))
        c.execute("UPDATE campaign SET pack_name = ?, pack_json = ? WHERE id = 1",
                  (pack_name, json.dumps(pack_json, sort_keys=True)))

    def write_reading(self, record: dict) -> None:
        self.conn.execute("INSERT INTO readings (game, point, record_json) VALUES (?, ?, ?)",
                          (record["game"], record["point"], json.dumps(record, sort_keys=True)))

    def write_done(self, game: int) -> None:
        self.conn.execute("UPDATE games SET status = 'done' WHERE game = ?", (game,))

    def write_awards(self, awards: list[tuple[int, int, int, str]]) -> None:
        self.conn.executemany("INSERT INTO awards (game, player, amount, rule) VALUES (?, ?, ?, ?)", awards)


__all__ = ["Store", "Recorder", "ACTION_SQL", "Snapshot", "SCHEMA", "SCHEMA_VERSION", "KIND", "TABLES"]
