"""Several server processes on one PostgreSQL database: each commit of a change sends
NOTIFY ttr_games '<game> <ply> <process>' (storage.Store._notify, delivered only if the
transaction commits); every process LISTENs, and one that holds the game in memory
rebuilds it from the database and pushes it to its WebSocket subscribers."""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger("ttr.server")


class Listener:
    def __init__(self, url: str, me: str, on_change: Callable[[str], None]):
        self.url = url.replace("postgresql+psycopg://", "postgresql://", 1)
        self.me = me
        self.on_change = on_change
        self.stopping = threading.Event()
        self.ready = threading.Event()
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        self.stopping.clear()
        self.ready.clear()
        self.thread = threading.Thread(target=self._run, name="ttr-listen", daemon=True)
        self.thread.start()
        self.ready.wait(10)

    def stop(self) -> None:
        self.stopping.set()
        if self.thread is not None:
            self.thread.join(5)

    def _run(self) -> None:
        import psycopg

        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute("LISTEN ttr_games")
                    self.ready.set()
                    while not self.stopping.is_set():
                        for note in conn.notifies(timeout=0.5):
                            self._handle(note.payload)
            except Exception:  # noqa: BLE001 - the database went away: try again
                log.exception("LISTEN ttr_games failed; retrying")
                self.ready.set()
                self.stopping.wait(1.0)

    def _handle(self, payload: str) -> None:
        parts = payload.split()
        if len(parts) != 3 or parts[2] == self.me:
            return
        try:
            self.on_change(parts[0])
        except Exception:  # noqa: BLE001 - one game's failure must not stop the listener
            log.exception("refreshing game %s after another process's change failed", parts[0])
