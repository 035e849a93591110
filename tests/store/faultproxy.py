"""A TCP proxy on 127.0.0.1 in front of a database, that the fault tests can stop or freeze.

- `freeze()`: connections and new ones are accepted (the kernel's backlog does that for a SIGSTOPped server too)
  but nothing is forwarded either way: what a frozen PostgreSQL looks like to its clients.
- `stop()`: the listening socket and every connection are closed: a stopped server (connection refused).
- `resume()` / `start()`: back to forwarding, on the same port.

It lets `make test` fault the shared PostgreSQL's traffic of one test database without touching the server itself
(the long tests, `make faults`, SIGSTOP a throwaway cluster of their own).
"""
from __future__ import annotations

import select
import socket
import threading


class FaultProxy:
    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self.port = 0
        self.accepted = 0                       # client connections accepted so far
        self._frozen = threading.Event()
        self._closing = threading.Event()
        self._listener: socket.socket | None = None
        self._sockets: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._threads: list[threading.Thread] = []

    # -- control
    def start(self) -> "FaultProxy":
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self.port = listener.getsockname()[1]
        self._closing.clear()
        self._listener = listener
        self._spawn(self._accept_loop, listener)
        return self

    def freeze(self) -> None:
        self._frozen.set()

    def resume(self) -> None:
        self._frozen.clear()

    def stop(self) -> None:
        """Close everything (clients see their connections reset and new ones refused)."""
        self._closing.set()
        with self._lock:
            sockets, self._sockets = list(self._sockets), set()
            listener, self._listener = self._listener, None
        for sock in sockets + ([listener] if listener else []):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()
        for thread in self._threads:
            thread.join(timeout=2)
        self._threads = [t for t in self._threads if t.is_alive()]

    # -- forwarding
    def _spawn(self, target, *args) -> None:  # type: ignore[no-untyped-def]
        thread = threading.Thread(target=target, args=args, daemon=True)
        self._threads.append(thread)
        thread.start()

    def _accept_loop(self, listener: socket.socket) -> None:
        while not self._closing.is_set():
            try:
                client, _ = listener.accept()
            except OSError:
                return
            self.accepted += 1
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            with self._lock:
                self._sockets.update((client, upstream))
            self._spawn(self._pump, client, upstream)

    def _pump(self, a: socket.socket, b: socket.socket) -> None:
        peers = {a: b, b: a}
        try:
            while not self._closing.is_set():
                if self._frozen.is_set():
                    self._closing.wait(0.05)
                    continue
                readable, _, _ = select.select([a, b], [], [], 0.05)
                for sock in readable:
                    data = sock.recv(65536)
                    if not data:
                        return
                    peers[sock].sendall(data)
        except (OSError, ValueError):
            return
        finally:
            for sock in (a, b):
                try:
                    sock.close()
                except OSError:
                    pass
