"""Where games are played: a backend applies a function to tasks and hands back each result, in
this process, as it comes. The local backend runs them here or in worker processes; Ray is
another backend (ttr.adapters.ray). Every task is a pure function of its fields, so results do
not depend on the backend or the number of workers: callers order them by task."""
from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from itertools import islice
from typing import Any, Protocol

IN_FLIGHT = 4  # tasks queued per worker


class Backend(Protocol):
    name: str

    def run(self, fn: Callable[[Any], Any], tasks: Iterable[Any], done: Callable[[Any], None]) -> None:
        """Call done(fn(task)) for every task, in this process, in any order; tasks are taken as
        they are needed. An error of fn is raised here; so is Ctrl-C, after the work in flight
        is cancelled."""
        ...


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which cancels what has not started."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class LocalBackend:
    """This machine: in this process (one worker) or in worker processes, a few tasks in flight
    per worker."""
    name = "local"

    def __init__(self, workers: int | None = None):
        self.workers = max(1, workers or os.cpu_count() or 1)

    def run(self, fn: Callable[[Any], Any], tasks: Iterable[Any], done: Callable[[Any], None]) -> None:
        tasks = iter(tasks)
        if self.workers == 1:
            for t in tasks:
                done(fn(t))
            return
        pool = ProcessPoolExecutor(max_workers=self.workers, initializer=_ignore_sigint)
        try:
            pending = {pool.submit(fn, t) for t in islice(tasks, IN_FLIGHT * self.workers)}
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in finished:
                    done(f.result())  # re-raises a worker's error
                pending |= {pool.submit(fn, t) for t in islice(tasks, len(finished))}
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


__all__ = ["Backend", "IN_FLIGHT", "LocalBackend"]
