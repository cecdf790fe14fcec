"""The database: SQLAlchemy Core over SQLite (the default, WAL mode) or PostgreSQL.

Every change is committed before the server answers: a game's creation, each
action (with the game row's ply, seat to move and result), an undo, a seat
handed over. Changes that arrive together share one transaction (GroupCommit).
Appending action n succeeds only if the game row still says ply n (optimistic
concurrency: two writers of one game, e.g. two server processes, cannot both
append the same ply; the loser gets Conflict and nothing is written). The schema is created and upgraded by Alembic on open.
"""
from __future__ import annotations

import json
import logging
import os
import queue
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import IO, Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection, Engine, make_url

from .schema import actions, choices, games, seats

log = logging.getLogger("ttr.server")


class StorageError(Exception):
    """The database refused or failed a write; nothing was changed."""


class Conflict(StorageError):
    """Another writer changed the game first (its ply moved on)."""


@dataclass
class SeatRow:
    seat: int
    kind: str                  # 'human' or 'bot'
    bot: str | None
    name: str | None
    token_hash: str | None


@dataclass
class GameRow:
    id: str
    map: str
    players: int
    seed: int
    random_first: bool
    options: dict
    status: str
    ply: int
    to_move: int | None
    admin_hash: str
    created: float
    updated: float
    result: dict | None
    seats: list[SeatRow] = field(default_factory=list)
    choices: dict[int, str] = field(default_factory=dict)  # seat -> a setup choice made ahead of its turn


@dataclass
class ActionRow:
    n: int
    seat: int
    text: str
    at: float


def database_url(url: str) -> str:
    """postgresql:// means psycopg 3 (the driver ttr depends on); a plain path is an SQLite file."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        return "sqlite:///" + str(Path(url).expanduser().absolute())
    return url


class Taken(Exception):
    """Another server process serves this SQLite file."""


def sole_sqlite_server(url: str) -> IO[str] | None:
    """One server process per SQLite file (each keeps games in memory, and SQLite tells no other
    process of a change, so a second one would serve stale games): an exclusive lock on
    '<file>.lock', held until the process ends (the open file returned: keep it). None for
    PostgreSQL, an in-memory database or a folder that does not exist (opening it will say so);
    Taken naming the process that holds it."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX: no lock
        return None
    u = make_url(database_url(url))
    if not u.drivername.startswith("sqlite") or not u.database or u.database == ":memory:":
        return None
    path = Path(u.database + ".lock")
    if not path.parent.is_dir():
        return None
    f = open(path, "a+", encoding="utf-8")  # noqa: SIM115 - held open for the process's life
    try:
        fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        f.seek(0)
        holder = f.read().strip() or "?"
        f.close()
        raise Taken(f"another ttr server (process {holder}) serves {u.database}; an SQLite file serves one "
                    "process: stop that one, or use PostgreSQL to run several (docs/protocol.md)") from None
    f.seek(0)
    f.truncate()
    f.write(str(os.getpid()))
    f.flush()
    return f


def safe_url(url: str) -> str:
    """The URL with its password hidden (for printing)."""
    try:
        return make_url(database_url(url)).render_as_string(hide_password=True)
    except (sa.exc.ArgumentError, ValueError):
        return "(not a database URL)"


def _sqlite_connect(dbapi_conn, _record) -> None:
    dbapi_conn.isolation_level = None  # SQLAlchemy says BEGIN (below): savepoints then work
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA busy_timeout = 10000")  # wait for another connection's lock, first of all
    cur.execute("PRAGMA journal_mode = WAL")    # a commit is one append to the log
    cur.execute("PRAGMA synchronous = FULL")    # ... synced before COMMIT returns
    cur.execute("PRAGMA foreign_keys = ON")
    cur.close()


def _sqlite_begin(conn) -> None:
    """Writes take the write lock at BEGIN (waiting for it), reads take none."""
    conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("write") else "BEGIN")


@contextmanager
def write_transaction(engine: Engine) -> Iterator[Connection]:
    with engine.connect().execution_options(write=True) as conn, conn.begin():
        yield conn


_MIGRATING = threading.Lock()  # Alembic's context is global: one migration at a time in a process


class _Job:
    __slots__ = ("fn", "done", "error")

    def __init__(self, fn: Callable[[Connection], None]):
        self.fn = fn
        self.done = threading.Event()
        self.error: BaseException | None = None


