"""What a group of processes holds together, for bench/desktop.sh: their summed resident sets
(which count a shared library once per process), their summed proportional sets (PSS: a shared
page split between the processes using it) and, when run as root, the number of distinct
physical pages they map (from /proc/PID/pagemap; without root the kernel hides page frame
numbers and that figure is null). Prints one JSON object in MiB.

    python3 bench/desktop_pages.py PID...
"""

import json
import struct
import sys

PAGE = 4096


def rollup(pid: str, field: str) -> int:
    """A field of /proc/PID/smaps_rollup, in KiB."""
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def frames(pid: str) -> set[int] | None:
    """The physical page frames a process maps now, or None when they are hidden."""
    seen: set[int] = set()
    with open(f"/proc/{pid}/maps") as maps, open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        for line in maps:
            start, end = (int(x, 16) for x in line.split()[0].split("-"))
            if line.rstrip().endswith("[vsyscall]"):
                continue
            pagemap.seek(start // PAGE * 8)
            entries = pagemap.read((end - start) // PAGE * 8)
            for (entry,) in struct.iter_unpack("<Q", entries):
                if entry >> 63:  # present in memory
                    frame = entry & ((1 << 55) - 1)
                    if frame == 0:
                        return None
                    seen.add(frame)
    return seen


def main() -> None:
    pids = [p for p in sys.argv[1:] if p]
    mib = lambda kib: round(kib / 1024, 1)  # noqa: E731
    distinct: set[int] | None = set()
    for pid in pids:
        mapped = frames(pid)
        distinct = None if mapped is None or distinct is None else distinct | mapped
    print(json.dumps({
        "rss_sum": mib(sum(rollup(p, "Rss") for p in pids)),
        "pss_sum": mib(sum(rollup(p, "Pss") for p in pids)),
        "distinct_pages": None if distinct is None else mib(len(distinct) * PAGE // 1024),
    }))


if __name__ == "__main__":
    main()
