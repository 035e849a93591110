"""A small HTTP load driver for `judge bench load`: N threads, each with its own keep-alive connection
(http.client), hammering one target on 127.0.0.1 for a bounded time or a bounded count of requests.

Threads suffice here: the server runs in other processes, and a client thread spends its time waiting on the
socket (the GIL is released there); the driver's own CPU per request is measured and printed beside the figures.
"""
from __future__ import annotations

import gc
import http.client
import itertools
import threading
import time
from dataclasses import dataclass, field
from typing import Callable


@dataclass(frozen=True)
class Target:
    """One request to repeat: method, path, body and headers; `body_for(i)` / `path_for(i)` make the i-th
    request's body or path instead (distinct saves, a round of different questions)."""
    name: str
    method: str
    path: str
    body: bytes | None = None
    headers: tuple[tuple[str, str], ...] = ()
    body_for: Callable[[int], bytes] | None = None
    path_for: Callable[[int], str] | None = None


@dataclass
class Answer:
    """What one request got: its status (0: no answer, the connection failed), latency and body."""
    index: int
    status: int
    seconds: float
    body: bytes = b""
    late: float = 0.0       # paced: how long after it was due the request was sent (client or server behind)
    cache: str = ""         # the answer's X-Run-Cache or X-Search-Cache header (hit, miss, off), if any


@dataclass
class LoadResult:
    target: str
    connections: int
    seconds: float
    latencies: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    answers: list[Answer] = field(default_factory=list)
    client_cpu: float = 0.0
    client_collections: int = 0   # objects the collection after the pass freed (the pass ran without collections)

    @property
    def requests(self) -> int:
        return len(self.latencies)

    @property
    def errors(self) -> int:
        """Answers that are not 2xx/3xx, plus requests that got no answer."""
        return sum(n for status, n in self.statuses.items() if not 200 <= status < 400)

    def cache_states(self) -> dict[str, int]:
        """How many answers said each X-Run-Cache / X-Search-Cache state: a cold pass shows it missed."""
        states: dict[str, int] = {}
        for answer in self.answers:
            if answer.cache:
                states[answer.cache] = states.get(answer.cache, 0) + 1
        return dict(sorted(states.items()))

    @property
    def rate(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    def percentile(self, q: float) -> float:
        """The q-th percentile latency in milliseconds (nearest rank)."""
        if not self.latencies:
            return 0.0
        ordered = sorted(self.latencies)
        rank = min(len(ordered) - 1, max(0, int(round(q / 100 * len(ordered) + 0.5)) - 1))
        return ordered[rank] * 1000

    def sent_p99(self) -> float:
        """Paced: the p99 latency counted from when each request was sent (what the server took once asked),
        beside `percentile(99)`, counted from when it was due."""
        sent = sorted(a.seconds - a.late for a in self.answers)
        return sent[min(len(sent) - 1, max(0, int(round(0.99 * len(sent) + 0.5)) - 1))] * 1000 if sent else 0.0

    def to_json(self) -> dict[str, object]:
        return {"target": self.target, "connections": self.connections, "seconds": round(self.seconds, 3),
                "requests": self.requests, "requests_per_s": round(self.rate, 1),
                "p50_ms": round(self.percentile(50), 1), "p99_ms": round(self.percentile(99), 1),
                "p99_from_sent_ms": round(self.sent_p99(), 1),
                "errors": self.errors, "statuses": {str(k): v for k, v in sorted(self.statuses.items())},
                "cache": self.cache_states(),
                "client_cpu_s": round(self.client_cpu, 3), "client_cycles_freed": self.client_collections}


def drive(host: str, port: int, target: Target, *, connections: int = 32, seconds: float = 10.0,
          count: int | None = None, keep_bodies: bool = False, timeout: float = 30.0,
          rate: float | None = None) -> LoadResult:
    """Send `target` from `connections` threads until `seconds` have passed or `count` requests were sent
    (whichever comes first: every run is bounded in time). Each answer's status and latency is kept.

    `rate` (requests/s in all, None: as fast as the answers come): each thread sends on a fixed schedule
    (`connections / rate` seconds apart, the threads staggered), and a latency is counted from the time the
    request was due, not from when it was sent, so a server that falls behind is charged for the wait too
    (no "coordinated omission"): the p99 at that throughput, rather than at saturation."""
    begin = time.monotonic()
    deadline = begin + seconds
    counter = itertools.count()
    lock = threading.Lock()
    result = LoadResult(target.name, connections, 0.0)
    interval = connections / rate if rate else 0.0

    def worker(slot: int) -> None:
        conn: http.client.HTTPConnection | None = None
        mine: list[Answer] = []
        due = begin + slot * interval / connections
        while time.monotonic() < deadline:
            if interval:
                wait = due - time.monotonic()
                if wait > 0:
                    time.sleep(wait)
                if time.monotonic() >= deadline:
                    break
            index = next(counter)
            if count is not None and index >= count:
                break
            body = target.body_for(index) if target.body_for else target.body
            headers = dict(target.headers)
            started = time.perf_counter()
            late = 0.0
            if interval:   # from when it was due (time.perf_counter's clock)
                late = max(0.0, time.monotonic() - due)
                started -= late
                due += interval
            status, data, cache = 0, b"", ""
            try:
                if conn is None:
                    conn = http.client.HTTPConnection(host, port, timeout=timeout)
                path = target.path_for(index) if target.path_for else target.path
                conn.request(target.method, path, body=body, headers=headers)
                response = conn.getresponse()
                data = response.read()
                status = response.status
                cache = response.getheader("X-Run-Cache") or response.getheader("X-Search-Cache") or ""
                if response.will_close:
                    conn.close()
                    conn = None
            except (OSError, http.client.HTTPException):
                if conn is not None:
                    conn.close()
                conn = None
            mine.append(Answer(index, status, time.perf_counter() - started, data if keep_bodies else b"", late,
                               cache))
        if conn is not None:
            conn.close()
        with lock:
            result.answers.extend(mine)

    cpu = time.process_time()
    started = time.monotonic()
    threads = [threading.Thread(target=worker, args=(slot,), daemon=True) for slot in range(connections)]
    collecting = gc.isenabled()
    # No collection while the pass runs: the driver's own full collections (its heap holds the bench's catalog
    # and the pass's answers) stopped its 32 threads for 66-261 ms twice per 10 s pass, and every request in
    # flight then was charged that stall as server latency (docs/benchmarks.md, branch lexload). A pass's
    # garbage is freed by reference counting; what cycles it leaves are collected right after it.
    gc.disable()
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(seconds + timeout + 5)
    finally:
        if collecting:
            gc.enable()
    result.seconds = time.monotonic() - started
    result.client_cpu = time.process_time() - cpu
    result.client_collections = gc.collect()
    result.answers.sort(key=lambda a: a.index)
    for answer in result.answers:
        result.latencies.append(answer.seconds)
        result.statuses[answer.status] = result.statuses.get(answer.status, 0) + 1
    return result