def _translate(e: BaseException) -> BaseException:
    if isinstance(e, StorageError):
        return e
    if isinstance(e, sa.exc.IntegrityError):
        return Conflict(f"the game changed meanwhile ({e.orig})")
    if isinstance(e, sa.exc.SQLAlchemyError):
        # the statement and its parameters (token hashes among them) stay out of what clients see
        log.warning("database error: %s", getattr(e, "orig", None) or type(e).__name__)
        return StorageError(f"database error ({type(getattr(e, 'orig', None) or e).__name__})")
    return e


class GroupCommit:
    """One writer thread: the writes that arrive while a transaction commits go into the next
    one together, and each caller returns once its transaction has committed. Many games' moves
    then share one disk sync, and a move is still stored before it is answered. One write that
    fails must not fail the others: with `savepoints` (PostgreSQL, where several processes may
    conflict) each write has its own; otherwise (SQLite: one process, conflicts are rare) a
    failed batch is written again one write per transaction."""

    BATCH = 256

    def __init__(self, engine: Engine, savepoints: bool):
        self.engine = engine
        self.savepoints = savepoints
        self.jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self.thread: threading.Thread | None = None  # started by the first write after a close
        self._lock = threading.Lock()

    def run(self, fn: Callable[[Connection], None]) -> None:
        job = _Job(fn)
        with self._lock:
            if self.thread is None:
                self.thread = threading.Thread(target=self._loop, name="ttr-db-writer", daemon=True)
                self.thread.start()
            self.jobs.put(job)
        job.done.wait()
        if job.error is not None:
            raise job.error

    def close(self) -> None:
        """Write what is queued, then stop (a later write starts the writer again)."""
        with self._lock:
            if self.thread is not None:
                self.jobs.put(None)
                self.thread.join()
                self.thread = None

    def _loop(self) -> None:
        while True:
            job = self.jobs.get()
            if job is None:
                return
            batch = [job]
            while len(batch) < self.BATCH:
                try:
                    nxt = self.jobs.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    self.jobs.put(None)
                    break
                batch.append(nxt)
            self._commit(batch)

    def _commit(self, batch: list[_Job]) -> None:
        if not self._transaction(batch) and len(batch) > 1:
            for j in batch:
                j.error = None
                self._transaction([j])
        for j in batch:
            j.done.set()

    def _transaction(self, batch: list[_Job]) -> bool:
        """Write the batch in one transaction; False (every job's error set) if it was rolled back."""
        try:
            with write_transaction(self.engine) as conn:
                for j in batch:
                    if self.savepoints and len(batch) > 1:
                        try:
                            with conn.begin_nested():
                                j.fn(conn)
                        except Exception as e:  # noqa: BLE001 - this write alone fails
                            j.error = _translate(e)
                    else:
                        j.fn(conn)
            return True
        except Exception as e:  # noqa: BLE001 - rolled back: none of them is stored
            for j in batch:
                j.error = j.error or _translate(e)
            return False


# The statements of every move, built once (building one costs more than running it).
_MOVE_PLY = games.update().where(games.c.id == sa.bindparam("b_gid"), games.c.ply == sa.bindparam("b_old")).values(
    ply=sa.bindparam("b_ply"), to_move=sa.bindparam("b_to_move"), status=sa.bindparam("b_status"),
    updated=sa.bindparam("b_at"), result=sa.bindparam("b_result"))
_INSERT_ACTION = actions.insert()


