"""Running many independent games: the backends that arena and the analytics share.

A backend runs `play(task)` for every task and hands each result to `finished(result)` in the
calling process, as results come in (in any order). Tasks are made lazily, as workers need them,
so a run may be as long as you like. Ctrl-C (KeyboardInterrupt) stops a run: the backend returns
True and the results already handed over stand.

    stopped = get_backend("local")(tasks, play_task, workers, finished)

`local` runs on this machine's processes (one process: in this one, no pool). `ray` is looked up
in `ttr.runtime.ray_backend` (a module offering `run(tasks, play, workers, finished) -> bool`) and
is a clear error while that module is not there.
"""
from __future__ import annotations

import importlib
import signal
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from itertools import islice
from typing import Any, TypeVar

from ..errors import TtrError

T = TypeVar("T")
R = TypeVar("R")
IN_FLIGHT = 4  # tasks queued per worker process

Backend = Callable[[Iterable[Any], Callable[[Any], Any], int, Callable[[Any], None]], bool]


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which cancels what has not started."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_local(tasks: Iterable[T], play: Callable[[T], R], workers: int, finished: Callable[[R], None]) -> bool:
    """Run `play` (a module-level function: it is sent to worker processes) over `tasks` on
    `workers` processes, a few tasks in flight per worker. Returns True if Ctrl-C stopped it."""
    tasks = iter(tasks)
    try:
        if workers <= 1:
            for t in tasks:
                finished(play(t))
            return False
        pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint)
        try:
            pending = {pool.submit(play, t) for t in islice(tasks, IN_FLIGHT * workers)}
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in done:
                    finished(f.result())  # re-raises a worker's error
                pending |= {pool.submit(play, t) for t in islice(tasks, len(done))}
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    except KeyboardInterrupt:
        return True
    return False


BACKENDS = ("local", "ray")


def get_backend(name: str) -> Backend:
    """The backend called `name`; TtrError for an unknown one, or for ray while ttr has no Ray backend."""
    if name == "local":
        return run_local
    if name == "ray":
        try:
            module = importlib.import_module(f"{__package__}.ray_backend")
        except ModuleNotFoundError as e:
            if e.name and e.name.startswith("ray"):
                raise TtrError("the ray backend needs Ray, which is not installed (pip install ray)") from None
            raise TtrError("the ray backend is not available yet in this version of ttr "
                           "(ttr.runtime has no Ray backend); use --backend local") from None
        return module.run
    raise TtrError(f"unknown backend {name!r}; known: {', '.join(BACKENDS)}")


__all__ = ["BACKENDS", "Backend", "IN_FLIGHT", "get_backend", "run_local"]
