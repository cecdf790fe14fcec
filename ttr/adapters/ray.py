"""Ray as a backend for `ttr simulate` and `ttr arena` (ttr.runtime.backend): batches of games
per Ray task, on a local Ray instance by default or on a cluster given its address.

    ttr simulate --backend ray --games 10000                  # a local Ray instance on this machine
    ttr arena --backend ray --address ray-head:6379 ...       # a running cluster

Each game is a pure function of its task, so the results are those of the local backend for
the same seeds (timings aside). With an address, the driver's own ttr package is shipped to the
cluster (Ray's runtime_env py_modules), so every node plays the same code; the nodes need ttr's
dependencies (`pip install 'ttr[ray]'` gives them all). If Ray is already initialised in this
process (ray.init), the backend uses that instance and leaves it running.
"""
from __future__ import annotations

import socket
from collections.abc import Callable, Iterable
from itertools import islice
from typing import Any

import ray

from ..errors import TtrError
from ..runtime.backend import IN_FLIGHT

DEFAULT_BATCH = 8


def _check_reachable(address: str) -> None:
    """Fail at once on a HOST:PORT nothing listens on (Ray itself retries for minutes); other
    forms ("auto", "ray://...") are left to Ray."""
    host, sep, port = address.rpartition(":")
    if not sep or "/" in address or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=10).close()
    except OSError as e:
        raise TtrError(f"cannot reach the Ray cluster at {address}: {e.strerror or e}") from None


def _run_batch(fn: Callable[[Any], Any], batch: list) -> list:
    return [fn(t) for t in batch]


class RayBackend:
    name = "ray"

    def __init__(self, address: str | None = None, batch: int = DEFAULT_BATCH, workers: int | None = None):
        """`address`: a cluster's (None: start a local instance with `workers` CPUs, default all);
        `batch`: games per Ray task."""
        if batch < 1:
            raise ValueError(f"batch must be at least 1, not {batch}")
        self.address = address
        self.batch = batch
        self.workers = workers

    def _init(self) -> bool:
        """Connect or start Ray unless this process already did; True if we did (and must stop it)."""
        if ray.is_initialized():
            return False
        kw: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "logging_level": "WARNING"}
        if not self.address:
            ray.init(num_cpus=self.workers, **kw)
            return True
        _check_reachable(self.address)
        import ttr
        try:
            ray.init(address=self.address, runtime_env={"py_modules": [ttr]}, **kw)
        except (ConnectionError, ray.exceptions.RayError) as e:
            raise TtrError(f"cannot use the Ray cluster at {self.address}: {str(e).splitlines()[0]}") from None
        return True

    def run(self, fn: Callable[[Any], Any], tasks: Iterable[Any], done: Callable[[Any], None]) -> None:
        started = self._init()
        remote = ray.remote(_run_batch)
        tasks = iter(tasks)
        window = IN_FLIGHT * max(1, int(ray.cluster_resources().get("CPU", 1)))
        pending: list = []

        def submit(n: int) -> None:
            for _ in range(n):
                batch = list(islice(tasks, self.batch))
                if not batch:
                    return
                pending.append(remote.remote(fn, batch))

        try:
            submit(window)
            while pending:
                ready, rest = ray.wait(pending, num_returns=1)
                pending[:] = rest
                try:
                    results = ray.get(ready[0])
                except ray.exceptions.RayTaskError as e:  # the task's own error, as the local backend raises it
                    cause = getattr(e, "cause", None)
                    raise (cause if isinstance(cause, BaseException) else e.as_instanceof_cause()) from None
                for r in results:
                    done(r)
                submit(1)
        except BaseException:
            for ref in pending:
                ray.cancel(ref, force=True)
            raise
        finally:
            if started:
                ray.shutdown()


__all__ = ["DEFAULT_BATCH", "RayBackend"]