class Store:
    def __init__(self, url: str):
        self.url = database_url(url)
        self.sqlite = self.url.startswith("sqlite")
        kw: dict[str, Any] = {}
        if self.sqlite:
            kw["connect_args"] = {"check_same_thread": False, "timeout": 10}
            if ":memory:" in self.url or self.url in ("sqlite://", "sqlite:///"):
                kw["poolclass"] = sa.pool.StaticPool
        else:
            kw.update(pool_size=8, max_overflow=16, pool_pre_ping=True)
        self.engine: Engine = sa.create_engine(self.url, **kw)
        if self.sqlite:
            sa.event.listen(self.engine, "connect", _sqlite_connect)
            sa.event.listen(self.engine, "begin", _sqlite_begin)
        self.migrate()
        self.writer = GroupCommit(self.engine, savepoints=not self.sqlite)

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    def migrate(self) -> None:
        """Create or upgrade the schema to the newest migration."""
        cfg = Config()
        cfg.set_main_option("script_location", str(resources.files("ttr.server") / "migrations"))
        with _MIGRATING, write_transaction(self.engine) as conn:
            if self.engine.dialect.name == "postgresql":  # processes starting together migrate one at a time
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(7437001)"))
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    def ping(self) -> bool:
        """Whether the database answers."""
        try:
            with self.engine.connect() as conn:
                conn.execute(sa.text("SELECT 1"))
            return True
        except sa.exc.SQLAlchemyError:
            return False

    def revision(self) -> str | None:
        with self.engine.connect() as conn:
            return conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()

    def close(self) -> None:
        self.writer.close()
        self.engine.dispose()

    # ---------------------------------------------------------------- writes

    def create_game(self, row: GameRow, also: Callable[[Connection], None] | None = None) -> None:
        """A new game; `also(connection)` writes more in the same transaction (a campaign's link)."""
        def write(c: Connection) -> None:
            c.execute(games.insert().values(
                id=row.id, map=row.map, players=row.players, seed=row.seed, random_first=row.random_first,
                options=json.dumps(row.options, sort_keys=True), status=row.status, ply=row.ply,
                to_move=row.to_move, admin_hash=row.admin_hash, created=row.created, updated=row.updated,
                result=None))
            c.execute(seats.insert(), [dict(game_id=row.id, seat=s.seat, kind=s.kind, bot=s.bot, name=s.name,
                                             token_hash=s.token_hash) for s in row.seats])
            if also is not None:
                also(c)
        self.writer.run(write)

    def import_finished(self, row: GameRow, moves: list[ActionRow]) -> None:
        """Store a finished game whole (an imported replay): its row, seats and actions together."""
        def write(c: Connection) -> None:
            c.execute(games.insert().values(
                id=row.id, map=row.map, players=row.players, seed=row.seed, random_first=row.random_first,
                options=json.dumps(row.options, sort_keys=True), status=row.status, ply=row.ply, to_move=row.to_move,
                admin_hash=row.admin_hash, created=row.created, updated=row.updated,
                result=json.dumps(row.result, sort_keys=True) if row.result else None))
            c.execute(seats.insert(), [dict(game_id=row.id, seat=s.seat, kind=s.kind, bot=s.bot, name=s.name,
                                             token_hash=s.token_hash) for s in row.seats])
            c.execute(actions.insert(), [dict(game_id=row.id, n=a.n, seat=a.seat, text=a.text, at=a.at) for a in moves])
        self.writer.run(write)

    def _move_ply(self, c: Connection, gid: str, old: int, new: int, to_move: int | None, status: str,
                  result: dict | None, at: float) -> None:
        res = c.execute(_MOVE_PLY, {"b_gid": gid, "b_old": old, "b_ply": new, "b_to_move": to_move, "b_status": status,
                                    "b_at": at, "b_result": json.dumps(result, sort_keys=True) if result else None})
        if res.rowcount != 1:
            raise Conflict(f"game {gid} is no longer at ply {old}")

    def append(self, gid: str, n: int, seat: int, text: str, at: float, *, to_move: int | None, status: str,
               result: dict | None, notify: str | None = None, drop_choice: bool = False) -> None:
        """Store action n of game gid (Conflict if the game is not at ply n); `drop_choice`: it is
        the seat's choice made ahead, which goes in the same transaction."""
        def write(c: Connection) -> None:
            self._move_ply(c, gid, n, n + 1, to_move, status, result, at)
            c.execute(_INSERT_ACTION, {"game_id": gid, "n": n, "seat": seat, "text": text, "at": at})
            if drop_choice:
                c.execute(choices.delete().where(choices.c.game_id == gid, choices.c.seat == seat))
            self._notify(c, notify)
        self.writer.run(write)

    def set_choice(self, gid: str, seat: int, text: str | None, at: float, notify: str | None = None) -> None:
        """Keep (or, text None, drop) a seat's setup choice made ahead of its turn."""
        def write(c: Connection) -> None:
            c.execute(choices.delete().where(choices.c.game_id == gid, choices.c.seat == seat))
            if text is not None:
                c.execute(choices.insert().values(game_id=gid, seat=seat, text=text, at=at))
            c.execute(games.update().where(games.c.id == gid).values(updated=at))
            self._notify(c, notify)
        self.writer.run(write)

    def pop(self, gid: str, n: int, at: float, *, to_move: int, notify: str | None = None) -> None:
        """Remove the last action, number n (an undo; Conflict if it is not the last)."""
        def write(c: Connection) -> None:
            self._move_ply(c, gid, n + 1, n, to_move, "playing", None, at)
            res = c.execute(actions.delete().where(actions.c.game_id == gid, actions.c.n == n))
            if res.rowcount != 1:
                raise Conflict(f"game {gid} has no action {n}")
            self._notify(c, notify)
        self.writer.run(write)

    def set_seat(self, gid: str, seat: int, kind: str, bot: str | None, at: float, notify: str | None = None) -> None:
        def write(c: Connection) -> None:
            c.execute(seats.update().where(seats.c.game_id == gid, seats.c.seat == seat).values(kind=kind, bot=bot))
            c.execute(games.update().where(games.c.id == gid).values(updated=at))
            self._notify(c, notify)
        self.writer.run(write)

    def _notify(self, c: Connection, payload: str | None) -> None:
        """PostgreSQL: tell the other server processes (delivered at COMMIT, only if it commits)."""
        if payload is not None and self.dialect == "postgresql":
            c.execute(sa.text("SELECT pg_notify('ttr_games', :p)"), {"p": payload})

    # ----------------------------------------------------------------- reads

    def game(self, gid: str) -> GameRow | None:
        with self.engine.connect() as c:
            row = c.execute(games.select().where(games.c.id == gid)).mappings().first()
            if row is None:
                return None
            g = _game_row(row)
            g.seats = [SeatRow(r.seat, r.kind, r.bot, r.name, r.token_hash) for r in c.execute(
                seats.select().where(seats.c.game_id == gid).order_by(seats.c.seat))]
            g.choices = {r.seat: r.text for r in c.execute(
                sa.select(choices.c.seat, choices.c.text).where(choices.c.game_id == gid))}
            return g

    def actions(self, gid: str, since: int = 0) -> list[ActionRow]:
        with self.engine.connect() as c:
            rows = c.execute(sa.select(actions.c.n, actions.c.seat, actions.c.text, actions.c.at)
                             .where(actions.c.game_id == gid, actions.c.n >= since).order_by(actions.c.n)).all()
        out = [ActionRow(*r) for r in rows]
        if [a.n for a in out] != list(range(since, since + len(out))):
            raise StorageError(f"game {gid}: the stored actions are not numbered {since}, {since + 1}, ...")
        return out

    def list_games(self, *, status: str | None = None, ids: list[str] | None = None, limit: int = 50,
                   offset: int = 0) -> list[GameRow]:
        q = games.select()
        if status is not None:
            q = q.where(games.c.status == status)
        if ids is not None:
            q = q.where(games.c.id.in_(ids))
        q = q.order_by(games.c.updated.desc(), games.c.id).limit(limit).offset(offset)
        with self.engine.connect() as c:
            out = [_game_row(r) for r in c.execute(q).mappings()]
            if out:
                by_id = {g.id: g for g in out}
                for r in c.execute(seats.select().where(seats.c.game_id.in_(list(by_id)))
                                   .order_by(seats.c.game_id, seats.c.seat)):
                    by_id[r.game_id].seats.append(SeatRow(r.seat, r.kind, r.bot, r.name, r.token_hash))
        return out

    def games_of_tokens(self, hashes: list[str]) -> list[str]:
        """Ids of the games where one of these token hashes holds a seat or created the game."""
        if not hashes:
            return []
        with self.engine.connect() as c:
            ids = {r[0] for r in c.execute(sa.select(seats.c.game_id).where(seats.c.token_hash.in_(hashes)))}
            ids |= {r[0] for r in c.execute(sa.select(games.c.id).where(games.c.admin_hash.in_(hashes)))}
        return sorted(ids)

    def bots_to_move(self) -> list[tuple[str, int, bool]]:
        """(id, ply, whether a person plays in it) of the games in play whose seat to move is a bot
        (to resume after a restart)."""
        to_move = sa.and_(seats.c.game_id == games.c.id, seats.c.seat == games.c.to_move)
        other = seats.alias("other")
        people = sa.exists().where(other.c.game_id == games.c.id, other.c.kind != "bot")
        q = (sa.select(games.c.id, games.c.ply, people).join(seats, to_move)
             .where(games.c.status == "playing", seats.c.kind == "bot"))
        with self.engine.connect() as c:
            return [(r[0], r[1], bool(r[2])) for r in c.execute(q)]


def _game_row(r) -> GameRow:
    return GameRow(r["id"], r["map"], r["players"], r["seed"], bool(r["random_first"]), json.loads(r["options"]),
                   r["status"], r["ply"], r["to_move"], r["admin_hash"], r["created"], r["updated"],
                   json.loads(r["result"]) if r["result"] else None)


__all__ = ["ActionRow", "Conflict", "GameRow", "SeatRow", "Store", "StorageError", "Taken", "database_url", "safe_url",
           "sole_sqlite_server"]
