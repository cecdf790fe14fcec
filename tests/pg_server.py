"""A throwaway PostgreSQL server for the storage tests: Debian's postgresql package
(installed with apt-get when missing and allowed: as root, e.g. in CI), a cluster made
with initdb in a temporary directory (owned by the `postgres` user when we are root,
since PostgreSQL refuses to run as root), on a free port, stopped at the end."""
from __future__ import annotations

import fcntl
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
import uuid


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _bindir() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return os.path.dirname(found[-1])
    initdb = shutil.which("initdb")
    return os.path.dirname(initdb) if initdb else None


def ensure_installed() -> str | None:
    """The directory of initdb/pg_ctl, installing Debian's postgresql if missing and we are root."""
    bindir = _bindir()
    if bindir is None and os.geteuid() == 0 and shutil.which("apt-get"):
        with open(os.path.join(tempfile.gettempdir(), "ttr-pg-install.lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # test workers install one at a time
            bindir = _bindir()
            if bindir is None:
                env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
                wait = ["-o", "DPkg::Lock::Timeout=300"]
                subprocess.run(["apt-get", *wait, "update", "-qq"], env=env, check=False, capture_output=True)
                subprocess.run(["apt-get", *wait, "install", "-y", "-qq", "postgresql"], env=env, check=False,
                               capture_output=True)
                bindir = _bindir()
    return bindir


class PgServer:
    def __init__(self, bindir: str):
        self.bindir = bindir
        self.dir = tempfile.mkdtemp(prefix="ttr-pg-")
        self.port = free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL will not run as root: as the postgres user
            try:
                pw = pwd.getpwnam("postgres")
            except KeyError:
                subprocess.run(["useradd", "--system", "--no-create-home", "postgres"], check=True)
                pw = pwd.getpwnam("postgres")
            os.chown(self.dir, pw.pw_uid, pw.pw_gid)
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self.data = os.path.join(self.dir, "data")
        self._run("initdb", "-D", self.data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync")
        self._run("pg_ctl", "-D", self.data, "-l", os.path.join(self.dir, "log"), "-w", "-t", "60", "-o",
                  f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c max_connections=200", "start")
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run([*self.as_user, os.path.join(self.bindir, tool), *args], check=True, capture_output=True,
                       cwd=self.dir)

    def new_database(self) -> str:
        import psycopg

        name = "ttr_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url.rsplit("/", 1)[0] + "/" + name

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop")
        finally:
            time.sleep(0.1)
            shutil.rmtree(self.dir, ignore_errors=True)
