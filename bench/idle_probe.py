"""Where an idle socket's memory goes (bench/idle.py --probe): `companion
serve` with tracemalloc on, and on SIGUSR1 a report of its heap.

    python -m bench.idle_probe serve ARGS...   (as `python -m companion serve`)

On SIGUSR1 the server writes PREFIX.N.json (RSS, the collector's objects
by type: count and shallow bytes) and PREFIX.N.snapshot (tracemalloc), PREFIX
being /tmp/companion-idle-probe-PID.  `Probe` (the bench's side) signals,
waits for them and prints, per socket added since the first reading, the
lines that allocated most and the types that grew most.  tracemalloc sees
what Python's allocators hand out (objects, buffers, greenlets' saved C
stacks), not the frames' data stacks (mapped directly) nor the kernel's
socket buffers.  A bench tool, never loaded by the companion itself.
"""
from __future__ import annotations

import json
import os
import signal
import sys
import time

PREFIX = "/tmp/companion-idle-probe-{pid}"


def _types() -> dict:
    import gc
    gc.unfreeze()   # get_objects skips frozen objects (the server freezes every 0.2 s)
    counts: dict[str, list[int]] = {}
    try:
        for obj in gc.get_objects():
            kind = type(obj)
            name = f"{getattr(kind, '__module__', '?')}.{getattr(kind, '__qualname__', '?')}"
            entry = counts.setdefault(name, [0, 0])
            entry[0] += 1
            entry[1] += sys.getsizeof(obj)
    finally:
        gc.freeze()
    return counts


def _report(signum, frame) -> None:
    try:
        _write()
    except Exception as error:   # noqa: BLE001 -- never into whichever greenlet the signal hit
        print(f"idle_probe: {error!r}", file=sys.stderr, flush=True)


def _write() -> None:
    import tracemalloc
    _write.n = getattr(_write, "n", 0) + 1
    base = PREFIX.format(pid=os.getpid()) + f".{_write.n}"
    tracemalloc.take_snapshot().dump(base + ".snapshot")
    with open(f"/proc/{os.getpid()}/status") as f:
        rss = next(int(line.split()[1]) for line in f if line.startswith("VmRSS"))
    traced, _ = tracemalloc.get_traced_memory()
    with open(base + ".tmp", "w") as f:
        json.dump({"rss_kib": rss, "traced": traced, "types": _types()}, f)
    os.rename(base + ".tmp", base + ".json")   # whole, or not there


def serve(argv) -> None:
    import tracemalloc

    from companion import cli
    tracemalloc.start(int(os.environ.get("IDLE_PROBE_FRAMES", "1")))
    signal.signal(signal.SIGUSR1, _report)
    cli.main(argv)


class Probe:
    """The bench's side: reads the server's heap after each batch."""

    def __init__(self, pid: int):
        self.pid, self.n, self.first = pid, 0, None

    def read(self, sockets: int) -> None:
        self.n += 1
        base = PREFIX.format(pid=self.pid) + f".{self.n}"
        os.kill(self.pid, signal.SIGUSR1)
        deadline = time.monotonic() + 120
        while not os.path.exists(base + ".json"):
            if time.monotonic() > deadline:
                raise RuntimeError("the probed server did not report")
            time.sleep(0.2)
        with open(base + ".json") as f:
            reading = {**json.load(f), "sockets": sockets, "snapshot": base + ".snapshot"}
        if self.first is None:
            self.first = reading
        else:
            self.show(self.first, reading)

    @staticmethod
    def show(old: dict, new: dict, top: int = 25) -> None:
        import tracemalloc
        added = new["sockets"] - old["sockets"]
        per = 1024 * added
        print(f"  probe {old['sockets']} -> {new['sockets']} sockets: RSS "
              f"{(new['rss_kib'] - old['rss_kib']) / added:.1f} KiB per socket, traced "
              f"{(new['traced'] - old['traced']) / per:.1f} KiB", flush=True)
        diff = tracemalloc.Snapshot.load(new["snapshot"]).compare_to(
            tracemalloc.Snapshot.load(old["snapshot"]), "lineno")
        for stat in diff[:top]:
            frame = stat.traceback[0]
            print(f"    {stat.size_diff / per:7.2f} KiB {stat.count_diff / added:6.1f} blocks  "
                  f"{frame.filename.split('site-packages/')[-1]}:{frame.lineno}")
        grown = sorted(((n[1] - old["types"].get(t, [0, 0])[1], n[0] - old["types"].get(t, [0, 0])[0],
                         t) for t, n in new["types"].items()), reverse=True)
        for size, count, name in grown[:top]:
            print(f"    {size / per:7.2f} KiB {count / added:6.2f} objects  {name}")


if __name__ == "__main__":
    if sys.argv[1:2] != ["serve"]:
        raise SystemExit(__doc__)
    serve(sys.argv[1:])
