"""A throwaway PostgreSQL cluster for the long fault tests: initdb into a temporary folder, started on a free
port of 127.0.0.1 with pg_ctl, stopped (`-m immediate`, a crash), frozen (SIGSTOP of its postmaster and every
backend) and thawed.  It runs as the `postgres` system user when the tests run as root (PostgreSQL refuses root).
The shared server on 5432 is never touched: only the processes of this cluster's data folder are signalled.
"""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path


def binaries() -> Path | None:
    """The newest /usr/lib/postgresql/<version>/bin that has initdb and pg_ctl."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return Path(found[-1]).parent if found else None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Cluster:
    def __init__(self) -> None:
        bin_dir = binaries()
        if bin_dir is None:
            raise RuntimeError("PostgreSQL's server binaries (initdb, pg_ctl) are not installed: `make faults` "
                               "installs Debian's postgresql package")
        self.bin = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="judge-faults-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.user = "postgres" if os.geteuid() == 0 else None
        if self.user:
            entry = pwd.getpwnam(self.user)
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8")

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, tool: str, *args: str) -> str:
        command = [str(self.bin / tool), *args]
        if self.user:
            command = ["runuser", "-u", self.user, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{tool} failed: {done.stdout}\n{done.stderr}")
        return done.stdout

    def start(self) -> None:
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=on"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.root / "log"), "-w", "start")

    def stop(self) -> None:
        """A crash: no shutdown checkpoint, connections cut."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def _pids(self) -> list[int]:
        postmaster = int((self.data / "postmaster.pid").read_text().split()[0])
        pids, todo = [postmaster], [postmaster]
        while todo:
            pid = todo.pop()
            try:
                children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
            except OSError:
                continue
            pids.extend(int(c) for c in children)
            todo.extend(int(c) for c in children)
        return pids

    def freeze(self) -> None:
        for pid in self._pids():
            os.kill(pid, signal.SIGSTOP)

    def thaw(self) -> None:
        for pid in self._pids():
            os.kill(pid, signal.SIGCONT)

    def destroy(self) -> None:
        try:
            self.thaw()
        except (OSError, ValueError):
            pass
        try:
            self.stop()
        except (RuntimeError, subprocess.TimeoutExpired):
            pass
        time.sleep(0.2)
        shutil.rmtree(self.root, ignore_errors=True)
